/** contract/product.ts: power (算力) and finance (理财) products on offer, buying them, and the caller's orders. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { pageArgs } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { contentLocale } from '../i18n';
import { moneyRoute } from '../idempotency/moneyRoute';
import { financeCensus, subscribeFinance, toFinanceOrder } from '../products/financeOrders';
import { listFinanceProducts, listPowerProducts } from '../products/offers';
import { listFinanceOrders, listPowerOrders, titled } from '../products/orderLists';
import { buyPower, toPowerOrder } from '../products/powerOrders';
import { addDays, dayOf } from '../settlement/days';

export default async function productRoutes(app: FastifyInstance, deps: AppContext): Promise<void> {
  const { db, clock, time, config } = deps;
  const today = () => dayOf(clock.now(), config.displayUtcOffsetMinutes);

  route(app, contract.product.power, async (request) => listPowerProducts(db, request.query.coin, pageArgs(request.query), clock.now(), time, contentLocale(request.headers)));

  route(app, contract.product.finance, async (request) => listFinanceProducts(db, pageArgs(request.query), contentLocale(request.headers)));

  moneyRoute(app, deps, contract.product.powerOrderCreate, async ({ request, trx, userId, now }) => {
    const day = dayOf(now, config.displayUtcOffsetMinutes);
    const [order] = await titled(trx, contentLocale(request.headers), 'power_products', [await buyPower(trx, userId, request.body, now, day, config.commissionRate)]);
    return toPowerOrder(order, 0n, day, time);
  }, { payPassword: true });

  route(app, contract.product.powerOrders, async (request) => listPowerOrders(db, sessionOf(request).userId, request.query.status, pageArgs(request.query), today(), time, contentLocale(request.headers)));

  moneyRoute(app, deps, contract.product.financeOrderCreate, async ({ request, trx, userId, now }) => {
    const day = dayOf(now, config.displayUtcOffsetMinutes);
    const [order] = await titled(trx, contentLocale(request.headers), 'finance_products', [await subscribeFinance(trx, userId, request.body, now, day)]);
    return toFinanceOrder(order, 0n, day, time);
  }, { payPassword: true });

  route(app, contract.product.financeOrders, async (request) => listFinanceOrders(db, sessionOf(request).userId, request.query.status, pageArgs(request.query), today(), time, contentLocale(request.headers)));

  route(app, contract.product.financeCensus, async (request) => financeCensus(db, sessionOf(request).userId, addDays(today(), -1)));
}
