/**
 * The phone (375 px, zh-CN) with the system's settings: dark mode follows the system until the
 * user chooses, the choice holds in every tab and on later visits; the document names its
 * language; a Chinese keyboard's full-width digits are read in amount fields, whose 最大 is a
 * 44 px target at 375 and 360 px.
 * Screenshots: tests/screenshots/theme-lang-*.png.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { PHONE, SMALL_PHONE, useE2E, type Session } from './support/environment';
import { fundedUser } from './support/fundedUser';
import { opsOn } from './support/ops';
import { screenshotPath } from './support/paths';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-theme-')), 'theme.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath });
const ops = opsOn(sqlitePath);

let session: Session;

beforeAll(async () => {
  session = await fundedUser(e2e.baseUrl, ops, { payPassword: '135790', usdt: '5000' });
});

function systemScheme(page: Page, scheme: 'dark' | 'light'): Promise<void> {
  return page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
}

function appTheme(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.theme);
}

/** The layout's background as painted: antd's colorBgLayout, #000 in dark and #f5f5f5 in light. */
function headerBackground(page: Page): Promise<string> {
  return page.$eval('header', (el) => getComputedStyle(el).backgroundColor);
}

async function phonePage(options: { dark: boolean; context?: Awaited<ReturnType<typeof e2e.newContext>>; viewport?: typeof PHONE }): Promise<Page> {
  const page = await e2e.newPage({ viewport: options.viewport ?? PHONE, context: options.context });
  await systemScheme(page, options.dark ? 'dark' : 'light');
  return page;
}

async function openHome(page: Page): Promise<void> {
  await page.goto(e2e.url('/'), { waitUntil: 'networkidle0' });
  await page.waitForSelector('header button[aria-label^="切换到"]');
}

describe('dark mode', () => {
  test.each(['/my/assets', '/'])('the static shell paints dark at once on a dark system (no script has run): %s', async (path) => {
    const page = await phonePage({ dark: true });
    await page.setJavaScriptEnabled(false);
    await page.goto(e2e.url(path), { waitUntil: 'load' });
    await page.screenshot({ path: screenshotPath(`theme-lang-shell-dark${path === '/' ? '-home' : ''}.png`) });
    // `/` arrives prerendered for a light phone: its own shell stands in for the page here
    const visible = async (selector: string) => page.$$eval(selector, (els) => els.filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed').length);
    expect(await visible('#root > *')).toBe(path === '/' ? 0 : 1);
    expect(await page.$eval('.pf-shell', (el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 0, 0)');
    expect(await page.$eval('.pf-shell-header', (el) => getComputedStyle(el).backgroundColor)).toBe('rgb(20, 20, 20)');
  });

  test('with no choice the app is dark on a dark system and follows the system when it changes', async () => {
    const page = await phonePage({ dark: true });
    await openHome(page);
    await page.screenshot({ path: screenshotPath('theme-lang-home-dark.png') });
    expect(await appTheme(page)).toBe('dark');
    expect(await headerBackground(page)).toBe('rgb(20, 20, 20)');
    await systemScheme(page, 'light');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await headerBackground(page)).toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: screenshotPath('theme-lang-home-light.png') });
  });

  test('a choice made in one tab shows at once in another and after a reload, over the system', async () => {
    const context = await e2e.newContext();
    const first = await phonePage({ dark: true, context });
    const second = await phonePage({ dark: true, context });
    await openHome(second);
    await openHome(first);
    await first.bringToFront();
    expect(await appTheme(second)).toBe('dark');

    await first.click('header button[aria-label="切换到浅色模式"]');
    await first.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    // the second tab is in the background, where animation frames (the default polling) do not run
    await second.waitForFunction(() => document.documentElement.dataset.theme === 'light', { polling: 100, timeout: 10_000 });

    await second.bringToFront();
    await second.reload({ waitUntil: 'networkidle0' });
    expect(await appTheme(second)).toBe('light');
    expect(await headerBackground(second)).toBe('rgb(255, 255, 255)');
    // the system turning dark again does not override the choice
    await systemScheme(second, 'dark');
    await systemScheme(second, 'light');
    await systemScheme(second, 'dark');
    expect(await appTheme(second)).toBe('light');
  });
});

describe('the document language', () => {
  test('the served index.html says lang="zh-CN"', async () => {
    const html = await (await fetch(e2e.url('/'))).text();
    expect(html).toMatch(/<html[^>]* lang="zh-CN"/);
  });

  test.each(['zh-CN', 'zh-TW', 'en-US'])('the app sets lang to %s when that is the chosen language', async (locale) => {
    const page = await phonePage({ dark: false });
    await page.evaluateOnNewDocument((chosen) => localStorage.setItem('umi_locale', chosen), locale);
    await openHome(page).catch(() => undefined);
    await page.waitForSelector('header');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
  });
});

describe('the amount field', () => {
  async function withdrawPage(viewport: typeof PHONE, dark = false): Promise<Page> {
    const page = await e2e.newPage({ viewport, session });
    await systemScheme(page, dark ? 'dark' : 'light');
    await page.goto(e2e.url('/my/withdraw'), { waitUntil: 'networkidle0' });
    await page.waitForSelector('input[inputmode="decimal"]');
    return page;
  }

  test('reads １００ typed on a Chinese keyboard as 100', async () => {
    const page = await withdrawPage(PHONE);
    await page.type('input[inputmode="decimal"]', '１００');
    // leave the field so its rule runs
    await page.click('h1, h2, h3, .ant-form-item-label label');
    expect(await page.$eval('input[inputmode="decimal"]', (el) => (el as HTMLInputElement).value)).toBe('100');
    const item = await page.$eval('input[inputmode="decimal"]', (el) => el.closest('.ant-form-item')!.className);
    expect(item).not.toContain('ant-form-item-has-error');
  });

  test.each([
    ['375', PHONE, false],
    ['360', SMALL_PHONE, false],
    ['375-dark', PHONE, true],
  ] as const)('at %s px 最大 is a 44×44 px target and the field stays 44 px tall inside the screen', async (name, viewport, dark) => {
    const page = await withdrawPage(viewport, dark);
    await page.screenshot({ path: screenshotPath(`theme-lang-amount-${name}.png`) });
    const sizes = await page.$eval('input[inputmode="decimal"]', (input) => {
      const field = input.closest('.ant-input-affix-wrapper')!.getBoundingClientRect();
      const max = Array.from(input.closest('.ant-input-affix-wrapper')!.querySelectorAll('button')).find((b) => b.innerText.replace(/\s/g, '') === '最大')!;
      const box = max.getBoundingClientRect();
      return { maxWidth: box.width, maxHeight: box.height, fieldHeight: field.height, fieldRight: field.right, pageWidth: document.documentElement.scrollWidth };
    });
    expect(sizes.maxWidth).toBeGreaterThanOrEqual(44);
    expect(sizes.maxHeight).toBeGreaterThanOrEqual(44);
    expect(sizes.fieldHeight).toBe(44);
    expect(sizes.fieldRight).toBeLessThanOrEqual(viewport.width);
    expect(sizes.pageWidth).toBeLessThanOrEqual(viewport.width);
  });
});
