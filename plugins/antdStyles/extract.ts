/**
 * antd's component styles for the app's light theme, computed at build time
 * (plugins/antdStaticStyle.ts writes them to stylesheets the document links).
 *
 * antd 5 computes each component's CSS in the browser the first time the component renders
 * (CSS-in-JS): on a phone that was about half of the start-up script time. The stylesheet made here
 * carries, besides the CSS, @ant-design/cssinjs's cache map (`.data-ant-cssinjs-cache-path`): for
 * every style path it names, the browser skips computing and injecting that style. A path it lacks
 * (the dark theme, a component rendered here without its styles) is computed as before, so the
 * file can only save work, never leave a component unstyled.
 *
 * The light theme has two variants: phones have touch-sized inputs (src/constants/theme.ts), which
 * changes antd's token hash; a stylesheet serves one of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type React from 'react';
import { appTheme } from '../../src/constants/theme';

// antd, cssinjs and React's server renderer are required when used, not imported: Umi loads this
// file with its plugins in `max dev` too, which never extracts.
/* eslint-disable @typescript-eslint/no-require-imports */
const load = () => ({
  antd: require('antd') as typeof import('antd'),
  cssinjs: require('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs'),
  React: require('react') as typeof import('react'),
  server: require('react-dom/server') as typeof import('react-dom/server'),
});
/* eslint-enable @typescript-eslint/no-require-imports */

type AnyComponent = React.ComponentType<any>;
type AntdExport = AnyComponent & { _InternalPanelDoNotUseOrYouWillBeFired?: AnyComponent };

/** Components whose styles register only with props or children. */
const RENDER_WITH: Record<string, (component: AnyComponent, h: typeof React.createElement) => React.ReactElement> = {
  Affix: (Affix, h) => h(Affix, null, h('div')),
  Dropdown: (Dropdown, h) => h(Dropdown, { menu: { items: [] } }, h('div')),
  Menu: (Menu, h) => h(Menu, { items: [] }),
  QRCode: (QRCode, h) => h(QRCode, { value: 'https://powerfi.example' }),
  Tree: (Tree, h) => h(Tree, { treeData: [] }),
};

/** Exports of antd that are not components with styles of their own. */
const NOT_STYLED = new Set(['ConfigProvider', 'App', 'Grid', 'theme', 'version', 'unstableSetRender']);

/** Popups, sheets and feedback render into portals, not on a server: antd's internal panel of each registers the same styles. */
function renderComponent(name: string, component: AntdExport, h: typeof React.createElement): React.ReactElement {
  const render = RENDER_WITH[name];
  if (render) return render(component, h);
  return h(component._InternalPanelDoNotUseOrYouWillBeFired ?? component);
}

/** The antd components the app imports (`import { … } from 'antd'` anywhere under srcDir), sorted. */
export function antdComponentsUsed(srcDir: string): string[] {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.umi')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const [, list] of readFileSync(full, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
          for (const specifier of list.split(',')) {
            const name = specifier.trim().replace(/\s+as\s+\w+$/, '');
            if (name && !name.startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  visit(srcDir);
  const exports = load().antd as unknown as Record<string, unknown>;
  return [...names].filter((name) => exports[name] && !NOT_STYLED.has(name)).sort();
}

/**
 * The stylesheet of the given antd components in the app's light theme on a phone or a wider
 * screen: plain CSS with the cssinjs cache map. Needs NODE_ENV=production: in development antd
 * names its classes `css-dev-only-do-not-override-…`, which the production app does not use.
 */
export function extractLightThemeStyles(names: string[], phone: boolean): string {
  if (process.env.NODE_ENV !== 'production') throw new Error('antd styles are extracted for the production build only (NODE_ENV=production)');
  const { antd, cssinjs, React: react, server } = load();
  const h = react.createElement;
  const exports = antd as unknown as Record<string, AntdExport>;
  const cache = cssinjs.createCache();
  server.renderToString(
    h(
      cssinjs.StyleProvider,
      { cache },
      h(
        antd.ConfigProvider,
        { theme: appTheme('light', antd.theme.defaultAlgorithm, phone) },
        names.map((name) => h(react.Fragment, { key: name }, renderComponent(name, exports[name], h))),
      ),
    ),
  );
  return cssinjs.extractStyle(cache, true);
}
