/**
 * In Chromium against the real server (phone viewport): buy a power product and a finance
 * product through the sheets, settle two days with the ops command, then see the bills on
 * /calculate/history, the census on /calculate/assets and exchange the output on /calculate/exchange.
 *
 * An order bought today starts tomorrow and only past days can be settled: after buying, the test
 * moves both orders' days two days back in the database (as if bought three days ago), then
 * settles the day before yesterday and yesterday. The test controls the jobs it depends on: its
 * server runs without its settlement job (JOBS_OFF, server/jobSchedule.ts), so the ops command is
 * the only settler and its report is exact; the test also checks each bill exists exactly once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'puppeteer-core';
import { toUnits as amountUnits } from '../../contract/rules/money';
import { addDays, dayOf } from '../../server/settlement/days';
import { clickText } from './support/actions';
import { webApi, type WebCall } from './support/api';
import { PHONE, useE2E, type Session } from './support/environment';
import { waitForText } from './support/page';
import { fundedUser } from './support/fundedUser';
import { opsOn } from './support/ops';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-products-')), 'products.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath, JOBS_OFF: 'settlement' });
const PAY_PASSWORD = '246810';
const UTC_PLUS_8 = 480;
const POWER_UNITS = 50;
let session: Session;

const ops = opsOn(sqlitePath);
const api = <T>(path: string, call?: WebCall) => webApi<T>(e2e.baseUrl, session.token, path, call);

/** Agrees, types the pay password and pays in the open PaySheet. */
async function payInSheet(page: Page): Promise<void> {
  await page.waitForSelector('.ant-drawer-open #payPassword', { visible: true });
  await clickText(page, '.ant-drawer-open .ant-checkbox-wrapper', '我已阅读');
  await page.type('.ant-drawer-open #payPassword', PAY_PASSWORD);
  await clickText(page, '.ant-drawer-open button', '确认支付');
}

/** The days each order was settled for, one entry per bill, read from the database. */
function settledRows(powerOrderId: string, financeOrderId: string): { powerBills: string[]; financeInterest: string[] } {
  const db = new Database(sqlitePath, { readonly: true });
  try {
    const days = (sql: string, id: string) => (db.prepare(sql).all(id) as { day: string }[]).map((row) => row.day);
    return {
      powerBills: days('select day from power_bills where order_id = ? order by day', powerOrderId),
      financeInterest: days('select day from finance_interest where order_id = ? order by day', financeOrderId),
    };
  } finally {
    db.close();
  }
}

interface Paged<T> {
  list: T[];
  total: number;
}

beforeAll(async () => {
  session = await fundedUser(e2e.baseUrl, ops, { payPassword: PAY_PASSWORD, usdt: '100000', txByte: 'cd' });
});

