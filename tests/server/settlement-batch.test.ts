/**
 * Settlement in batches: a day of a few hundred orders (more than SETTLE_BATCH, power in
 * two coins, users with several orders, finance orders of invited users that mature) is paid in
 * one ledger posting per batch, and each order exactly once:
 * - two (three) runs of the same day at once, on PostgreSQL truly concurrent, with users' transfers
 *   locking the same accounts meanwhile;
 * - a re-run of a settled day;
 * - a run meeting a bill another transaction is writing (PostgreSQL: the multi-row insert waits for
 *   it): skipped when that transaction commits, written and paid when it rolls back;
 * - maturity: principal, interest and the inviter's commission once, as before;
 * - the day's orders are read a page at a time: no statement reads more than SETTLE_BATCH orders
 *   (a day of 100 000 read in one go held SQLite's connection, and every request, ~60 ms).
 * Every user's balance is checked against the bills, and the ledger's invariants after each step.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { KyselyPlugin, RootOperationNode, Selectable, TableNode } from 'kysely';
import { percentOf, toUnits } from '../../contract/rules/money';
import { powerDay } from '../../contract/rules/powerOutput';
import { dailyInterest } from '../../contract/rules/financeInterest';
import { isSqlite } from '../../server/db';
import type { PowerOrdersTable } from '../../server/db/schema';
import { checkLedger } from '../../server/ledger/invariants';
import { addDays } from '../../server/settlement/days';
import { SETTLE_BATCH, settleDay } from '../../server/settlement/settleDay';
import { startTestApp, type TestApp } from './support/app';
import { DAY } from './support/clock';
import { MARCH_FIRST_NOON, PAY_PASSWORD, balance, call, insertFinanceProduct, insertPowerProduct, newUser, type TestUser } from './products.fixture';

const OFFSET = 480;
const FIRST = '2026-03-02';
const RATE = '5';
/** 01:00 UTC+8 on the day after `day`: that day is over and may be settled */
const justAfter = (day: string) => Date.parse(`${addDays(day, 1)}T01:00:00+08:00`);

let t: TestApp;
let inviter: TestUser;
let investors: TestUser[];
let orders: Selectable<PowerOrdersTable>[];
let financeOrderIds: bigint[];

const settle = (day: string) => settleDay(t.db, day, t.clock, OFFSET, RATE);

async function ledgerOk(): Promise<void> {
  expect((await checkLedger(t.db)).problems).toEqual([]);
}

type Except = (order: Selectable<PowerOrdersTable>, day: string) => boolean;

/** What the bills of `days` say each user is owed, per owner and coin, leaving out the (order, day) pairs `unpaid` names. */
function owed(days: string[], unpaid: Except): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const day of days) {
    for (const order of orders) {
      if (unpaid(order, day)) continue;
      const { net } = powerDay({ dailyOutputPerUnit: order.daily_output_per_unit, electricityFeePerUnit: order.electricity_fee_per_unit, managementFeeRate: order.management_fee_rate }, order.units);
      const key = `${order.user_id}|${order.coin}`;
      sums.set(key, (sums.get(key) ?? 0n) + net);
    }
  }
  return sums;
}

/**
 * Each (order, day) of `days` has one bill; each is paid by one entry and every user's coin balance
 * is what the bills say, except the pairs `unpaid` names (a bill another transaction wrote).
 */
