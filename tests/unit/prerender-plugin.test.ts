/**
 * plugins/prerender: its patches of Umi's generated initial-state files apply to the Umi this
 * app installs (an upgrade that changes them fails here and at build time), and a prerendered
 * page's document keeps React's markup verbatim with antd's styles ahead of the app's CSS.
 */
import fs from 'node:fs';
import { patchInitialStateModel, patchInitialStateProvider } from '../../plugins/prerender';
import { PRERENDERED_CSS, prerenderedDocument } from '../../plugins/prerenderedDocument';

const UMI_INITIAL_STATE_PLUGIN = fs.readFileSync(require.resolve('@umijs/plugins/dist/initial-state.js'), 'utf8');

describe("the patches of Umi's initial-state files", () => {
  test('the provider skips its loading component while hydrating', () => {
    const patched = patchInitialStateProvider(UMI_INITIAL_STATE_PLUGIN);
    expect(patched).toContain("typeof window !== 'undefined' && !isHydrating()");
    expect(patched).toMatch(/^import \{ isHydrating \} from '@\/prerender\/hydration';/);
    // applied once, however often Umi regenerates the files
    expect(patchInitialStateProvider(patched)).toBe(patched);
  });

  test('the model holds the first initial state until the page has hydrated', () => {
    const patched = patchInitialStateModel(UMI_INITIAL_STATE_PLUGIN);
    expect(patched).toMatch(/await afterHydration\(\);\s+setState\(\(s\) => \(\{ \.\.\.s, initialState: ret, loading: false \}\)\);/);
    expect(patchInitialStateModel(patched)).toBe(patched);
  });

  test('a provider or model of another shape fails the build', () => {
    expect(() => patchInitialStateProvider('export default function Provider() {}')).toThrow(/changed/);
    expect(() => patchInitialStateModel('export default () => ({})')).toThrow(/changed/);
  });
});

describe('a prerendered document', () => {
  const INDEX_HTML =
    '<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><link rel="stylesheet" href="/umi.css"><style id="app-shell-css">.pf{}</style></head>' +
    '<body><div id="root"><div class="pf-shell"></div></div><script src="/umi.js" defer></script></body></html>';
  const page = { html: '<div class="x">连接钱包登录<!-- -->&#x27;$&amp;</div>', styles: '<style data-css-hash="a">.ant-btn{}</style>' };

  test('has the markup verbatim in #root, marked with its path, and the styles before the app CSS', () => {
    const document = prerenderedDocument(INDEX_HTML, '/login', page);
    expect(document).toContain(`<div id="root" data-prerendered="/login">${page.html}</div>`);
    // the plain document's shell, beside #root, for the visitors the page was not rendered for
    expect(document).toContain('<div id="pf-prerendered-shell"><div class="pf-shell"></div></div><div id="root"');
    expect(document).toContain(`<style id="prerendered-css">${PRERENDERED_CSS}</style>`);
    expect(document.indexOf(page.styles)).toBeGreaterThan(document.indexOf('<meta charset'));
    expect(document.indexOf(page.styles)).toBeLessThan(document.indexOf('href="/umi.css"'));
    expect(document).toContain('<script src="/umi.js" defer');
    expect(document).not.toMatch(/<script(?![^>]*\ssrc=)/);
  });
});

describe('which of the page and the shell the document shows before any script', () => {
  test('the shell on a wider screen and on a dark theme, chosen or the system\'s when none is', () => {
    expect(PRERENDERED_CSS.split('\n')).toEqual([
      '#pf-prerendered-shell{display:none}',
      '@media (min-width:769px){html #pf-prerendered-shell{display:block}html #root[data-prerendered]{display:none}}',
      '@media (prefers-color-scheme:dark){html:not([data-theme=light]) #pf-prerendered-shell{display:block}html:not([data-theme=light]) #root[data-prerendered]{display:none}}',
      'html[data-theme=dark] #pf-prerendered-shell{display:block}html[data-theme=dark] #root[data-prerendered]{display:none}',
    ]);
  });
});
