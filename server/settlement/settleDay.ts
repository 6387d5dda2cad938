/**
 * Daily settlement of one past day: every power order producing that day gets its net output
 * credited in its coin (from the system `payouts` account), every finance order earning that day
 * accrues one day's interest into its locked (frozen) USDT, and a finance order whose every
 * interest day is settled gets principal and interest back in `available`, and the investor's
 * inviter their commission on that interest (never on the principal; server/invites/commission).
 * Both happen in one transaction, once per order (the order's redeemed_at is set conditionally).
 *
 * Exactly once per order and day: each order's day first inserts the unique (order, day) row and
 * posts only when that insert happened, in the same money transaction (one per SETTLE_BATCH
 * orders). Re-running a day, or two processes settling it at once, changes nothing. The formulas are the shared ones in
 * contract/rules, which the browser's calculator uses too.
 */
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { dailyInterest } from '../../contract/rules/financeInterest';
import { powerDay } from '../../contract/rules/powerOutput';
import { DEFAULT_COMMISSION_RATE } from '../../contract/rules/invites';
import type { Db } from '../db';
import type { FinanceOrdersTable, PowerOrdersTable } from '../db/schema';
import { COMMISSION_CURRENCY, payCommission } from '../invites/commission';
import { ownerKey, systemOwner, userOwner } from '../ledger/accounts';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { post, type Trx } from '../ledger/post';
import type { Clock } from '../time';
import { dayOf, isDay } from './days';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

export interface SettlementResult {
  day: string;
  /** bills and interest rows written by this run (0 when the day was settled before) */
  powerBills: number;
  financeInterest: number;
  /** finance orders paid back by this run */
  redeemed: number;
}

export class SettlementDayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettlementDayError';
  }
}

