/**
 * Invite commission: one level only. When an invitee buys a power or finance product, their
 * inviter gets the configured percentage of the purchase in USDT, from the 'commission' system
 * account, posted in the SAME transaction as the purchase (so both happen or neither does).
 */
import { fromUnits, percentOf, toUnits } from '../money';
import { post, type Trx } from '../ledger/post';
import { systemOwner, userOwner } from '../ledger/accounts';

export const COMMISSION_CURRENCY = 'USDT';

export interface CommissionArgs {
  /** the invitee who bought */
  buyerId: bigint;
  /** the purchase's value in USDT units */
  amountUnits: bigint;
  /** the purchase, e.g. "power-order:12"; a purchase pays commission once (unique) */
  ref: string;
  now: number;
  /** percent as a decimal string: pass `app.ctx.config.commissionRate` (COMMISSION_RATE) */
  rate: string;
}

export interface PaidCommission {
  inviterId: bigint;
  /** USDT units paid */
  amount: bigint;
}

/**
 * Pays the buyer's inviter, if any; null when there is no inviter or the commission rounds down
 * to zero. Call it inside the purchase's money transaction.
 */
export async function payCommission(trx: Trx, { buyerId, amountUnits, ref, now, rate }: CommissionArgs): Promise<PaidCommission | null> {
  const buyer = await trx.selectFrom('users').select(['uid', 'inviter_id']).where('id', '=', buyerId).executeTakeFirstOrThrow();
  if (buyer.inviter_id === null) return null;
  const rateUnits = toUnits(rate);
  const amount = percentOf(amountUnits, rateUnits, 'down');
  if (amount <= 0n) return null;
  await trx
    .insertInto('invite_commissions')
    .values({
      inviter_id: buyer.inviter_id,
      invitee_id: buyerId,
      ref,
      purchase_amount: amountUnits,
      rate: rateUnits,
      amount,
      created_at: BigInt(now),
    })
    .execute();
  await post(trx, {
    ref: `commission:${ref}`,
    now,
    lines: [
      { owner: systemOwner('commission'), currency: COMMISSION_CURRENCY, amount: -amount, type: 'commission', remark: `${ref} ${fromUnits(amountUnits)}` },
      { owner: userOwner(buyer.inviter_id), currency: COMMISSION_CURRENCY, amount, type: 'commission', remark: buyer.uid },
    ],
  });
  return { inviterId: buyer.inviter_id, amount };
}
