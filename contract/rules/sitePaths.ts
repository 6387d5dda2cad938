/**
 * Which URLs of the site are what, for the server (cache headers, SPA fallback) and the app's
 * service worker (what it may keep) alike.
 */

/**
 * Umi names built files `name.<8 hex>.js|css` when `hash: true`, and the split chunks
 * `name.<8 hex>.async.js` / `name.<8 hex>.chunk.css`: their content never changes.
 */
export const HASHED_ASSET = /\.[0-9a-f]{8}(?:\.async|\.chunk)?\.(?:js|css|mjs)$/;

/** The service worker's script, at the root so that it controls every page. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** Whether a request URL (with or without its query) is under /api: the API answers it, never the SPA. */
export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The public first screens written as HTML at build time (plugins/prerender), each path with its
 * file under dist/. The server sends that file for a visit to the path without a query string.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'prerendered/home.html',
  '/login': 'prerendered/login.html',
  '/calculate': 'prerendered/calculate.html',
  '/shopping': 'prerendered/shopping.html',
};

/** The language the pages are prerendered in (the app's default). */
export const PRERENDERED_LOCALE = 'zh-CN';

/**
 * The cookie the app keeps in step with what this browser's next visit would render: `page` when
 * its visitor is the one the pages were prerendered for (signed out, PRERENDERED_LOCALE, the light
 * theme), else `shell`. The server sends the plain shell to a `shell` visitor, who would only see
 * the wrong page until the scripts replace it. No secret: it chooses between two public documents.
 */
export const FIRST_SCREEN_COOKIE = 'pf_first_screen';
export type FirstScreen = 'page' | 'shell';

/** The attribute on a prerendered document's #root naming the path it was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The element beside #root in a prerendered document holding the plain document's shell. */
export const PRERENDERED_SHELL_ID = 'pf-prerendered-shell';
