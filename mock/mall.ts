/** The mall: goods, orders paid from the USDT balance, logistics. */
import dayjs from 'dayjs';
import type { AddressType } from '../contract/address';
import type { MallOrderStatusType, MallOrderType, SkuType } from '../contract/mall';
import { ORDER_TYPE_STATUS } from '../contract/mall';
import { contract } from '../contract';
import { fromUnits, toUnits } from '../contract/rules/money';
import { seedText } from '../contract/seed/translations';
import {
  MALL_CURRENCY, MAX_UNPAID_ORDERS, PAY_WINDOW_MS, actionsFor, nextStatus, type RefusableMove,
} from '../contract/rules/mallOrders';
import { refusal } from './_errors';
import { byId, mockRoutes, newestFirst, paginate } from './_kit';
import { localized } from './_locale';
import { balanceOf, book, checkPayPassword, nextId, state, type MockUser } from './_state';
import { timestamp } from './_time';
import { ownAddress } from './address';


function findSku(skuId: string) {
  for (const goods of state.catalog.goods) {
    const sku = goods.skus.find((s) => s.id === skuId);
    if (sku) return { goods, sku };
  }
  throw refusal('NOT_FOUND', 'goods.notFound');
}

function ownOrder(user: MockUser, id: string): MallOrderType {
  const order = user.mallOrders.find((o) => o.id === id);
  if (!order) throw refusal('NOT_FOUND', 'mall.orderNotFound');
  return order;
}

export function setStatus(order: MallOrderType, status: MallOrderStatusType, at: string): MallOrderType {
  order.status = status;
  order.actions = actionsFor(status);
  const stamp = { paid: 'paidAt', shipped: 'shippedAt', completed: 'completedAt', cancelled: 'cancelledAt' } as const;
  if (status !== 'unpaid') order[stamp[status]] = at;
  if (status !== 'unpaid') order.payDeadline = null;
  return order;
}

/** The status `move` leads to, refused with the server's text when the status table does not allow it. */
function requireMove(order: MallOrderType, move: RefusableMove): MallOrderStatusType {
  const next = nextStatus(order.status, move);
  if (!next) throw refusal('BUSINESS_RULE', `mall.refused.${move}`);
  return next;
}

/** Unpaid orders past their pay window cancel themselves, stock returned (the server's sweep). */
function expireUnpaid(user: MockUser, at = timestamp()): void {
  for (const order of user.mallOrders) {
    if (order.status !== 'unpaid' || order.payDeadline === null || order.payDeadline > at) continue;
    findSku(order.skuId).sku.stock += order.quantity;
    setStatus(order, nextStatus('unpaid', 'expire')!, order.payDeadline);
  }
}

/** An unpaid order holding the SKU's stock. */
export function createOrder(user: MockUser, sku: SkuType, quantity: number, address: AddressType, at = timestamp()): MallOrderType {
  const { goods } = findSku(sku.id);
  expireUnpaid(user, at);
  const unpaid = user.mallOrders.filter((o) => o.status === 'unpaid');
  if (unpaid.length >= MAX_UNPAID_ORDERS) throw refusal('BUSINESS_RULE', 'mall.tooManyUnpaid', { max: MAX_UNPAID_ORDERS });
  const needed = unpaid.reduce((sum, o) => sum + toUnits(o.total), toUnits(sku.price) * BigInt(quantity));
  const { available } = balanceOf(user, MALL_CURRENCY);
  if (available < needed) {
    throw refusal('BUSINESS_RULE', 'mall.balanceShort', { needed: fromUnits(needed), available: fromUnits(available), currency: MALL_CURRENCY });
  }
  if (sku.stock < quantity) throw refusal('BUSINESS_RULE', 'mall.stockShort', { stock: sku.stock });
  sku.stock -= quantity;
  const { createdAt: _omit, ...receiver } = address;
  const order: MallOrderType = {
    id: nextId(), orderNo: `PF${dayjs(at).format('YYYYMMDDHHmmss')}${nextId().slice(-4)}`, status: 'unpaid',
    goodsId: goods.id, skuId: sku.id, title: goods.title, skuName: sku.name, cover: goods.cover, price: sku.price, quantity,
    total: fromUnits(toUnits(sku.price) * BigInt(quantity)), address: { ...receiver, region: { ...receiver.region } }, actions: actionsFor('unpaid'),
    createdAt: at, payDeadline: timestamp(dayjs(at).add(PAY_WINDOW_MS, 'millisecond')), paidAt: null, shippedAt: null, completedAt: null, cancelledAt: null,
  };
  user.mallOrders.push(order);
  return order;
}

export function payOrder(user: MockUser, order: MallOrderType, at = timestamp()): MallOrderType {
  expireUnpaid(user, at);
  if (order.status === 'cancelled' && order.cancelledAt === order.payDeadline) throw refusal('BUSINESS_RULE', 'mall.payExpired');
  const next = requireMove(order, 'pay');
  book(user, 'mall_payment', MALL_CURRENCY, -toUnits(order.total), `商城訂單 ${order.orderNo}`, at);
  return setStatus(order, next, at);
}

export default mockRoutes(contract.mall, {
  goods: ({ query, locale }) => {
    const keyword = query.keyword?.trim().toLowerCase();
    // a keyword matches the zh-CN title or the title in the reader's language
    const matches = state.catalog.goods
      .filter((g) => (!query.categoryId || g.categoryId === query.categoryId) && (!keyword || [g.title, seedText(g.title, locale)].some((t) => t.toLowerCase().includes(keyword))))
      .map(({ id, categoryId, title, cover, price, sales }) => localized({ id, categoryId, title, cover, price, sales }, ['title'], locale));
    return { ...paginate(matches, query), categories: state.catalog.categories.map((c) => localized(c, ['name'], locale)) };
  },

  goodsDetail: ({ params, locale }) => {
    const goods = state.catalog.goods.find((g) => g.id === params.id);
    if (!goods) throw refusal('NOT_FOUND', 'goods.notFound');
    return { ...localized(goods, ['title', 'description'], locale), skus: goods.skus.map((sku) => localized(sku, ['name'], locale)) };
  },

  orders: ({ user, query }) => {
    const status = ORDER_TYPE_STATUS[query.type ?? 0];
    return paginate(newestFirst(user.mallOrders).filter((o) => !status || o.status === status), query, byId);
  },

  orderDetail: ({ user, params }) => ownOrder(user, params.id),

  orderCreate: ({ user, body }) => createOrder(user, findSku(body.skuId).sku, body.quantity, ownAddress(user, body.addressId)),

  orderPay: ({ user, body }) => {
    // the server checks the pay password first (server/idempotency/moneyRoute.ts)
    checkPayPassword(user, body.payPassword);
    return payOrder(user, ownOrder(user, body.id));
  },

  orderCancel: ({ user, body }) => {
    expireUnpaid(user);
    const order = ownOrder(user, body.id);
    const next = requireMove(order, 'cancel');
    if (order.status === 'paid') book(user, 'mall_refund', 'USDT', toUnits(order.total), `訂單 ${order.orderNo} 取消退款`);
    findSku(order.skuId).sku.stock += order.quantity;
    return setStatus(order, next, timestamp());
  },

  orderConfirm: ({ user, body }) => {
    const order = ownOrder(user, body.id);
    return setStatus(order, requireMove(order, 'confirm'), timestamp());
  },

  logistics: ({ user, params }) => {
    const order = ownOrder(user, params.id);
    requireMove(order, 'logistics');
    return user.logistics.get(order.id) ?? { orderId: order.id, carrier: '', trackingNo: '', state: 'waiting' as const, traces: [] };
  },
});