test('buy power and finance, settle two days, see bills and census, exchange the output', async () => {
  const page = await e2e.newPage({ session, viewport: PHONE });

  // buy the first power product: enough units that two days' output pass the exchange minimum
  const powerProducts = await api<Paged<{ id: string; coin: string; minUnits: number }>>('/product/power');
  const power = powerProducts.list[0];
  await page.goto(e2e.url('/calculate'));
  await clickText(page, 'button', '立即购买');
  await page.waitForSelector('.ant-drawer-open #units', { visible: true });
  await page.locator('.ant-drawer-open #units').click(); // waits until the sheet stopped sliding in
  await page.$eval('.ant-drawer-open #units', (input) => (input as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  await page.type('.ant-drawer-open #units', String(POWER_UNITS));
  await payInSheet(page);
  await waitForText(page, 'body', '购买成功');

  // subscribe the first finance product with its default (minimum) amount
  const financeProducts = await api<Paged<{ id: string; minAmount: string; annualRate: string }>>('/product/finance');
  const finance = financeProducts.list[0];
  await page.goto(e2e.url('/calculate/coin'));
  await clickText(page, 'button', '立即认购');
  await payInSheet(page);
  await waitForText(page, 'body', '认购成功');

  const powerOrders = await api<Paged<{ id: string; productId: string; units: number }>>('/product/power-order');
  expect(powerOrders.list[0].units).toBe(POWER_UNITS);
  const financeOrders = await api<Paged<{ id: string; productId: string }>>('/product/finance-order');
  expect(powerOrders.list.map((order) => order.productId)).toEqual([power.id]);
  expect(financeOrders.list.map((order) => order.productId)).toEqual([finance.id]);

  // as if bought three days ago: the orders produce from the day before yesterday
  const today = dayOf(Date.now(), UTC_PLUS_8);
  const dayBefore = addDays(today, -2);
  const yesterday = addDays(today, -1);
  const db = new Database(sqlitePath);
  try {
    db.prepare("update power_orders set start_day = date(start_day, '-3 days'), end_day = date(end_day, '-3 days') where id = ?").run(powerOrders.list[0].id);
    db.prepare("update finance_orders set start_day = date(start_day, '-3 days'), maturity_day = date(maturity_day, '-3 days') where id = ?").run(financeOrders.list[0].id);
  } finally {
    db.close();
  }
  // each day: this test's power bill and finance interest, made by the ops command
  expect(ops('settle', '--day', dayBefore)).toEqual([{ day: dayBefore, powerBills: 1, financeInterest: 1, redeemed: 0 }]);
  expect(ops('settle', '--day', yesterday)).toEqual([{ day: yesterday, powerBills: 1, financeInterest: 1, redeemed: 0 }]);
  expect(settledRows(powerOrders.list[0].id, financeOrders.list[0].id)).toEqual({
    powerBills: [dayBefore, yesterday],
    financeInterest: [dayBefore, yesterday],
  });

  // the two daily bills on /calculate/history
  const bills = await api<Paged<{ day: string; net: string }>>('/account/power-bill');
  expect(bills.list.map((bill) => bill.day)).toEqual([yesterday, dayBefore]);
  await page.goto(e2e.url('/calculate/history'));
  await clickText(page, '.ant-tabs-tab', '每日账单');
  await waitForText(page, '.ant-tabs-tabpane-active', `${yesterday} · ${power.coin}`);
  await waitForText(page, '.ant-tabs-tabpane-active', `${dayBefore} · ${power.coin}`);

  // the census on /calculate/assets: two days of interest earned
  const census = await api<{ earnedTotal: string; principalHeld: string }>('/product/finance-order/census');
  expect(amountUnits(census.earnedTotal)).toBeGreaterThan(0n);
  await page.goto(e2e.url('/calculate/assets'));
  await waitForText(page, '.ant-statistic', '累计收益');
  const statistics = await page.$$eval('.ant-statistic', (els) => els.map((el) => (el as HTMLElement).innerText.replace(/,/g, '')));
  expect(statistics.some((text) => text.includes('累计收益') && text.includes(census.earnedTotal))).toBe(true);
  await waitForText(page, 'body', '到期预估收益');

  // exchange all the mined coin to USDT
  const detail = await api<{ coins: { coin: string; available: string }[] }>('/account/power/detail');
  const mined = detail.coins.find((coin) => coin.coin === power.coin)!;
  expect(mined.available).not.toBe('0');
  const usdtBefore = await api<{ balances: { currency: string; available: string }[] }>('/account/account');
  await page.goto(e2e.url('/calculate/exchange'));
  await clickText(page, 'button', '兑换为 USDT');
  await page.waitForSelector('.ant-drawer-open #coin', { visible: true });
  const selected = await page.$eval('.ant-drawer-open .ant-select-selection-item', (el) => (el as HTMLElement).innerText);
  if (selected !== power.coin) {
    await page.locator('.ant-drawer-open #coin').click();
    await clickText(page, '.ant-select-item-option', power.coin);
  }
  await waitForText(page, '.ant-drawer-open .ant-select-selection-item', power.coin);
  await clickText(page, '.ant-drawer-open button', '最大');
  await waitForText(page, '.ant-drawer-open', '预估到账');
  await payInSheet(page);
  await waitForText(page, 'body', '兑换成功');

  const records = await api<Paged<{ coin: string; amount: string; received: string }>>('/account/exchange');
  expect(records.list.map((record) => [record.coin, record.amount])).toEqual([[power.coin, mined.available]]);
  await waitForText(page, '.ant-list', records.list[0].received);
  const usdtAfter = await api<{ balances: { currency: string; available: string }[] }>('/account/account');
  const usdt = (overview: typeof usdtBefore) => amountUnits(overview.balances.find((balance) => balance.currency === 'USDT')!.available);
  expect(usdt(usdtAfter) - usdt(usdtBefore)).toBe(amountUnits(records.list[0].received));
}, 240_000);
