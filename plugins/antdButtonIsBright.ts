/**
 * antd's Button styles (antd/es/button/style/token.js) import `isBright` from the ColorPicker's
 * presets module, so that module sits in umi.js. Once any chunk renders a ColorPicker (the
 * console's pro-components do, through ProField), webpack keeps the whole module there, with
 * what its component needs: Collapse, rc-collapse and the color picker's helpers (~5 KB gzip on
 * every first load). Button's import is pointed at a copy of that one function instead
 * (src/components/antdIsBright.ts); the ColorPicker keeps the original, in its own chunks.
 */
import path from 'node:path';
import type { IApi } from '@umijs/max';

export const IS_BRIGHT = path.join(__dirname, '../src/components/antdIsBright.ts');

/** The module to load instead of `request` imported from a file in `context`, if any. */
export function isBrightReplacement(context: string, request: string): string | undefined {
  const folders = context.split(/[\\/]/).slice(-5).join('/');
  return folders === 'node_modules/antd/es/button/style' && request === '../../color-picker/components/ColorPresets' ? IS_BRIGHT : undefined;
}

export default (api: IApi) => {
  api.describe({ key: 'antdButtonIsBright' });
  api.chainWebpack((memo, { webpack }) => {
    memo.plugin('antd-button-is-bright').use(webpack.NormalModuleReplacementPlugin, [
      /color-picker\/components\/ColorPresets$/,
      (resolveData: { context: string; request: string }) => {
        const replacement = isBrightReplacement(resolveData.context, resolveData.request);
        if (replacement) resolveData.request = replacement;
      },
    ]);
    return memo;
  });
};
