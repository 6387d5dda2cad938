/**
 * The user's side of withdrawals: the options (rules, limits, balance), a request, a cancel while
 * in review, and the history. The rules themselves are the pure functions of
 * contract/rules/withdraw.ts; this file looks up the facts they need (balances, earlier
 * withdrawals, deposits and conversions, the session's age, every user's last hour).
 */
import { fromUnits, toUnits } from '../../contract/rules/money';
import {
  checkWithdrawAddress, checkWithdrawAmount, checkWithdrawFunds, maxWithdrawNow, PLATFORM_WINDOW_MS, WITHDRAW_RULES, WITHDRAW_WINDOW_MS,
  withdrawReviewReasons, withdrawStatement, type ReviewFacts,
} from '../../contract/rules/withdraw';
import type { WithdrawOptionsType, WithdrawRequestBodyType } from '../../contract/withdraw';
import { checkStepUp } from '../auth/stepUp';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { BY_ID, paginate, type PageArgs, type PageRows } from '../http/paging';
import { userBalance } from '../ledger/balances';
import type { Trx } from '../ledger/post';
import type { TimeFormat } from '../time';
import { assertNotFrozen } from '../users/freeze';
import { assertWithdrawNotHeld } from '../payPassword/reset';
import { ownWithdrawAddress } from './addresses';
import { postFreeze, postReturn } from './postings';
import { refuseIf, ruleFor } from './rules';
import type { WithdrawalRow } from './view';

/** statuses whose amount counts towards the limits (everything not returned) */
const RETURNED = ['rejected', 'cancelled', 'failed'];

type Sum = bigint | string | number | null;

/** what the user withdrew of `currency` in the WITHDRAW_WINDOW_MS before `now` (amounts, fees left out) */
export async function withdrawnLastDay(db: Db | Trx, userId: bigint, currency: string, now: number): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.sum<Sum>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('created_at', '>', BigInt(now - WITHDRAW_WINDOW_MS))
    .where('status', 'not in', RETURNED)
    .executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

/** every user's withdrawals of `currency` in the PLATFORM_WINDOW_MS before `now` */
async function platformLastHour(db: Trx, currency: string, now: number): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.sum<Sum>('amount').as('total'))
    .where('currency', '=', currency)
    .where('created_at', '>', BigInt(now - PLATFORM_WINDOW_MS))
    .where('status', 'not in', RETURNED)
    .executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

/** deposits credited and conversions received in `currency` in the WITHDRAW_WINDOW_MS before `now` */
async function inflowLastDay(db: Trx, userId: bigint, currency: string, now: number): Promise<bigint> {
  const since = BigInt(now - WITHDRAW_WINDOW_MS);
  const deposited = await db
    .selectFrom('deposits')
    .select((eb) => eb.fn.sum<Sum>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('created_at', '>', since)
    .executeTakeFirst();
  const converted = await db
    .selectFrom('conversions')
    .select((eb) => eb.fn.sum<Sum>('received').as('total'))
    .where('user_id', '=', userId)
    .where('to_currency', '=', currency)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return BigInt(deposited?.total ?? 0) + BigInt(converted?.total ?? 0);
}

async function isFirstWithdrawal(db: Trx, userId: bigint): Promise<boolean> {
  const earlier = await db.selectFrom('withdrawals').select('id').where('user_id', '=', userId).where('status', 'not in', RETURNED).limit(1).executeTakeFirst();
  return !earlier;
}

export async function withdrawOptions(db: Db, config: ServerConfig, userId: bigint, now: number): Promise<WithdrawOptionsType> {
  const options = [];
  for (const rule of WITHDRAW_RULES) {
    const available = await userBalance(db, userId, rule.currency);
    const withdrawn = await withdrawnLastDay(db, userId, rule.currency, now);
    const dailyLeft = toUnits(rule.dailyLimit) - withdrawn;
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
      maxNow: fromUnits(maxWithdrawNow(rule, { available, withdrawnLastDay: withdrawn })),
    });
  }
  return { options, addressDelayHours: config.withdrawAddressDelayMs / 3600_000 };
}

