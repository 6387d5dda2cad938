/**
 * The mall and the address book as a phone user meets them (375 px and 360 × 640, zh-CN), in
 * Chromium against the real server: back after paying never reopens the address picker or the
 * checkout, the goods page's buy bar stays on screen above the tab bar, the order and address
 * buttons are finger-sized, and the region is chosen province → city → district from a sheet.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { clickButton, fill } from './support/actions';
import { webApi, type WebCall } from './support/api';
import { PHONE, SMALL_PHONE, useE2E, type Session } from './support/environment';
import { fundedUser } from './support/fundedUser';
import { opsOn } from './support/ops';
import { currentPath, sleep, textsOf, waitForMotionToEnd, waitForText } from './support/page';
import { screenshotPath } from './support/paths';
import { pickRegionOption } from './support/regionPicker';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-mall-phone-')), 'mall-phone.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath });
const ops = opsOn(sqlitePath);
const PAY_PASSWORD = '135790';
const TAB_BAR = '[data-testid="tab-bar"]';
const BUY_BAR = '[data-testid="mall-buy-bar"]';
let session: Session;
let goodsId = '';

const api = <T>(path: string, call?: WebCall) => webApi<T>(e2e.baseUrl, session.token, path, call);

async function addAddress(receiver: string, isDefault: boolean, key: string): Promise<{ id: string }> {
  return api<{ id: string }>('/user/address/create', {
    method: 'POST',
    body: { receiver, phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山区' }, detail: '科技园南区 1 栋', isDefault },
    headers: { 'Idempotency-Key': `e2e-mall-phone-${key}` },
  });
}

beforeAll(async () => {
  session = await fundedUser(e2e.baseUrl, ops, { payPassword: PAY_PASSWORD, usdt: '5000' });
  await addAddress('张三', true, 'first');
  await addAddress('李四', false, 'second');
  const goods = await api<{ list: { id: string }[] }>('/mall/goods?pageSize=1');
  goodsId = goods.list[0].id;
});

interface Rect { top: number; bottom: number; left: number; right: number; width: number; height: number }

function rectOf(page: Page, selector: string): Promise<Rect> {
  return page.$eval(selector, (element) => {
    const { top, bottom, left, right, width, height } = element.getBoundingClientRect();
    return { top, bottom, left, right, width, height };
  });
}

/** The sizes of the visible buttons inside `scope` whose label (spaces removed) is `label`. */
function buttonSizes(page: Page, scope: string, label: string): Promise<Array<{ width: number; height: number }>> {
  return page.$$eval(
    `${scope} button`,
    (buttons, wanted) =>
      buttons
        .filter((button) => (button as HTMLElement).innerText.replace(/\s/g, '') === wanted && (button as HTMLElement).offsetParent !== null)
        .map((button) => ({ width: button.getBoundingClientRect().width, height: button.getBoundingClientRect().height })),
    label,
  );
}

/** True while an open sheet or the address book's selection title is on screen with `text`. */
function showsOnScreen(page: Page, text: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const sheets = Array.from(document.querySelectorAll<HTMLElement>('.ant-drawer-content-wrapper'));
    const inSheet = sheets.some((sheet) => sheet.offsetParent !== null && sheet.getBoundingClientRect().top < window.innerHeight && sheet.innerText.includes(wanted));
    const headings = Array.from(document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5'));
    return inSheet || headings.some((heading) => heading.innerText.includes(wanted));
  }, text);
}

