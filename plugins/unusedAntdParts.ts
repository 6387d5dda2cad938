/**
 * Three antd components import a large part that renders only on a prop the app never gives:
 * List imports Pagination (with Select, rc-select and rc-pagination) for `pagination`, Card
 * imports Tabs (rc-tabs) for `tabList`, and Typography imports its editor (antd's TextArea and
 * Input) for `editable`. The app pages its lists by scrolling (InfiniteList), puts its tabs
 * outside cards (AppTabs) and edits no text in place, yet the first screens loaded them: up to
 * ~60 KB gzip (`/`, `/my/assets`), 9 KB on every page with a Typography. This plugin points
 * those imports, from those files only, at NotBundled, which throws if it is ever rendered;
 * tests/unit/unused-antd-parts.test.ts keeps the three props out of src/. Pagination, Select,
 * Tabs and Input imported by the app itself are untouched.
 */
import path from 'node:path';
import type { IApi } from '@umijs/max';

export const NOT_BUNDLED = path.join(__dirname, '../src/components/NotBundled.tsx');

/** `request` as written in the importing file's folder (`context`), and what stands in for it. */
const UNUSED = [
  { folder: ['antd', 'es', 'list'], request: '../pagination' },
  { folder: ['antd', 'es', 'card'], request: '../tabs' },
  { folder: ['antd', 'es', 'typography', 'Base'], request: '../Editable' },
];

/** The module to load instead of `request` imported from a file in `context`, if any. */
export function replacementFor(context: string, request: string): string | undefined {
  const folders = context.split(/[\\/]/);
  const hit = UNUSED.some(({ folder, request: unused }) => request === unused && folders.slice(-folder.length - 1).join('/') === ['node_modules', ...folder].join('/'));
  return hit ? NOT_BUNDLED : undefined;
}

export default (api: IApi) => {
  api.describe({ key: 'unusedAntdParts' });
  api.chainWebpack((memo, { webpack }) => {
    // every parent-folder request; replacementFor and its table decide
    memo.plugin('unused-antd-parts').use(webpack.NormalModuleReplacementPlugin, [
      /^\.\.\//,
      (resolveData: { context: string; request: string }) => {
        const replacement = replacementFor(resolveData.context, resolveData.request);
        if (replacement) resolveData.request = replacement;
      },
    ]);
    return memo;
  });
};
