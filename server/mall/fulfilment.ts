/**
 * What an operator does with mall orders, from the console or the ops commands alike: ship a paid
 * order with a carrier and tracking number, add logistics traces, refund an order. Each takes the
 * operator's act and writes its audit entry in the transaction that makes the change. Shipping and
 * tracing are idempotent: shipping again with the same carrier and number, or adding the same
 * trace again, changes nothing and records nothing. A refund happens once: the order's status is
 * compared-and-set on the locked row, so a second refund finds it refunded.
 */
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { systemOwner, userOwner } from '../ledger/accounts';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { post } from '../ledger/post';
import { actorName, recordAct, type OperatorAct } from '../operators/actor';
import { notify } from '../notifications/notifications';
import { AUTO_CONFIRM_MS, MALL_CURRENCY } from '../../contract/rules/mallOrders';
import type { MallOrderStatusType } from '../../contract/mall';
import { lockOrder, moveOrder, orderNotFound } from './orderRows';
import type { MallOrderRow } from './orderView';
import { requireMove } from './statusTable';
import { addSales, returnStock } from './stock';

/** An order named by its id or its order number, or 404. */
export async function findOrderId(db: Db, ref: string): Promise<bigint> {
  const query = db.selectFrom('mall_orders').select('id');
  const row = await (/^\d+$/.test(ref) ? query.where('id', '=', BigInt(ref)) : query.where('order_no', '=', ref)).executeTakeFirst();
  if (!row) throw orderNotFound();
  return row.id;
}

const orderTarget = (id: bigint) => `order:${id}`;

/** Text an operator typed: trimmed, never blank (422). */
function operatorText(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new ApiError('BUSINESS_RULE', { messageKey: 'admin.mall.blank' });
  return trimmed;
}

export interface Shipment {
  carrier: string;
  trackingNo: string;
}

export async function shipOrder(db: Db, id: bigint, shipment: Shipment, act: OperatorAct): Promise<{ order: MallOrderRow; shipped: boolean }> {
  const carrier = operatorText(shipment.carrier).slice(0, 64);
  const trackingNo = operatorText(shipment.trackingNo).slice(0, 64);
  return runMoneyTransaction(db, async (trx) => {
    const order = await lockOrder(trx, id);
    if (order.status !== 'paid' && order.carrier === carrier && order.tracking_no === trackingNo) return { order, shipped: false };
    const shipped = await moveOrder(trx, order, 'ship', {
      carrier,
      tracking_no: trackingNo,
      shipped_by: actorName(act.actor),
      shipped_at: BigInt(act.now),
      confirm_deadline: BigInt(act.now + AUTO_CONFIRM_MS),
    });
    await notify(trx, shipped.user_id, 'mall.shipped', { orderId: String(shipped.id), orderNo: shipped.order_no }, act.now);
    await recordAct(trx, act, {
      action: 'mall.ship',
      target: orderTarget(id),
      before: { status: order.status },
      after: { status: shipped.status, carrier, trackingNo },
    });
    return { order: shipped, shipped: true };
  });
}

export interface TraceInput {
  text: string;
  location: string;
  delivered: boolean;
}

/** Adds a trace; false when the same trace (text and location) was already there. */
export async function addTrace(db: Db, id: bigint, trace: TraceInput, act: OperatorAct): Promise<boolean> {
  const text = operatorText(trace.text).slice(0, 200);
  const location = operatorText(trace.location).slice(0, 100);
  return runMoneyTransaction(db, async (trx) => {
    const order = await lockOrder(trx, id);
    requireMove(order.status, 'trace');
    const added = await trx
      .insertInto('mall_traces')
      .values({ order_id: id, text, location, delivered: trace.delivered ? 1n : 0n, operator: actorName(act.actor), created_at: BigInt(act.now) })
      .onConflict((oc) => oc.columns(['order_id', 'text', 'location']).doNothing())
      .executeTakeFirst();
    if (added.numInsertedOrUpdatedRows !== 1n) return false;
    await recordAct(trx, act, { action: 'mall.trace', target: orderTarget(id), after: { text, location, delivered: trace.delivered } });
    return true;
  });
}

/**
 * What an operator may refund: an order whose payment the mall holds. Paid orders have not left
 * the warehouse, so their stock comes back; shipped and completed ones are with the buyer (lost,
 * returned or disputed goods), so the stock stays as it is.
 */
const REFUNDABLE: readonly MallOrderStatusType[] = ['paid', 'shipped', 'completed'];

export function isRefundable(status: MallOrderStatusType): boolean {
  return REFUNDABLE.includes(status);
}

/** The reason a refunded order was closed with (the buyer's own cancel says 'buyer'). */
const REFUNDED = 'refund';

/**
 * Refunds an order: the mall account pays the total back to the buyer through the ledger, the
 * order is closed (cancelled, reason refund), the sale uncounted and, when it had not shipped, the
 * stock returned. Once only: 409 when already refunded, 422 when the order was never paid or was
 * cancelled by the buyer (who got their money back then). Audited 'mall.refund'.
 */
export async function refundOrder(db: Db, id: bigint, act: OperatorAct): Promise<MallOrderRow> {
  return runMoneyTransaction(db, async (trx) => {
    const order = await lockOrder(trx, id);
    if (order.status === 'cancelled' && order.cancel_reason === REFUNDED) throw new ApiError('CONFLICT', { messageKey: 'admin.mall.alreadyRefunded' });
    if (!isRefundable(order.status)) throw new ApiError('BUSINESS_RULE', { messageKey: 'admin.mall.notRefundable' });
    const refunded = await trx
      .updateTable('mall_orders')
      .set({ status: 'cancelled', cancelled_at: BigInt(act.now), cancel_reason: REFUNDED })
      .where('id', '=', order.id)
      .where('status', '=', order.status)
      .returningAll()
      .executeTakeFirst();
    if (!refunded) throw new ApiError('CONFLICT', { messageKey: 'admin.mall.alreadyRefunded' });
    await post(trx, {
      ref: `mall-order:${order.id}:refund`,
      now: act.now,
      lines: [
        { owner: systemOwner('mall'), currency: MALL_CURRENCY, amount: -order.total, type: 'mall_refund', remark: order.order_no },
        { owner: userOwner(order.user_id), currency: MALL_CURRENCY, amount: order.total, type: 'mall_refund', remark: order.order_no },
      ],
    });
    if (order.status === 'paid') await returnStock(trx, order.sku_id, order.quantity);
    await addSales(trx, order.goods_id, -order.quantity);
    await recordAct(trx, act, {
      action: 'mall.refund',
      target: orderTarget(order.id),
      before: { status: order.status, total: order.total },
      after: { status: refunded.status, cancelReason: 'refund', refunded: order.total, stockReturned: order.status === 'paid' },
    });
    return refunded;
  });
}
