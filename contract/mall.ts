/** The mall: goods, orders paid from the USDT balance, logistics. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { Amount, Id, IdParams, Page, PageQuery, PayPassword, Timestamp } from './common';
import { Address } from './address';

export const GoodsCategory = Type.Object({ id: Id, name: Type.String() });
export type GoodsCategoryType = Static<typeof GoodsCategory>;

export const GoodsSummary = Type.Object({
  id: Id,
  categoryId: Id,
  title: Type.String(),
  cover: Type.String(),
  /** lowest SKU price, USDT */
  price: Amount,
  sales: Type.Integer({ minimum: 0 }),
});
export type GoodsSummaryType = Static<typeof GoodsSummary>;

export const Sku = Type.Object({ id: Id, name: Type.String(), price: Amount, stock: Type.Integer({ minimum: 0 }) });
export type SkuType = Static<typeof Sku>;

export const GoodsDetail = Type.Composite([
  GoodsSummary,
  Type.Object({ images: Type.Array(Type.String()), description: Type.String(), skus: Type.Array(Sku) }),
]);
export type GoodsDetailType = Static<typeof GoodsDetail>;

export const GoodsQuery = Type.Composite([
  PageQuery,
  Type.Object({ categoryId: Type.Optional(Id), keyword: Type.Optional(Type.String({ maxLength: 50 })) }),
]);
export type GoodsQueryType = Static<typeof GoodsQuery>;

export const GoodsList = Type.Composite([Page(GoodsSummary), Type.Object({ categories: Type.Array(GoodsCategory) })]);
export type GoodsListType = Static<typeof GoodsList>;

/**
 * Order statuses. The list type of `/shopping/order/:type` maps onto them:
 * 0 all, 1 unpaid, 2 to ship (paid), 3 to receive (shipped), 4 completed, 5 cancelled.
 */
export const MALL_ORDER_STATUSES = ['unpaid', 'paid', 'shipped', 'completed', 'cancelled'] as const;
export type MallOrderStatusType = (typeof MALL_ORDER_STATUSES)[number];
export const MallOrderStatus = Type.Union(MALL_ORDER_STATUSES.map((s) => Type.Literal(s)));
export const MALL_ORDER_TYPES = [0, 1, 2, 3, 4, 5] as const;
export const ORDER_TYPE_STATUS: Record<number, MallOrderStatusType | null> = {
  0: null, 1: 'unpaid', 2: 'paid', 3: 'shipped', 4: 'completed', 5: 'cancelled',
};
export const MALL_ACTIONS = ['pay', 'cancel', 'confirm', 'logistics'] as const;
export const MallAction = Type.Union(MALL_ACTIONS.map((a) => Type.Literal(a)));

export const MallOrder = Type.Object({
  id: Id,
  orderNo: Type.String(),
  status: MallOrderStatus,
  goodsId: Id,
  skuId: Id,
  title: Type.String(),
  skuName: Type.String(),
  cover: Type.String(),
  price: Amount,
  quantity: Type.Integer({ minimum: 1 }),
  total: Amount,
  address: Type.Omit(Address, ['createdAt']),
  /** actions the current status allows */
  actions: Type.Array(MallAction),
  createdAt: Timestamp,
  /** unpaid orders cancel themselves at this time */
  payDeadline: Type.Union([Timestamp, Type.Null()]),
  /** unpaid orders: seconds left to pay when answered (a countdown free of time zones and clock skew) */
  payRemainingSeconds: Type.Optional(Type.Integer({ minimum: 0 })),
  paidAt: Type.Union([Timestamp, Type.Null()]),
  shippedAt: Type.Union([Timestamp, Type.Null()]),
  completedAt: Type.Union([Timestamp, Type.Null()]),
  cancelledAt: Type.Union([Timestamp, Type.Null()]),
});
export type MallOrderType = Static<typeof MallOrder>;

export const MallOrderQuery = Type.Composite([
  PageQuery,
  Type.Object({ type: Type.Optional(Type.Integer({ minimum: 0, maximum: 5, default: 0 })) }),
]);

export const MallOrderCreateBody = Type.Object({
  skuId: Id,
  quantity: Type.Integer({ minimum: 1, maximum: 99 }),
  addressId: Id,
});
export type MallOrderCreateBodyType = Static<typeof MallOrderCreateBody>;

export const MallOrderPayBody = Type.Object({ id: Id, payPassword: PayPassword });
export const MallOrderIdBody = Type.Object({ id: Id });

export const LogisticsTrace = Type.Object({ time: Timestamp, text: Type.String(), location: Type.String() });
export const Logistics = Type.Object({
  orderId: Id,
  carrier: Type.String(),
  trackingNo: Type.String(),
  state: Type.Union([Type.Literal('waiting'), Type.Literal('in_transit'), Type.Literal('delivered')]),
  traces: Type.Array(LogisticsTrace),
});
export type LogisticsType = Static<typeof Logistics>;

export const mallEndpoints = {
  goods: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/mall/goods', auth: false, feature: 'mall',
    summary: 'Goods by category and keyword', query: GoodsQuery, response: GoodsList,
  }),
  goodsDetail: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/mall/goods/:id', auth: false, feature: 'mall',
    summary: 'One goods item with its SKUs', params: IdParams, response: GoodsDetail,
  }),
  orders: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/mall/order', auth: true, feature: 'mall',
    summary: 'The caller\'s orders by list type', query: MallOrderQuery, response: Page(MallOrder),
  }),
  orderDetail: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/mall/order/:id', auth: true, feature: 'mall',
    summary: 'One order', params: IdParams, response: MallOrder,
  }),
  orderCreate: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/mall/order/create', auth: true, moneyMoving: true, feature: 'mall',
    summary: 'Create an unpaid order (stock held)', body: MallOrderCreateBody, response: MallOrder,
  }),
  orderPay: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/mall/order/pay', auth: true, moneyMoving: true, feature: 'mall',
    summary: 'Pay an order from the USDT balance', body: MallOrderPayBody, response: MallOrder,
  }),
  orderCancel: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/mall/order/cancel', auth: true, moneyMoving: true, feature: 'mall',
    summary: 'Cancel an unpaid or paid-unshipped order', body: MallOrderIdBody, response: MallOrder,
  }),
  orderConfirm: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/mall/order/confirm', auth: true, feature: 'mall',
    summary: 'Confirm receipt', body: MallOrderIdBody, response: MallOrder,
  }),
  logistics: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/mall/order/:id/logistics', auth: true, feature: 'mall',
    summary: 'Carrier, tracking number and traces', params: IdParams, response: Logistics,
  }),
};
