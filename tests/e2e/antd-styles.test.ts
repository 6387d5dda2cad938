/**
 * Issue 15, start-up script work: the production build links the phone's light-theme antd styles
 * as a stylesheet (plugins/antdStaticStyle.ts), and a phone then takes them from there instead of
 * computing and injecting them. Wider screens and the dark theme are not in the file and compute
 * their styles in the browser as before. Each case checks both sides: where the styles come from,
 * and that the page looks styled.
 */
import type { Page } from 'puppeteer-core';
import { DESKTOP, PHONE, useE2E } from './support/environment';
import { waitForText } from './support/page';

const e2e = useE2E();

/** antd rules for these components inside the page's <style> elements, i.e. computed in the browser */
const RUNTIME_COMPONENTS = ['.ant-btn', '.ant-flex', '.ant-typography', '.ant-tooltip'];

async function openLogin(viewport: { width: number; height: number }, dark = false): Promise<Page> {
  const page = await e2e.newPage({ viewport });
  if (dark) await page.evaluateOnNewDocument(() => sessionStorage.setItem('theme', 'dark'));
  await page.goto(e2e.url('/login'), { waitUntil: 'networkidle0' });
  await waitForText(page, 'h4.ant-typography', '连接钱包登录');
  return page;
}

function injectedComponents(page: Page): Promise<string[]> {
  return page.evaluate(
    (components) => components.filter((component) => [...document.querySelectorAll('style')].some((style) => style.textContent!.includes(component))),
    RUNTIME_COMPONENTS,
  );
}

/** The stylesheets antd's styles came from: those that match the screen, by file name */
function antdSheetsInUse(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href*="/antd-"]')]
      .filter((link) => matchMedia(link.media).matches && link.sheet && link.sheet.cssRules.length > 0)
      .map((link) => new URL(link.href).pathname.replace(/\.[0-9a-f]{8}\.css$/, '')),
  );
}

/** The login heading, an antd title: a browser's own h4 would be 16 px bold (700) */
function headingLook(page: Page) {
  return page.$eval('h4.ant-typography', (heading) => {
    const style = getComputedStyle(heading);
    return { size: style.fontSize, weight: style.fontWeight, color: style.color };
  });
}

describe('antd styles from the build’s stylesheet', () => {
  test('a phone in the light theme takes them from antd-phone, computes none of them, and the page is styled', async () => {
    const page = await openLogin(PHONE);
    expect(await antdSheetsInUse(page)).toEqual(['/antd-phone']);
    expect(await injectedComponents(page)).toEqual([]);
    expect(await headingLook(page)).toEqual({ size: '20px', weight: '600', color: 'rgba(0, 0, 0, 0.88)' });
    // the header's buttons are antd text buttons: a browser's own button has a grey face and the arrow cursor
    const button = await page.$eval('.ant-btn', (el) => ({ cursor: getComputedStyle(el).cursor, background: getComputedStyle(el).backgroundColor }));
    expect(button).toEqual({ cursor: 'pointer', background: 'rgba(0, 0, 0, 0)' });
  });

  test('a desktop computes them in the browser (the phone’s sheet does not apply there)', async () => {
    const page = await openLogin(DESKTOP);
    expect(await antdSheetsInUse(page)).toEqual([]);
    expect(await injectedComponents(page)).toEqual(expect.arrayContaining(['.ant-btn', '.ant-flex', '.ant-typography']));
    expect(await headingLook(page)).toEqual({ size: '20px', weight: '600', color: 'rgba(0, 0, 0, 0.88)' });
  });

  test('the dark theme is computed in the browser, with its own colours', async () => {
    const page = await openLogin(PHONE, true);
    expect(await injectedComponents(page)).toEqual(expect.arrayContaining(['.ant-btn', '.ant-flex', '.ant-typography']));
    expect(await headingLook(page)).toEqual({ size: '20px', weight: '600', color: 'rgba(255, 255, 255, 0.85)' });
  });
});
