/**
 * Daily settlement of one past day: every power order producing that day gets its net output
 * credited in its coin (from the system `payouts` account), every finance order earning that day
 * accrues one day's interest into its locked (frozen) USDT, and a finance order whose every
 * interest day is settled gets principal and interest back in `available`, and the investor's
 * inviter their commission on that interest (never on the principal; server/invites/commission).
 * Both happen in one transaction, once per order (the order's redeemed_at is set conditionally).
 *
 * Exactly once per order and day: orders are settled SETTLE_BATCH at a time, each batch in one
 * money transaction that first inserts the batch's unique (order, day) rows in one statement and
 * pays only the orders whose row that insert wrote, in one ledger posting (`postBatch`: each
 * order's payout its own entry, the `payouts` side one line per currency). Re-running a day, a run
 * killed after any statement and run again, or two processes settling it at once, pay each order
 * once. The formulas are the shared ones in contract/rules, which the browser's calculator uses too.
 */
import type { RawBuilder, Selectable, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { dailyInterest } from '../../contract/rules/financeInterest';
import { powerDay } from '../../contract/rules/powerOutput';
import { fromUnits } from '../../contract/rules/money';
import { DEFAULT_COMMISSION_RATE } from '../../contract/rules/invites';
import { isSqlite, type Db } from '../db';
import type { FinanceOrdersTable, PowerOrdersTable } from '../db/schema';
import { COMMISSION_CURRENCY, payCommission } from '../invites/commission';
import { systemOwner, userOwner } from '../ledger/accounts';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { post, postBatch, type Trx } from '../ledger/post';
import { notify, notifyAll, type NotificationInput } from '../notifications/notifications';
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

/** "settle:power:12-57:2026-03-02": the kind, the first and last order paid, the day */
const batchRef = (kind: 'power' | 'finance', paid: { id: bigint }[], day: string) => `settle:${kind}:${paid[0].id}-${paid[paid.length - 1].id}:${day}`;

/**
 * Settles a batch of power orders (in id order) in the caller's money transaction: their bills in
 * one insert, each order's only when its (order, day) row is new, and one ledger posting paying
 * those orders' net output (one entry each) from `payouts`. Returns how many bills it wrote.
 *
 * Exactly once: the insert skips (ON CONFLICT DO NOTHING) an order whose bill exists, and returns
 * only the rows it wrote; only those are paid. A conflicting row does not fail the statement (the
 * other rows are still written), and on PostgreSQL a bill being written by a concurrent run makes
 * the insert wait for that run to commit (then the row is skipped) or roll back (then it is ours).
 * Rows go in order-id order in every run, so two runs of one day wait on each other in one order.
 */
async function settlePowerBatch(trx: Trx, orders: Selectable<PowerOrdersTable>[], day: string, now: number): Promise<number> {
  const bills = orders.map((order) => ({
    order,
    bill: powerDay(
      { dailyOutputPerUnit: order.daily_output_per_unit, electricityFeePerUnit: order.electricity_fee_per_unit, managementFeeRate: order.management_fee_rate },
      order.units,
    ),
  }));
  const inserted = await trx
    .insertInto('power_bills')
    .values(
      bills.map(({ order, bill }) => ({
        order_id: order.id,
        user_id: order.user_id,
        day,
        coin: order.coin,
        gross: bill.gross,
        electricity_fee: bill.electricityFee,
        management_fee: bill.managementFee,
        net: bill.net,
        created_at: BigInt(now),
      })),
    )
    .onConflict((oc) => oc.columns(['order_id', 'day']).doNothing())
    .returning('order_id')
    .execute();
  const billed = new Set(inserted.map((row) => row.order_id));
  const paid = bills.filter(({ order, bill }) => billed.has(order.id) && bill.net > 0n);
  if (paid.length > 0) {
    await postBatch(trx, {
      ref: batchRef('power', paid.map(({ order }) => order), day),
      now,
      systemRemark: `power ${day} ${paid.length} orders`,
      lines: paid.flatMap(({ order, bill }) => [
        { owner: systemOwner('payouts'), currency: order.coin, amount: -bill.net, type: 'power_output' as const },
        { owner: userOwner(order.user_id), currency: order.coin, amount: bill.net, type: 'power_output' as const, remark: `${order.title} ${day}` },
      ]),
    });
    await notifyAll(trx, earningsNotices('earnings.power', day, paid.map(({ order, bill }) => ({ userId: order.user_id, coin: order.coin, amount: bill.net }))), now);
  }
  return billed.size;
}

/**
 * One notification per user and coin of a batch's payouts (not one per order), written with the
 * batch's posting in one statement: a user's orders of one day split over two batches get two.
 */
function earningsNotices(kind: 'earnings.power' | 'earnings.interest', day: string, paid: { userId: bigint; coin: string; amount: bigint }[]): NotificationInput[] {
  const sums = new Map<string, { userId: bigint; coin: string; amount: bigint; orders: number }>();
  for (const { userId, coin, amount } of paid) {
    const key = `${userId}:${coin}`;
    const sum = sums.get(key) ?? { userId, coin, amount: 0n, orders: 0 };
    sum.amount += amount;
    sum.orders += 1;
    sums.set(key, sum);
  }
  return [...sums.values()].map((sum) => ({ userId: sum.userId, kind, payload: { day, coin: sum.coin, amount: fromUnits(sum.amount), orders: String(sum.orders) } }));
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
  await notify(trx, order.user_id, 'finance.redeemed', { orderId: String(order.id), coin: order.currency, amount: fromUnits(total) }, now);
  const interest = BigInt(accrued.total);
  if (order.currency === COMMISSION_CURRENCY && interest > 0n) {
    await payCommission(trx, { buyerId: order.user_id, amountUnits: interest, ref: `finance-interest:${order.id}`, now, rate: commissionRate });
  }
  return true;
}

/**
 * Settles a batch of finance orders (in id order) in the caller's money transaction, exactly once
 * as `settlePowerBatch` does: the day's interest rows in one insert, one ledger posting accruing the
 * new rows' interest into each order's frozen USDT (one entry each), then, for each order whose
 * every interest day is now settled, the redemption and commission (`redeemIfComplete`, per order).
 */
async function settleFinanceBatch(trx: Trx, orders: Selectable<FinanceOrdersTable>[], day: string, now: number, commissionRate: string): Promise<{ accrued: number; redeemed: number }> {
  const rows = orders.map((order) => ({ order, amount: dailyInterest(order.principal, order.annual_rate) }));
  const inserted = await trx
    .insertInto('finance_interest')
    .values(rows.map(({ order, amount }) => ({ order_id: order.id, user_id: order.user_id, day, amount, created_at: BigInt(now) })))
    .onConflict((oc) => oc.columns(['order_id', 'day']).doNothing())
    .returning('order_id')
    .execute();
  const accrued = new Set(inserted.map((row) => row.order_id));
  if (accrued.size === 0) return { accrued: 0, redeemed: 0 };
  const paid = rows.filter(({ order, amount }) => accrued.has(order.id) && amount > 0n);
  if (paid.length > 0) {
    await postBatch(trx, {
      ref: batchRef('finance', paid.map(({ order }) => order), day),
      now,
      systemRemark: `finance ${day} ${paid.length} orders`,
      lines: paid.flatMap(({ order, amount }) => [
        { owner: systemOwner('payouts'), currency: order.currency, amount: -amount, type: 'finance_interest' as const },
        { owner: userOwner(order.user_id), currency: order.currency, amount, bucket: 'frozen' as const, type: 'finance_interest' as const, remark: `${order.title} ${day}` },
      ]),
    });
    await notifyAll(trx, earningsNotices('earnings.interest', day, paid.map(({ order, amount }) => ({ userId: order.user_id, coin: order.currency, amount }))), now);
  }
  // the orders that may be complete now: one count for the batch (index only), the rest per order
  const accruedOrders = orders.filter((order) => accrued.has(order.id));
  const days = await trx
    .selectFrom('finance_interest')
    .select(['order_id', sql<bigint>`count(*)`.as('days')])
    .where('order_id', 'in', accruedOrders.map((order) => order.id))
    .groupBy('order_id')
    .execute();
  const daysOf = new Map(days.map((row) => [row.order_id, BigInt(row.days)]));
  let redeemed = 0;
  for (const order of accruedOrders) {
    if ((daysOf.get(order.id) ?? 0n) < order.lock_days) continue;
    if (await redeemIfComplete(trx, order, now, commissionRate)) redeemed += 1;
  }
  return { accrued: accrued.size, redeemed };
}

function byId<T extends { id: bigint }>(rows: T[]): T[] {
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Orders settled together in one money transaction: one commit (one fsync) and one ledger posting
 * for many orders, a fixed number of statements per batch instead of about nine per order
 * (bench/settlement.ts, docs/performance.md). Small enough that the accounts a batch locks are
 * held for a few milliseconds, so user requests wait little.
 */
export const SETTLE_BATCH = 100;

/** The column holding an order's last day: it produces (power) or earns (finance) from start_day to that day. */
const LAST_DAY = { power_orders: 'end_day', finance_orders: 'maturity_day' } as const;

type PageEnd = { last_day: string; start_day: string; id: bigint };

/**
 * The ids of the orders producing (or earning on) `day`, SETTLE_BATCH at a time, in (last day,
 * start day, id) order, each page found from where the one before ended through the table's
 * `*_settle` index. Reading a day's ids in one statement held SQLite's connection, and with it
 * every request, 56–68 ms at 100 000 orders (docs/performance.md, "Settlement at scale").
 *
 * How a page is found differs by engine, each time so that only that index can serve it:
 * - PostgreSQL: one row-value comparison `(last day, start day, id) > (where the page before
 *   ended)`. Spelled as equalities on the days and `id >`, it also matches the (start_day, …)
 *   index, which the planner picks when its statistics lag a day of bulk sales, and then sorts
 *   the whole day for every page.
 * - SQLite: the rest of the last (last day, start day) group, then that last day's later start
 *   days, then the later last days, each a plain index range. SQLite seeks a row-value
 *   comparison by its first columns only and would walk the whole group again for every page.
 * Every run of a day makes the same pages in the same order (an order's days never change, and an
 * order sold now starts after any day being settled), so two runs at once meet each other's bills
 * in one order: never a deadlock between them.
 */
async function* dayPages(db: Db, table: keyof typeof LAST_DAY, day: string): AsyncGenerator<bigint[]> {
  const last = sql.ref(LAST_DAY[table]);
  const read = (filter: RawBuilder<SqlBool>, limit: number): Promise<PageEnd[]> =>
    db
      .selectFrom(table)
      .select(['id', 'start_day', sql<string>`${last}`.as('last_day')])
      .where(filter)
      .orderBy(last)
      .orderBy('start_day')
      .orderBy('id')
      .limit(limit)
      .execute();
  // no start day is '' and no id 0: the first page starts at the day's first order
  const after = (end: PageEnd): RawBuilder<SqlBool>[] =>
    isSqlite(db)
      ? [
          sql`${last} = ${end.last_day} and start_day = ${end.start_day} and id > ${end.id}`,
          sql`${last} = ${end.last_day} and start_day > ${end.start_day} and start_day <= ${day}`,
          sql`${last} > ${end.last_day} and start_day <= ${day}`,
        ]
      : [sql`(${last}, start_day, id) > (${end.last_day}, ${end.start_day}, ${end.id}) and start_day <= ${day}`];
  let filters = isSqlite(db) ? [sql<SqlBool>`${last} >= ${day} and start_day <= ${day}`] : after({ last_day: day, start_day: '', id: 0n });
  for (;;) {
    const page: PageEnd[] = [];
    for (const filter of filters) {
      if (page.length === SETTLE_BATCH) break;
      page.push(...(await read(filter, SETTLE_BATCH - page.length)));
    }
    if (!page.length) return;
    yield page.map((row) => row.id);
    filters = after(page[page.length - 1]);
  }
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

  // the orders producing that day, found by their last day (the index skips every order that ended before)
  for await (const ids of dayPages(db, 'power_orders', day)) {
    await betweenBatches(signal);
    const batch = byId(await db.selectFrom('power_orders').selectAll().where('id', 'in', ids).execute());
    result.powerBills += await runMoneyTransaction(db, (trx) => settlePowerBatch(trx, batch, day, clock.now()));
  }
  for await (const ids of dayPages(db, 'finance_orders', day)) {
    await betweenBatches(signal);
    const batch = byId(await db.selectFrom('finance_orders').selectAll().where('id', 'in', ids).execute());
    const done = await runMoneyTransaction(db, (trx) => settleFinanceBatch(trx, batch, day, clock.now(), commissionRate));
    result.financeInterest += done.accrued;
    result.redeemed += done.redeemed;
  }
  await db.insertInto('settled_days').values({ day, settled_at: BigInt(clock.now()) }).onConflict((oc) => oc.column('day').doNothing()).execute();
  return result;
}