describe('the mall on a phone', () => {
  test('after paying, back goes to the goods page and the mall, never to the address picker or the checkout', async () => {
    const page = await e2e.newPage({ session, viewport: PHONE });
    await page.goto(e2e.url('/shopping'));
    await page.waitForSelector(`a[href="/shopping/goods/${goodsId}"]`);
    await page.$eval(`a[href="/shopping/goods/${goodsId}"]`, (link) => (link as HTMLElement).click());
    await page.waitForFunction((id) => location.pathname === `/shopping/goods/${id}`, {}, goodsId);

    await clickButton(page, '立即购买');
    await waitForText(page, '[data-testid="mall-checkout-address"]', '张三');
    await page.$eval('[data-testid="mall-checkout-address"] a', (link) => (link as HTMLElement).click());
    await waitForText(page, 'body', '请选择收货地址');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="address-item"]').length === 2);
    const use = await buttonSizes(page, '[data-testid="address-item"]', '使用此地址');
    expect(use.length).toBe(2);
    for (const size of use) expect(size.height).toBeGreaterThanOrEqual(44);
    for (const size of use) expect(size.width).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: screenshotPath('mall-phone-address-select.png') });

    await page.$$eval('[data-testid="address-item"]', (items) => {
      const item = items.find((element) => (element as HTMLElement).innerText.includes('李四'))!;
      Array.from(item.querySelectorAll('button')).find((button) => button.innerText.replace(/\s/g, '') === '使用此地址')!.click();
    });
    await waitForText(page, '[data-testid="mall-checkout-address"]', '李四');
    await fill(page, '[data-pay-password][aria-label="支付密码"]', PAY_PASSWORD);
    await clickButton(page, '确认支付');
    await page.waitForFunction(() => /^\/shopping\/order_details\/2\/\d+$/.test(location.pathname), { timeout: 20_000 });
    await waitForText(page, 'body', '李四');

    const seen: string[] = [];
    for (const step of [1, 2]) {
      await page.goBack();
      await sleep(1200);
      seen.push(`${step}: ${currentPath(page)}`);
      expect({ step, picker: await showsOnScreen(page, '请选择收货地址'), checkout: await showsOnScreen(page, '确认订单') }).toEqual({ step, picker: false, checkout: false });
    }
    expect(seen).toEqual([`1: /shopping/goods/${goodsId}`, '2: /shopping']);
  });

  test('the buy bar stays on screen above the tab bar, its stepper finger-sized and aligned', async () => {
    for (const viewport of [SMALL_PHONE, PHONE]) {
      const page = await e2e.newPage({ session, viewport });
      await page.goto(e2e.url(`/shopping/goods/${goodsId}`));
      await page.waitForSelector(BUY_BAR, { visible: true });
      await sleep(300);
      const bar = await rectOf(page, BUY_BAR);
      const buy = await rectOf(page, `${BUY_BAR} button.ant-btn-primary`);
      const tabs = await rectOf(page, TAB_BAR);
      expect({ viewport, top: buy.top >= 0, aboveTabs: buy.bottom <= tabs.top + 0.5, barAboveTabs: bar.bottom <= tabs.top + 0.5 }).toEqual({ viewport, top: true, aboveTabs: true, barAboveTabs: true });

      // scrolled to the end, the description is not hidden under the bar
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await sleep(300);
      const description = await page.$$eval('.ant-card', (cards) => cards[cards.length - 1].getBoundingClientRect().bottom);
      expect(description).toBeLessThanOrEqual((await rectOf(page, BUY_BAR)).top + 0.5);

      const minus = await rectOf(page, 'button[aria-label="-"]');
      const plus = await rectOf(page, 'button[aria-label="+"]');
      const quantity = await rectOf(page, 'input[aria-label="数量"]');
      for (const button of [minus, plus]) {
        expect(button.height).toBeGreaterThanOrEqual(44);
        expect(button.width).toBeGreaterThanOrEqual(44);
      }
      // the three share one line: same top and bottom as the quantity's box
      const box = await page.$eval('input[aria-label="数量"]', (input) => {
        const wrapper = input.closest('.ant-input-number, .ant-input-affix-wrapper') ?? input;
        const { top, bottom } = wrapper.getBoundingClientRect();
        return { top, bottom };
      });
      expect(Math.abs(minus.top - box.top)).toBeLessThanOrEqual(1);
      expect(Math.abs(plus.bottom - box.bottom)).toBeLessThanOrEqual(1);
      expect(quantity.height).toBeGreaterThan(0);
      // each SKU a finger's size to choose
      const skus = await page.$$eval('.ant-radio-button-wrapper', (choices) => choices.map((choice) => choice.getBoundingClientRect().height));
      expect(skus.length).toBeGreaterThan(0);
      for (const height of skus) expect(height).toBeGreaterThanOrEqual(44);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: screenshotPath(`mall-phone-goods-${viewport.width}x${viewport.height}.png`) });
    }
  });

  test('order and address buttons are at least 44 px tall', async () => {
    const { list: addresses } = await api<{ list: { id: string }[] }>('/user/address');
    const detail = await api<{ skus: { id: string; stock: number }[] }>(`/mall/goods/${goodsId}`);
    const skuId = detail.skus.find((sku) => sku.stock > 3)!.id;
    const unpaid = await api<{ id: string }>('/mall/order/create', { method: 'POST', body: { skuId, quantity: 1, addressId: addresses[0].id } });

    const page = await e2e.newPage({ session, viewport: PHONE });
    await page.goto(e2e.url('/shopping/order/1'));
    await page.waitForSelector(`[data-testid="mall-order-${unpaid.id}"]`);
    for (const label of ['取消订单', '去付款']) {
      const sizes = await buttonSizes(page, `[data-testid="mall-order-${unpaid.id}"]`, label);
      expect({ label, count: sizes.length }).toEqual({ label, count: 1 });
      expect(sizes[0].height).toBeGreaterThanOrEqual(44);
      expect(sizes[0].width).toBeGreaterThanOrEqual(44);
    }
    await page.screenshot({ path: screenshotPath('mall-phone-orders.png') });

    await page.goto(e2e.url('/my/address'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="address-item"]').length >= 2);
    for (const label of ['编辑', '删除', '设为默认']) {
      const sizes = await buttonSizes(page, '[data-testid="address-item"]', label);
      expect({ label, some: sizes.length > 0 }).toEqual({ label, some: true });
      for (const size of sizes) {
        expect({ label, tall: size.height >= 44, wide: size.width >= 44 }).toEqual({ label, tall: true, wide: true });
      }
    }
    await page.screenshot({ path: screenshotPath('mall-phone-address-list.png') });
  });

  test('the region is chosen province → city → district from a sheet, and saved', async () => {
    const page = await e2e.newPage({ session, viewport: SMALL_PHONE });
    await page.goto(e2e.url('/my/address/add'));
    await fill(page, '#receiver', '王五');
    await fill(page, '#phone', '13912345678');
    await page.$eval('#region', (field) => field.scrollIntoView({ block: 'center' }));
    await page.click('#region');
    const sheet = '[data-testid="region-sheet"]';
    await page.waitForSelector(`${sheet} [data-testid="region-option"]`, { visible: true });
    await waitForMotionToEnd(page, '.ant-drawer-open');
    // a full-height sheet, most of the screen, not a four-row dropdown
    const sheetHeight = await page.$eval(sheet, (element) => element.closest('.ant-drawer-content-wrapper')!.getBoundingClientRect().height);
    expect(sheetHeight).toBeGreaterThanOrEqual(SMALL_PHONE.height * 0.75);
    const rowHeights = await page.$$eval(`${sheet} [data-testid="region-option"]`, (rows) => rows.slice(0, 5).map((row) => row.getBoundingClientRect().height));
    for (const height of rowHeights) expect(height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: screenshotPath('mall-phone-region-provinces.png') });

    for (const name of ['广东省', '深圳市']) await pickRegionOption(page, name);
    await waitForText(page, `${sheet} [data-testid="region-options"]`, '南山区');
    await page.screenshot({ path: screenshotPath('mall-phone-region-districts.png') });
    await pickRegionOption(page, '南山区');
    await page.waitForFunction((sel) => !document.querySelector(sel)?.closest('.ant-drawer-open'), {}, sheet);
    expect(await page.$eval('#region', (field) => (field as HTMLInputElement).value)).toBe('广东省 / 深圳市 / 南山区');
    // the district is chosen, not typed
    expect(await page.$('input#district')).toBeNull();

    // the sheet hands focus back to the region field when its closing motion ends: type after that
    await page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLElement | null)?.offsetParent, {}, sheet);
    await sleep(300);
    await fill(page, '#detail', '科技园南区 8 栋');
    expect(await page.$eval('#detail', (field) => (field as HTMLInputElement | HTMLTextAreaElement).value)).toBe('科技园南区 8 栋');
    await page.$eval('button[type="submit"]', (button) => (button as HTMLElement).click());
    await page.waitForFunction(() => location.pathname === '/my/address');
    await waitForText(page, '[data-testid="address-item"]', '王五');
    const items = await textsOf(page, '[data-testid="address-item"]');
    expect(items.find((item) => item.includes('王五'))).toContain('广东省 深圳市 南山区 科技园南区 8 栋');
  });
});
