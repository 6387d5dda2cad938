/**
 * The app shell before the app: plugins/appShell puts the shell's CSS and markup into
 * the document (no script: the CSP allows none inline), and the React placeholders render the same
 * markup, so the screen is never blank between the HTML, the initial state and a route's chunk.
 */
import { render, screen } from '@testing-library/react';
import { load } from '@umijs/utils/compiled/cheerio';
import { theme } from 'antd';
import appShellPlugin, { addAppShell } from '../../plugins/appShell';
import BlankPlaceholder, { InsideLayout, RouteLoading } from '@/components/BlankPlaceholder';
import { PHONE_MAX_WIDTH } from '@/constants/app';
import { SHELL_COLOURS, SHELL_CSS, shellHtml, skeletonHtml, skeletonKind } from '@/components/BlankPlaceholder/shell';
import { PRIMARY_COLOR } from '@/constants/theme';
import { NO_SCRIPT_CSS, NO_SCRIPT_MESSAGES, noScriptNoticeHtml } from '../../plugins/noScriptNotice';
import enUSShell from '@/locales/en-US/shell';
import zhCNShell from '@/locales/zh-CN/shell';
import zhTWShell from '@/locales/zh-TW/shell';
import { WALLET_SEARCH_ATTRIBUTE } from '../../contract/rules/walletProbe';

/** What Umi's build writes before the plugin runs. */
const UMI_HTML =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/umi.1234.css"></head>' +
  '<body><div id="root"></div><script src="/umi.1234.js"></script></body></html>';

describe('plugins/appShell', () => {
  it('registers an HTML transform', () => {
    const transforms: Array<(value: unknown) => unknown> = [];
    appShellPlugin({ describe: () => undefined, modifyHTML: (fn: (value: unknown) => unknown) => transforms.push(fn) } as never);
    expect(transforms).toHaveLength(1);
    const $ = load(UMI_HTML);
    transforms[0]($);
    expect($('#root [data-app-shell]')).toHaveLength(1);
  });

  it('puts the header, the skeleton and the phone tab bar into #root and the CSS into <head>, without any inline script', () => {
    const $ = addAppShell(load(UMI_HTML));
    const root = $('#root');
    expect(root.find('.pf-shell-header .pf-shell-logo').text()).toBe('PowerFi');
    expect(root.find('.pf-shell-content .pf-sk').length).toBeGreaterThanOrEqual(3);
    expect(root.find('.pf-shell-tabs .pf-shell-tab')).toHaveLength(4);
    expect($('head style#app-shell-css').html()).toBe(SHELL_CSS);
    // the app's own script and stylesheet stay, and nothing inline was added
    expect($('script')).toHaveLength(1);
    expect($('script').attr('src')).toBe('/umi.1234.js');
    expect($('link[rel=stylesheet]').attr('href')).toBe('/umi.1234.css');
    expect(root.html()).toBe(shellHtml());
  });

  it("defers Umi's scripts, in their order, so the shell paints before they are fetched and run", () => {
    const $ = addAppShell(load(UMI_HTML.replace('</head>', '<script src="/preload_helper.1.js"></script></head>')));
    expect($('script').map((_, el) => `${$(el).attr('src')} ${$(el).attr('defer') !== undefined ? 'defer' : 'blocking'}`).get()).toEqual([
      '/preload_helper.1.js defer',
      '/umi.1234.js defer',
    ]);
  });

  it('uses the heights of the real shell: 48 px header and 56 px tab bar on phones, 56 px header wider', () => {
    expect(PHONE_MAX_WIDTH).toBe(768);
    expect(SHELL_CSS).toMatch(/\.pf-shell-header\{[^}]*height:56px/);
    const phone = SHELL_CSS.slice(SHELL_CSS.indexOf(`@media (max-width:${PHONE_MAX_WIDTH}px)`));
    expect(phone).toMatch(/\.pf-shell-header\{[^}]*height:48px/);
    expect(phone).toMatch(/\.pf-shell-tab\{[^}]*height:56px/);
  });

  it.each([
    ['light', theme.defaultAlgorithm],
    ['dark', theme.darkAlgorithm],
  ] as const)('has the colours antd gives the %s theme', (mode, algorithm) => {
    const token = theme.getDesignToken({ algorithm, token: { colorPrimary: PRIMARY_COLOR } });
    const colours = SHELL_COLOURS[mode];
    expect(colours.primary).toBe(token.colorPrimary);
    expect(colours.bgContainer).toBe(token.colorBgContainer);
    expect(colours.bgLayout).toBe(token.colorBgLayout);
    expect(colours.borderSecondary).toBe(token.colorBorderSecondary);
    // the no-script notice's
    expect([colours.text, colours.warningBg, colours.warningBorder]).toEqual([token.colorText, token.colorWarningBg, token.colorWarningBorder]);
    expect(NO_SCRIPT_CSS).toContain(colours.warningBg);
    const dark = mode === 'dark' ? 'html[data-theme=dark] ' : '';
    expect(SHELL_CSS).toContain(`${dark}.pf-shell-logo{`);
    expect(SHELL_CSS).toContain(colours.primary);
  });
});

