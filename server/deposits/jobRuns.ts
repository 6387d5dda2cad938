/**
 * How the chain jobs' runs went (the deposit watcher's and the withdrawal signer's, per network):
 * each run records success or its cause, so a failing job is visible from the database in any
 * process (`ops watcher:status`, `ops withdraw:list`), not only in one process's log.
 */
import type { Db } from '../db';

export type ChainJob = 'depositWatcher' | 'withdrawSigner';

/** this many failed runs in a row and the job is shown as failing */
export const FAILING_AFTER_RUNS = 3;

export interface JobRunHealth {
  job: ChainJob;
  network: string;
  failuresInARow: number;
  failing: boolean;
  lastError: string | null;
  lastErrorAt: number | null;
  lastOkAt: number | null;
}

function causeOf(error: unknown): string {
  const e = error as { name?: string; shortMessage?: string; message?: string } | null;
  return `${e?.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e?.shortMessage ?? e?.message ?? String(error)}`.slice(0, 1000);
}

export async function recordRun(db: Db, job: ChainJob, network: string, now: number, error?: unknown): Promise<void> {
  const at = BigInt(now);
  const failed = error !== undefined;
  await db
    .insertInto('chain_job_runs')
    .values({ job, network, failures_in_a_row: failed ? 1n : 0n, last_error: failed ? causeOf(error) : null, last_error_at: failed ? at : null, last_ok_at: failed ? null : at })
    .onConflict((oc) =>
      oc.columns(['job', 'network']).doUpdateSet((eb) =>
        failed
          ? { failures_in_a_row: eb('chain_job_runs.failures_in_a_row', '+', 1n), last_error: causeOf(error), last_error_at: at }
          : { failures_in_a_row: 0n, last_ok_at: at },
      ),
    )
    .execute();
}

export async function jobRuns(db: Db, job: ChainJob): Promise<JobRunHealth[]> {
  const rows = await db.selectFrom('chain_job_runs').selectAll().where('job', '=', job).orderBy('network').execute();
  return rows.map((row) => ({
    job,
    network: row.network,
    failuresInARow: Number(row.failures_in_a_row),
    failing: Number(row.failures_in_a_row) >= FAILING_AFTER_RUNS,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at === null ? null : Number(row.last_error_at),
    lastOkAt: row.last_ok_at === null ? null : Number(row.last_ok_at),
  }));
}
