/**
 * A simulated month of daily settlement with a moved clock: power output, fees, finance interest
 * and maturity payouts against hand-computed figures; re-running days changes nothing; the
 * ledger invariants hold; the calculator's formulas give the same figures as the bills.
 */
import { dailyInterest } from '../../contract/rules/financeInterest';
import { estimatePower } from '../../contract/rules/powerOutput';
import { checkLedger } from '../../server/ledger/invariants';
import { toUnits } from '../../contract/rules/money';
import { settle } from '../../server/ops/settle';
import { addDays } from '../../server/settlement/days';
import { settlePendingDays } from '../../server/settlement/pendingDays';
import { settleDay } from '../../server/settlement/settleDay';
import { startTestApp, type TestApp } from './support/app';
import { DAY } from './support/clock';
import { MARCH_FIRST_NOON, PAY_PASSWORD, balance, call, insertFinanceProduct, insertPowerProduct, newUser, type TestUser } from './products.fixture';

const OFFSET = 480;
let t: TestApp;
let user: TestUser;
let powerOrderId: string;
let financeOrderId: string;
let oddOrderId: string;

/** 01:00 UTC+8 on the day after `day`: that day is over and may be settled */
const justAfter = (day: string) => Date.parse(`${addDays(day, 1)}T01:00:00+08:00`);
const opsSettle = async (args: string[]) => {
  const printed: unknown[] = [];
  const code = await settle.run(args, { db: t.db, clock: t.clock, print: (value) => printed.push(value) });
  return { code, printed };
};
async function entryCount(): Promise<number> {
  const row = await t.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await startTestApp({ config: { tokenIdleTtlMs: 400 * DAY, tokenAbsoluteTtlMs: 400 * DAY } });
  t.clock.set(MARCH_FIRST_NOON);
  user = await newUser(t, '2000');
  // 3 TH/s × 0.00001 BTC = 0.00003 gross; fees 3 × 0.000002 + 5 % = 0.0000075; net 0.0000225 a day
  const power = await insertPowerProduct(t, { price: '10', termDays: 30, dailyOutput: '0.00001', electricityFee: '0.000002', managementFeeRate: '5' });
  // 1000 USDT at 7.3 % for 10 days: 0.2 USDT a day
  const finance = await insertFinanceProduct(t, { annualRate: '7.3', lockDays: 10 });
  // 333.33333333 USDT at 5 % for 7 days: 0.0456621 a day (rounded down from 0.04566210045…)
  const odd = await insertFinanceProduct(t, { annualRate: '5', lockDays: 7 });
  const post = (url: string, payload: object) => call(t, user, 'POST', url, payload);
  powerOrderId = (await post('/product/power-order/create', { productId: power, units: 3, payPassword: PAY_PASSWORD })).body.data.id;
  financeOrderId = (await post('/product/finance-order/create', { productId: finance, amount: '1000', payPassword: PAY_PASSWORD })).body.data.id;
  oddOrderId = (await post('/product/finance-order/create', { productId: odd, amount: '333.33333333', payPassword: PAY_PASSWORD })).body.data.id;
});
afterAll(async () => t.close());

