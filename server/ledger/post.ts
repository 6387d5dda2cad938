/**
 * `post`: the only way a balance changes. It writes one balanced group of journal entries in the
 * caller's database transaction: per currency the lines sum to zero, every touched account is
 * locked (PostgreSQL: FOR UPDATE, in owner|currency order; SQLite: the BEGIN IMMEDIATE write
 * lock), and a user balance that would go below zero aborts everything with 422
 * INSUFFICIENT_BALANCE. The accounts are made if missing by one statement and locked by another;
 * the ledger transaction, the entries and the balances are written by one more on PostgreSQL (each
 * statement a round trip), by three on SQLite (statements compiled once per number of rows).
 * A system account line goes to one of the account's shards (accounts.ts SYSTEM_SHARDS), the same
 * for the whole posting: the first user's id modulo the shard count, so that transactions of
 * different users rarely wait on one system row, and one user's always touch the same one.
 *
 * `postBatch`: the same rules for one posting of many users' lines (daily settlement), in the same
 * statements whatever the number of lines, the system side merged into one line per account,
 * currency, bucket and type.
 */
import { sql, type Expression, type Selectable, type Transaction } from 'kysely';
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
  /**
   * The refusal when a user balance would go below zero, in the caller's words (e.g. the amount
   * and fee of a transfer), given the account's balance before the posting; by default 422
   * INSUFFICIENT_BALANCE with the currency and the shortfall.
   */
  insufficient?: (account: { currency: string; availableBefore: bigint }) => ApiError;
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

/** the width of `ledger_transactions.ref` */
const MAX_REF_LENGTH = 200;

/**
 * Runs `write`, which inserts the ledger transaction named `ref`, answering a second posting of it
 * 409. Its reference is unique (migrations/0200_ledger_ref_unique): a second posting of one
 * operation is refused by the database, and the caller's transaction rolls back whole. A
 * reference is never cut short, which could make two operations one.
 */
