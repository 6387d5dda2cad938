/**
 * The user's side of withdrawals: the options (rules, limits, balance), a request, a cancel while
 * in review, and the history.
 *
 * A request is checked in this order, each refusal a catalogue error with nothing frozen: the
 * currency and network, the amount's decimals, minimum and per-withdrawal maximum, the saved
 * address (the caller's own, of this network, past its delay), the wallet signature over exactly
 * this withdrawal (purpose withdraw, statement `withdrawStatement`: amount as sent, currency,
 * network, checksummed address; single use), the available balance (amount + fee), the per-user
 * limit over the last 24 hours. Then, in one transaction with the Idempotency-Key's bookkeeping
 * (moneyRoute), the row is written and amount + fee are frozen; the proof is spent in it.
 */
import { fromUnits } from '../../contract/rules/money';
import { SECURITY_CHANGE_REVIEW_HOURS, WITHDRAW_RULES, withdrawStatement } from '../../contract/rules/withdraw';
import type { ReviewReasonType, WithdrawOptionsType, WithdrawRequestBodyType } from '../../contract/withdraw';
import { checkStepUp } from '../auth/stepUp';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { BY_ID, paginate, type PageArgs, type PageRows } from '../http/paging';
import { userBalance } from '../ledger/balances';
import type { Trx } from '../ledger/post';
import type { TimeFormat } from '../time';
import { ownWithdrawAddress } from './addresses';
import { postFreeze, postReturn } from './ledger';
import { amountUnits, rulesFor } from './rules';
import type { WithdrawalRow } from './view';

const DAY_MS = 24 * 3600 * 1000;
/** statuses whose amount counts towards the daily limit (everything not returned) */
const RETURNED = ['rejected', 'cancelled', 'failed'];

/** what the user withdrew of `currency` in the 24 hours before `now` (amounts, fees left out) */
export async function withdrawnLastDay(db: Db | Trx, userId: bigint, currency: string, now: number): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.sum<bigint | string | number | null>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('created_at', '>', BigInt(now - DAY_MS))
    .where('status', 'not in', RETURNED)
    .executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

const minBig = (...values: bigint[]) => values.reduce((a, b) => (b < a ? b : a));

export async function withdrawOptions(db: Db, config: ServerConfig, userId: bigint, now: number): Promise<WithdrawOptionsType> {
  const options = [];
  for (const rule of WITHDRAW_RULES) {
    const units = rulesFor(rule.currency, rule.network);
    const available = await userBalance(db, userId, rule.currency);
    const dailyLeft = units.dailyLimit - (await withdrawnLastDay(db, userId, rule.currency, now));
    let maxNow = minBig(available - units.fee, units.maxAmount, dailyLeft);
    // no more decimals than the currency has
    const step = 10n ** BigInt(8 - Math.min(8, rule.decimals));
    maxNow -= maxNow % step;
    options.push({
      currency: rule.currency,
      network: rule.network,
      decimals: rule.decimals,
      minAmount: rule.minAmount,
      maxAmount: rule.maxAmount,
      fee: rule.fee,
      dailyLimit: rule.dailyLimit,
      dailyLeft: fromUnits(dailyLeft > 0n ? dailyLeft : 0n),
      reviewAbove: rule.reviewAbove,
      available: fromUnits(available),
      maxNow: fromUnits(maxNow >= units.minAmount ? maxNow : 0n),
    });
  }
  return { options, addressDelayHours: config.withdrawAddressDelayMs / 3600_000 };
}

export interface RequestInput {
  userId: bigint;
  body: WithdrawRequestBodyType;
  idempotencyKey: string | null;
  now: number;
  time: TimeFormat;
}