async function settlePowerOrder(trx: Trx, order: Selectable<PowerOrdersTable>, day: string, now: number): Promise<boolean> {
  const bill = powerDay(
    { dailyOutputPerUnit: order.daily_output_per_unit, electricityFeePerUnit: order.electricity_fee_per_unit, managementFeeRate: order.management_fee_rate },
    order.units,
  );
  const inserted = await trx
    .insertInto('power_bills')
    .values({
      order_id: order.id,
      user_id: order.user_id,
      day,
      coin: order.coin,
      gross: bill.gross,
      electricity_fee: bill.electricityFee,
      management_fee: bill.managementFee,
      net: bill.net,
      created_at: BigInt(now),
    })
    .onConflict((oc) => oc.columns(['order_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  if (bill.net > 0n) {
    await post(trx, {
      ref: `settle:power:${order.id}:${day}`,
      now,
      lines: [
        { owner: systemOwner('payouts'), currency: order.coin, amount: -bill.net, type: 'power_output', remark: `power order ${order.id} ${day}` },
        { owner: userOwner(order.user_id), currency: order.coin, amount: bill.net, type: 'power_output', remark: `${order.title} ${day}` },
      ],
    });
  }
  return true;
}

/** Pays principal + interest back once every interest day of the order is settled, and the inviter's commission on the interest. */
async function redeemIfComplete(trx: Trx, order: Selectable<FinanceOrdersTable>, now: number, commissionRate: string): Promise<boolean> {
  const accrued = await trx
    .selectFrom('finance_interest')
    .select([sql<bigint>`count(*)`.as('days'), sql<bigint>`coalesce(sum(amount), 0)`.as('total')])
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  if (BigInt(accrued.days) < order.lock_days) return false;
  const marked = await trx
    .updateTable('finance_orders')
    .set({ redeemed_at: BigInt(now) })
    .where('id', '=', order.id)
    .where('redeemed_at', 'is', null)
    .executeTakeFirst();
  if (marked.numUpdatedRows === 0n) return false;
  const total = order.principal + BigInt(accrued.total);
  const owner = userOwner(order.user_id);
  await post(trx, {
    ref: `settle:finance-redeem:${order.id}`,
    now,
    lines: [
      { owner, currency: order.currency, amount: -total, bucket: 'frozen', type: 'finance_redeem', remark: order.title },
      { owner, currency: order.currency, amount: total, type: 'finance_redeem', remark: order.title },
    ],
  });
  const interest = BigInt(accrued.total);
  if (order.currency === COMMISSION_CURRENCY && interest > 0n) {
    await payCommission(trx, { buyerId: order.user_id, amountUnits: interest, ref: `finance-interest:${order.id}`, now, rate: commissionRate });
  }
  return true;
}

async function settleFinanceOrder(trx: Trx, order: Selectable<FinanceOrdersTable>, day: string, now: number, commissionRate: string): Promise<{ accrued: boolean; redeemed: boolean }> {
  const amount = dailyInterest(order.principal, order.annual_rate);
  const inserted = await trx
    .insertInto('finance_interest')
    .values({ order_id: order.id, user_id: order.user_id, day, amount, created_at: BigInt(now) })
    .onConflict((oc) => oc.columns(['order_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { accrued: false, redeemed: false };
  if (amount > 0n) {
    await post(trx, {
      ref: `settle:finance:${order.id}:${day}`,
      now,
      lines: [
        { owner: systemOwner('payouts'), currency: order.currency, amount: -amount, type: 'finance_interest', remark: `finance order ${order.id} ${day}` },
        { owner: userOwner(order.user_id), currency: order.currency, amount, bucket: 'frozen', type: 'finance_interest', remark: `${order.title} ${day}` },
      ],
    });
  }
  return { accrued: true, redeemed: await redeemIfComplete(trx, order, now, commissionRate) };
}

function byId<T extends { id: bigint }>(rows: T[]): T[] {
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Orders settled together in one money transaction: one commit (one fsync) for many orders instead
 * of one each (bench/settlement.ts: PostgreSQL settled ~150 orders/s one by one). Small enough that
 * the accounts a batch locks are held for tens of milliseconds, so user requests wait little.
 */
export const SETTLE_BATCH = 100;

/**
 * `orders` in batches of SETTLE_BATCH; within a batch in the order `post` locks accounts (owner
 * key, then currency), so that a batch and a user's transfer lock shared accounts in one order and
 * cannot deadlock (both lock the system account first: "sys:" sorts before "u").
 */
function batches<T extends { user_id: bigint }>(orders: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < orders.length; start += SETTLE_BATCH) {
    result.push(orders.slice(start, start + SETTLE_BATCH).sort((a, b) => (ownerKey(userOwner(a.user_id)) < ownerKey(userOwner(b.user_id)) ? -1 : 1)));
  }
  return result;
}

/**
 * Before each batch: requests and signals waiting in the event loop get their turn (on SQLite a
 * batch's commit may resolve without one, so a day of many batches would otherwise hold every
 * request, and a SIGTERM, until it ends), then a stop asked for meanwhile stops the run.
 */
async function betweenBatches(signal?: AbortSignal): Promise<void> {
  await yieldToEventLoop();
  signal?.throwIfAborted();
}

/**
 * Settles `day` (YYYY-MM-DD, display time zone), which must be over. Idempotent. `commissionRate`:
 * COMMISSION_RATE. An aborted `signal` stops it between two batches (throwing its reason): what was
 * settled is whole, and the day is not marked settled, so the next run goes on with the rest.
 */
export async function settleDay(db: Db, day: string, clock: Clock, utcOffsetMinutes: number, commissionRate = DEFAULT_COMMISSION_RATE, signal?: AbortSignal): Promise<SettlementResult> {
  if (!isDay(day)) throw new SettlementDayError(`not a day (YYYY-MM-DD): "${day}"`);
  const today = dayOf(clock.now(), utcOffsetMinutes);
  if (day >= today) throw new SettlementDayError(`${day} is not over yet (today is ${today}); only past days can be settled`);
  const result: SettlementResult = { day, powerBills: 0, financeInterest: 0, redeemed: 0 };

  // the orders producing that day, found by their last day (an index on it skips every order that
  // ended before); in id order, sorted here so that no plan trades that index for the id order
  const powerOrders = byId(await db.selectFrom('power_orders').selectAll().where('end_day', '>=', day).where('start_day', '<=', day).execute());
  for (const batch of batches(powerOrders)) {
    await betweenBatches(signal);
    result.powerBills += await runMoneyTransaction(db, async (trx) => {
      let bills = 0;
      for (const order of batch) if (await settlePowerOrder(trx, order, day, clock.now())) bills += 1;
      return bills;
    });
  }
  const financeOrders = byId(await db.selectFrom('finance_orders').selectAll().where('maturity_day', '>=', day).where('start_day', '<=', day).execute());
  for (const batch of batches(financeOrders)) {
    await betweenBatches(signal);
    const done = await runMoneyTransaction(db, async (trx) => {
      let accrued = 0;
      let redeemed = 0;
      for (const order of batch) {
        const outcome = await settleFinanceOrder(trx, order, day, clock.now(), commissionRate);
        if (outcome.accrued) accrued += 1;
        if (outcome.redeemed) redeemed += 1;
      }
      return { accrued, redeemed };
    });
    result.financeInterest += done.accrued;
    result.redeemed += done.redeemed;
  }
  await db.insertInto('settled_days').values({ day, settled_at: BigInt(clock.now()) }).onConflict((oc) => oc.column('day').doNothing()).execute();
  return result;
}
