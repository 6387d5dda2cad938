/** Mining-power (算力) and finance (理財) products and their orders. */
import dayjs from 'dayjs';
import type { FinanceProductType, PowerProductType } from '../contract/product';
import { contract } from '../contract';
import { fromUnits, toUnits } from '../contract/rules/money';
import { refusal } from './_errors';
import { byId, mockRoutes, newestFirst, paginate } from './_kit';
import { localized } from './_locale';
import { addFrozen, book, checkPayPassword, nextId, requireAvailable, state, type MockUser } from './_state';
import { day, phase, timestamp } from './_time';
import { payCommission } from './invite';

/** Buys `count` units; the order starts the day after the purchase. */
export function buyPower(user: MockUser, product: PowerProductType, count: number, at = timestamp()) {
  if (product.status === 'upcoming' || product.status === 'ended') throw refusal('BUSINESS_RULE', 'product.notOnSale');
  if (count < product.minUnits) throw refusal('BUSINESS_RULE', 'product.belowMinUnits', { min: product.minUnits, unit: product.unit });
  if (count > product.stock) throw refusal('BUSINESS_RULE', 'product.stockShort', { stock: product.stock, unit: product.unit });
  const total = BigInt(count) * toUnits(product.pricePerUnit);
  book(user, 'power_purchase', 'USDT', -total, `購買 ${product.title}`, at);
  payCommission(user, total, at);
  product.stock -= count;
  product.sold += count;
  if (product.stock === 0) product.status = 'sold_out';
  const start = dayjs(at).add(1, 'day');
  const order = {
    id: nextId(), productId: product.id, title: product.title, coin: product.coin, unit: product.unit, units: count,
    amountUsdt: fromUnits(total), startDate: day(start), endDate: day(start.add(product.termDays - 1, 'day')),
    outputTotal: '0', status: 'pending' as const, createdAt: at,
  };
  user.powerOrders.push(order);
  return order;
}

/** Locks `principal` USDT in a finance order that starts the next day. */
export function subscribeFinance(user: MockUser, product: FinanceProductType, principal: string, at = timestamp()) {
  const value = toUnits(principal);
  const { currency } = product;
  if (value < toUnits(product.minAmount)) throw refusal('BUSINESS_RULE', 'finance.belowMinimum', { min: product.minAmount, currency });
  if (value > toUnits(product.maxAmount)) throw refusal('BUSINESS_RULE', 'finance.aboveMaximum', { max: product.maxAmount, currency });
  const left = toUnits(product.quota) - toUnits(product.sold);
  if (value > left) throw refusal('BUSINESS_RULE', 'finance.quotaShort', { left: fromUnits(left > 0n ? left : 0n), currency });
  book(user, 'finance_subscribe', 'USDT', -value, `認購 ${product.title}`, at);
  addFrozen(user, 'USDT', value);
  // no commission on a finance principal: it comes back at maturity (docs/invites.md)
  product.sold = fromUnits(toUnits(product.sold) + value);
  if (toUnits(product.sold) === toUnits(product.quota)) product.status = 'sold_out';
  const start = dayjs(at).add(1, 'day');
  const order = {
    id: nextId(), productId: product.id, title: product.title, currency: product.currency, principal,
    annualRate: product.annualRate, lockDays: product.lockDays, startDate: day(start),
    maturityDate: day(start.add(product.lockDays, 'day')), interestEarned: '0', status: 'pending' as const, createdAt: at,
  };
  user.financeOrders.push(order);
  return order;
}

/** Brings a stored order's status up to today. */
function refreshed<T extends { startDate: string; status: string }>(order: T, endDate: string): T {
  order.status = phase(order.startDate, endDate);
  return order;
}

function findProduct<T extends { id: string }>(list: T[], id: string): T {
  const product = list.find((p) => p.id === id);
  if (!product) throw refusal('NOT_FOUND', 'product.notFound');
  return product;
}

export default mockRoutes(contract.product, {
  power: ({ query, locale }) => paginate(
    state.catalog.powerProducts.filter((p) => !query.coin || p.coin === query.coin).map((p) => localized(p, ['title'], locale)),
    query,
  ),

  powerOrders: ({ user, query }) => {
    const orders = newestFirst(user.powerOrders).map((o) => refreshed(o, o.endDate));
    return paginate(orders.filter((o) => !query.status || o.status === query.status), query, byId);
  },

  powerOrderCreate: ({ user, body }) => {
    const product = findProduct(state.catalog.powerProducts, body.productId);
    checkPayPassword(user, body.payPassword);
    return buyPower(user, product, body.units);
  },

  finance: ({ query, locale }) => paginate(state.catalog.financeProducts.map((p) => localized(p, ['title'], locale)), query),

  financeOrders: ({ user, query }) => {
    const orders = newestFirst(user.financeOrders).map((o) => refreshed(o, o.maturityDate));
    return paginate(orders.filter((o) => !query.status || o.status === query.status), query, byId);
  },

  financeCensus: ({ user }) => {
    const held = user.financeOrders.filter((o) => phase(o.startDate, o.maturityDate) !== 'ended');
    const yesterday = day(dayjs().subtract(1, 'day'));
    const earned = (list: MockUser['interest']) => list.reduce((total, a) => total + a.amount, 0n);
    return {
      currency: 'USDT' as const,
      principalHeld: fromUnits(held.reduce((total, o) => total + toUnits(o.principal), 0n)),
      earnedYesterday: fromUnits(earned(user.interest.filter((a) => a.day === yesterday))),
      earnedTotal: fromUnits(earned(user.interest)),
      activeOrders: held.length,
    };
  },

  financeOrderCreate: ({ user, body }) => {
    const product = findProduct(state.catalog.financeProducts, body.productId);
    checkPayPassword(user, body.payPassword);
    requireAvailable(user, 'USDT', toUnits(body.amount));
    return subscribeFinance(user, product, body.amount);
  },
});
