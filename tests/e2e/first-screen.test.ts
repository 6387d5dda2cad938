/**
 * Issue 15, the phone's first screen: the document paints the app shell (header bar, skeleton,
 * tab bar) before any script runs, the React placeholders keep it (in the theme) while the initial
 * state loads, the real shell takes its place at the same heights, and the layout does not shift
 * (CLS from a PerformanceObserver('layout-shift') in the page) through the first render.
 * Screenshots: tests/screenshots/first-screen-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { useE2E, PHONE } from './support/environment';
import { interceptRequests, pathIs } from './support/intercept';
import { SCREENSHOT_DIR } from './support/paths';

const e2e = useE2E();
const CLS_GOAL = 0.02;

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `first-screen-${name}.png`) });
}

interface Box {
  top: number;
  bottom: number;
  height: number;
  width: number;
  background: string;
}

function boxOf(page: Page, selector: string): Promise<Box | null> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const rect = el.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, height: rect.height, width: rect.width, background: getComputedStyle(el).backgroundColor };
  }, selector);
}

describe('before any script runs (JavaScript disabled), at 375 px', () => {
  test.each(['/login', '/', '/my/assets'])('%s paints the header, skeleton blocks and the tab bar', async (path) => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.setJavaScriptEnabled(false);
    await page.goto(e2e.url(path), { waitUntil: 'load' });
    await screenshot(page, `nojs${path.replace(/\//g, '_')}`);

    const header = await boxOf(page, '#root .pf-shell-header');
    expect(header).toMatchObject({ top: 0, height: 48, width: 375, background: 'rgb(255, 255, 255)' });
    const logo = await page.$eval('#root .pf-shell-logo', (el) => ({ text: el.textContent, color: getComputedStyle(el).color }));
    expect(logo).toEqual({ text: 'PowerFi', color: 'rgb(0, 102, 245)' });
    const tabs = await boxOf(page, '#root .pf-shell-tabs');
    expect(tabs).toMatchObject({ bottom: PHONE.height, height: 57, width: 375, background: 'rgb(255, 255, 255)' });
    // grey blocks where the page will be, on the layout's background
    const blocks = await page.$$eval('#root .pf-shell-content .pf-sk', (els) => els.map((el) => el.getBoundingClientRect().height));
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(blocks.every((height) => height >= 24)).toBe(true);
    expect((await boxOf(page, '#root .pf-shell'))?.background).toBe('rgb(245, 245, 245)');
  });

  test('on a desktop the shell has the 56 px header (border included, as antd’s reset sizes it) and no tab bar', async () => {
    const page = await e2e.newPage();
    await page.setJavaScriptEnabled(false);
    await page.goto(e2e.url('/login'), { waitUntil: 'load' });
    expect(await boxOf(page, '#root .pf-shell-header')).toMatchObject({ top: 0, height: 56 });
    expect(await page.$eval('#root .pf-shell-tabs', (el) => getComputedStyle(el).display)).toBe('none');
  });
});

describe('while the initial state loads (the feature flags call hangs)', () => {
  test('the React placeholder shows the same shell, dark in the dark theme', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.evaluateOnNewDocument(() => sessionStorage.setItem('theme', 'dark'));
    await interceptRequests(page, [{ match: pathIs('/api/v1/web/features'), reply: 'hang' }]);
    await page.goto(e2e.url('/'), { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="blank-placeholder"] .pf-shell-header');
    await screenshot(page, 'placeholder-dark');
    expect(await boxOf(page, '.pf-shell-header')).toMatchObject({ top: 0, height: 48, background: 'rgb(20, 20, 20)' });
    expect(await boxOf(page, '.pf-shell-tabs')).toMatchObject({ bottom: PHONE.height, height: 57, background: 'rgb(20, 20, 20)' });
    expect(await page.$eval('.pf-shell-logo', (el) => getComputedStyle(el).color)).toBe('rgb(3, 90, 211)');
    // the home page's skeleton: a banner block
    expect(await page.$$('.pf-sk-banner')).toHaveLength(1);
  });
});

describe('the first render at 375 px', () => {
  async function observeLayoutShifts(page: Page): Promise<void> {
    await page.evaluateOnNewDocument(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      w.__cls = 0;
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
          if (entry.hadRecentInput) continue;
          w.__cls += entry.value;
          const nodes = (entry.sources ?? []).map((source) => (source.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? '?');
          w.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(' | ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  }

  test.each(['/login', '/', '/calculate', '/shopping'])('%s: the real shell replaces the document shell at the same heights, CLS ≤ 0.02', async (path) => {
    const page = await e2e.newPage({ viewport: PHONE });
    await observeLayoutShifts(page);
    await page.goto(e2e.url(path), { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="tab-bar"]');
    await page.waitForNetworkIdle({ idleTime: 1000 });
    await screenshot(page, `rendered${path.replace(/\//g, '_')}`);

    const header = await boxOf(page, 'header');
    expect(header).toMatchObject({ top: 0, height: 48, background: 'rgb(255, 255, 255)' });
    expect(await boxOf(page, '[data-testid="tab-bar"]')).toMatchObject({ bottom: PHONE.height, height: 57, background: 'rgb(255, 255, 255)' });
    expect(await page.$$('.pf-shell')).toHaveLength(0);

    const { cls, shifts } = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      return { cls: w.__cls, shifts: w.__shifts };
    });
    if (cls > CLS_GOAL) console.warn(`${path} layout shifts:\n${shifts.join('\n')}`);
    expect(cls).toBeLessThanOrEqual(CLS_GOAL);
  });
});
