/**
 * Mall orders as the operator console reads them: every buyer's, newest first, by status, buyer
 * UID or order number, with the receiver, the logistics and what an operator may do next.
 */
import { sql } from 'kysely';
import type { AdminMallOrderDetailType, AdminMallOrderType, AdminMallOrdersQueryType } from '../../contract/admin/mall';
import { fromUnits } from '../../contract/rules/money';
import { nextStatus } from '../../contract/rules/mallOrders';
import type { Db } from '../db';
import type { TimeFormat } from '../time';
import { isRefundable } from './fulfilment';
import { orderNotFound } from './orderRows';
import type { MallOrderRow } from './orderView';

type Buyer = { buyer_uid: string; buyer_address: string; buyer_frozen_at: bigint | null; buyer_created_at: bigint };
type Row = MallOrderRow & Buyer;

function ordersWithBuyer(db: Db) {
  return db.selectFrom('mall_orders as o').innerJoin('users as u', 'u.id', 'o.user_id');
}

const BUYER_COLUMNS = ['u.uid as buyer_uid', 'u.address as buyer_address', 'u.frozen_at as buyer_frozen_at', 'u.created_at as buyer_created_at'] as const;

function toAdminOrder(row: Row, time: TimeFormat): AdminMallOrderType {
  const at = (ms: bigint | null) => (ms === null ? null : time.timestamp(ms));
  return {
    id: String(row.id),
    orderNo: row.order_no,
    status: row.status,
    cancelReason: row.cancel_reason as AdminMallOrderType['cancelReason'],
    user: { id: String(row.user_id), uid: row.buyer_uid, address: row.buyer_address, frozen: row.buyer_frozen_at !== null, createdAt: time.timestamp(row.buyer_created_at) },
    goodsId: String(row.goods_id),
    skuId: String(row.sku_id),
    title: row.title,
    skuName: row.sku_name,
    price: fromUnits(row.price),
    quantity: Number(row.quantity),
    total: fromUnits(row.total),
    receiver: { name: row.receiver, phone: row.phone, province: row.province, city: row.city, district: row.district, detail: row.detail },
    carrier: row.carrier,
    trackingNo: row.tracking_no,
    shippedBy: row.shipped_by,
    createdAt: time.timestamp(row.created_at),
    paidAt: at(row.paid_at),
    shippedAt: at(row.shipped_at),
    completedAt: at(row.completed_at),
    cancelledAt: at(row.cancelled_at),
    refundable: isRefundable(row.status),
    shippable: nextStatus(row.status, 'ship') !== null,
  };
}

export async function listAdminOrders(db: Db, query: AdminMallOrdersQueryType, time: TimeFormat) {
  const { page = 1, pageSize = 20, status, uid, orderNo } = query;
  let filtered = ordersWithBuyer(db);
  if (status !== undefined) filtered = filtered.where('o.status', '=', status);
  if (uid !== undefined) filtered = filtered.where('u.uid', '=', uid);
  if (orderNo !== undefined) filtered = filtered.where('o.order_no', '=', orderNo);
  const { total } = await filtered.select(sql<bigint>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = await filtered.selectAll('o').select(BUYER_COLUMNS).orderBy('o.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
  return { list: rows.map((row) => toAdminOrder(row, time)), total: Number(total), page, pageSize };
}

export async function adminOrderDetail(db: Db, id: bigint, time: TimeFormat): Promise<AdminMallOrderDetailType> {
  const row = await ordersWithBuyer(db).selectAll('o').select(BUYER_COLUMNS).where('o.id', '=', id).executeTakeFirst();
  if (!row) throw orderNotFound();
  const traces = await db.selectFrom('mall_traces').selectAll().where('order_id', '=', id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return {
    order: toAdminOrder(row, time),
    traces: traces.map((trace) => ({ time: time.timestamp(trace.created_at), text: trace.text, location: trace.location })),
  };
}
