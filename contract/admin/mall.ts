/**
 * The console's mall orders: the list with filters, shipping with a carrier and tracking number,
 * a logistics trace, and refunds (the payment back to the buyer through the ledger, once; a fresh
 * wallet signature naming the order).
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from '../endpoint';
import { Amount, Id, IdParams, Timestamp } from '../common';
import { MallOrderStatus, LogisticsTrace } from '../mall';
import { AdminListQuery, AdminPage, AdminUserSummary, ProofReasonBody } from './common';

/** Why an order was closed: the buyer cancelled, the pay window ran out, or an operator refunded it. */
export const MALL_CANCEL_REASONS = ['buyer', 'timeout', 'refund'] as const;
export const MallCancelReason = Type.Union(MALL_CANCEL_REASONS.map((reason) => Type.Literal(reason)));

export const AdminMallOrder = Type.Object({
  id: Id,
  orderNo: Type.String(),
  status: MallOrderStatus,
  /** refund: the payment went back to the buyer */
  cancelReason: Type.Union([MallCancelReason, Type.Null()]),
  user: AdminUserSummary,
  goodsId: Id,
  skuId: Id,
  title: Type.String(),
  skuName: Type.String(),
  price: Amount,
  quantity: Type.Integer({ minimum: 1 }),
  /** USDT paid (or to pay) */
  total: Amount,
  /** where it goes, as chosen at checkout */
  receiver: Type.Object({
    name: Type.String(),
    phone: Type.String(),
    province: Type.String(),
    city: Type.String(),
    district: Type.String(),
    detail: Type.String(),
  }),
  carrier: Type.Union([Type.String(), Type.Null()]),
  trackingNo: Type.Union([Type.String(), Type.Null()]),
  /** who shipped it: an operator address or cli:<name> */
  shippedBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  paidAt: Type.Union([Timestamp, Type.Null()]),
  shippedAt: Type.Union([Timestamp, Type.Null()]),
  completedAt: Type.Union([Timestamp, Type.Null()]),
  cancelledAt: Type.Union([Timestamp, Type.Null()]),
  /** what an operator may do with it now */
  refundable: Type.Boolean(),
  shippable: Type.Boolean(),
});
export type AdminMallOrderType = Static<typeof AdminMallOrder>;

export const AdminMallOrdersQuery = AdminListQuery({
  status: Type.Optional(MallOrderStatus),
  /** the buyer's UID, exact */
  uid: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$' })),
  /** exact */
  orderNo: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,32}$' })),
});
export type AdminMallOrdersQueryType = Static<typeof AdminMallOrdersQuery>;

/** Trimmed by the server; empty after trimming is refused. */
const ShipText = (maxLength: number) => Type.String({ minLength: 1, maxLength });

export const AdminShipBody = Type.Object({
  carrier: ShipText(64),
  trackingNo: ShipText(64),
});
export type AdminShipBodyType = Static<typeof AdminShipBody>;

export const AdminTraceBody = Type.Object({
  text: ShipText(200),
  location: ShipText(100),
  /** this trace is the delivery */
  delivered: Type.Optional(Type.Boolean()),
});
export type AdminTraceBodyType = Static<typeof AdminTraceBody>;

export const AdminMallOrderDetail = Type.Object({
  order: AdminMallOrder,
  /** logistics traces, newest first */
  traces: Type.Array(LogisticsTrace),
});
export type AdminMallOrderDetailType = Static<typeof AdminMallOrderDetail>;

export const adminMallEndpoints = {
  mallOrders: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/mall/orders', auth: false, operator: 'console.read',
    summary: 'Mall orders, newest first, by status, buyer UID or order number', query: AdminMallOrdersQuery, response: AdminPage(AdminMallOrder),
  }),
  mallOrderDetail: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/mall/orders/:id', auth: false, operator: 'console.read',
    summary: 'One mall order with its logistics traces', params: IdParams, response: AdminMallOrderDetail,
  }),
  shipMallOrder: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/mall/orders/:id/ship', auth: false, operator: 'mall.fulfil',
    summary: 'Ship a paid order with a carrier and tracking number (again with the same ones changes nothing)',
    params: IdParams, body: AdminShipBody, response: AdminMallOrderDetail,
  }),
  traceMallOrder: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/mall/orders/:id/trace', auth: false, operator: 'mall.fulfil',
    summary: 'Add a logistics trace to a shipped order (the same trace again changes nothing)',
    params: IdParams, body: AdminTraceBody, response: AdminMallOrderDetail,
  }),
  refundMallOrder: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/mall/orders/:id/refund', auth: false, operator: 'mall.fulfil',
    summary: 'Refund a paid, shipped or completed order: its payment back to the buyer, once (step-up mall.refund on the order id)',
    params: IdParams, body: ProofReasonBody, response: AdminMallOrderDetail,
  }),
};
