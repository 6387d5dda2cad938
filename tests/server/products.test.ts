/** Buying power and subscribing to finance products: ledger, stock, sale window, quota, limits, idempotency. */
import { checkLedger } from '../../server/ledger/invariants';
import { toUnits } from '../../contract/rules/money';
import { startTestApp, type TestApp } from './support/app';
import { DAY } from './support/clock';
import { MARCH_FIRST_NOON, PAY_PASSWORD, balance, call, insertFinanceProduct, insertPowerProduct, newUser, type TestUser } from './products.fixture';
import { haltCurrency, resumeCurrency } from '../../server/prices/store';
import { systemBalance } from '../../server/ledger/balances';
import { cliActor } from '../../server/operators/actor';

let t: TestApp;
let buyer: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(MARCH_FIRST_NOON);
  buyer = await newUser(t, '5000');
});
afterAll(async () => t.close());

const buyPower = (user: TestUser, productId: string, units: number, key?: string, payPassword = PAY_PASSWORD) =>
  call(t, user, 'POST', '/product/power-order/create', { productId, units, payPassword }, key);
const subscribe = (user: TestUser, productId: string, amount: string, key?: string) =>
  call(t, user, 'POST', '/product/finance-order/create', { productId, amount, payPassword: PAY_PASSWORD }, key);

describe('power products', () => {
  // (the prerendered product pages are rendered again only when their answers change)
  it('are the same answer whatever the coin\'s market price does', async () => {
    await insertPowerProduct(t);
    const list = async () => (await call(t, null, 'GET', '/product/power?coin=BTC&pageSize=100')).body.data;
    const before = await list();
    expect(before.list.length).toBeGreaterThan(0);
    t.clock.advance(60_000);
    expect(await list()).toEqual(before);
    await haltCurrency(t.db, { actor: cliActor('test'), now: t.clock.now(), reason: 'test' }, 'BTC');
    expect(await list()).toEqual(before);
    await resumeCurrency(t.db, { actor: cliActor('test'), now: t.clock.now(), reason: '' }, 'BTC');
    expect(await list()).toEqual(before);
  });
});

describe('power orders', () => {
  it('debits USDT to product_sales, claims stock and starts the next day', async () => {
    const productId = await insertPowerProduct(t, { price: '12.5', termDays: 30, stock: 100 });
    const before = await balance(t, buyer.id, 'USDT');
    const answer = await buyPower(buyer, productId, 4);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ productId, units: 4, amountUsdt: '50', coin: 'BTC', unit: 'TH/s', startDate: '2026-03-02', endDate: '2026-03-31', status: 'pending', outputTotal: '0' });
    expect((await balance(t, buyer.id, 'USDT')).available).toBe(before.available - toUnits('50'));
    expect(await systemBalance(t.db, 'product_sales', 'USDT')).toBe(toUnits('50'));
    const product = await t.db.selectFrom('power_products').select(['stock', 'sold']).where('id', '=', BigInt(productId)).executeTakeFirstOrThrow();
    expect(product).toEqual({ stock: 96n, sold: 4n });

    const list = await call(t, buyer, 'GET', '/product/power-order?status=pending');
    expect(list.body.data.list.map((o: { id: string }) => o.id)).toContain(answer.body.data.id);
    expect((await call(t, buyer, 'GET', '/product/power-order?status=active')).body.data.total).toBe(0);
  });

  it('answers a repeated Idempotency-Key with the first order and buys once', async () => {
    const productId = await insertPowerProduct(t, { stock: 10 });
    const first = await buyPower(buyer, productId, 2, 'power-buy-1');
    const again = await buyPower(buyer, productId, 2, 'power-buy-1');
    expect(again.body.data).toEqual(first.body.data);
    expect((await buyPower(buyer, productId, 3, 'power-buy-1')).status).toBe(409);
    const orders = await t.db.selectFrom('power_orders').select('id').where('product_id', '=', BigInt(productId)).execute();
    expect(orders).toHaveLength(1);
  });

  it('refuses outside the sale window, below the minimum, beyond the stock, without funds or with a wrong pay password', async () => {
    const upcoming = await insertPowerProduct(t, { saleStart: t.clock.now() + DAY });
    expect((await buyPower(buyer, upcoming, 1)).status).toBe(422);
    const ended = await insertPowerProduct(t, { saleEnd: t.clock.now() - 1 });
    expect((await buyPower(buyer, ended, 1)).status).toBe(422);
    const minimum = await insertPowerProduct(t, { minUnits: 5 });
    const below = await buyPower(buyer, minimum, 4);
    expect(below.status).toBe(422);
    expect(below.body.errMessage).toBe('最少購買 5 TH/s');
    const scarce = await insertPowerProduct(t, { stock: 3 });
    const short = await buyPower(buyer, scarce, 4);
    expect(short.body.errMessage).toBe('庫存不足，僅剩 3 TH/s');
    const poor = await newUser(t, '10');
    const pricey = await insertPowerProduct(t, { price: '11', stock: 5 });
    expect((await buyPower(poor, pricey, 1)).status).toBe(422);
    expect((await buyPower(buyer, pricey, 1, undefined, '000000')).status).toBeGreaterThanOrEqual(400);
    // nothing of the refused purchases stuck
    const product = await t.db.selectFrom('power_products').select(['stock', 'sold']).where('id', '=', BigInt(pricey)).executeTakeFirstOrThrow();
    expect(product).toEqual({ stock: 5n, sold: 0n });
    expect((await balance(t, poor.id, 'USDT')).available).toBe(toUnits('10'));
  });

  it('sells exactly the stock to concurrent buyers of the last units', async () => {
    const productId = await insertPowerProduct(t, { price: '1', stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => newUser(t, '100')));
    const attempts = await Promise.all(Array.from({ length: 12 }, (_, i) => buyPower(buyers[i % 4], productId, 1)));
    const sold = attempts.filter((a) => a.status === 200);
    expect(sold).toHaveLength(5);
    expect(attempts.filter((a) => a.status === 422)).toHaveLength(7);
    const product = await t.db.selectFrom('power_products').select(['stock', 'sold']).where('id', '=', BigInt(productId)).executeTakeFirstOrThrow();
    expect(product).toEqual({ stock: 0n, sold: 5n });
    const spent = await Promise.all(buyers.map(async (b) => toUnits('100') - (await balance(t, b.id, 'USDT')).available));
    expect(spent.reduce((a, b) => a + b, 0n)).toBe(toUnits('5'));
    expect((await call(t, null, 'GET', '/product/power')).body.data.list.find((p: { id: string }) => p.id === productId).status).toBe('sold_out');
  });
});

