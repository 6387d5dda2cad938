/**
 * `post`: the only way a balance changes. It writes one balanced group of journal entries in the
 * caller's database transaction: per currency the lines sum to zero, every touched account is
 * locked (PostgreSQL: FOR UPDATE in id order; SQLite: the BEGIN IMMEDIATE write lock), and a user
 * balance that would go below zero aborts everything with 422 INSUFFICIENT_BALANCE.
 */
import type { Transaction } from 'kysely';
import type { LedgerEntryKind } from '../../contract/user';
import { isSqlite, type Database } from '../db';
import type { LedgerAccountsTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { fromUnits } from '../money';
import { ownerKey, ownerUserId, type AccountOwner } from './accounts';

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

interface LockedAccount {
  id: bigint;
  owner: string;
  user_id: bigint | null;
  currency: string;
  available: bigint;
  frozen: bigint;
}

const accountKey = (owner: string, currency: string) => `${owner}|${currency}`;

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

/** Creates missing accounts, then locks and reads every account of the posting. */
async function lockAccounts(trx: Trx, lines: LedgerLine[], now: number): Promise<Map<string, LockedAccount>> {
  const wanted = new Map<string, Pick<LedgerAccountsTable, 'owner' | 'user_id' | 'currency'>>();
  for (const line of lines) {
    const owner = ownerKey(line.owner);
    wanted.set(accountKey(owner, line.currency), { owner, user_id: ownerUserId(line.owner), currency: line.currency });
  }
  const rows = [...wanted.values()].sort((a, b) => accountKey(a.owner, a.currency).localeCompare(accountKey(b.owner, b.currency)));
  const select = () =>
    trx
      .selectFrom('ledger_accounts')
      .select(['id', 'owner', 'user_id', 'currency', 'available', 'frozen'])
      .where((eb) => eb.or(rows.map((row) => eb.and([eb('owner', '=', row.owner), eb('currency', '=', row.currency)]))))
      .orderBy('id')
      .$if(!isSqlite(trx), (qb) => qb.forUpdate())
      .execute();
  let locked = await select();
  if (locked.length < rows.length) {
    // first money of an owner in a currency: create the account, then lock them all again
    const existing = new Set(locked.map((a) => accountKey(a.owner, a.currency)));
    await trx
      .insertInto('ledger_accounts')
      .values(rows.filter((row) => !existing.has(accountKey(row.owner, row.currency))).map((row) => ({ ...row, available: 0n, frozen: 0n, updated_at: BigInt(now) })))
      .onConflict((oc) => oc.columns(['owner', 'currency']).doNothing())
      .execute();
    locked = await select();
  }
  return new Map(locked.map((account) => [accountKey(account.owner, account.currency), account]));
}

export async function post(trx: Trx, posting: Posting): Promise<PostedEntry[]> {
  const { lines, now } = posting;
  assertBalanced(lines);
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
  const { id: transactionId } = await trx
    .insertInto('ledger_transactions')
    .values({ ref: posting.ref.slice(0, 200), created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inserted = await trx
    .insertInto('ledger_entries')
    .values(
      planned.map(({ line, account, bucket, balanceAfter }) => ({
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
      })),
    )
    .returning('id')
    .execute();
  for (const account of new Set(planned.map((p) => p.account))) {
    await trx
      .updateTable('ledger_accounts')
      .set({ available: account.available, frozen: account.frozen, updated_at: at })
      .where('id', '=', account.id)
      .execute();
  }
  // ids of one multi-row insert are allocated in row order on both engines
  const ids = inserted.map((row) => row.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return planned.map((p, index) => ({ id: ids[index], accountId: p.account.id, line: p.line, balanceAfter: p.balanceAfter }));
}
