/**
 * The app shell in the document (docs/performance.md): the header bar, the phone tab bar and the page's
 * skeleton painted from the HTML and its inline CSS before any script runs, so a cold load on a
 * slow link never shows a blank white screen. React's first render replaces #root's content with
 * the same markup (src/components/BlankPlaceholder), then with the app. The document's language is
 * the default one.
 */
import type { IApi } from '@umijs/max';
import type { CheerioAPI } from '@umijs/utils/compiled/cheerio';
import { NO_SCRIPT_CSS, noScriptNoticeHtml } from './noScriptNotice';
import { SHELL_CSS, shellHtml } from '../src/components/BlankPlaceholder/shell';
import { DEFAULT_LOCALE } from '../src/constants/app';

/**
 * The HTML transform, on cheerio's document (exported for its unit test). Umi writes its scripts
 * (the route preload helper in <head>, umi.js after #root) as parser-blocking: the shell could
 * not paint until umi.js had been fetched and had run, which, measured, happened on half of the
 * cold loads (Lighthouse FCP 2.4-2.5 s instead of 1.0-1.1 s). `defer` keeps their order (the
 * helper still runs first) and lets the document paint as soon as it is parsed.
 *
 * A browser that runs no script gets a notice at the top of <body> instead of a skeleton that
 * waits for ever (./noScriptNotice.ts).
 */
export function addAppShell($: CheerioAPI): CheerioAPI {
  // the default language until the app sets the user's (src/components/AppProviders.tsx)
  $('html').attr('lang', DEFAULT_LOCALE);
  $('head').append(`<style id="app-shell-css">${SHELL_CSS}</style>`);
  $('head').append(`<noscript><style id="no-script-css">${NO_SCRIPT_CSS}</style></noscript>`);
  $('#root').html(shellHtml());
  $('body').prepend(`<noscript>${noScriptNoticeHtml()}</noscript>`);
  $('script[src]').attr('defer', '');
  return $;
}

export default (api: IApi) => {
  api.describe({ key: 'appShell' });
  api.modifyHTML(($) => addAppShell($));
};
