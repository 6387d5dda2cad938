/**
 * The console's mall orders: the list by status, buyer UID and order number; shipping with a
 * carrier and tracking number (trimmed, idempotent); a trace; refunds — a fresh wallet signature
 * naming the order, the total back to the buyer through the ledger exactly once, the stock back
 * when it had not shipped — each audited. The ops commands do the same, audited as 'cli'.
 */
import { toUnits } from '../../contract/rules/money';
import { checkLedger } from '../../server/ledger/invariants';
import { systemBalance } from '../../server/ledger/balances';
import { mallRefund } from '../../server/ops/mallCommands';
import { MARCH_FIRST_NOON, balance, type TestUser } from './products.fixture';
import { insertSku, newBuyer, ops, orderApi, stockOf, type Buyer } from './mall.fixture';
import { ADMIN_API, opHeaders, operatorProof, signedInOperator, type SignedInOperator } from './support/operators';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let support: SignedInOperator;
let reviewer: SignedInOperator;
let buyer: Buyer;
let other: Buyer;
let api: ReturnType<typeof orderApi>;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(MARCH_FIRST_NOON);
  support = await signedInOperator(t, 'support');
  reviewer = await signedInOperator(t, 'reviewer');
  buyer = await newBuyer(t, '1000');
  other = await newBuyer(t, '1000');
  api = orderApi(t);
});
afterAll(async () => t.close());