async function refusingSecondPosting<T>(ref: string, write: () => Promise<T>): Promise<T> {
  if (ref.length > MAX_REF_LENGTH) throw new Error(`a ledger reference is at most ${MAX_REF_LENGTH} characters, not ${ref.length}: ${ref.slice(0, 80)}…`);
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('CONFLICT', { messageKey: 'ledger.alreadyPosted' });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The statements, each written once over rows of values: `post` runs them compiled once per shape
// (its rows are parameter slots, server/db/prepared.ts), `postBatch` builds them with its values.

type AccountKey = { owner: string; currency: string };
type AccountSpec = AccountKey & { userId: bigint | null };
type AccountBalances = { id: bigint; available: bigint; frozen: bigint };
type EntryValues = Omit<LedgerEntriesTable, 'id' | 'transaction_id'>;

/** the posting's ledger transaction row */
const transactionInsert = (db: Db, ref: string, at: bigint) => db.insertInto('ledger_transactions').values({ ref, created_at: at }).returning('id');

/**
 * Makes the accounts named that do not exist yet (an owner's first money in a currency), in
 * `compareAccounts` order. An account that exists is skipped by the statement's own check, so
 * the insert writes nothing and takes no id for it; one made by a transaction still open is waited
 * for (the unique index), then skipped.
 */
const createQuery = (db: Db, accounts: AccountSpec[], at: bigint) => {
  const pg = !isSqlite(db);
  const inOrder = (column: string) => (pg ? sql`${sql.ref(column)} collate "C"` : sql.ref(column));
  const wanted = sql.join(accounts.map((account) => sql`(${account.owner}, ${account.userId}, ${account.currency})`));
  return db
    .insertInto('ledger_accounts')
    .columns(['owner', 'user_id', 'currency', 'available', 'frozen', 'updated_at'])
    .expression(
      sql<never>`select w.column1, cast(w.column2 as bigint), w.column3, 0, 0, cast(${at} as bigint) from (values ${wanted}) as w
        where not exists (select 1 from ledger_accounts a where a.owner = w.column1 and a.currency = w.column3)
        order by ${inOrder('w.column1')}, ${inOrder('w.column3')}`,
    )
    .onConflict((oc) => oc.columns(['owner', 'currency']).doNothing());
};

/** Reads the accounts named; on PostgreSQL locks them FOR UPDATE, sorted first, so in `compareAccounts` order. */
const lockQuery = (db: Db, accounts: AccountKey[]) =>
  db
    .selectFrom('ledger_accounts')
    .select(['id', 'owner', 'user_id', 'currency', 'available', 'frozen'])
    .where((eb) => eb(eb.refTuple('owner', 'currency'), 'in', accounts.map((account) => eb.tuple(account.owner, account.currency))))
    .$if(!isSqlite(db), (qb) => qb.orderBy(sql`owner collate "C"`).orderBy(sql`currency collate "C"`).forUpdate());

// every entry of a posting in one insert; the ids come back in no promised order, but are handed
// out in the order of the rows, so the smallest is the first row's
const entriesInsert = (db: Db, entries: EntryValues[], transactionId: Expression<bigint> | bigint) =>
  db
    .insertInto('ledger_entries')
    .values(entries.map((entry) => ({ transaction_id: transactionId, ...entry })))
    .returning('id');

// every account of a posting in one update
function accountsUpdate(db: Db, accounts: AccountBalances[], at: bigint) {
  const caseOf = (bucket: Bucket) =>
    sql<bigint>`case ${sql.ref('id')} ${sql.join(accounts.map((account) => sql`when ${account.id} then cast(${account[bucket]} as bigint)`), sql` `)} end`;
  return db
    .updateTable('ledger_accounts')
    .set({ available: caseOf('available'), frozen: caseOf('frozen'), updated_at: at })
    .where('id', 'in', accounts.map((account) => account.id));
}

/**
 * PostgreSQL: the ledger transaction, its entries and its accounts as one statement, a round trip
 * and not three (data-modifying WITH queries run once each and to completion, whether or not the
 * outer select reads them; the accounts are already locked by this transaction). Returns the
 * entries' ids.
 */
const writeAllQuery = (db: Db, ref: string, at: bigint, entries: EntryValues[], accounts: AccountBalances[]) =>
  db
    .with('posted_transaction', () => transactionInsert(db, ref, at))
    .with('posted_entries', () => entriesInsert(db, entries, sql<bigint>`(select ${sql.ref('id')} from ${sql.table('posted_transaction')})`))
    .with('posted_accounts', () => accountsUpdate(db, accounts, at).returning('id'))
    .selectFrom('posted_entries')
    .select('id');

/** How a posting's statements run; SQLite writes with three (each a call into the library, no round trip), PostgreSQL with `writeAll`. */
interface PostingStatements {
  createAccounts(trx: Trx, accounts: AccountSpec[], at: bigint): Promise<unknown>;
  lockAccounts(trx: Trx, accounts: AccountKey[]): Promise<LockedAccount[]>;
  insertTransaction(trx: Trx, ref: string, at: bigint): Promise<Array<{ id: bigint }>>;
  insertEntries(trx: Trx, entries: EntryValues[], transactionId: bigint): Promise<Array<{ id: bigint }>>;
  updateAccounts(trx: Trx, accounts: AccountBalances[], at: bigint): Promise<unknown>;
  writeAll(trx: Trx, ref: string, at: bigint, entries: EntryValues[], accounts: AccountBalances[]): Promise<Array<{ id: bigint }>>;
}

/** `postBatch`: built with the batch's values (its lines and accounts are any number) */
const BUILT: PostingStatements = {
  createAccounts: (trx, accounts, at) => createQuery(trx, accounts, at).execute(),
  lockAccounts: (trx, accounts) => lockQuery(trx, accounts).execute(),
  insertTransaction: (trx, ref, at) => transactionInsert(trx, ref, at).execute(),
  insertEntries: (trx, entries, transactionId) => entriesInsert(trx, entries, transactionId).execute(),
  updateAccounts: (trx, accounts, at) => accountsUpdate(trx, accounts, at).execute(),
  writeAll: (trx, ref, at, entries, accounts) => writeAllQuery(trx, ref, at, entries, accounts).execute(),
};

/** the parameters of a statement about several rows: each row's values, named with the row's index */
type Numbered<T> = { [K in keyof T & string as `${K}${number}`]: T[K] };

/** `rows` as the named parameters of a statement about that many rows */
function numbered<T extends object>(rows: T[]): Numbered<T> {
  const params: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const [name, value] of Object.entries(row)) params[`${name}${i}`] = value;
  });
  return params as Numbered<T>;
}

/** `count` rows whose `fields` are the parameters `numbered` names (the rows of a statement compiled once) */
function slotRows<T extends object>(param: ParamOf<Numbered<T>>, count: number, fields: ReadonlyArray<keyof T & string>): T[] {
  const named = param as unknown as (name: string) => unknown;
  return Array.from({ length: count }, (_, i) => Object.fromEntries(fields.map((field) => [field, named(`${field}${i}`)])) as T);
}

