/**
 * The suite's click on a labelled element, on a page of its own: a button shown disabled while its
 * page loads its data (the output exchange's 兑换为 USDT) takes the click once it is enabled, not
 * before, when a click would be lost.
 */
import type { Page } from 'puppeteer-core';
import { launchBrowser, type LaunchedBrowser } from './support/browser';
import { clickText } from './support/actions';

let launched: LaunchedBrowser;
let page: Page;
beforeAll(async () => {
  launched = await launchBrowser();
});
beforeEach(async () => {
  page = await launched.browser.newPage();
});
afterEach(async () => {
  await page.close();
});
afterAll(async () => {
  await launched.close();
});

const clicks = () => page.evaluate(() => (window as unknown as { clicks: string[] }).clicks);

async function showButton(enableAfterMs: number | null): Promise<void> {
  await page.setContent(`
    <button id="open" disabled>兑换为 USDT</button>
    <script>
      window.clicks = [];
      const button = document.getElementById('open');
      button.addEventListener('click', () => window.clicks.push(button.disabled ? 'disabled' : 'enabled'));
      if (${enableAfterMs} !== null) setTimeout(() => { button.disabled = false; }, ${enableAfterMs});
    </script>`);
}

it('a button disabled while its page loads is clicked once it is enabled', async () => {
  await showButton(400);
  await clickText(page, 'button', '兑换为 USDT');
  expect(await clicks()).toEqual(['enabled']);
});

it('a button that stays disabled is never clicked, and the wait fails naming what it found', async () => {
  await showButton(null);
  await expect(clickText(page, 'button', '兑换为 USDT', 1000)).rejects.toThrow('no visible, enabled button with "兑换为 USDT"; found ["兑换为 USDT"]');
  expect(await clicks()).toEqual([]);
});
