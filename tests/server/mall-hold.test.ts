/**
 * Mall stock cannot be held hostage. The attacks: a buyer with no money orders a SKU's whole
 * stock to block everyone for the pay window; a rich buyer piles up unpaid orders; one balance
 * backs several orders at once; a script hammers checkout; an expired hold keeps the stock until
 * the next timer sweep. Each is refused with a zh-TW message and changes nothing.
 */
import { sql } from 'kysely';
import { MARCH_FIRST_NOON } from './products.fixture';
import { insertSku, newBuyer, orderApi, stockOf, type Buyer } from './mall.fixture';
import { startTestApp, type TestApp } from './support/app';
import { MINUTE } from './support/clock';
import { MAX_UNPAID_ORDERS } from '../../contract/rules/mallOrders';

let t: TestApp;
let api: ReturnType<typeof orderApi>;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(MARCH_FIRST_NOON);
  api = orderApi(t);
});
afterAll(async () => t.close());

const ordersOf = async (buyer: Buyer) =>
  Number((await t.db.selectFrom('mall_orders').select(sql<bigint>`count(*)`.as('n')).where('user_id', '=', buyer.id).executeTakeFirstOrThrow()).n);

describe('holding stock hostage', () => {
  it('refuses a buyer with no money who orders the whole stock; others can still buy', async () => {
    const skuId = await insertSku(t, { price: '25', stock: 5 });
    const attacker = await newBuyer(t, '0');
    const refused = await api.create(attacker, skuId, 5);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ errCode: 'BUSINESS_RULE', errMessage: '可用餘額不足：含其他待付款訂單共需 125 USDT，可用 0 USDT，請先充值' });
    expect(await stockOf(t, skuId)).toBe(5);
    expect(await ordersOf(attacker)).toBe(0);
    const honest = await newBuyer(t, '200');
    expect((await api.create(honest, skuId, 5)).status).toBe(200);
  });

  it('counts every unpaid order against the balance: one balance cannot back several holds', async () => {
    const skuId = await insertSku(t, { price: '60', stock: 10 });
    const buyer = await newBuyer(t, '100');
    expect((await api.create(buyer, skuId, 1)).status).toBe(200);
    const second = await api.create(buyer, skuId, 1);
    expect(second.status).toBe(422);
    expect(second.body.errMessage).toBe('可用餘額不足：含其他待付款訂單共需 120 USDT，可用 100 USDT，請先充值');
    expect(await stockOf(t, skuId)).toBe(9);
    expect(await ordersOf(buyer)).toBe(1);
  });

  it(`refuses unpaid order number ${MAX_UNPAID_ORDERS + 1}, and takes a new one once one is paid`, async () => {
    const skuId = await insertSku(t, { price: '1', stock: 100 });
    const buyer = await newBuyer(t, '1000');
    const ids: string[] = [];
    for (let i = 0; i < MAX_UNPAID_ORDERS; i += 1) {
      const created = await api.create(buyer, skuId, 1);
      expect(created.status).toBe(200);
      ids.push(created.body.data.id);
    }
    const refused = await api.create(buyer, skuId, 1);
    expect(refused.status).toBe(422);
    expect(refused.body.errMessage).toBe(`您已有 ${MAX_UNPAID_ORDERS} 筆待付款訂單，請先付款或取消後再下單`);
    expect(await stockOf(t, skuId)).toBe(100 - MAX_UNPAID_ORDERS);
    expect(await ordersOf(buyer)).toBe(MAX_UNPAID_ORDERS);
    expect((await api.pay(buyer, ids[0])).status).toBe(200);
    expect((await api.create(buyer, skuId, 1)).status).toBe(200);
  });

  it('gives stock held by an expired order to the next buyer the moment the pay window ends, before any timer sweep', async () => {
    const skuId = await insertSku(t, { price: '10', stock: 3 });
    const first = await newBuyer(t, '100');
    const second = await newBuyer(t, '100');
    const held = await api.create(first, skuId, 3);
    expect(held.status).toBe(200);
    t.clock.advance(30 * MINUTE - 1);
    expect((await api.create(second, skuId, 1)).body.errMessage).toBe('庫存不足，剩餘 0 件');
    t.clock.advance(1);
    // no sweep has run: the goods page and checkout release the hold themselves
    const goodsId = String((await t.db.selectFrom('mall_skus').select('goods_id').where('id', '=', BigInt(skuId)).executeTakeFirstOrThrow()).goods_id);
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/web/mall/goods/${goodsId}` });
    expect(page.json().data.skus[0].stock).toBe(3);
    expect((await api.create(second, skuId, 3)).status).toBe(200);
    expect(await stockOf(t, skuId)).toBe(0);
    expect((await api.detail(first, held.body.data.id)).body.data).toMatchObject({ status: 'cancelled', cancelledAt: '2026-03-01 12:30:00' });
    t.clock.set(MARCH_FIRST_NOON);
  });
});

describe('checkout rate limit', () => {
  it('limits order creation per caller with the money limit (below the unpaid-order limit here)', async () => {
    const limited = await startTestApp({ config: { rateLimit: { authMax: 10_000, moneyMax: 2, windowMs: 60_000 } } });
    try {
      limited.clock.set(MARCH_FIRST_NOON);
      const skuId = await insertSku(limited, { price: '1', stock: 10 });
      const buyer = await newBuyer(limited, '100');
      const calls = orderApi(limited);
      expect((await calls.create(buyer, skuId, 1)).status).toBe(200);
      expect((await calls.create(buyer, skuId, 1)).status).toBe(200);
      const refused = await calls.create(buyer, skuId, 1);
      expect(refused.status).toBe(429);
      expect(refused.body.errMessage).toMatch(/^請求過於頻繁，請 \d+ 秒後再試$/);
      expect(await stockOf(limited, skuId)).toBe(8);
    } finally {
      await limited.close();
    }
  });
});