const SPEC_FIELDS = ['owner', 'userId', 'currency'] as const satisfies ReadonlyArray<keyof AccountSpec>;
const KEY_FIELDS = ['owner', 'currency'] as const satisfies ReadonlyArray<keyof AccountKey>;
const BALANCE_FIELDS = ['id', 'available', 'frozen'] as const satisfies ReadonlyArray<keyof AccountBalances>;
const ENTRY_FIELDS = [
  'account_id', 'user_id', 'currency', 'bucket', 'amount', 'balance_after', 'type', 'remark', 'created_at',
] as const satisfies ReadonlyArray<keyof EntryValues>;

/** one prepared statement per shape (the numbers of rows it writes), made at its first use */
function perShape<Q>(make: (...rows: number[]) => Q): (...rows: number[]) => Q {
  const made = new Map<string, Q>();
  return (...rows) => {
    const shape = rows.join(',');
    let query = made.get(shape);
    if (!query) {
      query = make(...rows);
      made.set(shape, query);
    }
    return query;
  };
}

type At = { at: bigint };
type Written = Numbered<EntryValues> & Numbered<AccountBalances> & At & { ref: string };
const createPrepared = perShape((n) => preparedQuery((db: Db, param: ParamOf<Numbered<AccountSpec> & At>) => createQuery(db, slotRows(param, n, SPEC_FIELDS), param('at'))));
const lockPrepared = perShape((n) => preparedQuery((db: Db, param: ParamOf<Numbered<AccountKey>>) => lockQuery(db, slotRows(param, n, KEY_FIELDS))));
const transactionPrepared = preparedQuery((db: Db, param: ParamOf<{ ref: string } & At>) => transactionInsert(db, param('ref'), param('at')));
const entriesPrepared = perShape((n) =>
  preparedQuery((db: Db, param: ParamOf<Numbered<EntryValues> & { transaction_id: bigint }>) => entriesInsert(db, slotRows(param, n, ENTRY_FIELDS), param('transaction_id'))),
);
const accountsPrepared = perShape((n) => preparedQuery((db: Db, param: ParamOf<Numbered<AccountBalances> & At>) => accountsUpdate(db, slotRows(param, n, BALANCE_FIELDS), param('at'))));
const writeAllPrepared = perShape((entries, accounts) =>
  preparedQuery((db: Db, param: ParamOf<Written>) =>
    writeAllQuery(db, param('ref'), param('at'), slotRows(param, entries, ENTRY_FIELDS), slotRows(param, accounts, BALANCE_FIELDS)),
  ),
);

/** `post`: compiled once per shape (a few accounts and lines, on the request path) */
const PREPARED: PostingStatements = {
  createAccounts: (trx, accounts, at) => createPrepared(accounts.length)(trx, { ...numbered(accounts), at }),
  lockAccounts: (trx, accounts) => lockPrepared(accounts.length)(trx, numbered(accounts.map(({ owner, currency }) => ({ owner, currency })))),
  insertTransaction: (trx, ref, at) => transactionPrepared(trx, { ref, at }),
  insertEntries: (trx, entries, transactionId) => entriesPrepared(entries.length)(trx, { ...numbered(entries), transaction_id: transactionId }),
  updateAccounts: (trx, accounts, at) => accountsPrepared(accounts.length)(trx, { ...numbered(accounts), at }),
  writeAll: (trx, ref, at, entries, accounts) => writeAllPrepared(entries.length, accounts.length)(trx, { ...numbered(entries), ...numbered(accounts), at, ref }),
};

/** The accounts the lines touch, each once, in `compareAccounts` order. */
function accountsOf(lines: LedgerLine[]): AccountSpec[] {
  const wanted = new Map<string, AccountSpec>();
  for (const line of lines) {
    const owner = ownerKey(line.owner);
    wanted.set(accountKey(owner, line.currency), { owner, userId: ownerUserId(line.owner), currency: line.currency });
  }
  return [...wanted.values()].sort(compareAccounts);
}

/**
 * Makes the posting's missing accounts, then locks and reads all of them with a second statement,
 * both in `compareAccounts` order (the locks on PostgreSQL; SQLite's BEGIN IMMEDIATE write lock
 * covers them all). Making waits only for a transaction making the same account, and all make
 * theirs in that order; locking waits only for transactions that have made theirs and lock in that
 * order too (an account another made is not seen until it commits, so it is not waited for there).
 * So postings that share accounts cannot deadlock over them, even while making them.
 */
