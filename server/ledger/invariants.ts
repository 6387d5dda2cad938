/**
 * The ledger's invariants, checked from the database alone (ops `ledger:check`, tests, bench):
 * per currency all entries sum to zero; every account bucket equals the sum of its entries and
 * its last entry's balance_after; no user balance is negative. It also reports each system
 * account's balance, its shards summed.
 * (SQLite: our transactions take the write lock; PostgreSQL: REPEATABLE READ is one snapshot.)
 */
import { sql } from 'kysely';
import type { Db } from '../db';
import { systemAccountOf } from './accounts';
import type { Trx } from './post';

export interface LedgerReport {
  ok: boolean;
  entries: number;
  accounts: number;
  /** per currency: sum of all entries (must be "0") */
  currencySums: Record<string, bigint>;
  /** each system account's balance per currency, its shards summed (e.g. fees → USDT → units) */
  systemBalances: Record<string, Record<string, bigint>>;
  problems: string[];
}

/** Runs in one transaction, so that money moving meanwhile cannot make a consistent ledger look broken. */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  return db.transaction().setIsolationLevel('repeatable read').execute((trx) => checkSnapshot(trx));
}

async function checkSnapshot(db: Trx): Promise<LedgerReport> {
  const problems: string[] = [];
  const sums = await db
    .selectFrom('ledger_entries')
    .select(['currency', sql<bigint>`sum(amount)`.as('total'), sql<bigint>`count(*)`.as('entries')])
    .groupBy('currency')
    .execute();
  const currencySums: Record<string, bigint> = {};
  let entries = 0;
  for (const row of sums) {
    const total = BigInt(row.total);
    currencySums[row.currency] = total;
    entries += Number(row.entries);
    if (total !== 0n) problems.push(`${row.currency}: entries sum to ${total}, not 0`);
  }

  const perBucket = await db
    .selectFrom('ledger_entries')
    .select(['account_id', 'bucket', sql<bigint>`sum(amount)`.as('total'), sql<bigint>`max(id)`.as('last_id')])
    .groupBy(['account_id', 'bucket'])
    .execute();
  const lastEntries = await db
    .selectFrom('ledger_entries')
    .select(['id', 'balance_after'])
    .where('id', 'in', (eb) => eb.selectFrom('ledger_entries').select((e) => e.fn.max('id').as('id')).groupBy(['account_id', 'bucket']))
    .execute();
  const lastBalances = new Map(lastEntries.map((r) => [r.id, r.balance_after]));
  const accounts = await db.selectFrom('ledger_accounts').select(['id', 'owner', 'user_id', 'currency', 'available', 'frozen']).execute();
  const expected = new Map<string, bigint>(perBucket.map((r) => [`${r.account_id}|${r.bucket}`, BigInt(r.total)]));
  for (const row of perBucket) {
    if (lastBalances.get(BigInt(row.last_id)) !== BigInt(row.total)) problems.push(`account ${row.account_id} ${row.bucket}: last balance_after differs from the sum of its entries`);
  }
  const systemBalances: Record<string, Record<string, bigint>> = {};
  for (const account of accounts) {
    const system = systemAccountOf(account.owner);
    if (system) {
      const balances = (systemBalances[system] ??= {});
      balances[account.currency] = (balances[account.currency] ?? 0n) + account.available + account.frozen;
    }
    for (const bucket of ['available', 'frozen'] as const) {
      const sum = expected.get(`${account.id}|${bucket}`) ?? 0n;
      if (account[bucket] !== sum) problems.push(`${account.owner} ${account.currency} ${bucket}: balance ${account[bucket]} but entries sum to ${sum}`);
      if (account.user_id !== null && account[bucket] < 0n) problems.push(`${account.owner} ${account.currency} ${bucket} is negative: ${account[bucket]}`);
    }
  }
  return { ok: problems.length === 0, entries, accounts: accounts.length, currencySums, systemBalances, problems };
}
