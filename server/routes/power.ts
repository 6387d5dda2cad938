/** The power account: hashrate and output per coin, daily bills, and exchanging mined coin to USDT. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { pageArgs, paginate, toPage } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { moneyRoute } from '../idempotency/moneyRoute';
import { fromUnits } from '../../contract/rules/money';
import { powerDetail } from '../products/powerAccount';
import { exchangePower, toExchangeRecord, withExchangeTerms } from '../products/powerExchange';
import { addDays, dayOf } from '../settlement/days';

export default async function powerRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, time, config } = app.ctx;

  route(app, contract.account.powerDetail, async (request) => {
    const { userId } = sessionOf(request);
    const today = dayOf(clock.now(), config.displayUtcOffsetMinutes);
    return withExchangeTerms(db, await powerDetail(db, userId, today, addDays(today, -1)));
  });

  route(app, contract.account.powerBill, async (request) => {
    const { userId } = sessionOf(request);
    const args = pageArgs(request.query);
    const { orderId, coin, from, to } = request.query;
    let query = db.selectFrom('power_bills').selectAll().where('user_id', '=', userId).orderBy('day', 'desc').orderBy('id', 'desc');
    if (orderId) query = query.where('order_id', '=', BigInt(orderId));
    if (coin) query = query.where('coin', '=', coin);
    if (from) query = query.where('day', '>=', from);
    if (to) query = query.where('day', '<=', to);
    const { rows, total } = await paginate(query, args);
    const list = rows.map((row) => ({
      id: String(row.id),
      orderId: String(row.order_id),
      day: row.day,
      coin: row.coin,
      gross: fromUnits(row.gross),
      electricityFee: fromUnits(row.electricity_fee),
      managementFee: fromUnits(row.management_fee),
      fee: fromUnits(row.electricity_fee + row.management_fee),
      net: fromUnits(row.net),
    }));
    return toPage(list, total, args);
  });

  moneyRoute(app, contract.account.powerExchange, async ({ request, trx, userId, now }) => toExchangeRecord(await exchangePower(trx, userId, request.body, now), time), {
    payPassword: true,
  });

  route(app, contract.account.exchange, async (request) => {
    const { userId } = sessionOf(request);
    const args = pageArgs(request.query);
    const query = db.selectFrom('power_exchanges').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
    const { rows, total } = await paginate(query, args);
    return toPage(rows.map((row) => toExchangeRecord(row, time)), total, args);
  });
}
