/**
 * The shell's navigation: a bottom tab bar on phones (375 px) and a top navigation on
 * desktops (1280 px), both derived from the route table and filtered by access. Screenshots go
 * to the git-ignored tests/screenshots/ for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { DESKTOP, PHONE, useE2E, type Session } from './support/environment';
import { textsOf, waitForPath } from './support/page';
import { SCREENSHOT_DIR } from './support/paths';
import { signInViaApi } from './support/siwe';

const e2e = useE2E();
let session: Session;

beforeAll(async () => {
  session = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

const TAB_BAR = '[data-testid="tab-bar"]';
const TOP_NAV = '[data-testid="top-nav"]';

/** The labels of the entries of a navigation element, in order. */
async function entryLabels(page: Page, nav: string): Promise<string[]> {
  const texts = await textsOf(page, `${nav} a`);
  return texts.map((text) => text.trim()).filter(Boolean);
}

async function box(page: Page, selector: string) {
  const element = await page.$(selector);
  if (!element) throw new Error(`${selector} is not on the page`);
  return (await element.boundingBox())!;
}

test('phone, 375 px: a tab bar fixed at the bottom with every entry, no top navigation', async () => {
  const page = await e2e.newPage({ viewport: PHONE, session });
  await page.goto(e2e.url('/'));
  await page.waitForSelector(TAB_BAR);
  expect(await entryLabels(page, TAB_BAR)).toEqual(['首页', '算力', '商城', '我的']);
  expect(await page.$(TOP_NAV)).toBeNull();

  const bar = await box(page, TAB_BAR);
  expect(Math.round(bar.y + bar.height)).toBe(PHONE.height);
  expect(Math.round(bar.width)).toBe(PHONE.width);
  // each tab shows an icon above its label
  expect(await page.$$eval(`${TAB_BAR} a`, (tabs) => tabs.every((tab) => tab.querySelector('.anticon')))).toBe(true);
  // still at the bottom after scrolling
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const scrolled = await box(page, TAB_BAR);
  expect(Math.round(scrolled.y + scrolled.height)).toBe(PHONE.height);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'tab-bar-375.png') });

  await page.click(`${TAB_BAR} a[href="/shopping"]`);
  await waitForPath(page, '/shopping');
  expect(await page.$eval(`${TAB_BAR} a[aria-current="page"]`, (tab) => (tab as HTMLElement).innerText.trim())).toBe('商城');
});

test('phone, signed out: the tab bar hides the login-only entry', async () => {
  const page = await e2e.newPage({ viewport: PHONE });
  await page.goto(e2e.url('/'));
  await page.waitForSelector(TAB_BAR);
  expect(await entryLabels(page, TAB_BAR)).toEqual(['首页', '算力', '商城']);
});

test('desktop, 1280 px: a top navigation with every entry, no tab bar', async () => {
  const page = await e2e.newPage({ viewport: DESKTOP, session });
  await page.goto(e2e.url('/'));
  await page.waitForSelector(TOP_NAV);
  expect(await entryLabels(page, TOP_NAV)).toEqual(['首页', '算力', '商城', '我的']);
  expect(await page.$(TAB_BAR)).toBeNull();

  const nav = await box(page, TOP_NAV);
  expect(nav.y).toBeLessThan(80);
  // each entry shows an icon before its label
  expect(await page.$$eval(`${TOP_NAV} a`, (items) => items.every((item) => item.querySelector('.anticon')))).toBe(true);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'top-nav-1280.png') });

  await page.click(`${TOP_NAV} a[href="/calculate"]`);
  await waitForPath(page, '/calculate');
  expect(await page.$eval(`${TOP_NAV} a[aria-current="page"]`, (entry) => (entry as HTMLElement).innerText.trim())).toBe('算力');
});

test('resizing from desktop to phone swaps the top navigation for the tab bar', async () => {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await page.goto(e2e.url('/shopping'));
  await page.waitForSelector(TOP_NAV);
  await page.setViewport({ width: 768, height: 900 });
  await page.waitForSelector(TAB_BAR);
  expect(await page.$(TOP_NAV)).toBeNull();
});
