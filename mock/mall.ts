/** The mall: goods, orders paid from the USDT balance, logistics. */
import dayjs from 'dayjs';
import type { AddressType } from '../contract/address';
import type { MallOrderStatusType, MallOrderType, SkuType } from '../contract/mall';
import { ORDER_TYPE_STATUS } from '../contract/mall';
import { contract } from '../contract';
import { fromUnits, toUnits } from '../contract/rules/money';
import { MockError } from './_errors';
import { mockRoutes, newestFirst, paginate } from './_kit';
import { book, checkPayPassword, nextId, state, type MockUser } from './_state';
import { timestamp } from './_time';
import { ownAddress } from './address';

const PAY_MINUTES = 30;

/** What the buyer may do in each status (the server's table is the reference). */
const ACTIONS: Record<MallOrderStatusType, MallOrderType['actions']> = {
  unpaid: ['pay', 'cancel'],
  paid: ['cancel'],
  shipped: ['confirm', 'logistics'],
  completed: ['logistics'],
  cancelled: [],
};

function findSku(skuId: string) {
  for (const goods of state.catalog.goods) {
    const sku = goods.skus.find((s) => s.id === skuId);
    if (sku) return { goods, sku };
  }
  throw new MockError('NOT_FOUND', '商品不存在');
}

function ownOrder(user: MockUser, id: string): MallOrderType {
  const order = user.mallOrders.find((o) => o.id === id);
  if (!order) throw new MockError('NOT_FOUND', '訂單不存在');
  return order;
}

export function setStatus(order: MallOrderType, status: MallOrderStatusType, at: string): MallOrderType {
  order.status = status;
  order.actions = ACTIONS[status];
  const stamp = { paid: 'paidAt', shipped: 'shippedAt', completed: 'completedAt', cancelled: 'cancelledAt' } as const;
  if (status !== 'unpaid') order[stamp[status]] = at;
  if (status !== 'unpaid') order.payDeadline = null;
  return order;
}

function refuse(order: MallOrderType, action: MallOrderType['actions'][number]): void {
  if (!order.actions.includes(action)) throw new MockError('BUSINESS_RULE', '訂單目前的狀態不允許此操作');
}

/** An unpaid order holding the SKU's stock. */
export function createOrder(user: MockUser, sku: SkuType, quantity: number, address: AddressType, at = timestamp()): MallOrderType {
  const { goods } = findSku(sku.id);
  if (sku.stock < quantity) throw new MockError('BUSINESS_RULE', `庫存不足，剩餘 ${sku.stock} 件`);
  sku.stock -= quantity;
  const { createdAt: _omit, ...receiver } = address;
  const order: MallOrderType = {
    id: nextId(), orderNo: `PF${dayjs(at).format('YYYYMMDDHHmmss')}${nextId().slice(-4)}`, status: 'unpaid',
    goodsId: goods.id, skuId: sku.id, title: goods.title, skuName: sku.name, cover: goods.cover, price: sku.price, quantity,
    total: fromUnits(toUnits(sku.price) * BigInt(quantity)), address: { ...receiver, region: { ...receiver.region } }, actions: ACTIONS.unpaid,
    createdAt: at, payDeadline: timestamp(dayjs(at).add(PAY_MINUTES, 'minute')), paidAt: null, shippedAt: null, completedAt: null, cancelledAt: null,
  };
  user.mallOrders.push(order);
  return order;
}

export function payOrder(user: MockUser, order: MallOrderType, at = timestamp()): MallOrderType {
  refuse(order, 'pay');
  book(user, 'mall_payment', 'USDT', -toUnits(order.total), `商城訂單 ${order.orderNo}`, at);
  return setStatus(order, 'paid', at);
}

export default mockRoutes(contract.mall, {
  goods: ({ query }) => {
    const keyword = query.keyword?.trim().toLowerCase();
    const matches = state.catalog.goods
      .filter((g) => (!query.categoryId || g.categoryId === query.categoryId) && (!keyword || g.title.toLowerCase().includes(keyword)))
      .map(({ id, categoryId, title, cover, price, sales }) => ({ id, categoryId, title, cover, price, sales }));
    return { ...paginate(matches, query), categories: state.catalog.categories };
  },

  goodsDetail: ({ params }) => {
    const goods = state.catalog.goods.find((g) => g.id === params.id);
    if (!goods) throw new MockError('NOT_FOUND', '商品不存在');
    return goods;
  },

  orders: ({ user, query }) => {
    const status = ORDER_TYPE_STATUS[query.type ?? 0];
    return paginate(newestFirst(user.mallOrders).filter((o) => !status || o.status === status), query);
  },

  orderDetail: ({ user, params }) => ownOrder(user, params.id),

  orderCreate: ({ user, body }) => createOrder(user, findSku(body.skuId).sku, body.quantity, ownAddress(user, body.addressId)),

  orderPay: ({ user, body }) => {
    const order = ownOrder(user, body.id);
    refuse(order, 'pay');
    checkPayPassword(user, body.payPassword);
    return payOrder(user, order);
  },

  orderCancel: ({ user, body }) => {
    const order = ownOrder(user, body.id);
    refuse(order, 'cancel');
    if (order.status === 'paid') book(user, 'mall_refund', 'USDT', toUnits(order.total), `訂單 ${order.orderNo} 取消退款`);
    findSku(order.skuId).sku.stock += order.quantity;
    return setStatus(order, 'cancelled', timestamp());
  },

  orderConfirm: ({ user, body }) => {
    const order = ownOrder(user, body.id);
    refuse(order, 'confirm');
    return setStatus(order, 'completed', timestamp());
  },

  logistics: ({ user, params }) => {
    const order = ownOrder(user, params.id);
    return user.logistics.get(order.id) ?? { orderId: order.id, carrier: '', trackingNo: '', state: 'waiting' as const, traces: [] };
  },
});
