/**
 * `post`: the only way a balance changes. It writes one balanced group of journal entries in the
 * caller's database transaction: per currency the lines sum to zero, every touched account is
 * locked (PostgreSQL: FOR UPDATE, one account at a time in owner|currency order; SQLite: the BEGIN
 * IMMEDIATE write lock), and a user balance that would go below zero aborts everything with 422
 * INSUFFICIENT_BALANCE. The accounts are locked one statement each; the entries are written by
 * one insert and the accounts by one update (statements compiled once per number of rows).
 * A system account line goes to one of the account's shards (accounts.ts SYSTEM_SHARDS), the same
 * for the whole posting: the first user's id modulo the shard count, so that transactions of
 * different users rarely wait on one system row, and one user's always touch the same one.
 *
 * `postBatch`: the same rules for one posting of many users' lines (daily settlement), in a handful
 * of multi-row statements whatever the number of lines: the accounts locked by one SELECT … FOR
 * UPDATE in the same order `post` locks them, one ledger transaction row, the system side merged
 * into one line per account, currency, bucket and type, every entry in one insert, every account
 * updated by one statement.
 */
import { sql, type Selectable, type Transaction } from 'kysely';
import type { LedgerEntryKind } from '../../contract/user';
import { isSqlite, isUniqueViolation, type Database, type Db } from '../db';
import { firstRow, preparedQuery, type ParamOf } from '../db/prepared';
import type { LedgerAccountsTable, LedgerEntriesTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { fromUnits } from '../../contract/rules/money';
import { ownerKey, ownerUserId, SYSTEM_SHARDS, type AccountOwner } from './accounts';

export type Trx = Transaction<Database>;
export type Bucket = 'available' | 'frozen';

export interface LedgerLine {
  owner: AccountOwner;
  currency: string;
  /** signed units; never zero */
  amount: bigint;
  type: LedgerEntryKind;
  /** default 'available'; moving between buckets of one account is two lines */
  bucket?: Bucket;
  /** short, language-neutral note shown in the user's records (counterparty, tx hash, pair) */
  remark?: string;
}

export interface Posting {
  /** what caused it, e.g. "transfer:12"; operator actions name the operator */
  ref: string;
  lines: LedgerLine[];
  now: number;
}

export interface PostedEntry {
  id: bigint;
  accountId: bigint;
  line: LedgerLine;
  balanceAfter: bigint;
}

type LockedAccount = Omit<Selectable<LedgerAccountsTable>, 'updated_at'>;

const accountKey = (owner: string, currency: string) => `${owner}|${currency}`;

/**
 * The one order in which every transaction locks accounts: by owner, then currency, comparing
 * UTF-16 code units (owners and currencies are ASCII, so this is byte order: PostgreSQL's
 * `order by owner collate "C", currency collate "C"`, which `postBatch` locks by). Two postings
 * that lock shared accounts in one order cannot deadlock over them; system accounts ("sys:…")
 * sort before users ("u…").
 */
export function compareAccounts(a: { owner: string; currency: string }, b: { owner: string; currency: string }): number {
  if (a.owner !== b.owner) return a.owner < b.owner ? -1 : 1;
  return a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0;
}

// fixed-shape statements, compiled once per engine (server/db/prepared.ts)
const lockAccount = preparedQuery((db: Db, param: ParamOf<{ owner: string; currency: string }>) =>
  db
    .selectFrom('ledger_accounts')
    .select(['id', 'owner', 'user_id', 'currency', 'available', 'frozen'])
    .where('owner', '=', param('owner'))
    .where('currency', '=', param('currency'))
    .$if(!isSqlite(db), (qb) => qb.forUpdate()),
);
const createAccount = preparedQuery((db: Db, param: ParamOf<{ owner: string; userId: bigint | null; currency: string; at: bigint }>) =>
  db
    .insertInto('ledger_accounts')
    .values({ owner: param('owner'), user_id: param('userId'), currency: param('currency'), available: 0n, frozen: 0n, updated_at: param('at') })
    .onConflict((oc) => oc.columns(['owner', 'currency']).doNothing()),
);
const insertTransaction = preparedQuery((db: Db, param: ParamOf<{ ref: string; at: bigint }>) =>
  db.insertInto('ledger_transactions').values({ ref: param('ref'), created_at: param('at') }).returning('id'),
);

/** the width of `ledger_transactions.ref` */
const MAX_REF_LENGTH = 200;

/**
 * The posting's ledger transaction row. Its reference is unique (migrations/0200_ledger_ref_unique):
 * a second posting of one operation is refused by the database, answered 409, and the caller's
 * transaction rolls back whole. A reference is never cut short, which could make two operations one.
 */
async function insertLedgerTransaction(trx: Trx, ref: string, at: bigint): Promise<bigint> {
  if (ref.length > MAX_REF_LENGTH) throw new Error(`a ledger reference is at most ${MAX_REF_LENGTH} characters, not ${ref.length}: ${ref.slice(0, 80)}…`);
  try {
    return firstRow(await insertTransaction(trx, { ref, at })).id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('CONFLICT', { messageKey: 'ledger.alreadyPosted' });
    throw error;
  }
}
type EntryRow = Omit<LedgerEntriesTable, 'id'>;
/** the parameters of a statement about several rows: each row's values, named with the row's index */
type Numbered<T> = { [K in keyof T & string as `${K}${number}`]: T[K] };

/** one prepared statement per number of rows, made at its first use */
function perRowCount<Q>(make: (rows: number) => Q): (rows: number) => Q {
  const made = new Map<number, Q>();
  return (rows) => {
    let query = made.get(rows);
    if (!query) {
      query = make(rows);
      made.set(rows, query);
    }
    return query;
  };
}

// every entry of a posting in one statement; the ids come back in no promised order, but are
// handed out in the order of the rows, so the smallest is the first row's
const insertEntries = perRowCount((rows) =>
  preparedQuery((db: Db, param: ParamOf<Numbered<EntryRow>>) =>
    db
      .insertInto('ledger_entries')
      .values(
        Array.from({ length: rows }, (_, i) => ({
          transaction_id: param(`transaction_id${i}`),
          account_id: param(`account_id${i}`),
          user_id: param(`user_id${i}`),
          currency: param(`currency${i}`),
          bucket: param(`bucket${i}`),
          amount: param(`amount${i}`),
          balance_after: param(`balance_after${i}`),
          type: param(`type${i}`),
          remark: param(`remark${i}`),
          created_at: param(`created_at${i}`),
        })),
      )
      .returning('id'),
  ),
);

type AccountBalances = { id: bigint; available: bigint; frozen: bigint };
// every account of a posting in one statement (as postBatch does)
const updateAccounts = perRowCount((rows) =>
  preparedQuery((db: Db, param: ParamOf<Numbered<AccountBalances> & { at: bigint }>) => {
    const indexes = Array.from({ length: rows }, (_, i) => i);
    const caseOf = (bucket: 'available' | 'frozen') =>
      sql<bigint>`case ${sql.ref('id')} ${sql.join(indexes.map((i) => sql`when ${param(`id${i}`)} then cast(${param(`${bucket}${i}`)} as bigint)`), sql` `)} end`;
    return db
      .updateTable('ledger_accounts')
      .set({ available: caseOf('available'), frozen: caseOf('frozen'), updated_at: param('at') })
      .where('id', 'in', indexes.map((i) => param(`id${i}`)));
  }),
);

/** `rows` as the named parameters of a statement about that many rows */
function numbered<T extends object>(rows: T[]): Numbered<T> {
  const params: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const [name, value] of Object.entries(row)) params[`${name}${i}`] = value;
  });
  return params as Numbered<T>;
}

