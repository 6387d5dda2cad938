/** Power (算力) and finance (理财) products on offer, buying them, and the caller's orders. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { contract } from '../../contract';
import { pageArgs, paginate, toPage } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { moneyRoute } from '../idempotency/moneyRoute';
import { loadPrices } from '../ledger/prices';
import { toFinanceProduct, toPowerProduct } from '../products/catalogue';
import { financeCensus, interestTotals, subscribeFinance, toFinanceOrder } from '../products/financeOrders';
import { buyPower, outputTotals, toPowerOrder } from '../products/powerOrders';
import { addDays, dayOf } from '../settlement/days';

export default async function productRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, time, config } = app.ctx;
  const today = () => dayOf(clock.now(), config.displayUtcOffsetMinutes);

  route(app, contract.product.power, async (request) => {
    const args = pageArgs(request.query);
    let query = db.selectFrom('power_products').selectAll().where('active', '=', 1n).orderBy('sort').orderBy('id');
    if (request.query.coin) query = query.where('coin', '=', request.query.coin);
    const { rows, total } = await paginate(query, args);
    const now = clock.now();
    const prices = await loadPrices(db);
    return toPage(rows.map((row) => toPowerProduct(row, now, time, prices.get(row.coin))), total, args);
  });

  route(app, contract.product.finance, async (request) => {
    const args = pageArgs(request.query);
    const query = db.selectFrom('finance_products').selectAll().where('active', '=', 1n).orderBy('sort').orderBy('id');
    const { rows, total } = await paginate(query, args);
    return toPage(rows.map(toFinanceProduct), total, args);
  });

  moneyRoute(app, contract.product.powerOrderCreate, async ({ request, trx, userId, now }) => {
    const day = dayOf(now, config.displayUtcOffsetMinutes);
    const order = await buyPower(trx, userId, request.body, now, day, config.commissionRate);
    return toPowerOrder(order, 0n, day, time);
  }, { payPassword: true });

  route(app, contract.product.powerOrders, async (request) => {
    const { userId } = sessionOf(request);
    const args = pageArgs(request.query);
    const day = today();
    let query = db.selectFrom('power_orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
    const { status } = request.query;
    if (status === 'pending') query = query.where('start_day', '>', day);
    if (status === 'active') query = query.where('start_day', '<=', day).where('end_day', '>=', day);
    if (status === 'ended') query = query.where('end_day', '<', day);
    const { rows, total } = await paginate(query, args);
    const outputs = await outputTotals(db, rows.map((row) => row.id));
    return toPage(rows.map((row) => toPowerOrder(row, outputs.get(row.id) ?? 0n, day, time)), total, args);
  });

  moneyRoute(app, contract.product.financeOrderCreate, async ({ request, trx, userId, now }) => {
    const day = dayOf(now, config.displayUtcOffsetMinutes);
    const order = await subscribeFinance(trx, userId, request.body, now, day);
    return toFinanceOrder(order, 0n, day, time);
  }, { payPassword: true });

  route(app, contract.product.financeOrders, async (request) => {
    const { userId } = sessionOf(request);
    const args = pageArgs(request.query);
    const day = today();
    let query = db.selectFrom('finance_orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
    const { status } = request.query;
    if (status === 'pending') query = query.where('redeemed_at', 'is', null).where('start_day', '>', day);
    if (status === 'active') query = query.where('redeemed_at', 'is', null).where('start_day', '<=', day);
    if (status === 'ended') query = query.where(sql<boolean>`redeemed_at is not null`);
    const { rows, total } = await paginate(query, args);
    const interest = await interestTotals(db, rows.map((row) => row.id));
    return toPage(rows.map((row) => toFinanceOrder(row, interest.get(row.id) ?? 0n, day, time)), total, args);
  });

  route(app, contract.product.financeCensus, async (request) => {
    const { userId } = sessionOf(request);
    return financeCensus(db, userId, addDays(today(), -1));
  });
}
