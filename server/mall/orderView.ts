/** Mall orders and their logistics as the contract shows them. */
import type { Selectable } from 'kysely';
import type { LogisticsType, MallOrderType } from '../../contract/mall';
import { toAddressFields } from '../addresses/addressView';
import type { MallOrdersTable, MallTracesTable } from '../db/schema';
import { fromUnits } from '../../contract/rules/money';
import type { TimeFormat } from '../time';
import { actionsFor } from '../../contract/rules/mallOrders';

export type MallOrderRow = Selectable<MallOrdersTable>;
export type MallTraceRow = Selectable<MallTracesTable>;

export function toMallOrder(row: MallOrderRow, time: TimeFormat, now: number): MallOrderType {
  const at = (ms: bigint | null) => (ms === null ? null : time.timestamp(ms));
  return {
    id: String(row.id),
    orderNo: row.order_no,
    status: row.status,
    goodsId: String(row.goods_id),
    skuId: String(row.sku_id),
    title: row.title,
    skuName: row.sku_name,
    cover: row.cover,
    price: fromUnits(row.price),
    quantity: Number(row.quantity),
    total: fromUnits(row.total),
    address: toAddressFields({ ...row, id: row.address_id, is_default: row.address_is_default }),
    actions: actionsFor(row.status),
    createdAt: time.timestamp(row.created_at),
    payDeadline: row.status === 'unpaid' ? time.timestamp(row.pay_deadline) : null,
    ...(row.status === 'unpaid' ? { payRemainingSeconds: Math.max(0, Math.floor((Number(row.pay_deadline) - now) / 1000)) } : {}),
    paidAt: at(row.paid_at),
    shippedAt: at(row.shipped_at),
    completedAt: at(row.completed_at),
    cancelledAt: at(row.cancelled_at),
  };
}

/** Carrier, tracking number, state and the traces newest first. A completed order was received. */
export function toLogistics(row: MallOrderRow, traces: MallTraceRow[], time: TimeFormat): LogisticsType {
  const delivered = row.status === 'completed' || traces.some((trace) => trace.delivered === 1n);
  return {
    orderId: String(row.id),
    carrier: row.carrier ?? '',
    trackingNo: row.tracking_no ?? '',
    state: delivered ? 'delivered' : row.shipped_at === null ? 'waiting' : 'in_transit',
    traces: traces.map((trace) => ({ time: time.timestamp(trace.created_at), text: trace.text, location: trace.location })),
  };
}