export class UnbalancedPostingError extends Error {
  constructor(currency: string, sum: bigint) {
    super(`ledger posting does not balance in ${currency}: lines sum to ${sum}`);
    this.name = 'UnbalancedPostingError';
  }
}

function assertBalanced(lines: LedgerLine[]): void {
  if (lines.length < 2) throw new Error('a ledger posting needs at least two lines');
  const sums = new Map<string, bigint>();
  for (const line of lines) {
    if (line.amount === 0n) throw new Error('a ledger line cannot be zero');
    sums.set(line.currency, (sums.get(line.currency) ?? 0n) + line.amount);
  }
  for (const [currency, sum] of sums) if (sum !== 0n) throw new UnbalancedPostingError(currency, sum);
}

/**
 * Locks and reads every account of the posting one by one, in `compareAccounts` order (the same
 * order in every transaction, so PostgreSQL row locks cannot deadlock); creates a missing one first.
 */
async function lockAccounts(trx: Trx, lines: LedgerLine[], now: number): Promise<Map<string, LockedAccount>> {
  const wanted = new Map<string, { owner: string; userId: bigint | null; currency: string }>();
  for (const line of lines) {
    const owner = ownerKey(line.owner);
    wanted.set(accountKey(owner, line.currency), { owner, userId: ownerUserId(line.owner), currency: line.currency });
  }
  const accounts = new Map<string, LockedAccount>();
  for (const [key, { owner, userId, currency }] of [...wanted].sort(([, a], [, b]) => compareAccounts(a, b))) {
    let [account] = await lockAccount(trx, { owner, currency });
    if (!account) {
      // first money of an owner in a currency
      await createAccount(trx, { owner, userId, currency, at: BigInt(now) });
      account = firstRow(await lockAccount(trx, { owner, currency }));
    }
    accounts.set(key, account);
  }
  return accounts;
}

