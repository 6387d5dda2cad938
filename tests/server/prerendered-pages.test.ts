/** The public first screens built as HTML (plugins/prerender): each sent for its own path without a query, with the page headers. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRERENDERED_PAGES } from '../../contract/rules/sitePaths';
import { startTestApp, type TestApp } from './support/app';

const INDEX_HTML = '<!DOCTYPE html><html><head></head><body><div id="root"></div></body></html>';
const pageHtml = (route: string) => `<!DOCTYPE html><html><head></head><body><div id="root" data-prerendered="${route}"></div></body></html>`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), pageHtml(route));
  }
  t = await startTestApp({ config: { distDir: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

test('each prerendered path gets its own document, not cached, under the page CSP', async () => {
  expect(Object.keys(PRERENDERED_PAGES)).toEqual(expect.arrayContaining(['/', '/login']));
  for (const route of Object.keys(PRERENDERED_PAGES)) {
    const response = await get(route);
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
