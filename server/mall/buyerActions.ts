/**
 * What the buyer does with an order, each in the caller's transaction on a locked row:
 * pay (USDT from the buyer to the system account `mall`), cancel (stock returned; a paid order
 * is refunded through the ledger), confirm receipt.
 */
import type { Db } from '../db';
import { systemOwner, userOwner } from '../ledger/accounts';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { post, type Trx } from '../ledger/post';
import { ApiError } from '../http/errors';
import { lockOrder, moveOrder } from './orderRows';
import type { MallOrderRow } from './orderView';
import { addSales, returnStock } from './stock';
import { sweepOrders } from './sweep';
import { assertNotFrozen } from '../users/freeze';

/** A frozen account pays no order: the goods would leave the platform (server/users/freeze.ts). */
export async function payOrder(trx: Trx, userId: bigint, id: bigint, now: number): Promise<MallOrderRow> {
  await assertNotFrozen(trx, userId);
  const order = await lockOrder(trx, id, userId);
  // late, whether the sweep has cancelled the order already or not yet: refused as such
  const late = (order.status === 'unpaid' && BigInt(now) >= order.pay_deadline) || (order.status === 'cancelled' && order.cancel_reason === 'timeout');
  if (late) throw new ApiError('BUSINESS_RULE', { messageKey: 'mall.payExpired' });
  const paid = await moveOrder(trx, order, 'pay', { paid_at: BigInt(now) });
  await post(trx, {
    ref: `mall-order:${order.id}:pay`,
    now,
    lines: [
      { owner: userOwner(userId), currency: 'USDT', amount: -order.total, type: 'mall_payment', remark: order.order_no },
      { owner: systemOwner('mall'), currency: 'USDT', amount: order.total, type: 'mall_payment', remark: order.order_no },
    ],
  });
  await addSales(trx, order.goods_id, order.quantity);
  return paid;
}

export async function cancelOrder(trx: Trx, userId: bigint, id: bigint, now: number): Promise<MallOrderRow> {
  const order = await lockOrder(trx, id, userId);
  const cancelled = await moveOrder(trx, order, 'cancel', { cancelled_at: BigInt(now), cancel_reason: 'buyer' });
  await returnStock(trx, order.sku_id, order.quantity);
  if (order.status === 'paid') {
    await post(trx, {
      ref: `mall-order:${order.id}:refund`,
      now,
      lines: [
        { owner: systemOwner('mall'), currency: 'USDT', amount: -order.total, type: 'mall_refund', remark: order.order_no },
        { owner: userOwner(userId), currency: 'USDT', amount: order.total, type: 'mall_refund', remark: order.order_no },
      ],
    });
    await addSales(trx, order.goods_id, -order.quantity);
  }
  return cancelled;
}

export async function confirmOrder(trx: Trx, userId: bigint, id: bigint, now: number): Promise<MallOrderRow> {
  const order = await lockOrder(trx, id, userId);
  return moveOrder(trx, order, 'confirm', { completed_at: BigInt(now) });
}

/** Confirming receipt as its own call: the buyer's overdue orders move first, then the order. */
export async function confirmReceipt(db: Db, userId: bigint, id: bigint, now: number): Promise<MallOrderRow> {
  await sweepOrders(db, now, { userId });
  return runMoneyTransaction(db, (trx) => confirmOrder(trx, userId, id, now));
}
