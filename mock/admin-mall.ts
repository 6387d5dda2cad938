/**
 * The operator console's mall calls for `max dev` (contract/admin/mall.ts), over the mocks' users'
 * orders: the list with filters, one order with its traces, shipping (carrier and tracking number,
 * the same ones again change nothing), a trace, a refund (the total back to the buyer, once, the
 * stock back when it had not shipped). The mocks trust the wallet proof the schema asks for.
 */
import { adminMallEndpoints, type AdminMallOrderDetailType, type AdminMallOrderType } from '../contract/admin/mall';
import type { MallOrderType } from '../contract/mall';
import { MALL_CURRENCY, nextStatus } from '../contract/rules/mallOrders';
import { toUnits } from '../contract/rules/money';
import { refusal } from './_errors';
import { mockRoutes, newestFirst, paginate } from './_kit';
import { book, state, type MockUser } from './_state';
import { timestamp } from './_time';
import { consoleUsers, userSummary } from './admin-users';
import { setStatus } from './mall';

/** who the mocks' console acts as */
const OPERATOR = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';
const REFUNDABLE = ['paid', 'shipped', 'completed'];

const refunded = new Set<string>();
const shippedBy = new Map<string, string>();

function allOrders(): { user: MockUser; order: MallOrderType }[] {
  return consoleUsers().flatMap((user) => user.mallOrders.map((order) => ({ user, order })));
}

function find(id: string): { user: MockUser; order: MallOrderType } {
  const found = allOrders().find(({ order }) => order.id === id);
  if (!found) throw refusal('NOT_FOUND', 'mall.orderNotFound');
  return found;
}

function view(user: MockUser, order: MallOrderType): AdminMallOrderType {
  const logistics = user.logistics.get(order.id);
  const { address } = order;
  return {
    id: order.id,
    orderNo: order.orderNo,
    status: order.status,
    cancelReason: order.status !== 'cancelled' ? null : refunded.has(order.id) ? 'refund' : order.cancelledAt === order.payDeadline ? 'timeout' : 'buyer',
    user: userSummary(user),
    goodsId: order.goodsId,
    skuId: order.skuId,
    title: order.title,
    skuName: order.skuName,
    price: order.price,
    quantity: order.quantity,
    total: order.total,
    receiver: { name: address.receiver, phone: address.phone, province: address.region.province, city: address.region.city, district: address.region.district, detail: address.detail },
    carrier: logistics?.carrier || null,
    trackingNo: logistics?.trackingNo || null,
    shippedBy: order.shippedAt ? (shippedBy.get(order.id) ?? 'cli:ops') : null,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    shippedAt: order.shippedAt,
    completedAt: order.completedAt,
    cancelledAt: order.cancelledAt,
    refundable: REFUNDABLE.includes(order.status),
    shippable: nextStatus(order.status, 'ship') !== null,
  };
}

function detail(id: string): AdminMallOrderDetailType {
  const { user, order } = find(id);
  return { order: view(user, order), traces: user.logistics.get(order.id)?.traces ?? [] };
}

function text(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw refusal('BUSINESS_RULE', 'admin.mall.blank');
  return trimmed;
}

export default mockRoutes(adminMallEndpoints, {
  mallOrders: ({ query }) => {
    const rows = allOrders()
      .filter(({ user, order }) => (!query.status || order.status === query.status) && (!query.uid || user.uid === query.uid) && (!query.orderNo || order.orderNo === query.orderNo))
      .map(({ user, order }) => view(user, order));
    const page = paginate(newestFirst(rows), query);
    return { list: page.list, total: page.total ?? rows.length, page: page.page, pageSize: page.pageSize };
  },

  mallOrderDetail: ({ params }) => detail(params.id),

  shipMallOrder: ({ params, body }) => {
    const { user, order } = find(params.id);
    const carrier = text(body.carrier);
    const trackingNo = text(body.trackingNo);
    const logistics = user.logistics.get(order.id);
    if (order.status !== 'paid' && logistics?.carrier === carrier && logistics.trackingNo === trackingNo) return detail(order.id);
    if (!nextStatus(order.status, 'ship')) throw refusal('BUSINESS_RULE', 'mall.refused.ship');
    setStatus(order, 'shipped', timestamp());
    shippedBy.set(order.id, OPERATOR);
    user.logistics.set(order.id, { orderId: order.id, carrier, trackingNo, state: 'in_transit', traces: [] });
    return detail(order.id);
  },

  traceMallOrder: ({ params, body }) => {
    const { user, order } = find(params.id);
    if (!nextStatus(order.status, 'trace')) throw refusal('BUSINESS_RULE', 'mall.refused.trace');
    const logistics = user.logistics.get(order.id)!;
    const trace = { time: timestamp(), text: text(body.text), location: text(body.location) };
    if (!logistics.traces.some((t) => t.text === trace.text && t.location === trace.location)) logistics.traces.unshift(trace);
    if (body.delivered) logistics.state = 'delivered';
    return detail(order.id);
  },

  refundMallOrder: ({ params }) => {
    const { user, order } = find(params.id);
    if (refunded.has(order.id)) throw refusal('CONFLICT', 'admin.mall.alreadyRefunded');
    if (!REFUNDABLE.includes(order.status)) throw refusal('BUSINESS_RULE', 'admin.mall.notRefundable');
    if (order.status === 'paid') {
      const sku = state.catalog.goods.flatMap((g) => g.skus).find((s) => s.id === order.skuId);
      if (sku) sku.stock += order.quantity;
    }
    book(user, 'mall_refund', MALL_CURRENCY, toUnits(order.total), `商城訂單退款 ${order.orderNo}`);
    refunded.add(order.id);
    setStatus(order, 'cancelled', timestamp());
    return detail(order.id);
  },
});