export interface RequestInput {
  userId: bigint;
  /** the session making the request (its age is a review reason) */
  sessionId: bigint;
  body: WithdrawRequestBodyType;
  idempotencyKey: string | null;
  now: number;
  time: TimeFormat;
}

/**
 * A request, checked in this order (contract/rules/withdraw.ts), each refusal a catalogue error with
 * nothing frozen: the currency and network, the amount (decimals, minimum, maximum), the saved
 * address (the caller's own, of this network, past its delay), the wallet signature over exactly
 * this withdrawal, the balance (amount + fee) and the daily limit. Then the review reasons, and in
 * the caller's transaction the row is written and amount + fee frozen; the proof is spent in it.
 */
export async function requestWithdrawal(trx: Trx, config: ServerConfig, input: RequestInput): Promise<WithdrawalRow> {
  const { userId, body, now } = input;
  // first: a frozen account is told so, whatever else is wrong with the request
  await assertNotFrozen(trx, userId);
  // then a reset pay password's hold, before the user is asked for anything else
  await assertWithdrawNotHeld(trx, userId, now, input.time);
  const rule = ruleFor(body.currency, body.network);
  const { currency, network } = rule;
  refuseIf(checkWithdrawAmount(rule, body.amount));
  const amount = toUnits(body.amount);
  const fee = toUnits(rule.fee);

  const saved = await ownWithdrawAddress(trx, userId, BigInt(body.addressId));
  refuseIf(checkWithdrawAddress(rule, { network: saved.network, usableFrom: Number(saved.usable_from) }, now, (ms) => input.time.timestamp(ms)));

  const consumeProof = await checkStepUp(trx, config, {
    userId,
    purpose: 'withdraw',
    proof: body.proof,
    now,
    statement: withdrawStatement({ amount: body.amount, currency, network, address: saved.address }),
    statementMismatch: 'withdraw.proofMismatch',
  });

  const funds = { amount, available: await userBalance(trx, userId, currency), withdrawnLastDay: await withdrawnLastDay(trx, userId, currency, now) };
  refuseIf(checkWithdrawFunds(rule, funds));

  const user = await trx.selectFrom('users').select('pay_password_changed_at').where('id', '=', userId).executeTakeFirstOrThrow();
  const session = await trx.selectFrom('auth_sessions').select('created_at').where('id', '=', input.sessionId).executeTakeFirstOrThrow();
  const facts: ReviewFacts = {
    ...funds,
    now,
    addressCreatedAt: Number(saved.created_at),
    addressDelayMs: config.withdrawAddressDelayMs,
    payPasswordChangedAt: user.pay_password_changed_at === null ? null : Number(user.pay_password_changed_at),
    inflowLastDay: await inflowLastDay(trx, userId, currency, now),
    firstWithdrawal: await isFirstWithdrawal(trx, userId),
    sessionStartedAt: Number(session.created_at),
    platformLastHour: await platformLastHour(trx, currency, now),
    platformHourlyLimit: config.withdrawPlatformHourlyLimit[currency] ?? 0n,
  };
  const reasons = withdrawReviewReasons(rule, facts);

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
      fee,
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
  if ((await withdrawnLastDay(trx, userId, currency, now)) > toUnits(rule.dailyLimit)) {
    const left = toUnits(rule.dailyLimit) - funds.withdrawnLastDay - amount;
    throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.dailyLimit', params: { limit: rule.dailyLimit, left: fromUnits(left > 0n ? left : 0n), currency } });
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
  await postReturn(trx, row, now);
  return ownWithdrawal(trx, userId, id);
}

export async function withdrawalHistory(db: Db, userId: bigint, args: PageArgs): Promise<PageRows<WithdrawalRow>> {
  return paginate(db.selectFrom('withdrawals').selectAll().where('user_id', '=', userId).orderBy('id', 'desc'), args, BY_ID());
}

