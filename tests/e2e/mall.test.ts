/**
 * In Chromium against the real server (phone viewport): browse the mall, buy with a new
 * address added through the address book's selection mode, pay with the pay password; ship and
 * add traces with the ops commands and see them on the logistics page; confirm receipt; cancel
 * an unpaid order; each order tab lists the right orders.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { clickText, fill } from './support/actions';
import { webApi, type WebCall } from './support/api';
import { PHONE, useE2E, type Session } from './support/environment';
import { currentPath, sleep, textsOf, waitForText } from './support/page';
import { fundedUser } from './support/fundedUser';
import { opsOn } from './support/ops';
import { pickRegion } from './support/regionPicker';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-mall-')), 'mall.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath });
const PAY_PASSWORD = '135790';
let session: Session;

const ops = opsOn(sqlitePath);
const api = <T>(path: string, call?: WebCall) => webApi<T>(e2e.baseUrl, session.token, path, call);

async function waitForPathMatching(page: Page, pattern: RegExp): Promise<string> {
  await page.waitForFunction((source) => new RegExp(source).test(location.pathname + location.search), { timeout: 20_000 }, pattern.source)
    .catch(() => { throw new Error(`expected an address like ${pattern}, the page is at ${currentPath(page)}`); });
  return currentPath(page);
}

beforeAll(async () => {
  session = await fundedUser(e2e.baseUrl, ops, { payPassword: PAY_PASSWORD, usdt: '5000' });
});

describe('the mall', () => {
  let paidOrderId = '';
  let paidOrderNo = '';

  test('browse, buy with a new address, pay', async () => {
    const page = await e2e.newPage({ session, viewport: PHONE });
    await page.goto(e2e.url('/shopping'));
    await page.waitForSelector('a[href^="/shopping/goods/"]');
    const firstGoods = await page.$eval('a[href^="/shopping/goods/"]', (a) => ({ href: a.getAttribute('href')!, text: (a as HTMLElement).innerText }));
    await page.click(`a[href="${firstGoods.href}"]`);
    await waitForPathMatching(page, /^\/shopping\/goods\/\d+/);

    await page.waitForSelector('button[aria-label="+"]');
    // the stepper may sit under the fixed buy bar until the page is scrolled, as a finger would
    await page.$eval('button[aria-label="+"]', (button) => button.scrollIntoView({ block: 'center' }));
    await page.click('button[aria-label="+"]');
    await page.waitForFunction(() => location.search.includes('qty=2'));
    await clickText(page, 'button', '立即购买');
    await waitForText(page, '[data-testid="mall-checkout-address"]', '还没有收货地址');
    await clickText(page, 'button', '新增收货地址');

    await waitForPathMatching(page, /^\/my\/address\/add\?select=1&return=/);
    await fill(page, '#receiver', '王小明');
    await fill(page, '#phone', '13912345678');
    await pickRegion(page, ['广东省', '深圳市', '南山区']);
    await fill(page, '#detail', '科技园南区 8 栋 808');
    // the phone's form is taller than the screen (44 px fields): bring the button out from under
    // the fixed tab bar, where a click at its centre would land on the bar's 商城
    await page.$eval('button[type="submit"]', (button) => button.scrollIntoView({ block: 'center' }));
    await page.click('button[type="submit"]');

    await waitForPathMatching(page, /^\/my\/address\?select=1&return=/);
    await clickText(page, 'button', '使用此地址');
    await waitForPathMatching(page, /^\/shopping\/goods\/\d+\?.*checkout=1.*addressId=\d+/);
    await waitForText(page, '[data-testid="mall-checkout-address"]', '王小明');
    await fill(page, '[data-pay-password][aria-label="支付密码"]', PAY_PASSWORD);
    await clickText(page, 'button', '确认支付');

    const details = await waitForPathMatching(page, /^\/shopping\/order_details\/2\/\d+$/);
    paidOrderId = details.split('/').pop()!;
    await waitForText(page, 'body', '待发货');
    await waitForText(page, 'body', '王小明');
    paidOrderNo = (await textsOf(page, '[data-testid="mall-details-order-no"]'))[0];
    const order = await api<{ quantity: number; status: string; total: string }>(`/mall/order/${paidOrderId}`);
    expect(order).toMatchObject({ quantity: 2, status: 'paid' });
  });

  test('ship and traces from the ops commands show on the logistics page; confirm receipt', async () => {
    expect(paidOrderId).not.toBe('');
    expect(ops('mall:ship', '--order', paidOrderNo, '--carrier', '顺丰速运', '--tracking', 'SF1234567890')[0]).toMatchObject({ status: 'shipped' });
    ops('mall:trace', '--order', paidOrderId, '--text', '快件已揽收', '--location', '深圳转运中心');
    await sleep(1100);
    ops('mall:trace', '--order', paidOrderId, '--text', '快件已签收', '--location', '深圳南山', '--delivered');

    const page = await e2e.newPage({ session, viewport: PHONE });
    await page.goto(e2e.url('/shopping/order/3'));
    await waitForText(page, `[data-testid="mall-order-${paidOrderId}"]`, '待收货');
    await clickText(page, `[data-testid="mall-order-${paidOrderId}"] button`, '查看物流');
    await waitForPathMatching(page, new RegExp(`^/shopping/order_logistics/${paidOrderId}$`));
    await waitForText(page, 'body', 'SF1234567890');
    await waitForText(page, 'body', '顺丰速运');
    await waitForText(page, 'body', '已签收');
    const timeline = await textsOf(page, '.ant-timeline-item');
    expect(timeline[0]).toContain('快件已签收');
    expect(timeline[0]).toContain('深圳南山');
    expect(timeline[1]).toContain('快件已揽收');

    await page.goto(e2e.url('/shopping/order/3'));
    await clickText(page, `[data-testid="mall-order-${paidOrderId}"] button`, '确认收货');
    await clickText(page, '.ant-modal-confirm-btns button', '确认收货');
    await waitForText(page, '.ant-message', '已确认收货');
    await page.goto(e2e.url('/shopping/order/4'));
    await waitForText(page, `[data-testid="mall-order-${paidOrderId}"]`, '已完成');
  });

  test('cancel an unpaid order, and each tab lists the right orders', async () => {
    const goods = await api<{ list: { id: string }[] }>('/mall/goods?pageSize=1');
    const detail = await api<{ skus: { id: string; stock: number }[] }>(`/mall/goods/${goods.list[0].id}`);
    const skuId = detail.skus.find((sku) => sku.stock > 3)!.id;
    const { list: addresses } = await api<{ list: { id: string }[] }>('/user/address');
    const create = () => api<{ id: string }>('/mall/order/create', { method: 'POST', body: { skuId, quantity: 1, addressId: addresses[0].id } });
    const toCancel = await create();
    const unpaid = await create();
    const paid = await create();
    await api('/mall/order/pay', { method: 'POST', body: { id: paid.id, payPassword: PAY_PASSWORD }, headers: { 'Idempotency-Key': `e2e-pay-${paid.id}` } });

    const page = await e2e.newPage({ session, viewport: PHONE });
    await page.goto(e2e.url('/shopping/order/1'));
    await clickText(page, `[data-testid="mall-order-${toCancel.id}"] button`, '取消订单');
    await clickText(page, '.ant-modal-confirm-btns button', '取消订单');
    await waitForText(page, '.ant-message', '订单已取消');

    const expected: Record<number, string[]> = {
      0: [paid.id, unpaid.id, toCancel.id, paidOrderId],
      1: [unpaid.id],
      2: [paid.id],
      3: [],
      4: [paidOrderId],
      5: [toCancel.id],
    };
    for (const [type, ids] of Object.entries(expected)) {
      await page.goto(e2e.url(`/shopping/order/${type}`));
      if (ids.length) await page.waitForSelector(`[data-testid="mall-order-${ids[0]}"]`);
      else await waitForText(page, 'body', '暂无订单');
      const shown = await page.$$eval('[data-testid^="mall-order-"]', (cards) => cards.map((card) => card.getAttribute('data-testid')!.replace('mall-order-', '')));
      expect({ type, shown }).toEqual({ type, shown: ids });
    }
  });
});
