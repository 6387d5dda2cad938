/**
 * The buyer's orders, read-only and as of now: an order whose deadline has passed is shown as the
 * sweep (server/jobs.ts, every minute) will leave it, an unpaid one cancelled at its pay deadline,
 * a shipped one completed at its confirm deadline, before the sweep has written that. Reads never
 * write; the sweep and the buyer's actions move the rows.
 */
import type { ExpressionBuilder } from 'kysely';
import { ORDER_TYPE_STATUS, type MallOrderStatusType } from '../../contract/mall';
import type { Database, Db } from '../db';
import { BY_ID, paginate, type PageArgs, type PageRows } from '../http/paging';
import { ownOrder } from './orderRows';
import type { MallOrderRow, MallTraceRow } from './orderView';
import { requireMove } from './statusTable';

/** The order as the sweep would leave it at `now` (same stamps: the deadline, 'timeout'). */
export function orderAsOf(row: MallOrderRow, now: number): MallOrderRow {
  const at = BigInt(now);
  if (row.status === 'unpaid' && row.pay_deadline <= at) return { ...row, status: 'cancelled', cancelled_at: row.pay_deadline, cancel_reason: 'timeout' };
  if (row.status === 'shipped' && row.confirm_deadline !== null && row.confirm_deadline <= at) return { ...row, status: 'completed', completed_at: row.confirm_deadline };
  return row;
}

/** SQL condition: the order's status as of `now` (see orderAsOf) is `status`. */
function statusAsOf(status: MallOrderStatusType, at: bigint) {
  return (eb: ExpressionBuilder<Database, 'mall_orders'>) => {
    const expiredUnpaid = eb.and([eb('status', '=', 'unpaid'), eb('pay_deadline', '<=', at)]);
    const overdueShipped = eb.and([eb('status', '=', 'shipped'), eb('confirm_deadline', '<=', at)]);
    if (status === 'unpaid') return eb.and([eb('status', '=', 'unpaid'), eb('pay_deadline', '>', at)]);
    if (status === 'shipped') return eb.and([eb('status', '=', 'shipped'), eb.or([eb('confirm_deadline', 'is', null), eb('confirm_deadline', '>', at)])]);
    if (status === 'cancelled') return eb.or([eb('status', '=', 'cancelled'), expiredUnpaid]);
    if (status === 'completed') return eb.or([eb('status', '=', 'completed'), overdueShipped]);
    return eb('status', '=', status);
  };
}

/** One page of the buyer's orders of a list type (contract ORDER_TYPE_STATUS), newest first. */
export async function listOrders(db: Db, userId: bigint, type: number, args: PageArgs, now: number): Promise<PageRows<MallOrderRow>> {
  const status = ORDER_TYPE_STATUS[type];
  let query = db.selectFrom('mall_orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
  if (status) query = query.where(statusAsOf(status, BigInt(now)));
  const { rows, total, nextCursor } = await paginate(query, args, BY_ID());
  return { rows: rows.map((row) => orderAsOf(row, now)), total, nextCursor };
}

/** The buyer's order as of now, or 404. */
export async function readOrder(db: Db, userId: bigint, id: bigint, now: number): Promise<MallOrderRow> {
  return orderAsOf(await ownOrder(db, userId, id), now);
}

/** The buyer's order and its traces newest first; 422 when its status has no logistics. */
export async function readLogistics(db: Db, userId: bigint, id: bigint, now: number): Promise<{ order: MallOrderRow; traces: MallTraceRow[] }> {
  const order = await readOrder(db, userId, id, now);
  requireMove(order.status, 'logistics');
  const traces = await db.selectFrom('mall_traces').selectAll().where('order_id', '=', order.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return { order, traces };
}
