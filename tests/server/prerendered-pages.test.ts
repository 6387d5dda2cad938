/**
 * The public first screens built as HTML (plugins/prerender): each sent for its own path without
 * a query, with the page headers, to the visitor it was rendered for (signed out, zh-CN, light,
 * the default feature flags); every other visitor gets the plain shell. A route with an id (a goods
 * page) has one document for every well-formed id.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { FIRST_SCREEN_COOKIE, PRERENDERED_PAGES, isPathOfRoute, renderedPathOf } from '../../contract/rules/sitePaths';
import { cookieValue } from '../../server/http/prerenderedPages';
import { startTestApp, type TestApp } from './support/app';

const INDEX_HTML = '<!DOCTYPE html><html><head></head><body><div id="root"></div></body></html>';
// as a real one, a page weighs more than the compression threshold
const pageHtml = (route: string) => `<!DOCTYPE html><html><head><style>${'.ant-btn{cursor:pointer}'.repeat(200)}</style></head><body><div id="root" data-prerendered="${route}"></div></body></html>`;

const FLAGS_POLL_MS = 50;

let t: TestApp;
let dist: string;
let flagsFile: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), pageHtml(route));
  }
  flagsFile = path.join(dist, 'flags.json');
  fs.writeFileSync(flagsFile, '{}');
  t = await startTestApp({ config: { distDir: dist, featureFlagsFile: flagsFile, featureFlagsPollMs: FLAGS_POLL_MS } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** Which document a visit got. */
async function documentFor(url: string, headers: Record<string, string> = {}): Promise<'page' | 'shell'> {
  const response = await get(url, headers);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  if (response.body === INDEX_HTML) return 'shell';
  expect(response.body).toBe(pageHtml(routeOf(url)));
  return 'page';
}

/** The prerendered route a URL visits. */
function routeOf(url: string): string {
  const route = Object.keys(PRERENDERED_PAGES).find((candidate) => isPathOfRoute(candidate, url));
  if (!route) throw new Error(`no prerendered route for ${url}`);
  return route;
}

/** Every prerendered route at the path it was rendered at: ids in the path filled in. */
const PRERENDERED_PATHS = Object.keys(PRERENDERED_PAGES).map(renderedPathOf);

