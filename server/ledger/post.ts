/**
 * `post`: the only way a balance changes. It writes one balanced group of journal entries in the
 * caller's database transaction: per currency the lines sum to zero, every touched account is
 * locked (PostgreSQL: FOR UPDATE, one account at a time in owner|currency order; SQLite: the BEGIN
 * IMMEDIATE write lock), and a user balance that would go below zero aborts everything with 422
 * INSUFFICIENT_BALANCE. Every statement is a fixed-shape one-row statement, compiled once.
 * A system account line goes to one of the account's shards (accounts.ts SYSTEM_SHARDS), the same
 * for the whole posting: the first user's id modulo the shard count, so that transactions of
 * different users rarely wait on one system row, and one user's always touch the same one.
 */
import type { Selectable, Transaction } from 'kysely';
import type { LedgerEntryKind } from '../../contract/user';
import { isSqlite, type Database, type Db } from '../db';
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
type EntryRow = Omit<LedgerEntriesTable, 'id'>;
const insertEntry = preparedQuery((db: Db, param: ParamOf<EntryRow>) =>
  db
    .insertInto('ledger_entries')
    .values({
      transaction_id: param('transaction_id'),
      account_id: param('account_id'),
      user_id: param('user_id'),
      currency: param('currency'),
      bucket: param('bucket'),
      amount: param('amount'),
      balance_after: param('balance_after'),
      type: param('type'),
      remark: param('remark'),
      created_at: param('created_at'),
    })
    .returning('id'),
);
const updateAccount = preparedQuery((db: Db, param: ParamOf<{ id: bigint; available: bigint; frozen: bigint; at: bigint }>) =>
  db
    .updateTable('ledger_accounts')
    .set({ available: param('available'), frozen: param('frozen'), updated_at: param('at') })
    .where('id', '=', param('id')),
);

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
 * Locks and reads every account of the posting one by one, sorted by owner|currency (the same order
 * in every transaction, so PostgreSQL row locks cannot deadlock); creates a missing one first.
 */
async function lockAccounts(trx: Trx, lines: LedgerLine[], now: number): Promise<Map<string, LockedAccount>> {
  const wanted = new Map<string, { owner: string; userId: bigint | null; currency: string }>();
  for (const line of lines) {
    const owner = ownerKey(line.owner);
    wanted.set(accountKey(owner, line.currency), { owner, userId: ownerUserId(line.owner), currency: line.currency });
  }
  const accounts = new Map<string, LockedAccount>();
  for (const [key, { owner, userId, currency }] of [...wanted].sort(([a], [b]) => a.localeCompare(b))) {
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

export async function post(trx: Trx, posting: Posting): Promise<PostedEntry[]> {
  const { now } = posting;
  assertBalanced(posting.lines);
  const lines = onShard(posting.lines);
  const accounts = await lockAccounts(trx, lines, now);

  const planned = lines.map((line) => {
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

  const at = BigInt(now);
  const { id: transactionId } = firstRow(await insertTransaction(trx, { ref: posting.ref.slice(0, 200), at }));
  const posted: PostedEntry[] = [];
  for (const { line, account, bucket, balanceAfter } of planned) {
    const { id } = firstRow(
      await insertEntry(trx, {
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
      }),
    );
    posted.push({ id, accountId: account.id, line, balanceAfter });
  }
  for (const account of new Set(planned.map((p) => p.account))) {
    await updateAccount(trx, { id: account.id, available: account.available, frozen: account.frozen, at });
  }
  return posted;
}
