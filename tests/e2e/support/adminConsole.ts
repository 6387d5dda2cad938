/**
 * The operator console as an operator meets it in the browser: a desktop page of its own browser
 * context (the console keeps its token in that context's storage) with the operator's wallet in
 * it, signed in at /admin/login; and the scripts a page fetched, for the bundle checks.
 */
import { gzipSync } from 'node:zlib';
import type { BaseWallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { DESKTOP, PHONE, type E2E } from './environment';
import { scriptsFetchedBy } from './page';
import { installWallet, type PageWallet } from './wallet';

export interface ConsolePage {
  page: Page;
  wallet: PageWallet;
}

/**
 * Clicks the visible element `selector` the way the page's own handlers see it (a DOM click): no
 * mouse coordinates, which a loaded machine can take while a dialog still zooms in or fades out.
 */
export async function press(page: Page, selector: string): Promise<void> {
  const element = await page.waitForSelector(selector, { visible: true });
  await element!.evaluate((el) => (el as HTMLElement).click());
}

/** Waits until no dialog of the page is still animating (antd's zoom motion classes are gone). */
export async function dialogSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="ant-zoom-"]'));
}

/** A screenshot of the console at a key step: /tmp/admin-e2e-<name>.png. */
export async function consoleShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/admin-e2e-${name}.png`, fullPage: true });
}

/** A fresh desktop page with `wallet` in it, at the console's sign-in page (nothing signed yet). */
export async function consoleLoginPage(e2e: E2E, wallet: BaseWallet): Promise<ConsolePage> {
  const page = await e2e.newPage({ viewport: DESKTOP });
  const inPage = await installWallet(page, wallet);
  await page.goto(e2e.url('/admin/login'));
  await page.waitForSelector('[data-testid="admin-sign-in"]:not([disabled])', { visible: true });
  return { page, wallet: inPage };
}

/** Signs `wallet` in at /admin/login and waits for the page the console goes on to (`landing`). */
export async function signInToConsole(e2e: E2E, wallet: BaseWallet, landing = '/admin/dashboard'): Promise<ConsolePage> {
  const opened = await consoleLoginPage(e2e, wallet);
  await press(opened.page, '[data-testid="admin-sign-in"]');
  // the landing page, or the refusal the sign-in page shows
  const outcome = await opened.page.waitForFunction(
    (path) => {
      if (location.pathname === path) return 'signed in';
      const refusal = document.querySelector<HTMLElement>('[data-testid="admin-sign-in-error"]')?.innerText;
      return refusal ? `refused: ${refusal}` : false;
    },
    { timeout: 20_000 },
    landing,
  );
  const result = await outcome.jsonValue();
  if (result !== 'signed in') throw new Error(`${wallet.address} could not sign in to the console: ${String(result)}`);
  return opened;
}

export interface FirstLoad {
  scripts: Array<{ path: string; text: string; gzip: number }>;
  /** the gzip size of all of them, bytes (gzip -9, as `npm run bench:bundle` counts) */
  gzipTotal: number;
}

/** Loads `path` in a fresh page (a phone by default) until the network is idle: every script it fetched. */
export async function firstLoadOf(e2e: E2E, path: string, viewport = PHONE): Promise<FirstLoad> {
  const page = await e2e.newPage({ viewport });
  const fetched = scriptsFetchedBy(page);
  await page.goto(e2e.url(path), { waitUntil: 'networkidle0' });
  const scripts = await Promise.all(
    fetched.map(async ({ path: file, body }) => {
      const bytes = await body;
      return { path: file, text: bytes.toString('utf8'), gzip: gzipSync(bytes, { level: 9 }).length };
    }),
  );
  return { scripts, gzipTotal: scripts.reduce((sum, script) => sum + script.gzip, 0) };
}
