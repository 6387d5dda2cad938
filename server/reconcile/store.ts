/**
 * The reconciliations in the database (`reconciliations`, one row per currency and run): written
 * once per run, read back for `ops reconcile --last` without asking the chain again. Every row is
 * kept: a run a day per currency is a few hundred rows a year, and a later proof of reserves wants
 * the history.
 */
import type { Db } from '../db';

export type ReconciliationStatus = 'ok' | 'shortfall' | 'unavailable';

export interface NetworkFigures {
  network: string;
  /** the block every balance was read at; null when the network could not be read */
  block: number | null;
  /** why the network could not be read (no quorum, an endpoint down, …) */
  unavailable?: string;
  /** decimal amounts of the currency, per source, and their total */
  hot?: string;
  cold?: string;
  deposits?: string;
  total?: string;
  hotWallets?: string[];
  coldWallets?: string[];
  /** deposit addresses read (every one that received funds on the network) */
  depositAddresses?: number;
}

export interface ReconciliationDetail {
  /** the networks that carry the currency */
  networks: NetworkFigures[];
  /** what the ledger owes, as decimal amounts: users' available + frozen, less the withdrawals already on their way on chain */
  liabilities: { users: string; inFlightWithdrawals: string };
  /** the hot wallets' gas coin where it is no currency of the ledger (BNB on BEP20), for the operator */
  gas?: Array<{ network: string; currency: string; hot: string }>;
}

export interface Reconciliation {
  runAt: number;
  currency: string;
  status: ReconciliationStatus;
  /** ledger units held on chain; null when a network carrying the currency could not be read */
  assets: bigint | null;
  liabilities: bigint;
  difference: bigint | null;
  reason: string | null;
  detail: ReconciliationDetail;
}

export async function recordReconciliations(db: Db, rows: readonly Reconciliation[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('reconciliations')
    .values(
      rows.map((row) => ({
        run_at: BigInt(row.runAt),
        currency: row.currency,
        status: row.status,
        ok: row.status === 'ok' ? 1n : 0n,
        assets: row.assets,
        liabilities: row.liabilities,
        difference: row.difference,
        reason: row.reason === null ? null : row.reason.slice(0, 1000),
        detail: JSON.stringify(row.detail),
      })),
    )
    .execute();
}

type ReconciliationRow = { run_at: bigint; currency: string; status: string; assets: bigint | null; liabilities: bigint; difference: bigint | null; reason: string | null; detail: string };

function toReconciliation(row: ReconciliationRow): Reconciliation {
  return {
    runAt: Number(row.run_at),
    currency: row.currency,
    status: row.status as ReconciliationStatus,
    assets: row.assets,
    liabilities: row.liabilities,
    difference: row.difference,
    reason: row.reason,
    detail: JSON.parse(row.detail) as ReconciliationDetail,
  };
}

/** The last run's rows (one per currency), or none when no run was recorded. */
export async function lastReconciliation(db: Db): Promise<Reconciliation[]> {
  const last = await db.selectFrom('reconciliations').select('run_at').orderBy('run_at', 'desc').limit(1).executeTakeFirst();
  if (!last) return [];
  const rows = await db.selectFrom('reconciliations').selectAll().where('run_at', '=', last.run_at).orderBy('currency').execute();
  return rows.map(toReconciliation);
}

/** A page of runs, newest first (each its rows by currency), and how many runs were recorded. */
export async function reconciliationRuns(db: Db, page: number, pageSize: number): Promise<{ runs: Reconciliation[][]; total: number }> {
  const counted = await db.selectFrom('reconciliations').select((eb) => eb.fn.count<bigint>('run_at').distinct().as('n')).executeTakeFirstOrThrow();
  const times = await db.selectFrom('reconciliations').select('run_at').distinct().orderBy('run_at', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
  if (!times.length) return { runs: [], total: Number(counted.n) };
  const rows = await db.selectFrom('reconciliations').selectAll().where('run_at', 'in', times.map((t) => t.run_at)).orderBy('run_at', 'desc').orderBy('currency').execute();
  const runs = times.map((time) => rows.filter((row) => Number(row.run_at) === Number(time.run_at)).map(toReconciliation));
  return { runs, total: Number(counted.n) };
}