test('each prerendered path gets its own document, not cached, under the page CSP', async () => {
  expect(Object.keys(PRERENDERED_PAGES)).toEqual(expect.arrayContaining(['/', '/login', '/shopping/goods/:id']));
  for (const route of Object.keys(PRERENDERED_PAGES)) {
    const response = await get(renderedPathOf(route));
    expect({ route, status: response.statusCode, body: response.body }).toEqual({ route, status: 200, body: pageHtml(route) });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(response.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
  }
  const head = await t.app.inject({ method: 'HEAD', url: '/login' });
  expect(head.statusCode).toBe(200);
});

test('with a query string, and on every other client route, the shell is sent (the page was rendered without one)', async () => {
  for (const url of ['/login?redirect=%2Fmy', '/?invite=AB12CD', '/my/assets', '/calculate/coin']) {
    const response = await get(url);
    expect({ url, status: response.statusCode, body: response.body }).toEqual({ url, status: 200, body: INDEX_HTML });
    expect(response.headers['cache-control']).toBe('no-cache');
  }
  // the shell stays reachable by name: the service worker stores it for offline visits
  expect((await get('/index.html')).body).toBe(INDEX_HTML);
});

test('a goods page: the one document for every id the server accepts, the shell for any other path under it', async () => {
  for (const url of ['/shopping/goods/1', '/shopping/goods/42', '/shopping/goods/999999999999999999']) {
    expect({ url, document: await documentFor(url) }).toEqual({ url, document: 'page' });
  }
  // not an id (the page renders "not found" there, which the document does not show), or a query
  for (const url of ['/shopping/goods/0', '/shopping/goods/01', '/shopping/goods/abc', '/shopping/goods/1234567890123456789', '/shopping/goods/%31', '/shopping/goods/1?sku=2', '/shopping/goods/1/']) {
    expect({ url, document: await documentFor(url) }).toEqual({ url, document: 'shell' });
  }
});

describe('the visitor the page was rendered for, and the others', () => {
  const CHROME_ZH_CN = 'zh-CN,zh;q=0.9,en;q=0.8';

  test('a first visit (no cookie yet) goes by the browser\'s first language, as the app will', async () => {
    for (const route of PRERENDERED_PATHS) {
      expect(await documentFor(route, { 'accept-language': CHROME_ZH_CN })).toBe('page');
      expect(await documentFor(route)).toBe('page');
      for (const language of ['zh-TW,zh;q=0.9', 'en-US,en;q=0.9', 'zh', 'en-US,zh-CN;q=0.9']) {
        expect({ route, language, document: await documentFor(route, { 'accept-language': language }) }).toEqual({ route, language, document: 'shell' });
      }
    }
  });

  test('the app\'s cookie has the last word: a signed-in, zh-TW or dark visitor gets the shell, in any browser language', async () => {
    expect(await documentFor('/', { 'accept-language': CHROME_ZH_CN, cookie: `theme=x; ${FIRST_SCREEN_COOKIE}=shell` })).toBe('shell');
    expect(await documentFor('/login', { 'accept-language': 'en-US', cookie: `${FIRST_SCREEN_COOKIE}=page` })).toBe('page');
    // a value the app never writes counts as no cookie
    expect(await documentFor('/login', { 'accept-language': 'en-US', cookie: `${FIRST_SCREEN_COOKIE}=<script>` })).toBe('shell');
    expect(await documentFor('/login', { 'accept-language': CHROME_ZH_CN, cookie: `x${FIRST_SCREEN_COOKIE}=shell` })).toBe('page');
  });

  test('the answer says what it depends on (Vary), for a shared cache', async () => {
    for (const headers of [{}, { cookie: `${FIRST_SCREEN_COOKIE}=shell` }] as Array<Record<string, string>>) {
      const vary = String((await get('/login', headers)).headers.vary).toLowerCase();
      expect(vary).toContain('accept-language');
      expect(vary).toContain('cookie');
    }
  });

  test('while a feature is switched off (here by the owner\'s flags file, at run time), every visitor gets the shell', async () => {
    const until = async (expected: 'page' | 'shell') => {
      const deadline = Date.now() + 5_000;
      while ((await documentFor('/')) !== expected) {
        if (Date.now() > deadline) throw new Error(`still not ${expected}`);
        await new Promise((resolve) => setTimeout(resolve, FLAGS_POLL_MS));
      }
    };
    try {
      fs.writeFileSync(flagsFile, JSON.stringify({ mall: false }));
      await until('shell');
      for (const route of PRERENDERED_PATHS) expect({ route, document: await documentFor(route) }).toEqual({ route, document: 'shell' });
      // a flag set to its default changes nothing
      fs.writeFileSync(flagsFile, JSON.stringify({ mall: true }));
      await until('page');
    } finally {
      fs.writeFileSync(flagsFile, '{}');
    }
  });
});

test('the page and the shell sent in its place are compressed, and say they vary by encoding too', async () => {
  for (const cookie of [`${FIRST_SCREEN_COOKIE}=page`, `${FIRST_SCREEN_COOKIE}=shell`]) {
    const response = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html', 'accept-encoding': 'br, gzip', cookie } });
    expect({ cookie, encoding: response.headers['content-encoding'] }).toEqual({ cookie, encoding: 'br' });
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(cookie.endsWith('page') ? pageHtml('/login') : INDEX_HTML);
    expect(String(response.headers.vary).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['accept-language', 'cookie', 'accept-encoding']));
  }
});

test('cookieValue reads one cookie by its exact name', () => {
  expect(cookieValue('a=1; pf_first_screen=page; b=2', 'pf_first_screen')).toBe('page');
  expect(cookieValue('xpf_first_screen=page', 'pf_first_screen')).toBeUndefined();
  expect(cookieValue('pf_first_screen', 'pf_first_screen')).toBeUndefined();
  expect(cookieValue(undefined, 'pf_first_screen')).toBeUndefined();
});