/** The posting's lines with each system account line on the posting's shard. */
function onShard(lines: LedgerLine[]): LedgerLine[] {
  const firstUser = lines.map((line) => ownerUserId(line.owner)).find((id) => id !== null);
  const shard = firstUser === undefined || firstUser === null ? 0 : Number(firstUser % BigInt(SYSTEM_SHARDS));
  return lines.map((line) => ('system' in line.owner ? { ...line, owner: { system: line.owner.system, shard } } : line));
}

interface PlannedLine {
  line: LedgerLine;
  account: LockedAccount;
  bucket: Bucket;
  balanceAfter: bigint;
}

/**
 * Applies the lines, in their order, to the locked accounts' balances: each line's balance after.
 * A user balance below zero aborts the posting (422 INSUFFICIENT_BALANCE).
 */
function planLines(lines: LedgerLine[], accounts: Map<string, LockedAccount>): PlannedLine[] {
  return lines.map((line) => {
    const account = accounts.get(accountKey(ownerKey(line.owner), line.currency))!;
    const bucket = line.bucket ?? 'available';
    account[bucket] += line.amount;
    if (account.user_id !== null && account[bucket] < 0n) {
      const short = -account[bucket];
      throw new ApiError('INSUFFICIENT_BALANCE', {
        messageKey: 'ledger.insufficient',
        params: { currency: line.currency, short: fromUnits(short) },
      });
    }
    return { line, account, bucket, balanceAfter: account[bucket] };
  });
}

/** the journal row of a planned line */
function entryRow(transactionId: bigint, { line, account, bucket, balanceAfter }: PlannedLine, at: bigint) {
  return {
    transaction_id: transactionId,
    account_id: account.id,
    user_id: account.user_id,
    currency: line.currency,
    bucket,
    amount: line.amount,
    balance_after: balanceAfter,
    type: line.type,
    remark: (line.remark ?? '').slice(0, 200),
    created_at: at,
  };
}

export async function post(trx: Trx, posting: Posting): Promise<PostedEntry[]> {
  const { now } = posting;
  assertBalanced(posting.lines);
  const lines = onShard(posting.lines);
  const accounts = await lockAccounts(trx, lines, now);

  const planned = planLines(lines, accounts);

  const at = BigInt(now);
  const transactionId = await insertLedgerTransaction(trx, posting.ref, at);
  const ids = (await insertEntries(planned.length)(trx, numbered(planned.map((plannedLine) => entryRow(transactionId, plannedLine, at)))))
    .map((row) => row.id)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (ids.length !== planned.length) throw new Error(`inserted ${ids.length} ledger entries of ${planned.length}`);
  const touched = [...new Set(planned.map((p) => p.account))];
  await updateAccounts(touched.length)(trx, { ...numbered(touched.map(({ id, available, frozen }) => ({ id, available, frozen }))), at });
  return planned.map((plannedLine, i) => ({ id: ids[i], accountId: plannedLine.account.id, line: plannedLine.line, balanceAfter: plannedLine.balanceAfter }));
}

// ---------------------------------------------------------------------------------------------
// postBatch

/**
 * The most lines one `postBatch` takes: every statement carries all of them as parameters
 * (≤ 10 per line; PostgreSQL allows 65 535 parameters a statement).
 */
export const MAX_BATCH_LINES = 2_000;

export interface BatchPosting extends Posting {
  /** the remark of a system account's merged line (e.g. "power 2026-03-02 100 orders") */
  systemRemark: string;
}

/**
 * The system lines merged: one line per system account, currency, bucket and type, at the place of
 * the first of them, its amount their sum (a sum of zero is left out); user lines unchanged.
 */
function mergeSystemLines(lines: LedgerLine[], systemRemark: string): LedgerLine[] {
  const merged: LedgerLine[] = [];
  const systemLines = new Map<string, LedgerLine>();
  for (const line of lines) {
    if (!('system' in line.owner)) {
      merged.push(line);
      continue;
    }
    const key = [line.owner.system, line.currency, line.bucket ?? 'available', line.type].join('|');
    const existing = systemLines.get(key);
    if (existing) existing.amount += line.amount;
    else {
      const first: LedgerLine = { ...line, owner: { system: line.owner.system }, remark: systemRemark };
      systemLines.set(key, first);
      merged.push(first);
    }
  }
  return merged.filter((line) => line.amount !== 0n);
}