async function expectPaidOnce(days: string[], unpaid: Except = () => false): Promise<void> {
  const accounts = await t.db
    .selectFrom('ledger_accounts')
    .select(['user_id', 'currency', 'available'])
    .where('user_id', 'in', [...new Set(orders.map((order) => order.user_id))])
    .where('currency', 'in', ['BTC', 'FIL'])
    .execute();
  const actual = new Map(accounts.filter((row) => row.available !== 0n).map((row) => [`${row.user_id}|${row.currency}`, row.available]));
  expect(actual).toEqual(owed(days, unpaid));
  const bills = await t.db
    .selectFrom('power_bills')
    .select([sql<number>`count(*)`.as('n'), sql<number>`count(distinct ${sql.ref('order_id')} || '|' || ${sql.ref('day')})`.as('distinct')])
    .where('day', 'in', days)
    .executeTakeFirstOrThrow();
  const entries = await t.db
    .selectFrom('ledger_entries')
    .select(sql<number>`count(*)`.as('n'))
    .where('type', '=', 'power_output')
    .where('user_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const billCount = days.length * orders.length;
  const unpaidCount = days.reduce((sum, day) => sum + orders.filter((order) => unpaid(order, day)).length, 0);
  expect({ bills: Number(bills.n), distinct: Number(bills.distinct), entries: Number(entries.n) }).toEqual({ bills: billCount, distinct: billCount, entries: billCount - unpaidCount });
}

/** Until a statement waits for a row lock (PostgreSQL) or a moment has passed (SQLite: waiting for the write lock). */
async function untilWaiting(statementStart: string): Promise<void> {
  if (isSqlite(t.db)) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return;
  }
  for (const started = Date.now(); Date.now() - started < 20_000; await new Promise((resolve) => setTimeout(resolve, 10))) {
    const waiting = await sql<{ n: bigint }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like ${`${statementStart}%`}`.execute(t.db);
    if (Number(waiting.rows[0].n) > 0) return;
  }
  throw new Error(`no statement "${statementStart}…" waited for a lock`);
}

beforeAll(async () => {
  t = await startTestApp({ config: { tokenIdleTtlMs: 400 * DAY, tokenAbsoluteTtlMs: 400 * DAY, commissionRate: RATE } });
  t.clock.set(MARCH_FIRST_NOON);
  inviter = await newUser(t);
  const { invite_code: code } = await t.db.selectFrom('users').select('invite_code').where('id', '=', inviter.id).executeTakeFirstOrThrow();
  investors = [];
  for (let i = 0; i < 3; i += 1) investors.push(await newUser(t, '1000', code));
  // 1000 USDT at 7.3 % for 2 days (2026-03-02 and 03): 0.2 a day, paid back with the interest on 03-03
  const finance = await insertFinanceProduct(t, { annualRate: '7.3', lockDays: 2 });
  financeOrderIds = [];
  for (const investor of investors) {
    const bought = await call(t, investor, 'POST', '/product/finance-order/create', { productId: finance, amount: '500', payPassword: PAY_PASSWORD });
    expect(bought.status).toBe(200);
    financeOrderIds.push(BigInt(bought.body.data.id));
  }

  // the power orders, inserted straight: 150 users and the investors, some with a second order in
  // the same coin right after the first (two entries of one account in one batch), some in FIL
  const product = BigInt(await insertPowerProduct(t, { termDays: 30 }));
  const users = await t.db
    .insertInto('users')
    .values(Array.from({ length: 150 }, (_, i) => ({ uid: String(70_000_000 + i), address: `0x${(0xb000 + i).toString(16).padStart(40, '0')}`, invite_code: `SB${i}`, inviter_id: null, pay_password_hash: null, created_at: 0n, pay_password_changed_at: null })))
    .returning('id')
    .execute();
  const owners = [...investors.map((investor) => investor.id), ...users.map((user) => user.id)];
  const order = (userId: bigint, coin: 'BTC' | 'FIL', units: bigint) => ({
    user_id: userId, product_id: product, title: `${coin} test power`, coin, unit: 'TH/s', units, amount_usdt: toUnits('10'),
    daily_output_per_unit: toUnits(coin === 'BTC' ? '0.00001' : '0.01'), electricity_fee_per_unit: toUnits(coin === 'BTC' ? '0.000002' : '0.001'),
    management_fee_rate: toUnits('5'), start_day: FIRST, end_day: addDays(FIRST, 29), created_at: 0n,
  });
  const rows = owners.flatMap((userId, i) => [
    order(userId, 'BTC', BigInt(1 + (i % 3))),
    ...(i % 4 === 0 ? [order(userId, 'BTC', 2n)] : []),
    ...(i % 3 === 0 ? [order(userId, 'FIL', 1n)] : []),
  ]);
  await t.db.insertInto('power_orders').values(rows).execute();
  orders = await t.db.selectFrom('power_orders').selectAll().orderBy('id').execute();
  expect(orders.length).toBeGreaterThan(2 * SETTLE_BATCH);
}, 60_000);
afterAll(async () => t.close());

describe('settlement in batches, each order exactly once', () => {
  it('pays each order once when three runs settle the same day at once, beside users moving money', async () => {
    t.clock.set(justAfter(FIRST));
    const usdtBefore = await Promise.all(investors.map((investor) => balance(t, investor.id, 'USDT')));
    // transfers between the investors lock their USDT accounts, which the finance batch locks too
    const transfers = investors.map((from, i) =>
      call(t, from, 'POST', '/account/transfer/create', { to: investors[(i + 1) % investors.length].uid, amount: '10', currency: 'USDT', payPassword: PAY_PASSWORD }, randomUUID()),
    );
    const runs = await Promise.all([settle(FIRST), settle(FIRST), settle(FIRST)]);
    for (const transfer of await Promise.all(transfers)) expect(transfer.status).toBe(200);

    expect(runs.reduce((sum, run) => sum + run.powerBills, 0)).toBe(orders.length);
    expect(runs.reduce((sum, run) => sum + run.financeInterest, 0)).toBe(investors.length);
    expect(runs.reduce((sum, run) => sum + run.redeemed, 0)).toBe(0);
    await expectPaidOnce([FIRST]);
    // interest accrues into the frozen principal, once per order; each transfer cost 10 + 1 fee and brought 10
    const interest = dailyInterest(toUnits('500'), toUnits('7.3'));
    for (const [i, investor] of investors.entries()) {
      expect(await balance(t, investor.id, 'USDT')).toEqual({ available: usdtBefore[i].available - toUnits('1'), frozen: usdtBefore[i].frozen + interest });
    }
    await ledgerOk();
  });

  it('posts one ledger transaction per batch, the payouts side one line per currency', async () => {
    const postings = await t.db.selectFrom('ledger_transactions').select(['id', 'ref']).where('ref', 'like', `settle:power:%:${FIRST}`).execute();
    expect(postings.length).toBe(Math.ceil(orders.length / SETTLE_BATCH));
    const lines = await t.db
      .selectFrom('ledger_entries')
      .select(['transaction_id', 'currency', sql<number>`count(*)`.as('n')])
      .where('transaction_id', 'in', postings.map((posting) => posting.id))
      .where('user_id', 'is', null)
      .groupBy(['transaction_id', 'currency'])
      .execute();
    // one payouts line per posting and coin present in its batch
    expect(lines.every((line) => Number(line.n) === 1)).toBe(true);
    expect(new Set(lines.map((line) => line.currency))).toEqual(new Set(['BTC', 'FIL']));
    // several entries of one account in one posting carry increasing balances: the invariants hold
    await ledgerOk();
  });

  it('changes nothing when the day is settled again', async () => {
    const entries = await t.db.selectFrom('ledger_entries').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(await settle(FIRST)).toEqual({ day: FIRST, powerBills: 0, financeInterest: 0, redeemed: 0 });
    expect(await t.db.selectFrom('ledger_entries').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).toEqual(entries);
    await expectPaidOnce([FIRST]);
  });

  it('skips an order whose bill another transaction writes and commits meanwhile, and pays it when that one rolls back', async () => {
    const second = addDays(FIRST, 1);
    const third = addDays(FIRST, 2);
    t.clock.set(justAfter(third));
    // a bill of the middle batch, held uncommitted while a run settles the day
    const held = orders[SETTLE_BATCH + 3];
    const holdBill = async (day: string, outcome: 'commit' | 'rollback') => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const isWritten = new Promise<void>((resolve) => (written = resolve));
      const holding = t.db.transaction().execute(async (trx) => {
        const bill = powerDay({ dailyOutputPerUnit: held.daily_output_per_unit, electricityFeePerUnit: held.electricity_fee_per_unit, managementFeeRate: held.management_fee_rate }, held.units);
        await trx
          .insertInto('power_bills')
          .values({ order_id: held.id, user_id: held.user_id, day, coin: held.coin, gross: bill.gross, electricity_fee: bill.electricityFee, management_fee: bill.managementFee, net: bill.net, created_at: BigInt(t.clock.now()) })
          .execute();
        written();
        await released;
        if (outcome === 'rollback') throw new Error('rolled back on purpose');
      });
      await isWritten;
      const run = settle(day);
      // the run reaches the held bill and waits for it (PostgreSQL: the row; SQLite: the write lock)
      await untilWaiting('insert into "power_bills"');
      release();
      await holding.catch((error: Error) => expect(error.message).toBe('rolled back on purpose'));
      return run;
    };

    const committed = await holdBill(second, 'commit');
    // the committed bill was "another run's": this run neither wrote nor paid it
    expect(committed.powerBills).toBe(orders.length - 1);
    await expectPaidOnce([FIRST, second], (order, day) => order.id === held.id && day === second);
    await ledgerOk();

    const rolledBack = await holdBill(third, 'rollback');
    expect(rolledBack.powerBills).toBe(orders.length);
    await expectPaidOnce([FIRST, second, third], (order, day) => order.id === held.id && day === second);
    await ledgerOk();
  });

  it('pays principal, interest and the inviter commission once at maturity', async () => {
    // 2026-03-03 was settled above: both interest days are there, each order was paid back once
    const redeemed = await t.db.selectFrom('finance_orders').select(['id', 'redeemed_at']).where('id', 'in', financeOrderIds).execute();
    expect(redeemed.every((order) => order.redeemed_at !== null)).toBe(true);
    const interest = dailyInterest(toUnits('500'), toUnits('7.3'));
    for (const investor of investors) {
      // 1000 − 500 principal − 11 transferred out + 10 transferred in + 500 + 2 days of interest back
      expect(await balance(t, investor.id, 'USDT')).toEqual({ available: toUnits('999') + 2n * interest, frozen: 0n });
    }
    const commissions = await t.db.selectFrom('invite_commissions').select(['ref', 'amount']).where('inviter_id', '=', inviter.id).execute();
    expect(commissions.map((row) => row.ref).sort()).toEqual(financeOrderIds.map((id) => `finance-interest:${id}`).sort());
    const each = percentOf(2n * interest, toUnits(RATE), 'down');
    expect(commissions.every((row) => row.amount === each)).toBe(true);
    expect((await balance(t, inviter.id, 'USDT')).available).toBe(each * BigInt(investors.length));
    // settling those days again pays nothing more
    for (const day of [FIRST, addDays(FIRST, 1), addDays(FIRST, 2)]) expect(await settle(day)).toEqual({ day, powerBills: 0, financeInterest: 0, redeemed: 0 });
    expect((await balance(t, inviter.id, 'USDT')).available).toBe(each * BigInt(investors.length));
    await ledgerOk();
  });
});

/** Records how many rows each read of an orders table returned. */
function ordersReadRecorder(): { plugin: KyselyPlugin; rowsRead: number[] } {
  const rowsRead: number[] = [];
  const readsOrders = new WeakMap<object, boolean>();
  const tableOf = (node: RootOperationNode) =>
    node.kind === 'SelectQueryNode' ? node.from?.froms.map((from) => (from.kind === 'TableNode' ? (from as TableNode).table.identifier.name : '')) ?? [] : [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      readsOrders.set(queryId, tableOf(node).some((table) => table === 'power_orders' || table === 'finance_orders'));
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      if (readsOrders.get(queryId)) rowsRead.push(result.rows.length);
      return result;
    },
  };
  return { plugin, rowsRead };
}

describe('reading a day\'s orders', () => {
  it('pages through them: no statement reads more than SETTLE_BATCH orders, and every order producing the day is paid once', async () => {
    const fourth = addDays(FIRST, 3);
    // orders in other (end_day, start_day) groups: starting that day, ending that day, ended before, not started yet
    const [template] = orders;
    const { id: _id, ...fields } = template;
    const extra = await t.db
      .insertInto('power_orders')
      .values([
        { ...fields, start_day: fourth, end_day: addDays(fourth, 10) },
        { ...fields, start_day: FIRST, end_day: fourth },
        { ...fields, start_day: FIRST, end_day: addDays(fourth, -1) },
        { ...fields, start_day: addDays(fourth, 1), end_day: addDays(fourth, 10) },
      ])
      .returning('id')
      .execute();
    const { plugin, rowsRead } = ordersReadRecorder();
    t.clock.set(justAfter(fourth));
    const result = await settleDay(t.db.withPlugin(plugin), fourth, t.clock, OFFSET, RATE);

    expect(result.powerBills).toBe(orders.length + 2);
    const billed = await t.db.selectFrom('power_bills').select('order_id').where('day', '=', fourth).where('order_id', 'in', extra.map((row) => row.id)).execute();
    expect(billed.map((row) => row.order_id).sort()).toEqual([extra[0].id, extra[1].id].sort());
    expect(rowsRead.length).toBeGreaterThan(orders.length / SETTLE_BATCH);
    expect(Math.max(...rowsRead)).toBeLessThanOrEqual(SETTLE_BATCH);
    expect(await settleDay(t.db, fourth, t.clock, OFFSET, RATE)).toEqual({ day: fourth, powerBills: 0, financeInterest: 0, redeemed: 0 });
    await ledgerOk();
  });
});
