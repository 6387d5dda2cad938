/**
 * Small targets and an address that wrapped badly, on 375 and 360 px phones in zh-CN, in Chromium
 * against the real server: the copy icon, the back button and the banner dots are a finger's
 * 44 px; the deposit address breaks into two even lines, never one character alone.
 */
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { clickText } from './support/actions';
import { PHONE, SMALL_PHONE, useE2E } from './support/environment';
import { waitForMotionToEnd, waitForText } from './support/page';
import { screenshotPath } from './support/paths';
import { setPayPasswordViaApi, signInViaApi } from './support/siwe';

const e2e = useE2E();
const FINGER = 44;

const sizesOf = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) =>
    elements.map((element) => {
      const { width, height } = element.getBoundingClientRect();
      return { width, height };
    }),
  );

function expectFingerSized(sizes: Array<{ width: number; height: number }>): void {
  expect(sizes.length).toBeGreaterThan(0);
  for (const size of sizes) {
    expect(size.width).toBeGreaterThanOrEqual(FINGER);
    expect(size.height).toBeGreaterThanOrEqual(FINGER);
  }
}

describe.each([
  ['375', PHONE],
  ['360', SMALL_PHONE],
])('at %s px', (width, viewport) => {
  test('the deposit page: copy icon and back button a finger wide, the address in two even lines', async () => {
    const session = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
    const page = await e2e.newPage({ session, viewport });
    await page.goto(e2e.url('/my/deposit'));
    await page.waitForSelector('[data-testid="deposit-address"]', { visible: true });
    const address = await page.$eval('[data-testid="deposit-address"]', (element) => (element as HTMLElement).innerText.trim());
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    expectFingerSized(await sizesOf(page, '.ant-typography-copy'));
    expectFingerSized(await sizesOf(page, 'button[aria-label="返回"]'));

    // each line of the address holds at least a third of it
    const lines = await page.$eval('[data-testid="deposit-address"]', (element) => {
      const tops = new Map<number, number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let index = 0; index < text.length; index++) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          tops.set(top, (tops.get(top) ?? 0) + 1);
        }
      }
      return [...tops.values()];
    });
    for (const characters of lines) expect(characters).toBeGreaterThanOrEqual(Math.floor(address.length / 3));
    await page.screenshot({ path: screenshotPath(`touch-targets-deposit-${width}.png`) });
  });

  test('a sheet and a dialog close by a finger-sized button', async () => {
    // with a pay password, so the buy sheet shows its agreement (whose text opens in a dialog)
    const wallet = Wallet.createRandom();
    const session = await signInViaApi(e2e.baseUrl, wallet);
    await setPayPasswordViaApi(e2e.baseUrl, session.token, wallet, '135790');
    const page = await e2e.newPage({ session, viewport });
    await page.goto(e2e.url('/calculate'));
    await clickText(page, 'button', '立即购买');
    await page.waitForSelector('.ant-drawer-open .ant-drawer-close', { visible: true });
    // measured once the sheet has slid in and the dialog has zoomed in: mid-zoom the button is scaled down
    await waitForMotionToEnd(page, '.ant-drawer-open');
    expectFingerSized(await sizesOf(page, '.ant-drawer-open .ant-drawer-close'));
    await page.waitForSelector('[data-testid="agreement-open"]', { visible: true });
    await page.$eval('[data-testid="agreement-open"]', (button) => (button as HTMLElement).click());
    await page.waitForSelector('.ant-modal .ant-modal-close', { visible: true });
    await waitForMotionToEnd(page, '.ant-modal-wrap');
    expectFingerSized(await sizesOf(page, '.ant-modal .ant-modal-close'));
    await page.screenshot({ path: screenshotPath(`touch-targets-close-${width}.png`) });
  });

  test('tabs that run off the screen show that there are more', async () => {
    const session = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
    const page = await e2e.newPage({ session, viewport });
    for (const path of ['/calculate', '/shopping/order/0']) {
      await page.goto(e2e.url(path));
      await page.waitForSelector('.ant-tabs-tab', { visible: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const tabs = await page.$eval('.ant-tabs-nav', (nav) => {
        const list = nav.querySelector('.ant-tabs-nav-list')!.getBoundingClientRect();
        const wrap = nav.querySelector('.ant-tabs-nav-wrap')!.getBoundingClientRect();
        const more = nav.querySelector<HTMLElement>('.ant-tabs-nav-more');
        return {
          overflows: list.width > wrap.width + 0.5,
          moreShown: !!more && getComputedStyle(more).visibility !== 'hidden' && more.getBoundingClientRect().width > 0,
          edgeShaded: nav.querySelector('.ant-tabs-nav-wrap')!.className.includes('ping-right'),
        };
      });
      // a signed-in user's 算力 tabs do not fit a phone: the case this test is for
      if (path === '/calculate') expect(tabs.overflows).toBe(true);
      // the hint is there exactly when some tabs are out of sight
      expect({ path, ...tabs }).toEqual({ path, overflows: tabs.overflows, moreShown: tabs.overflows, edgeShaded: tabs.overflows });
      await page.screenshot({ path: screenshotPath(`touch-targets-tabs${path.replace(/\//g, '-')}-${width}.png`) });
    }
  });

  test('the home banner dots are a finger wide and still switch the banner', async () => {
    const page = await e2e.newPage({ viewport });
    await page.goto(e2e.url('/'));
    await waitForText(page, '[data-testid="banner-caption"]', '新人专享算力');
    const dots = '.pf-carousel-dots button';
    expectFingerSized(await sizesOf(page, dots));
    await page.$$eval(dots, (buttons) => (buttons[1] as HTMLButtonElement).click());
    await page.waitForFunction((selector) => document.querySelectorAll(selector)[1]?.getAttribute('aria-current') === 'true', {}, dots);
    await page.screenshot({ path: screenshotPath(`touch-targets-home-${width}.png`) });
  });
});
