/**
 * Defect 12: the document's language follows the active locale, users may zoom, and the
 * app is installable (icon and web app manifest, theme colour #0066f5).
 */
import type { Page } from 'puppeteer-core';
import { clickText } from './support/actions';
import { PHONE, useE2E } from './support/environment';

const e2e = useE2E();

function phonePage(): Promise<Page> {
  return e2e.newPage({ viewport: PHONE });
}

test('<html lang> is the active locale, also after switching language', async () => {
  const page = await phonePage();
  await page.goto(e2e.url('/'));
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', { timeout: 20_000 }).catch(() => undefined);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  // the header renders after the profile is read; the document's lang is set before that
  await page.waitForSelector('header button[aria-label="切换语言"]', { visible: true, timeout: 30_000 });
  await page.click('header button[aria-label="切换语言"]');
  await clickText(page, '.ant-popover button', 'English');
  await page.waitForFunction(() => document.documentElement.lang === 'en-US', { timeout: 20_000 }).catch(() => undefined);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
});

test('the viewport lets users zoom; the icon and the web app manifest make the app installable', async () => {
  const page = await phonePage();
  await page.goto(e2e.url('/login'));
  const head = await page.evaluate(() => ({
    viewport: document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '',
    manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '',
    icons: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')).map((link) => link.href),
    themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
  }));
  expect(head.viewport).toContain('width=device-width');
  expect(head.viewport).not.toMatch(/maximum-scale|user-scalable\s*=\s*(no|0)/);
  expect(head.themeColor?.toLowerCase()).toBe('#0066f5');
  expect(head.icons.length).toBeGreaterThan(0);
  for (const icon of head.icons) expect((await fetch(icon)).status).toBe(200);

  expect(head.manifest).not.toBe('');
  const response = await fetch(head.manifest);
  expect(response.status).toBe(200);
  const manifest = (await response.json()) as { name: string; start_url: string; display: string; theme_color: string; icons: Array<{ src: string; sizes: string; type: string }> };
  expect(manifest).toMatchObject({ name: 'PowerFi', start_url: '/', display: 'standalone', theme_color: '#0066f5' });
  // installable: PNG icons of 192 and 512 px that load
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((entry) => entry.sizes === size && entry.type === 'image/png');
    expect(icon).toBeDefined();
    const image = await fetch(new URL(icon!.src, head.manifest));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  }
});