describe('daily settlement', () => {
  it('refuses a day that is not over, and a malformed day', async () => {
    await expect(settleDay(t.db, '2026-03-01', t.clock, OFFSET)).rejects.toThrow('not over yet');
    await expect(settleDay(t.db, '2026-02-30', t.clock, OFFSET)).rejects.toThrow('not a day');
  });

  it('settles nothing on the purchase day: orders start the next day', async () => {
    t.clock.set(justAfter('2026-03-01'));
    expect(await settleDay(t.db, '2026-03-01', t.clock, OFFSET)).toEqual({ day: '2026-03-01', powerBills: 0, financeInterest: 0, redeemed: 0 });
    expect((await balance(t, user.id, 'BTC')).available).toBe(0n);
  });

  it('credits the first days through the ops command, exactly once', async () => {
    t.clock.set(justAfter('2026-03-03'));
    const first = await opsSettle(['--day', '2026-03-02']);
    expect(first).toEqual({ code: 0, printed: [{ day: '2026-03-02', powerBills: 1, financeInterest: 2, redeemed: 0 }] });
    const entries = await entryCount();
    const again = await opsSettle(['--day', '2026-03-02']);
    expect(again.printed).toEqual([{ day: '2026-03-02', powerBills: 0, financeInterest: 0, redeemed: 0 }]);
    expect(await entryCount()).toBe(entries);
    expect((await balance(t, user.id, 'BTC')).available).toBe(toUnits('0.0000225'));
    // without --day: every past day not settled yet (here 2026-03-03)
    expect((await opsSettle([])).printed).toEqual([{ day: '2026-03-03', powerBills: 1, financeInterest: 2, redeemed: 0 }]);
  });

  it('shows census, bills and power detail for yesterday', async () => {
    t.clock.set(Date.parse('2026-03-04T09:00:00+08:00'));
    const census = await call(t, user, 'GET', '/product/finance-order/census');
    expect(census.body.data).toEqual({ currency: 'USDT', principalHeld: '1333.33333333', earnedYesterday: '0.2456621', earnedTotal: '0.4913242', activeOrders: 2 });
    const bills = await call(t, user, 'GET', `/account/power-bill?orderId=${powerOrderId}`);
    expect(bills.body.data.total).toBe(2);
    expect(bills.body.data.list[0]).toEqual({
      id: expect.any(String), orderId: powerOrderId, day: '2026-03-03', coin: 'BTC',
      gross: '0.00003', electricityFee: '0.000006', managementFee: '0.0000015', fee: '0.0000075', net: '0.0000225',
    });
    expect((await call(t, user, 'GET', '/account/power-bill?from=2026-03-03&to=2026-03-03')).body.data.total).toBe(1);
    const detail = await call(t, user, 'GET', '/account/power/detail');
    expect(detail.body.data.coins.find((c: { coin: string }) => c.coin === 'BTC')).toEqual({
      coin: 'BTC', unit: 'TH/s', hashrate: '3', outputYesterday: '0.0000225', outputTotal: '0.000045', available: '0.000045',
      // the exchange terms at the demo feed's price (the seed's, held still in tests)
      exchangeRate: '65000', exchangeFeeRate: '0.5', exchangeMinimum: '0.00001',
    });
    const orders = await call(t, user, 'GET', '/product/power-order?status=active');
    expect(orders.body.data.list).toEqual([expect.objectContaining({ id: powerOrderId, outputTotal: '0.000045', status: 'active' })]);
  });

  it('runs the rest of the month like the scheduled job and pays back at maturity', async () => {
    for (let day = '2026-03-04'; day <= '2026-04-05'; day = addDays(day, 1)) {
      t.clock.set(justAfter(day));
      const results = await settlePendingDays(t.db, t.clock, OFFSET);
      expect(results.map((r) => r.day)).toEqual([day]);
      if (day === '2026-03-08') expect(results[0]).toMatchObject({ financeInterest: 2, redeemed: 1 });
      if (day === '2026-03-11') expect(results[0]).toMatchObject({ financeInterest: 1, redeemed: 1 });
    }
    expect(await settlePendingDays(t.db, t.clock, OFFSET)).toEqual([]);

    // power: 30 days × 0.0000225 BTC, nothing after 2026-03-31
    expect((await balance(t, user.id, 'BTC')).available).toBe(toUnits('0.000675'));
    const bills = await t.db.selectFrom('power_bills').select(['day']).where('order_id', '=', BigInt(powerOrderId)).orderBy('day').execute();
    expect(bills.map((b) => b.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays('2026-03-02', i)));
    // finance: 2000 − 30 − 1000 − 333.33333333 + (1000 + 10 × 0.2) + (333.33333333 + 7 × 0.0456621)
    expect(await balance(t, user.id, 'USDT')).toEqual({ available: toUnits('1972.3196347'), frozen: 0n });
    const finance = await call(t, user, 'GET', '/product/finance-order?status=ended');
    expect(finance.body.data.list.map((o: { id: string; interestEarned: string }) => [o.id, o.interestEarned])).toEqual([
      [oddOrderId, '0.3196347'],
      [financeOrderId, '2'],
    ]);
    const census = await call(t, user, 'GET', '/product/finance-order/census');
    expect(census.body.data).toMatchObject({ principalHeld: '0', earnedYesterday: '0', earnedTotal: '2.3196347', activeOrders: 0 });
    expect((await call(t, user, 'GET', '/product/power-order?status=ended')).body.data.list).toEqual([
      expect.objectContaining({ id: powerOrderId, outputTotal: '0.000675', status: 'ended' }),
    ]);
    const detail = await call(t, user, 'GET', '/account/power/detail');
    expect(detail.body.data.coins.find((c: { coin: string }) => c.coin === 'BTC')).toMatchObject({ hashrate: '0', outputTotal: '0.000675' });
  });

  it('changes nothing when the whole month is settled again', async () => {
    const entries = await entryCount();
    const usdt = await balance(t, user.id, 'USDT');
    for (let day = '2026-03-01'; day <= '2026-04-05'; day = addDays(day, 1)) {
      expect(await settleDay(t.db, day, t.clock, OFFSET)).toEqual({ day, powerBills: 0, financeInterest: 0, redeemed: 0 });
    }
    expect(await entryCount()).toBe(entries);
    expect(await balance(t, user.id, 'USDT')).toEqual(usdt);
  });

  it('agrees with the calculator on the same inputs', async () => {
    const order = await t.db.selectFrom('power_orders').selectAll().where('id', '=', BigInt(powerOrderId)).executeTakeFirstOrThrow();
    const estimate = estimatePower({
      units: order.units, pricePerUnit: toUnits('10'), termDays: 30, days: 30, coinPriceUsdt: toUnits('50000'),
      dailyOutputPerUnit: order.daily_output_per_unit, electricityFeePerUnit: order.electricity_fee_per_unit, managementFeeRate: order.management_fee_rate,
    });
    const sums = await t.db
      .selectFrom('power_bills')
      .select((eb) => [eb.fn.sum<bigint>('gross').as('gross'), eb.fn.sum<bigint>('electricity_fee').as('electricity'), eb.fn.sum<bigint>('management_fee').as('management'), eb.fn.sum<bigint>('net').as('net')])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect([estimate.gross, estimate.electricityFee, estimate.managementFee, estimate.net]).toEqual([sums.gross, sums.electricity, sums.management, sums.net].map((v) => BigInt(v)));
    const interest = await t.db.selectFrom('finance_interest').select('amount').where('order_id', '=', BigInt(oddOrderId)).execute();
    expect(new Set(interest.map((row) => row.amount))).toEqual(new Set([dailyInterest(toUnits('333.33333333'), toUnits('5'))]));
  });

  it('writes each row once when several settlement runs take the same day at once', async () => {
    t.clock.set(Date.parse('2026-04-06T10:00:00+08:00'));
    const productId = await insertPowerProduct(t, { termDays: 5 });
    expect((await call(t, user, 'POST', '/product/power-order/create', { productId, units: 2, payPassword: PAY_PASSWORD })).status).toBe(200);
    const btc = (await balance(t, user.id, 'BTC')).available;
    t.clock.set(justAfter('2026-04-07'));
    const runs = await Promise.all([1, 2, 3].map(() => settleDay(t.db, '2026-04-07', t.clock, OFFSET)));
    expect(runs.reduce((sum, run) => sum + run.powerBills, 0)).toBe(1);
    // 2 × 0.00001 gross − 2 × 0.000002 − 5 % = 0.000015
    expect((await balance(t, user.id, 'BTC')).available).toBe(btc + toUnits('0.000015'));
  });

  it('keeps the ledger invariants', async () => {
    const report = await checkLedger(t.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
