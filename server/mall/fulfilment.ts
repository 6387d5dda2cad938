/**
 * What an operator does (ops commands `mall:ship`, `mall:trace`): ship a paid order with a carrier
 * and tracking number, add logistics traces. Both are idempotent: shipping again with the same
 * carrier and number, or adding the same trace again, changes nothing. The operator is recorded.
 */
import type { Db } from '../db';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { AUTO_CONFIRM_MS } from '../../contract/rules/mallOrders';
import { lockOrder, moveOrder, orderNotFound } from './orderRows';
import type { MallOrderRow } from './orderView';
import { requireMove } from './statusTable';

/** An order named by its id or its order number, or 404. */
export async function findOrderId(db: Db, ref: string): Promise<bigint> {
  const query = db.selectFrom('mall_orders').select('id');
  const row = await (/^\d+$/.test(ref) ? query.where('id', '=', BigInt(ref)) : query.where('order_no', '=', ref)).executeTakeFirst();
  if (!row) throw orderNotFound();
  return row.id;
}

export interface Shipment {
  carrier: string;
  trackingNo: string;
  operator: string;
}

export async function shipOrder(db: Db, id: bigint, shipment: Shipment, now: number): Promise<{ order: MallOrderRow; shipped: boolean }> {
  return runMoneyTransaction(db, async (trx) => {
    const order = await lockOrder(trx, id);
    if (order.status !== 'paid' && order.carrier === shipment.carrier && order.tracking_no === shipment.trackingNo) return { order, shipped: false };
    const shipped = await moveOrder(trx, order, 'ship', {
      carrier: shipment.carrier,
      tracking_no: shipment.trackingNo,
      shipped_by: shipment.operator,
      shipped_at: BigInt(now),
      confirm_deadline: BigInt(now + AUTO_CONFIRM_MS),
    });
    return { order: shipped, shipped: true };
  });
}

export interface TraceInput {
  text: string;
  location: string;
  delivered: boolean;
  operator: string;
}

/** Adds a trace; false when the same trace (text and location) was already there. */
export async function addTrace(db: Db, id: bigint, trace: TraceInput, now: number): Promise<boolean> {
  return runMoneyTransaction(db, async (trx) => {
    const order = await lockOrder(trx, id);
    requireMove(order.status, 'trace');
    const added = await trx
      .insertInto('mall_traces')
      .values({ order_id: id, text: trace.text, location: trace.location, delivered: trace.delivered ? 1n : 0n, operator: trace.operator, created_at: BigInt(now) })
      .onConflict((oc) => oc.columns(['order_id', 'text', 'location']).doNothing())
      .executeTakeFirst();
    return added.numInsertedOrUpdatedRows === 1n;
  });
}
