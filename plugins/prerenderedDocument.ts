/**
 * One prerendered page's document: dist/index.html (our shell: `lang`, CSP-safe deferred scripts,
 * no inline script) with the page's markup in #root, marked with its path for the browser
 * (src/prerender/hydration.ts), and the antd styles it uses in <head> (ahead of the app's CSS). React's markup goes in
 * verbatim (not through cheerio's serializer), so the browser parses exactly what React wrote.
 */
import { load } from '@umijs/utils/compiled/cheerio';
import { PRERENDERED_ATTRIBUTE } from '../contract/rules/sitePaths';

const MARKUP = '<!--prerendered-markup-->';
const STYLES = '<!--prerendered-styles-->';

export function prerenderedDocument(indexHtml: string, route: string, page: { html: string; styles: string }): string {
  const $ = load(indexHtml);
  // before the app's own CSS, as antd's runtime places its styles: the app's rules override antd's
  const appCss = $('head link[rel="stylesheet"]').first();
  if (appCss.length) appCss.before(STYLES);
  else $('head').append(STYLES);
  $('#root').attr(PRERENDERED_ATTRIBUTE, route).html(MARKUP);
  const document = $.html();
  if (!document.includes(MARKUP) || !document.includes(STYLES)) throw new Error('prerender: no #root or <head> in index.html');
  return document.replace(STYLES, () => page.styles).replace(MARKUP, () => page.html);
}
