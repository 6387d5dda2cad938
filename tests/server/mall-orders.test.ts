/**
 * Mall orders beyond the status table: checkout snapshot and stock (also under concurrent
 * checkouts of the last unit), payment and refund through the ledger, pay-window timeout and
 * auto-confirm with the injected clock, lists by type, logistics from the ops commands, and
 * another user's order answering 404 everywhere.
 */
import { checkLedger } from '../../server/ledger/invariants';
import { sweepOrders } from '../../server/mall/sweep';
import { toUnits } from '../../contract/rules/money';
import { MARCH_FIRST_NOON, PAY_PASSWORD, balance, call } from './products.fixture';
import { insertSku, newBuyer, ops, orderApi, stockOf, type Buyer } from './mall.fixture';
import { startTestApp, type TestApp } from './support/app';
import { DAY, MINUTE } from './support/clock';
import { systemBalance } from '../../server/ledger/balances';

let t: TestApp;
let buyer: Buyer;
let api: ReturnType<typeof orderApi>;
beforeAll(async () => {
  // sessions outlive the 10 days the clock travels
  t = await startTestApp({ config: { tokenIdleTtlMs: 60 * DAY, tokenAbsoluteTtlMs: 60 * DAY } });
  t.clock.set(MARCH_FIRST_NOON);
  buyer = await newBuyer(t, '1000');
  api = orderApi(t);
});
afterAll(async () => t.close());

const mallAccount = () => systemBalance(t.db, 'mall', 'USDT');

