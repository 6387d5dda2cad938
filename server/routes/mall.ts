/**
 * The mall: the catalogue (goods by category and keyword, one goods item with its SKUs) and the
 * buyer's orders (checkout, pay, cancel, confirm, lists by type, details, logistics). Every order
 * call first sweeps the caller's overdue orders, a goods page those of its SKUs, checkout those of
 * the SKU it sells; a timer sweeps everyone's while the app runs. Checkout, pay and cancel take an
 * Idempotency-Key and the money rate limit.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { contract } from '../../contract';
import { ApiError } from '../http/errors';
import { pageArgs, paginate, toPage } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { moneyRoute } from '../idempotency/moneyRoute';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { cancelOrder, confirmOrder, payOrder } from '../mall/buyerActions';
import { createOrder } from '../mall/checkout';
import { ownOrder } from '../mall/orderRows';
import { toLogistics, toMallOrder } from '../mall/orderView';
import { requireMove } from '../mall/statusTable';
import { sweepOrders } from '../mall/sweep';
import { fromUnits } from '../money';
import { ORDER_TYPE_STATUS } from '../../contract/mall';

/** A LIKE pattern matching `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export default async function mallRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.ctx;

  /** active goods with their lowest SKU price */
  const goodsWithPrice = () =>
    db
      .selectFrom('mall_goods as g')
      .select(['g.id', 'g.category_id', 'g.title', 'g.cover', 'g.sales'])
      .select((eb) =>
        eb.selectFrom('mall_skus as s').select((e) => e.fn.min('s.price').as('min_price')).whereRef('s.goods_id', '=', 'g.id').as('price'),
      )
      .where('g.active', '=', 1n);

  route(app, contract.mall.goods, async (request) => {
    const args = pageArgs(request.query);
    const { categoryId, keyword } = request.query;
    let query = goodsWithPrice().orderBy('g.sort').orderBy('g.id');
    if (categoryId) query = query.where('g.category_id', '=', BigInt(categoryId));
    if (keyword?.trim()) query = query.where(sql`lower(g.title)`, 'like', sql`${containsPattern(keyword.trim())} escape '\\'`);
    const { rows, total } = await paginate(query, args);
    const categories = await db.selectFrom('mall_categories').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
    const list = rows.map((row) => ({
      id: String(row.id),
      categoryId: String(row.category_id),
      title: row.title,
      cover: row.cover,
      price: fromUnits(BigInt(row.price ?? 0n)),
      sales: Number(row.sales),
    }));
    return { ...toPage(list, total, args), categories: categories.map((c) => ({ id: String(c.id), name: c.name })) };
  });

  route(app, contract.mall.goodsDetail, async (request) => {
    const id = BigInt(request.params.id);
    const goods = await goodsWithPrice().select(['g.images', 'g.description']).where('g.id', '=', id).executeTakeFirst();
    if (!goods) throw new ApiError('NOT_FOUND', { messageKey: 'goods.notFound' });
    const skuIds = await db.selectFrom('mall_skus').select('id').where('goods_id', '=', id).execute();
    // stock held by orders whose pay window is over is shown (and sold) again at once
    await sweepOrders(db, clock.now(), { skuIds: skuIds.map((sku) => sku.id) });
    const skus = await db.selectFrom('mall_skus').select(['id', 'name', 'price', 'stock']).where('goods_id', '=', id).orderBy('sort').orderBy('id').execute();
    return {
      id: String(goods.id),
      categoryId: String(goods.category_id),
      title: goods.title,
      cover: goods.cover,
      price: fromUnits(BigInt(goods.price ?? 0n)),
      sales: Number(goods.sales),
      images: JSON.parse(goods.images) as string[],
      description: goods.description,
      skus: skus.map((sku) => ({ id: String(sku.id), name: sku.name, price: fromUnits(sku.price), stock: Number(sku.stock) })),
    };
  });

  registerOrderRoutes(app);
}

function registerOrderRoutes(app: FastifyInstance): void {
  const { db, clock, time } = app.ctx;
  /** the caller's overdue orders move before anything reads or changes them */
  const sweptNow = async (userId: bigint) => {
    const now = clock.now();
    await sweepOrders(db, now, { userId });
    return now;
  };

  route(app, contract.mall.orders, async (request) => {
    const { userId } = sessionOf(request);
    const now = await sweptNow(userId);
    const args = pageArgs(request.query);
    const status = ORDER_TYPE_STATUS[request.query.type ?? 0];
    let query = db.selectFrom('mall_orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
    if (status) query = query.where('status', '=', status);
    const { rows, total } = await paginate(query, args);
    return toPage(rows.map((row) => toMallOrder(row, time, now)), total, args);
  });

  route(app, contract.mall.orderDetail, async (request) => {
    const { userId } = sessionOf(request);
    const now = await sweptNow(userId);
    return toMallOrder(await ownOrder(db, userId, BigInt(request.params.id)), time, now);
  });

  route(app, contract.mall.logistics, async (request) => {
    const { userId } = sessionOf(request);
    await sweptNow(userId);
    const order = await ownOrder(db, userId, BigInt(request.params.id));
    requireMove(order.status, 'logistics');
    const traces = await db.selectFrom('mall_traces').selectAll().where('order_id', '=', order.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return toLogistics(order, traces, time);
  });

  moneyRoute(app, contract.mall.orderCreate, async ({ request, trx, userId, now }) => toMallOrder(await createOrder(trx, userId, request.body, now, time), time, now));

  route(app, contract.mall.orderConfirm, async (request) => {
    const { userId } = sessionOf(request);
    const now = await sweptNow(userId);
    const order = await runMoneyTransaction(db, (trx) => confirmOrder(trx, userId, BigInt(request.body.id), now));
    return toMallOrder(order, time, now);
  });

  moneyRoute(app, contract.mall.orderPay, async ({ request, trx, userId, now }) => {
    return toMallOrder(await payOrder(trx, userId, BigInt(request.body.id), now), time, now);
  }, { payPassword: true });

  moneyRoute(app, contract.mall.orderCancel, async ({ request, trx, userId, now }) => {
    return toMallOrder(await cancelOrder(trx, userId, BigInt(request.body.id), now), time, now);
  });
}
