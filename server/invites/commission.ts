/**
 * Invite commission, one level only, paid only on money the platform keeps or pays out, so a
 * self-referral pair cannot farm it (docs/invites.md):
 * - a power purchase (spent, never returned): the rate × its price, in the purchase's transaction;
 * - a finance subscription: nothing on the principal (it comes back at maturity); the rate × the
 *   interest actually paid, when settlement pays principal and interest back, in that transaction.
 * From the 'commission' system account, in USDT, once per purchase or finance order (unique ref).
 */
import { fromUnits, percentOf, toUnits } from '../../contract/rules/money';
import { post, type Trx } from '../ledger/post';
import { systemOwner, userOwner } from '../ledger/accounts';

export const COMMISSION_CURRENCY = 'USDT';

export interface CommissionArgs {
  /** the invitee who bought */
  buyerId: bigint;
  /** the base in USDT units: a power purchase's price, or a finance order's interest paid */
  amountUnits: bigint;
  /** what paid it, e.g. "power-order:12" or "finance-interest:7"; commission is paid once per ref (unique) */
  ref: string;
  now: number;
  /** percent as a decimal string: pass `config.commissionRate` (COMMISSION_RATE) */
  rate: string;
}

export interface PaidCommission {
  inviterId: bigint;
  /** USDT units paid */
  amount: bigint;
}

/**
 * Pays the buyer's inviter, if any; null when there is no inviter or the commission rounds down
 * to zero. Call it inside the money transaction of the purchase or of the interest payout.
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
