/**
 * One prerendered page's document: dist/index.html (our shell: `lang`, CSP-safe deferred scripts,
 * no inline script) with the page's markup in #root, marked with its path for the browser
 * (src/prerender/hydration.ts), and the antd styles it uses in <head> (ahead of the app's CSS). React's markup goes in
 * verbatim (not through cheerio's serializer), so the browser parses exactly what React wrote.
 *
 * The page was rendered for a phone in the light theme. The document's own shell stays beside
 * #root for everyone else: before any script runs, CSS shows the shell instead of the page on a
 * wider screen or a dark system (what the plain document shows them), and the app puts the shell
 * back into #root for them before it renders (src/prerender/hydration.ts).
 *
 * A page rendered with API answers (server/prerender, at run time) carries them in a data block
 * in <head>, outside #root, which the page reads while hydrating (src/prerender/pageData.tsx).
 *
 * A page with the no-wallet hint (the login page) gets the wallet probe at the top of <head>,
 * ahead of the stylesheets an inline script would wait for: the one inline script, allowed by its
 * hash (server/prerender/walletProbe.ts).
 */
import { load } from '@umijs/utils/compiled/cheerio';
import { PHONE_MAX_WIDTH } from '../../contract/rules/layout';
import { PAGE_DATA_ELEMENT_ID, pageDataJson, type PageAnswers } from '../../contract/rules/pageData';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_SHELL_ID } from '../../contract/rules/sitePaths';
import { placeBeforeAppCss } from './beforeAppCss';
import { withoutSignedInStyles } from './signedInStyles';
import { needsWalletProbe, WALLET_PROBE_CSS, WALLET_PROBE_SCRIPT } from './walletProbe';

const MARKUP = '<!--prerendered-markup-->';
const STYLES = '<!--prerendered-styles-->';
const DATA = '<!--prerendered-data-->';
const PROBE = '<!--wallet-probe-->';

const PAGE = `#root[${PRERENDERED_ATTRIBUTE}]`;
const SHELL = `#${PRERENDERED_SHELL_ID}`;
const SHOW_SHELL = (scope: string) => `${scope} ${SHELL}{display:block}${scope} ${PAGE}{display:none}`;

/** Which of the page and the shell shows: the page for a phone in the light theme, else the shell. */
export const PRERENDERED_CSS = [
  `${SHELL}{display:none}`,
  `@media (min-width:${PHONE_MAX_WIDTH + 1}px){${SHOW_SHELL('html')}}`,
  // no choice made (no data-theme before the app starts): the system's scheme
  `@media (prefers-color-scheme:dark){${SHOW_SHELL('html:not([data-theme=light])')}}`,
  SHOW_SHELL('html[data-theme=dark]'),
].join('\n');

export function prerenderedDocument(indexHtml: string, route: string, page: { html: string; styles: string }, answers?: PageAnswers): string {
  // its own styles and cache-path map stand in for the signed-in screens' (antd reads one map)
  const $ = withoutSignedInStyles(load(indexHtml));
  placeBeforeAppCss($, STYLES);
  const probe = needsWalletProbe(page.html);
  const css = probe ? `${PRERENDERED_CSS}\n${WALLET_PROBE_CSS}` : PRERENDERED_CSS;
  $('head').append(`<style id="prerendered-css">${css}</style>`);
  if (answers) $('head').append(DATA);
  const shell = $('#root').html() ?? '';
  $('#root').before(`<div id="${PRERENDERED_SHELL_ID}">${shell}</div>`);
  $('#root').attr(PRERENDERED_ATTRIBUTE, route).html(MARKUP);
  if (probe) {
    const charset = $('head meta[charset]').first();
    if (charset.length) charset.after(PROBE);
    else $('head').prepend(PROBE);
  }
  const document = $.html();
  if (!document.includes(MARKUP) || !document.includes(STYLES)) throw new Error('prerender: no #root or <head> in index.html');
  const data = answers ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${pageDataJson(answers)}</script>` : '';
  return document
    .replace(DATA, () => data)
    .replace(STYLES, () => page.styles)
    .replace(PROBE, () => `<script>${WALLET_PROBE_SCRIPT}</script>`)
    .replace(MARKUP, () => page.html);
}