export async function requestWithdrawal(trx: Trx, config: ServerConfig, input: RequestInput): Promise<WithdrawalRow> {
  const { userId, body, now } = input;
  const rules = rulesFor(body.currency, body.network);
  const { currency, network } = rules.rule;
  const amount = amountUnits(body.amount, rules);
  if (amount < rules.minAmount) throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.belowMinimum', params: { min: rules.rule.minAmount, currency } });
  if (amount > rules.maxAmount) throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.aboveMaximum', params: { max: rules.rule.maxAmount, currency } });

  const saved = await ownWithdrawAddress(trx, userId, BigInt(body.addressId));
  if (saved.network !== network) throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.addressNetworkMismatch', params: { saved: saved.network, network } });
  if (BigInt(now) < saved.usable_from) {
    throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.addressInDelay', params: { time: input.time.timestamp(saved.usable_from) } });
  }

  const consumeProof = await checkStepUp(trx, config, {
    userId,
    purpose: 'withdraw',
    proof: body.proof,
    now,
    statement: withdrawStatement({ amount: body.amount, currency, network, address: saved.address }),
    statementMismatch: 'withdraw.proofMismatch',
  });

  const available = await userBalance(trx, userId, currency);
  if (amount + rules.fee > available) {
    throw new ApiError('INSUFFICIENT_BALANCE', {
      messageKey: 'withdraw.insufficient',
      params: { amount: fromUnits(amount), fee: rules.rule.fee, required: fromUnits(amount + rules.fee), currency, available: fromUnits(available) },
    });
  }
  const left = rules.dailyLimit - (await withdrawnLastDay(trx, userId, currency, now));
  if (amount > left) {
    throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.dailyLimit', params: { limit: rules.rule.dailyLimit, left: fromUnits(left > 0n ? left : 0n), currency } });
  }

  const reasons: ReviewReasonType[] = [];
  if (amount > rules.reviewAbove) reasons.push('amount');
  if (BigInt(now) < saved.created_at + BigInt(config.withdrawAddressDelayMs)) reasons.push('newAddress');
  const user = await trx.selectFrom('users').select('pay_password_changed_at').where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.pay_password_changed_at !== null && BigInt(now) < user.pay_password_changed_at + BigInt(SECURITY_CHANGE_REVIEW_HOURS * 3600_000)) reasons.push('securityChange');

  await consumeProof(trx);
  const at = BigInt(now);
  const row = await trx
    .insertInto('withdrawals')
    .values({
      user_id: userId,
      currency,
      network,
      address: saved.address,
      address_label: saved.label,
      amount,
      fee: rules.fee,
      status: reasons.length ? 'review' : 'processing',
      review_reasons: reasons.join(','),
      reason: null,
      operator: null,
      idempotency_key: input.idempotencyKey,
      signer_address: null,
      nonce: null,
      tx_hash: null,
      block_number: null,
      created_at: at,
      updated_at: at,
      reviewed_at: null,
      broadcast_at: null,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // the balance was read above; on PostgreSQL `post` locks the account and checks again
  await postFreeze(trx, row, now);
  // the daily limit again, now that the account is locked: a concurrent request counted before us
  if ((await withdrawnLastDay(trx, userId, currency, now)) > rules.dailyLimit) {
    throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.dailyLimit', params: { limit: rules.rule.dailyLimit, left: fromUnits(left - amount > 0n ? left - amount : 0n), currency } });
  }
  return row;
}

/** One of the caller's withdrawals, else 404 (also another user's). */
export async function ownWithdrawal(db: Db | Trx, userId: bigint, id: bigint): Promise<WithdrawalRow> {
  const row = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', { messageKey: 'withdraw.notFound' });
  return row;
}

/** Moves a withdrawal from one of `from` to `to` (compare-and-set); false when it was elsewhere. */
export async function moveStatus(trx: Trx, id: bigint, from: string[], set: Partial<Omit<WithdrawalRow, 'id'>> & { status: string }, now: number): Promise<boolean> {
  const updated = await trx
    .updateTable('withdrawals')
    .set({ ...set, updated_at: BigInt(now) })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

export async function cancelWithdrawal(trx: Trx, userId: bigint, id: bigint, now: number): Promise<WithdrawalRow> {
  const row = await ownWithdrawal(trx, userId, id);
  if (!(await moveStatus(trx, id, ['review'], { status: 'cancelled', finished_at: BigInt(now) }, now))) {
    throw new ApiError('CONFLICT', { messageKey: 'withdraw.notCancellable' });
  }
  await postReturn(trx, row, 'cancel', now);
  return ownWithdrawal(trx, userId, id);
}

export async function withdrawalHistory(db: Db, userId: bigint, args: PageArgs): Promise<PageRows<WithdrawalRow>> {
  return paginate(db.selectFrom('withdrawals').selectAll().where('user_id', '=', userId).orderBy('id', 'desc'), args, BY_ID());
}

