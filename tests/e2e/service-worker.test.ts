/**
 * The service worker (docs/offline.md) in Chromium against the built app: it stores the shell
 * and the app's files, never an API answer (signed-in ones least of all), offers a new version
 * instead of taking over an open tab, and shows the shell with an offline notice once the server
 * is out of reach. This file's server serves its own copy of the build, so that a test can put a
 * new sw.js there. Screenshots: tests/screenshots/service-worker-*.png.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { PHONE, useE2E } from './support/environment';
import { waitForMotionToEnd, waitForNetworkQuiet, waitForText } from './support/page';
import { E2E_DIST_ENV, screenshotPath } from './support/paths';
import { signInViaApi } from './support/siwe';

const dist = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-sw-')), 'dist');
cpSync(process.env[E2E_DIST_ENV] ?? '', dist, { recursive: true });
afterAll(() => rmSync(join(dist, '..'), { recursive: true, force: true }));

const e2e = useE2E({ DIST_DIR: dist });
/** the new version's files come from the worker's cache, yet a loaded CI machine has taken over 30 s */
const RELOAD_WAIT_MS = 45_000;

/** Opens `path` and returns once the service worker controls the page (it takes over on the next load). */
async function openControlled(page: Page, path: string): Promise<void> {
  await page.goto(e2e.url(path), { waitUntil: 'load' });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

interface StoredRequest {
  cache: string;
  url: string;
  authorization: string | null;
}

/** Every request in the page's CacheStorage, with the cache that holds it. */
function storedRequests(page: Page): Promise<StoredRequest[]> {
  return page.evaluate(async () => {
    const stored: StoredRequest[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) stored.push({ cache: name, url: request.url, authorization: request.headers.get('authorization') });
    }
    return stored;
  });
}

/** What a failed update shows: the notice, and the workers of the page's registration. */
function updateState(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      notice: document.querySelector('[data-testid="app-update"]') !== null,
      controller: navigator.serviceWorker.controller?.state ?? null,
      waiting: registration?.waiting?.state ?? null,
      active: registration?.active?.state ?? null,
      caches: await caches.keys(),
    };
  });
}

const pathsOf = (stored: StoredRequest[]) => stored.map((request) => new URL(request.url).pathname);

test('stores the shell and the app’s files, and never an API answer, while a signed-in user moves money pages', async () => {
  const session = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
  const page = await e2e.newPage({ viewport: PHONE, session });
  const apiCalls: Array<{ url: string; authorization?: string; fromServiceWorker: boolean }> = [];
  page.on('response', (response) => {
    const request = response.request();
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push({ url: request.url(), authorization: request.headers().authorization, fromServiceWorker: response.fromServiceWorker() });
  });
  await openControlled(page, '/');
  apiCalls.length = 0;

  for (const path of ['/my/assets', '/my/records', '/my', '/calculate']) {
    await page.goto(e2e.url(path), { waitUntil: 'load' });
    await waitForNetworkQuiet(page, 500);
  }
  // the app's own requests, and one more straight from the page, each signed
  const status = await page.evaluate(async (token) => (await fetch('/api/v1/web/user/user/profile', { headers: { Authorization: `Bearer ${token}` } })).status, session.token);
  expect(status).toBe(200);
  const signed = apiCalls.filter((call) => call.authorization?.startsWith('Bearer '));
  expect(signed.length).toBeGreaterThan(3);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // answered by the server, not by the worker
  expect(signed.filter((call) => call.fromServiceWorker)).toEqual([]);

  const stored = await storedRequests(page);
  const paths = pathsOf(stored);
  // the plain shell, not the prerendered home page (`/`), stands in for every route offline
  expect(paths).toContain('/index.html');
  expect(paths).not.toContain('/');
  expect(paths.some((path) => /^\/umi\.[0-9a-f]{8}\.js$/.test(path))).toBe(true);
  expect(paths.some((path) => /^\/p__My__Assets__index\.[0-9a-f]{8}\.async\.js$/.test(path))).toBe(true);
  expect(stored.filter((request) => request.authorization !== null)).toEqual([]);
  expect(paths.filter((path) => path.startsWith('/api'))).toEqual([]);
  // the operator console's chunks are not a visitor's download
  expect(paths.filter((path) => path.startsWith('/p__Admin__'))).toEqual([]);
  // a first visit has nothing to update
  expect(await page.$('[data-testid="app-update"]')).toBeNull();
});

test('a new version waits until the user asks for it, then one reload brings it in', async () => {
  const page = await e2e.newPage({ viewport: PHONE });
  await openControlled(page, '/');
  const [oldCache] = await page.evaluate(() => caches.keys());
  expect(oldCache).toMatch(/^powerfi-[0-9a-f]{16}$/);

  // the same build released again: only its version differs
  const workerFile = join(dist, 'sw.js');
  const oldVersion = oldCache.slice('powerfi-'.length);
  writeFileSync(workerFile, readFileSync(workerFile, 'utf8').replaceAll(oldVersion, 'e2e0next0release'));
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));

  await waitForText(page, '[data-testid="app-update"]', '有新版本可用');
  // antd spaces the two characters of a button out
  expect(await page.$eval('[data-testid="app-update-reload"]', (button) => (button as HTMLElement).innerText.replace(/\s/g, ''))).toBe('刷新');
  // a tap while the notice still slides in can miss its button
  await waitForMotionToEnd(page, '.ant-notification');
  await page.screenshot({ path: screenshotPath('service-worker-update-375.png') });
  // the open tab keeps its version and its files until then
  expect(await page.evaluate(() => caches.keys())).toEqual(expect.arrayContaining([oldCache, 'powerfi-e2e0next0release']));
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting?.state))).toBe('installed');

  await Promise.all([page.waitForNavigation({ waitUntil: 'load', timeout: RELOAD_WAIT_MS }), page.click('[data-testid="app-update-reload"]')]).catch(async (error: Error) => {
    throw new Error(`no reload after 刷新 was tapped: ${JSON.stringify(await updateState(page).catch(String))} (${error.message})`);
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  expect(await page.evaluate(() => caches.keys())).toEqual(['powerfi-e2e0next0release']);
  await waitForText(page, '[data-testid="tab-bar"]', '首页');
  expect(await page.$('[data-testid="app-update"]')).toBeNull();
});

// last: it stops the server
test('with the server out of reach, a reload and a new route show the stored shell, in Chinese, with the offline notice', async () => {
  const page = await e2e.newPage({ viewport: PHONE });
  await openControlled(page, '/');
  await waitForText(page, '[data-testid="tab-bar"]', '首页');
  expect(await page.$('[data-testid="offline-notice"]')).toBeNull();

  await e2e.server.stop();
  await page.setOfflineMode(true);
  const response = await page.reload({ waitUntil: 'load' });
  expect(response?.fromServiceWorker()).toBe(true);
  await waitForText(page, '[data-testid="tab-bar"]', '首页');
  await waitForText(page, '[data-testid="offline-notice"]', '网络已断开');
  await page.screenshot({ path: screenshotPath('service-worker-offline-375.png') });

  await page.goto(e2e.url('/calculate'), { waitUntil: 'load' });
  await waitForText(page, '[data-testid="tab-bar"]', '首页');
  await waitForText(page, '[data-testid="offline-notice"]', '网络已断开');

  // back online, the notice goes
  await page.setOfflineMode(false);
  await page.waitForSelector('[data-testid="offline-notice"]', { hidden: true });
});