async function lockAccounts(trx: Trx, lines: LedgerLine[], now: number, statements: PostingStatements): Promise<Map<string, LockedAccount>> {
  const wanted = accountsOf(lines);
  await statements.createAccounts(trx, wanted, BigInt(now));
  const accounts = new Map<string, LockedAccount>();
  for (const row of await statements.lockAccounts(trx, wanted)) accounts.set(accountKey(row.owner, row.currency), row);
  for (const spec of wanted) if (!accounts.has(accountKey(spec.owner, spec.currency))) throw new Error(`ledger account ${spec.owner} ${spec.currency} was not made`);
  return accounts;
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
 * A user balance below zero aborts the posting (422 INSUFFICIENT_BALANCE, or the posting's own
 * refusal).
 */
function planLines(lines: LedgerLine[], accounts: Map<string, LockedAccount>, insufficient?: Posting['insufficient']): PlannedLine[] {
  const availableBefore = new Map([...accounts.values()].map((account) => [account, account.available]));
  return lines.map((line) => {
    const account = accounts.get(accountKey(ownerKey(line.owner), line.currency))!;
    const bucket = line.bucket ?? 'available';
    account[bucket] += line.amount;
    if (account.user_id !== null && account[bucket] < 0n) {
      if (insufficient) throw insufficient({ currency: line.currency, availableBefore: availableBefore.get(account)! });
      throw new ApiError('INSUFFICIENT_BALANCE', {
        messageKey: 'ledger.insufficient',
        params: { currency: line.currency, short: fromUnits(-account[bucket]) },
      });
    }
    return { line, account, bucket, balanceAfter: account[bucket] };
  });
}

/** the journal row of a planned line, but for its ledger transaction */
function entryValues({ line, account, bucket, balanceAfter }: PlannedLine, at: bigint): EntryValues {
  return {
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
  const accounts = await lockAccounts(trx, lines, now, PREPARED);
  const planned = planLines(lines, accounts, posting.insufficient);

  const ids = await writePosting(trx, posting.ref, BigInt(now), planned, PREPARED);
  return planned.map((plannedLine, i) => ({ id: ids[i], accountId: plannedLine.account.id, line: plannedLine.line, balanceAfter: plannedLine.balanceAfter }));
}

/** Writes a planned posting: its ledger transaction, entries and balances. Returns the entries' ids, ascending. */
async function writePosting(trx: Trx, ref: string, at: bigint, planned: PlannedLine[], statements: PostingStatements): Promise<bigint[]> {
  const accounts = [...new Set(planned.map((p) => p.account))].map(({ id, available, frozen }) => ({ id, available, frozen }));
  const entries = planned.map((plannedLine) => entryValues(plannedLine, at));
  let rows: Array<{ id: bigint }>;
  if (isSqlite(trx)) {
    const transactionId = firstRow(await refusingSecondPosting(ref, () => statements.insertTransaction(trx, ref, at))).id;
    rows = await statements.insertEntries(trx, entries, transactionId);
    await statements.updateAccounts(trx, accounts, at);
  } else {
    rows = await refusingSecondPosting(ref, () => statements.writeAll(trx, ref, at, entries, accounts));
  }
  const ids = rows.map((row) => row.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (ids.length !== planned.length) throw new Error(`inserted ${ids.length} ledger entries of ${planned.length}`);
  return ids;
}

// ---------------------------------------------------------------------------------------------
// postBatch

/**
 * The most lines one `postBatch` takes: every statement carries all of them as parameters
 * (≤ 14 per line: 9 for its entry, 5 for its account; PostgreSQL allows 65 535 a statement, SQLite
 * 32 766).
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
 * One balanced posting of many lines, e.g. a day's payouts to a hundred users from the system
 * `payouts` account: the rules of `post` (balanced per currency, no zero line, user balances never
 * below zero, system lines on the first user's shard, accounts locked in `compareAccounts` order)
 * in the statements of `post`, built for each batch rather than compiled once (a batch's lines and
 * accounts are any number). Each user line is its own entry, in the order given, with its
 * balance after (several lines of one account follow one another); the system lines are merged
 * (`mergeSystemLines`). Returns how many entries were written.
 */
export async function postBatch(trx: Trx, posting: BatchPosting): Promise<number> {
  const { now } = posting;
  assertBalanced(posting.lines);
  if (posting.lines.length > MAX_BATCH_LINES) throw new Error(`a batch posting takes at most ${MAX_BATCH_LINES} lines, not ${posting.lines.length}`);
  const lines = onShard(mergeSystemLines(posting.lines, posting.systemRemark.slice(0, 200)));
  const accounts = await lockAccounts(trx, lines, now, BUILT);
  const planned = planLines(lines, accounts);

  await writePosting(trx, posting.ref, BigInt(now), planned, BUILT);
  return planned.length;
}
