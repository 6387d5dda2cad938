/**
 * The mall (contract/mall.ts): the catalogue (goods by category and keyword, one goods item with
 * its SKUs) and the buyer's orders (checkout, pay, cancel, confirm, lists by type, details,
 * logistics). Reads never write: they show orders as of now (server/mall/orderReads.ts) and stock
 * held by expired orders as free (server/mall/catalogue.ts). The sweep that moves overdue orders
 * runs from the jobs (every minute), before pay, cancel and confirm (the caller's orders), and in checkout
 * (the SKU it sells). Checkout, pay and cancel take an Idempotency-Key and the money rate limit.
 */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { pageArgs, toPage } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { contentLocale } from '../i18n';
import { moneyRoute } from '../idempotency/moneyRoute';
import { cancelOrder, confirmReceipt, payOrder } from '../mall/buyerActions';
import { goodsDetail, listGoods } from '../mall/catalogue';
import { inLocale, oneInLocale } from '../mall/orderTitles';
import { createOrder } from '../mall/checkout';
import { listOrders, readLogistics, readOrder } from '../mall/orderReads';
import { toLogistics, toMallOrder } from '../mall/orderView';
import { sweepOrders } from '../mall/sweep';

export default async function mallRoutes(app: FastifyInstance, deps: AppContext): Promise<void> {
  const { db, clock, time } = deps;
  /** the caller's overdue orders move before the caller acts on one */
  const sweepCaller = async (userId: bigint, now: number) => {
    await sweepOrders(db, now, { userId });
  };

  route(app, contract.mall.goods, async (request) => {
    const args = pageArgs(request.query);
    const { list, total, categories } = await listGoods(db, request.query, args, contentLocale(request.headers));
    return { ...toPage(list, total, args), categories };
  });

  route(app, contract.mall.goodsDetail, async (request) => goodsDetail(db, BigInt(request.params.id), clock.now(), contentLocale(request.headers)));

  route(app, contract.mall.orders, async (request) => {
    const now = clock.now();
    const args = pageArgs(request.query);
    const { rows, total, nextCursor } = await listOrders(db, sessionOf(request).userId, request.query.type ?? 0, args, now);
    const localised = await inLocale(db, contentLocale(request.headers), rows);
    return toPage(localised.map((row) => toMallOrder(row, time, now)), total, args, nextCursor);
  });

  route(app, contract.mall.orderDetail, async (request) => {
    const now = clock.now();
    const order = await readOrder(db, sessionOf(request).userId, BigInt(request.params.id), now);
    return toMallOrder(await oneInLocale(db, contentLocale(request.headers), order), time, now);
  });

  route(app, contract.mall.logistics, async (request) => {
    const { order, traces } = await readLogistics(db, sessionOf(request).userId, BigInt(request.params.id), clock.now());
    return toLogistics(order, traces, time);
  });

  moneyRoute(app, deps, contract.mall.orderCreate, async ({ request, trx, userId, now }) => toMallOrder(await oneInLocale(trx, contentLocale(request.headers), await createOrder(trx, userId, request.body, now, time)), time, now));

  route(app, contract.mall.orderConfirm, async (request) => {
    const now = clock.now();
    const order = await confirmReceipt(db, sessionOf(request).userId, BigInt(request.body.id), now);
    return toMallOrder(await oneInLocale(db, contentLocale(request.headers), order), time, now);
  });

  moneyRoute(app, deps, contract.mall.orderPay, async ({ request, trx, userId, now }) => toMallOrder(await oneInLocale(trx, contentLocale(request.headers), await payOrder(trx, userId, BigInt(request.body.id), now)), time, now), {
    payPassword: true,
    before: sweepCaller,
  });

  moneyRoute(app, deps, contract.mall.orderCancel, async ({ request, trx, userId, now }) => toMallOrder(await oneInLocale(trx, contentLocale(request.headers), await cancelOrder(trx, userId, BigInt(request.body.id), now)), time, now), {
    before: sweepCaller,
  });
}