async function admin(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `${ADMIN_API}${url}`, headers: { ...opHeaders(token), 'accept-language': 'en-US' }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

async function paidOrder(who: TestUser & { addressId: string }, skuId: string, quantity = 1): Promise<{ id: string; orderNo: string }> {
  const created = await api.create(who as Buyer, skuId, quantity);
  if (created.status !== 200) throw new Error(`order: ${JSON.stringify(created.body)}`);
  const paid = await api.pay(who, created.body.data.id);
  if (paid.status !== 200) throw new Error(`pay: ${JSON.stringify(paid.body)}`);
  return { id: paid.body.data.id, orderNo: paid.body.data.orderNo };
}

const auditOf = (action: string, target: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target', '=', target).orderBy('id').execute();

const refund = async (operator: SignedInOperator, id: string, reason = 'goods lost in transit', proofTarget = id) =>
  admin(operator.token, 'POST', `/mall/orders/${id}/refund`, { proof: await operatorProof(t, operator, 'mall.refund', proofTarget), reason });

describe('the orders list', () => {
  it('filters by status, buyer UID and order number, newest first, for any role', async () => {
    const skuId = await insertSku(t, { price: '10', stock: 20 });
    const unpaid = (await api.create(buyer, skuId)).body.data;
    const paid = await paidOrder(buyer, skuId, 2);
    const others = await paidOrder(other, skuId);

    const byBuyer = await admin(support.token, 'GET', `/mall/orders?uid=${buyer.uid}`);
    expect(byBuyer.status).toBe(200);
    expect(byBuyer.body.data.list.map((o: { id: string }) => o.id)).toEqual([paid.id, unpaid.id]);
    expect(byBuyer.body.data.total).toBe(2);

    const paidOnly = await admin(support.token, 'GET', '/mall/orders?status=paid');
    expect(paidOnly.body.data.list.map((o: { id: string }) => o.id)).toEqual([others.id, paid.id]);

    const one = await admin(support.token, 'GET', `/mall/orders?orderNo=${paid.orderNo}`);
    expect(one.body.data.list).toHaveLength(1);
    expect(one.body.data.list[0]).toMatchObject({
      id: paid.id, orderNo: paid.orderNo, status: 'paid', cancelReason: null, quantity: 2, price: '10', total: '20',
      user: { uid: buyer.uid, frozen: false },
      receiver: { name: '张三', phone: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南区 1 栋 101' },
      carrier: null, trackingNo: null, shippedBy: null, paidAt: '2026-03-01 12:00:00', refundable: true, shippable: true,
    });

    const paged = await admin(support.token, 'GET', '/mall/orders?page=2&pageSize=2');
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.body.data.list.map((o: { id: string }) => o.id)).toEqual([unpaid.id]);

    await api.cancel(buyer, unpaid.id);
    expect((await admin(support.token, 'GET', '/mall/orders?status=lost')).status).toBe(400);
    expect((await admin(support.token, 'GET', '/mall/orders/999999')).status).toBe(404);
  });
});

describe('shipping', () => {
  it('needs mall.fulfil: a support operator is refused', async () => {
    const skuId = await insertSku(t);
    const { id } = await paidOrder(buyer, skuId);
    expect((await admin(support.token, 'POST', `/mall/orders/${id}/ship`, { carrier: 'SF', trackingNo: 'SF1' })).status).toBe(403);
    expect((await api.detail(buyer, id)).body.data.status).toBe('paid');
  });

  it('ships with the carrier and number trimmed, audited once; the same shipment again changes nothing', async () => {
    const skuId = await insertSku(t);
    const { id } = await paidOrder(buyer, skuId);
    const shipped = await admin(reviewer.token, 'POST', `/mall/orders/${id}/ship`, { carrier: '  顺丰速运 ', trackingNo: ' SF1234567890 ' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.order).toMatchObject({ status: 'shipped', carrier: '顺丰速运', trackingNo: 'SF1234567890', shippedBy: reviewer.address, shippable: false, refundable: true });
    expect((await api.logistics(buyer, id)).body.data).toMatchObject({ carrier: '顺丰速运', trackingNo: 'SF1234567890', state: 'in_transit' });

    const again = await admin(reviewer.token, 'POST', `/mall/orders/${id}/ship`, { carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    expect(again.status).toBe(200);
    const entries = await auditOf('mall.ship', `order:${id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ source: 'console', actor: reviewer.address, role: 'reviewer' });
    expect(JSON.parse(entries[0].after_json!)).toEqual({ status: 'shipped', carrier: '顺丰速运', trackingNo: 'SF1234567890' });

    // another tracking number for a shipped order is refused by the status table
    expect((await admin(reviewer.token, 'POST', `/mall/orders/${id}/ship`, { carrier: 'EMS', trackingNo: 'E1' })).status).toBe(422);
  });

  it('refuses a blank carrier and an unpaid order', async () => {
    const skuId = await insertSku(t);
    const { id } = await paidOrder(buyer, skuId);
    const blank = await admin(reviewer.token, 'POST', `/mall/orders/${id}/ship`, { carrier: '   ', trackingNo: 'SF1' });
    expect(blank.status).toBe(422);
    expect(blank.body.errMessage).toBe('Carrier, tracking number, trace text and location cannot be blank');
    const unpaid = (await api.create(buyer, skuId)).body.data;
    expect((await admin(reviewer.token, 'POST', `/mall/orders/${unpaid.id}/ship`, { carrier: 'SF', trackingNo: 'SF2' })).status).toBe(422);
    expect(await auditOf('mall.ship', `order:${unpaid.id}`)).toEqual([]);
    await api.cancel(buyer, unpaid.id);
  });

  it('adds a trace to a shipped order, audited; the same trace again is one trace', async () => {
    const skuId = await insertSku(t);
    const { id } = await paidOrder(buyer, skuId);
    await admin(reviewer.token, 'POST', `/mall/orders/${id}/ship`, { carrier: 'SF', trackingNo: 'SF3' });
    const traced = await admin(reviewer.token, 'POST', `/mall/orders/${id}/trace`, { text: '快件已揽收', location: '深圳转运中心' });
    expect(traced.status).toBe(200);
    await admin(reviewer.token, 'POST', `/mall/orders/${id}/trace`, { text: '快件已揽收', location: '深圳转运中心' });
    expect(traced.body.data.traces).toEqual([{ time: '2026-03-01 12:00:00', text: '快件已揽收', location: '深圳转运中心' }]);
    expect((await admin(support.token, 'GET', `/mall/orders/${id}`)).body.data.traces).toHaveLength(1);
    expect(await auditOf('mall.trace', `order:${id}`)).toHaveLength(1);
  });
});

describe('refunds', () => {
  it('needs a fresh wallet signature naming this order', async () => {
    const skuId = await insertSku(t);
    const { id } = await paidOrder(buyer, skuId);
    const { id: otherId } = await paidOrder(buyer, skuId);
    const none = await admin(reviewer.token, 'POST', `/mall/orders/${id}/refund`, { reason: 'no proof' });
    expect(none.status).toBe(400);
    const wrongTarget = await refund(reviewer, id, 'wrong order', otherId);
    expect(wrongTarget.status).toBe(403);
    expect(wrongTarget.body.errCode).toBe('STEP_UP_INVALID');
    expect((await admin(support.token, 'POST', `/mall/orders/${id}/refund`, { proof: await operatorProof(t, support, 'mall.refund', id), reason: 'x' })).status).toBe(403);
    expect((await api.detail(buyer, id)).body.data.status).toBe('paid');
    expect(await auditOf('mall.refund', `order:${id}`)).toEqual([]);
  });

  it('refunds a paid order once: the total back, the stock back, the ledger balanced, audited', async () => {
    const skuId = await insertSku(t, { price: '30', stock: 10 });
    const { id } = await paidOrder(buyer, skuId, 2);
    const before = await balance(t, buyer.id, 'USDT');
    const mallBefore = await systemBalance(t.db, 'mall', 'USDT');
    expect(await stockOf(t, skuId)).toBe(8);

    const refunded = await refund(reviewer, id);
    expect(refunded.status).toBe(200);
    expect(refunded.body.data.order).toMatchObject({ status: 'cancelled', cancelReason: 'refund', refundable: false, cancelledAt: '2026-03-01 12:00:00' });
    expect((await balance(t, buyer.id, 'USDT')).available).toBe(before.available + toUnits('60'));
    expect(await systemBalance(t.db, 'mall', 'USDT')).toBe(mallBefore - toUnits('60'));
    expect(await stockOf(t, skuId)).toBe(10);
    expect((await api.detail(buyer, id)).body.data).toMatchObject({ status: 'cancelled', actions: [] });

    const second = await refund(reviewer, id);
    expect(second.status).toBe(409);
    expect(second.body.errMessage).toBe('This order was already refunded');
    expect((await balance(t, buyer.id, 'USDT')).available).toBe(before.available + toUnits('60'));

    const entries = await t.db.selectFrom('ledger_entries').select(['amount']).where('type', '=', 'mall_refund').where('remark', '=', refunded.body.data.order.orderNo).execute();
    expect(entries.map((e) => e.amount).sort()).toEqual([-toUnits('60'), toUnits('60')].sort());
    expect((await checkLedger(t.db)).problems).toEqual([]);

    const audit = await auditOf('mall.refund', `order:${id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ source: 'console', actor: reviewer.address, reason: 'goods lost in transit' });
    expect(JSON.parse(audit[0].before_json!)).toMatchObject({ status: 'paid', total: String(toUnits('60')) });
    expect(JSON.parse(audit[0].after_json!)).toMatchObject({ status: 'cancelled', stockReturned: true });
  });

  it('refunds a shipped order without returning the stock, and refuses an unpaid or buyer-cancelled one', async () => {
    const skuId = await insertSku(t, { price: '5', stock: 10 });
    const { id } = await paidOrder(buyer, skuId);
    await admin(reviewer.token, 'POST', `/mall/orders/${id}/ship`, { carrier: 'SF', trackingNo: 'SF9' });
    const before = await balance(t, buyer.id, 'USDT');
    expect((await refund(reviewer, id)).status).toBe(200);
    expect((await balance(t, buyer.id, 'USDT')).available).toBe(before.available + toUnits('5'));
    expect(await stockOf(t, skuId)).toBe(9);

    const unpaid = (await api.create(buyer, skuId)).body.data;
    const refused = await refund(reviewer, unpaid.id);
    expect(refused.status).toBe(422);
    expect(refused.body.errMessage).toBe('Only a paid, shipped or completed order can be refunded');
    await api.cancel(buyer, unpaid.id);
    const cancelled = await paidOrder(buyer, skuId);
    await api.cancel(buyer, cancelled.id);
    expect((await refund(reviewer, cancelled.id)).status).toBe(422);
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('pays out once when two operators refund the same order at the same moment', async () => {
    const skuId = await insertSku(t, { price: '7', stock: 10 });
    const { id } = await paidOrder(buyer, skuId);
    const second = await signedInOperator(t, 'reviewer');
    const before = await balance(t, buyer.id, 'USDT');
    const proofs = [await operatorProof(t, reviewer, 'mall.refund', id), await operatorProof(t, second, 'mall.refund', id)];
    const answers = await Promise.all([reviewer, second].map((operator, i) => admin(operator.token, 'POST', `/mall/orders/${id}/refund`, { proof: proofs[i], reason: 'duplicate' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await balance(t, buyer.id, 'USDT')).available).toBe(before.available + toUnits('7'));
    expect(await auditOf('mall.refund', `order:${id}`)).toHaveLength(1);
  });
});

describe('ops commands', () => {
  it('ship, trace and refund through the same functions, audited as from the command line', async () => {
    const skuId = await insertSku(t, { price: '12', stock: 5 });
    const { id, orderNo } = await paidOrder(other, skuId);
    expect((await ops(t, 'ship', { order: orderNo, carrier: 'SF', tracking: 'SF77', operator: 'alice' })).code).toBe(0);
    expect((await ops(t, 'trace', { order: id, text: '已揽收', location: '深圳', operator: 'alice' })).code).toBe(0);
    const before = await balance(t, other.id, 'USDT');
    const printed: Record<string, unknown>[] = [];
    const code = await mallRefund.run(['--order', id, '--reason', 'returned by the buyer', '--operator', 'bob'], { db: t.db, clock: t.clock, print: (value) => printed.push(value as Record<string, unknown>) });
    expect(code).toBe(0);
    expect(printed[0]).toMatchObject({ order: id, status: 'cancelled', refunded: '12', operator: 'cli:bob' });
    expect((await balance(t, other.id, 'USDT')).available).toBe(before.available + toUnits('12'));

    const rows = await t.db.selectFrom('audit_log').selectAll().where('target', '=', `order:${id}`).orderBy('id').execute();
    expect(rows.map((row) => [row.action, row.source, row.actor, row.role])).toEqual([
      ['mall.ship', 'cli', 'alice', 'cli'],
      ['mall.trace', 'cli', 'alice', 'cli'],
      ['mall.refund', 'cli', 'bob', 'cli'],
    ]);
    expect(rows[2].reason).toBe('returned by the buyer');
    const order = await t.db.selectFrom('mall_orders').select(['shipped_by']).where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
    expect(order.shipped_by).toBe('cli:alice');

    await expect(mallRefund.run(['--order', id], { db: t.db, clock: t.clock, print: () => undefined })).rejects.toThrow('missing --reason');
  });
});