describe('invite commission', () => {
  it('pays the inviter the configured share of a power purchase in the same transaction, nothing on a finance principal', async () => {
    const inviter = await newUser(t);
    const { invite_code: code } = await t.db.selectFrom('users').select('invite_code').where('id', '=', inviter.id).executeTakeFirstOrThrow();
    const invitee = await newUser(t, '1000', code);
    const power = await insertPowerProduct(t, { price: '10', stock: 10 });
    expect((await buyPower(invitee, power, 5)).status).toBe(200);
    const finance = await insertFinanceProduct(t);
    expect((await subscribe(invitee, finance, '200')).status).toBe(200);
    // 5 % (COMMISSION_RATE default) of the 50 USDT of power; a finance principal pays nothing (commission-farming.test.ts)
    expect((await balance(t, inviter.id, 'USDT')).available).toBe(toUnits('2.5'));
  });
});

describe('finance orders', () => {
  it('locks the principal in the frozen bucket and claims quota', async () => {
    const productId = await insertFinanceProduct(t, { lockDays: 10, quota: '1500' });
    const before = await balance(t, buyer.id, 'USDT');
    const answer = await subscribe(buyer, productId, '1000');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ principal: '1000', annualRate: '7.3', lockDays: 10, startDate: '2026-03-02', maturityDate: '2026-03-11', interestEarned: '0', status: 'pending' });
    const after = await balance(t, buyer.id, 'USDT');
    expect(after.available).toBe(before.available - toUnits('1000'));
    expect(after.frozen).toBe(before.frozen + toUnits('1000'));

    const quota = await subscribe(buyer, productId, '600');
    expect(quota.status).toBe(422);
    expect(quota.body.errMessage).toBe('額度不足，剩餘可認購 500 USDT');
    expect((await call(t, null, 'GET', '/product/finance')).body.data.list.find((p: { id: string }) => p.id === productId).sold).toBe('1000');
    const census = await call(t, buyer, 'GET', '/product/finance-order/census');
    expect(census.body.data).toMatchObject({ principalHeld: '1000', earnedYesterday: '0', earnedTotal: '0', activeOrders: 1 });
  });

  it('keeps each subscription between the minimum and the maximum', async () => {
    const productId = await insertFinanceProduct(t, { minAmount: '100', maxAmount: '200' });
    expect((await subscribe(buyer, productId, '99.99999999')).body.errMessage).toBe('認購金額不能低於 100 USDT');
    expect((await subscribe(buyer, productId, '200.00000001')).body.errMessage).toBe('認購金額不能高於 200 USDT');
    expect((await subscribe(buyer, productId, '200', 'fin-1')).status).toBe(200);
    expect((await subscribe(buyer, productId, '200', 'fin-1')).status).toBe(200);
    expect(await t.db.selectFrom('finance_orders').select('id').where('product_id', '=', BigInt(productId)).execute()).toHaveLength(1);
  });

  it('leaves the ledger balanced', async () => {
    const report = await checkLedger(t.db);
    expect(report.problems).toEqual([]);
  });
});
