/**
 * Which URLs of the site are what, for the server (cache headers, SPA fallback) and the app's
 * service worker (what it may keep) alike.
 */
import { APP_DEFAULT_LOCALE } from './locales';

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
 * The public first screens written as HTML at build time (plugins/prerender), each route with its
 * file under dist/. The server sends that file for a visit to a path of the route without a query
 * string. A route with a parameter (`:id`) is rendered once, with PRERENDERED_ID: the page shows
 * the same layout and skeleton for every item until its data arrives.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'prerendered/home.html',
  '/login': 'prerendered/login.html',
  '/calculate': 'prerendered/calculate.html',
  '/shopping': 'prerendered/shopping.html',
  '/shopping/goods/:id': 'prerendered/goods.html',
};

/** An id as the server accepts one in a path (contract/common.ts `Id`): any other names no item, a page of its own. */
export const ID_SEGMENT = /^[1-9][0-9]{0,17}$/;

/** The id a prerendered route's `:id` is rendered with. */
const PRERENDERED_ID = '1';

/** The path a prerendered route is rendered at. */
export function renderedPathOf(route: string): string {
  return route.replace(/:id\b/g, PRERENDERED_ID);
}

/** Whether `pathname` (no query string) is a visit to the prerendered `route`: the same segments, an id where it has `:id`. */
export function isPathOfRoute(route: string, pathname: string): boolean {
  const want = route.split('/');
  const have = pathname.split('/');
  return want.length === have.length && want.every((segment, at) => (segment === ':id' ? ID_SEGMENT.test(have[at]) : segment === have[at]));
}

/** The language the pages are prerendered in (the app's default). */
export const PRERENDERED_LOCALE = APP_DEFAULT_LOCALE;

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