describe('checkout', () => {
  it('copies goods, price and address into an unpaid order, holds the stock and sets a 30-minute pay deadline', async () => {
    const skuId = await insertSku(t, { price: '12.5', stock: 5 });
    const answer = await api.create(buyer, skuId, 2);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'unpaid', skuId, title: '测试商品', skuName: '标准版', price: '12.5', quantity: 2, total: '25', actions: ['pay', 'cancel'],
      createdAt: '2026-03-01 12:00:00', payDeadline: '2026-03-01 12:30:00', payRemainingSeconds: 1800, paidAt: null,
      address: { id: buyer.addressId, receiver: '张三', phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山区' } },
    });
    expect(answer.body.data.orderNo).toMatch(/^PF20260301120000\d{6}$/);
    expect(await stockOf(t, skuId)).toBe(3);

    // later edits of the address book do not change the order
    await call(t, buyer, 'POST', '/user/address/update', {
      id: buyer.addressId, receiver: '李四', phone: '13900139000', region: { province: '广东省', city: '深圳市', district: '福田区' }, detail: '福华路 2 号', isDefault: true,
    });
    expect((await api.detail(buyer, answer.body.data.id)).body.data.address.receiver).toBe('张三');
  });

  it('refuses more than the stock, and an address or SKU that is not there', async () => {
    const skuId = await insertSku(t, { stock: 2 });
    const short = await api.create(buyer, skuId, 3);
    expect(short.status).toBe(422);
    expect(short.body.errMessage).toBe('庫存不足，剩餘 2 件');
    expect(await stockOf(t, skuId)).toBe(2);
    expect((await api.create(buyer, skuId, 1, '999999')).status).toBe(404);
    expect((await api.create(buyer, '999999', 1)).status).toBe(404);
  });

  it('sells the last unit once when many buyers check out at the same moment', async () => {
    const skuId = await insertSku(t, { stock: 1 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => newBuyer(t, '100')));
    const answers = await Promise.all(buyers.map((b) => api.create(b, skuId, 1)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    expect(await stockOf(t, skuId)).toBe(0);
  });
});

describe('payment and refund', () => {
  it('debits the total to the mall account, counts the sale, and replays a repeated Idempotency-Key', async () => {
    const skuId = await insertSku(t, { price: '30', stock: 10 });
    const { id } = (await api.create(buyer, skuId, 2)).body.data;
    const before = await balance(t, buyer.id, 'USDT');
    const mallBefore = await mallAccount();
    const paid = await api.pay(buyer, id, `pay-${id}`);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', paidAt: '2026-03-01 12:00:00', payDeadline: null, actions: ['cancel'] });
    const replay = await api.pay(buyer, id, `pay-${id}`);
    expect(replay.body.data).toEqual(paid.body.data);
    expect((await balance(t, buyer.id, 'USDT')).available).toBe(before.available - toUnits('60'));
    expect((await mallAccount()) - mallBefore).toBe(toUnits('60'));
    const goods = await t.db.selectFrom('mall_skus as s').innerJoin('mall_goods as g', 'g.id', 's.goods_id').select('g.sales').where('s.id', '=', BigInt(skuId)).executeTakeFirstOrThrow();
    expect(goods.sales).toBe(2n);
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('refunds a paid, unshipped order on cancel and returns its stock; the ledger stays balanced', async () => {
    const skuId = await insertSku(t, { price: '40', stock: 10 });
    const { id } = (await api.create(buyer, skuId, 1)).body.data;
    await api.pay(buyer, id);
    const before = await balance(t, buyer.id, 'USDT');
    const mallBefore = await mallAccount();
    const cancelled = await api.cancel(buyer, id, `cancel-${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelledAt: '2026-03-01 12:00:00', actions: [] });
    expect((await balance(t, buyer.id, 'USDT')).available).toBe(before.available + toUnits('40'));
    expect(mallBefore - (await mallAccount())).toBe(toUnits('40'));
    expect(await stockOf(t, skuId)).toBe(10);
    const report = await checkLedger(t.db);
    expect(report.problems).toEqual([]);
    expect(report.currencySums.USDT).toBe(0n);
    const entries = await t.db.selectFrom('ledger_entries').select(['type', 'amount']).where('user_id', '=', buyer.id).where('remark', '=', cancelled.body.data.orderNo).orderBy('id').execute();
    expect(entries).toEqual([{ type: 'mall_payment', amount: -toUnits('40') }, { type: 'mall_refund', amount: toUnits('40') }]);
  });

  it('keeps the order unpaid without enough balance or with a wrong pay password', async () => {
    const poor = await newBuyer(t, '20');
    const skuId = await insertSku(t, { price: '15', stock: 10 });
    const { id } = (await api.create(poor, skuId, 1)).body.data;
    // checkout needed a covering balance; it was spent elsewhere before paying
    const spent = await call(t, poor, 'POST', '/account/transfer/create', { to: buyer.uid, currency: 'USDT', amount: '10', payPassword: PAY_PASSWORD });
    expect(spent.status).toBe(200);
    const left = (await balance(t, poor.id, 'USDT')).available;
    const short = await api.pay(poor, id);
    expect(short.status).toBe(422);
    expect(short.body.errCode).toBe('INSUFFICIENT_BALANCE');
    expect((await api.pay(poor, id, undefined, '000000')).status).toBeGreaterThanOrEqual(400);
    expect((await api.detail(poor, id)).body.data.status).toBe('unpaid');
    expect((await balance(t, poor.id, 'USDT')).available).toBe(left);
  });
});

describe('with the injected clock', () => {
  it('cancels an unpaid order 30 minutes after checkout and returns its stock', async () => {
    const skuId = await insertSku(t, { stock: 4 });
    const { id } = (await api.create(buyer, skuId, 3)).body.data;
    t.clock.advance(29 * MINUTE);
    expect((await api.detail(buyer, id)).body.data).toMatchObject({ status: 'unpaid', payRemainingSeconds: 60 });
    expect(await stockOf(t, skuId)).toBe(1);
    t.clock.advance(MINUTE);
    const late = await api.pay(buyer, id);
    expect(late.status).toBe(422);
    const detail = (await api.detail(buyer, id)).body.data;
    expect(detail).toMatchObject({ status: 'cancelled', cancelledAt: '2026-03-01 12:30:00', paidAt: null });
    expect(await stockOf(t, skuId)).toBe(4);
    t.clock.set(MARCH_FIRST_NOON);
  });

  it('the timer sweep (no user scope) cancels overdue orders of everyone, once', async () => {
    const skuId = await insertSku(t, { stock: 2 });
    const other = await newBuyer(t, '100');
    expect((await api.create(other, skuId, 2)).status).toBe(200);
    t.clock.advance(31 * MINUTE);
    expect((await sweepOrders(t.db, t.clock.now())).expired).toBeGreaterThanOrEqual(1);
    expect(await sweepOrders(t.db, t.clock.now())).toEqual({ expired: 0, confirmed: 0 });
    expect(await stockOf(t, skuId)).toBe(2);
    t.clock.set(MARCH_FIRST_NOON);
  });

  it('completes a shipped order 10 days after shipping', async () => {
    const skuId = await insertSku(t, { stock: 4 });
    const { id } = (await api.create(buyer, skuId, 1)).body.data;
    await api.pay(buyer, id);
    t.clock.advance(2 * 60 * MINUTE);
    expect((await ops(t, 'ship', { order: id, carrier: '顺丰速运', tracking: 'SF100' })).code).toBe(0);
    t.clock.advance(10 * DAY - MINUTE);
    expect((await api.detail(buyer, id)).body.data.status).toBe('shipped');
    t.clock.advance(MINUTE);
    expect((await api.list(buyer, 4)).body.data.list.map((o) => o.id)).toContain(id);
    expect((await api.detail(buyer, id)).body.data).toMatchObject({ status: 'completed', shippedAt: '2026-03-01 14:00:00', completedAt: '2026-03-11 14:00:00' });
    t.clock.set(MARCH_FIRST_NOON);
  });
});

describe('logistics from the ops commands', () => {
  it('shows carrier, tracking number, state and traces newest first; repeated commands change nothing', async () => {
    const skuId = await insertSku(t);
    const { id, orderNo } = (await api.create(buyer, skuId, 1)).body.data;
    await api.pay(buyer, id);
    const shipped = await ops(t, 'ship', { order: orderNo, carrier: '顺丰速运', tracking: 'SF123456' });
    expect(shipped.printed[0]).toMatchObject({ status: 'shipped', shipped: true });
    expect((await ops(t, 'ship', { order: orderNo, carrier: '顺丰速运', tracking: 'SF123456' })).printed[0]).toMatchObject({ alreadyShipped: true });
    expect((await api.logistics(buyer, id)).body.data).toEqual({ orderId: id, carrier: '顺丰速运', trackingNo: 'SF123456', state: 'in_transit', traces: [] });

    await ops(t, 'trace', { order: id, text: '快件已揽收', location: '深圳' });
    t.clock.advance(MINUTE);
    expect((await ops(t, 'trace', { order: id, text: '快件已揽收', location: '深圳' })).printed[0]).toMatchObject({ added: false });
    await ops(t, 'trace', { order: id, text: '已签收', location: '深圳南山', delivered: true });
    const view = (await api.logistics(buyer, id)).body.data;
    expect(view.state).toBe('delivered');
    expect(view.traces).toEqual([
      { time: '2026-03-01 12:01:00', text: '已签收', location: '深圳南山' },
      { time: '2026-03-01 12:00:00', text: '快件已揽收', location: '深圳' },
    ]);
    t.clock.set(MARCH_FIRST_NOON);
  });
});

describe('lists by type', () => {
  it('each tab lists exactly the orders of its status, newest first', async () => {
    const shopper = await newBuyer(t, '1000');
    const skuId = await insertSku(t);
    const make = async () => (await api.create(shopper, skuId, 1)).body.data.id;
    const unpaid = await make();
    const paid = await make();
    await api.pay(shopper, paid);
    const shipped = await make();
    await api.pay(shopper, shipped);
    await ops(t, 'ship', { order: shipped, carrier: '中通', tracking: 'ZT1' });
    const completed = await make();
    await api.pay(shopper, completed);
    await ops(t, 'ship', { order: completed, carrier: '中通', tracking: 'ZT2' });
    await api.confirm(shopper, completed);
    const cancelled = await make();
    await api.cancel(shopper, cancelled);
    const ids = async (type: number) => (await api.list(shopper, type)).body.data.list.map((o) => o.id);
    expect(await ids(0)).toEqual([cancelled, completed, shipped, paid, unpaid]);
    expect(await ids(1)).toEqual([unpaid]);
    expect(await ids(2)).toEqual([paid]);
    expect(await ids(3)).toEqual([shipped]);
    expect(await ids(4)).toEqual([completed]);
    expect(await ids(5)).toEqual([cancelled]);
  });
});

describe('another user\'s order', () => {
  it('answers 404 on every call and changes nothing', async () => {
    const skuId = await insertSku(t);
    const { id } = (await api.create(buyer, skuId, 1)).body.data;
    const stranger = await newBuyer(t, '1000');
    for (const answer of [
      await api.detail(stranger, id), await api.logistics(stranger, id), await api.pay(stranger, id),
      await api.cancel(stranger, id), await api.confirm(stranger, id),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.errMessage).toBe('訂單不存在');
    }
    expect((await api.list(stranger, 0)).body.data.total).toBe(0);
    expect((await api.create(stranger, skuId, 1, buyer.addressId)).status).toBe(404);
    expect((await api.detail(buyer, id)).body.data.status).toBe('unpaid');
  });
});