/**
 * Locks and reads the accounts with one statement: on PostgreSQL `for update` in `compareAccounts`
 * order (the sort happens before the rows are locked, one after the other), the order `post` locks
 * them in, so a batch and a user's posting cannot deadlock over shared accounts (SQLite: the BEGIN
 * IMMEDIATE write lock covers them all). Missing accounts are created in one insert, then locked.
 * (Those are taken after the existing ones, out of order: should a user's posting create one of
 * them at that very moment while waiting for an account the batch holds, PostgreSQL reports a
 * deadlock and `runMoneyTransaction` reruns the batch.)
 */
async function lockAccountsAtOnce(trx: Trx, lines: LedgerLine[], now: number): Promise<Map<string, LockedAccount>> {
  const wanted = new Map<string, { owner: string; userId: bigint | null; currency: string }>();
  for (const line of lines) {
    const owner = ownerKey(line.owner);
    wanted.set(accountKey(owner, line.currency), { owner, userId: ownerUserId(line.owner), currency: line.currency });
  }
  const sorted = [...wanted.values()].sort(compareAccounts);
  const lock = (specs: typeof sorted) =>
    trx
      .selectFrom('ledger_accounts')
      .select(['id', 'owner', 'user_id', 'currency', 'available', 'frozen'])
      .where((eb) => eb(eb.refTuple('owner', 'currency'), 'in', specs.map((spec) => eb.tuple(spec.owner, spec.currency))))
      .$if(!isSqlite(trx), (qb) => qb.orderBy(sql`owner collate "C"`).orderBy(sql`currency collate "C"`).forUpdate())
      .execute();
  const accounts = new Map<string, LockedAccount>();
  for (const row of await lock(sorted)) accounts.set(accountKey(row.owner, row.currency), row);
  const missing = sorted.filter((spec) => !accounts.has(accountKey(spec.owner, spec.currency)));
  if (missing.length > 0) {
    // first money of these owners in these currencies
    await trx
      .insertInto('ledger_accounts')
      .values(missing.map((spec) => ({ owner: spec.owner, user_id: spec.userId, currency: spec.currency, available: 0n, frozen: 0n, updated_at: BigInt(now) })))
      .onConflict((oc) => oc.columns(['owner', 'currency']).doNothing())
      .execute();
    for (const row of await lock(missing)) accounts.set(accountKey(row.owner, row.currency), row);
    for (const spec of missing) if (!accounts.has(accountKey(spec.owner, spec.currency))) throw new Error(`ledger account ${spec.owner} ${spec.currency} was not created`);
  }
  return accounts;
}

/**
 * One balanced posting of many lines, e.g. a day's payouts to a hundred users from the system
 * `payouts` account: the rules of `post` (balanced per currency, no zero line, user balances never
 * below zero, system lines on the first user's shard, accounts locked in `compareAccounts` order)
 * in a fixed number of statements: the locking SELECT (plus an insert and a second SELECT for
 * accounts that do not exist yet), the ledger transaction, one multi-row insert of the entries and
 * one UPDATE of the accounts. Each user line is its own entry, in the order given, with its
 * balance after (several lines of one account follow one another); the system lines are merged
 * (`mergeSystemLines`). Returns how many entries were written.
 */
export async function postBatch(trx: Trx, posting: BatchPosting): Promise<number> {
  const { now } = posting;
  assertBalanced(posting.lines);
  if (posting.lines.length > MAX_BATCH_LINES) throw new Error(`a batch posting takes at most ${MAX_BATCH_LINES} lines, not ${posting.lines.length}`);
  const lines = onShard(mergeSystemLines(posting.lines, posting.systemRemark.slice(0, 200)));
  const accounts = await lockAccountsAtOnce(trx, lines, now);
  const planned = planLines(lines, accounts);

  const at = BigInt(now);
  const transactionId = await insertLedgerTransaction(trx, posting.ref, at);
  // one statement; ids follow the rows' order, so an account's last entry holds its final balance
  await trx
    .insertInto('ledger_entries')
    .values(planned.map((plannedLine) => entryRow(transactionId, plannedLine, at)))
    .execute();
  const touched = [...new Set(planned.map((p) => p.account))];
  const bigint = (value: bigint) => sql<bigint>`cast(${value} as bigint)`;
  const caseOf = (bucket: Bucket) =>
    sql<bigint>`case ${sql.ref('id')} ${sql.join(touched.map((account) => sql`when ${account.id} then ${bigint(account[bucket])}`), sql` `)} end`;
  await trx
    .updateTable('ledger_accounts')
    .set({ available: caseOf('available'), frozen: caseOf('frozen'), updated_at: at })
    .where('id', 'in', touched.map((account) => account.id))
    .execute();
  return planned.length;
}