describe('a browser that runs no script (plugins/noScriptNotice.ts)', () => {
  it('opens <body> with a notice in each language, taken from the locale files', () => {
    const $ = addAppShell(load(UMI_HTML));
    const first = $('body').children().first();
    expect(first.is('noscript')).toBe(true);
    // the parser runs scripts, as a browser that does: the notice is the noscript's text, parsed here on its own
    const notice = load(first.html() ?? '')('.pf-noscript[role=alert]');
    expect(notice.find('p').map((_, p) => [[$(p).attr('lang'), $(p).text()]]).get()).toEqual([
      ['zh-CN', zhCNShell['shell.noScript']],
      ['zh-TW', zhTWShell['shell.noScript']],
      ['en-US', enUSShell['shell.noScript']],
    ]);
    expect(NO_SCRIPT_MESSAGES.map(([, text]) => text)).toEqual([
      'PowerFi 需要 JavaScript 才能运行：请在浏览器设置中开启 JavaScript 后刷新本页。',
      'PowerFi 需要 JavaScript 才能運作：請在瀏覽器設定中開啟 JavaScript 後重新整理本頁。',
      "PowerFi needs JavaScript: turn it on in your browser's settings, then reload this page.",
    ]);
    expect(noScriptNoticeHtml()).not.toMatch(/<script/);
  });

  it("stops the skeleton's pulse and takes the login page's endless wallet search away, only without scripts", () => {
    const $ = addAppShell(load(UMI_HTML));
    const css = $('head noscript').html() ?? '';
    expect(css).toBe(`<style id="no-script-css">${NO_SCRIPT_CSS}</style>`);
    expect(NO_SCRIPT_CSS).toContain('.pf-sk{animation:none!important}');
    expect(NO_SCRIPT_CSS).toContain(`[${WALLET_SEARCH_ATTRIBUTE}]{display:none!important}`);
    // nothing of it outside <noscript>: a browser that runs scripts never applies it
    expect($('head > style').map((_, el) => $(el).attr('id')).get()).toEqual(['app-shell-css']);
  });
});

describe('the React placeholders', () => {
  it('picks the home skeleton (with a banner) on / and a list elsewhere', () => {
    expect(skeletonKind('/')).toBe('home');
    expect(skeletonKind('/my/assets')).toBe('list');
    expect(skeletonHtml('home')).toContain('pf-sk-banner');
    expect(skeletonHtml('list')).not.toContain('pf-sk-banner');
  });

  it('BlankPlaceholder renders the document shell', () => {
    window.history.replaceState(null, '', '/login');
    render(<BlankPlaceholder />);
    expect(screen.getByTestId('blank-placeholder').innerHTML).toBe(shellHtml('list'));
  });

  it('a loading route shows the whole shell outside the layout and the skeleton alone inside it', () => {
    window.history.replaceState(null, '', '/');
    const { unmount } = render(<RouteLoading />);
    expect(screen.getByTestId('blank-placeholder').innerHTML).toBe(shellHtml('home'));
    unmount();
    render(
      <InsideLayout.Provider value>
        <RouteLoading />
      </InsideLayout.Provider>,
    );
    expect(screen.queryByTestId('blank-placeholder')).toBeNull();
    expect(screen.getByTestId('page-skeleton').innerHTML).toBe(skeletonHtml('home'));
    expect(screen.getByTestId('page-skeleton').querySelector('.pf-shell-header')).toBeNull();
  });
});
