/**
 * How the deposit watcher is doing, from the database alone (so any process can tell, even while
 * the watcher's endpoint is down): per network the cursor, the head its last run saw, the lag
 * between them, how long ago a run last finished, and the deposits by status. A network is
 * `stuck` when no run finished for STUCK_AFTER_MS or it is more than STUCK_LAG_BLOCKS behind.
 */
import { sql } from 'kysely';
import type { Db } from '../db';
import { CHAIN_DEPOSIT_STATUSES, type ChainDepositStatus } from './status';
import { jobRuns } from './jobRuns';

export const STUCK_AFTER_MS = 5 * 60 * 1000;
export const STUCK_LAG_BLOCKS = 100;

export interface NetworkHealth {
  network: string;
  cursor: number;
  head: number;
  lag: number;
  /** ms since a run last finished (or moved the cursor) */
  sinceLastRunMs: number;
  stuck: boolean;
  deposits: Record<ChainDepositStatus, number>;
  /** the block of the oldest deposit still confirming, or null */
  oldestConfirmingBlock: number | null;
  /** runs failed in a row (e.g. the endpoints short of a quorum) and the last cause */
  failedRunsInARow: number;
  lastError: string | null;
}

export async function watcherHealth(db: Db, now: number): Promise<NetworkHealth[]> {
  const cursors = await db.selectFrom('chain_cursors').selectAll().orderBy('network').execute();
  const runs = new Map((await jobRuns(db, 'depositWatcher')).map((run) => [run.network, run]));
  const counts = await db
    .selectFrom('chain_deposits')
    .select(['network', 'status', sql<bigint>`count(*)`.as('n'), sql<bigint | null>`min(block_number)`.as('oldest')])
    .groupBy(['network', 'status'])
    .execute();
  return cursors.map((cursor) => {
    const deposits = Object.fromEntries(CHAIN_DEPOSIT_STATUSES.map((status) => [status, 0])) as Record<ChainDepositStatus, number>;
    let oldestConfirmingBlock: number | null = null;
    for (const row of counts.filter((c) => c.network === cursor.network)) {
      if ((CHAIN_DEPOSIT_STATUSES as readonly string[]).includes(row.status)) deposits[row.status as ChainDepositStatus] = Number(row.n);
      if (row.status === 'confirming' && row.oldest !== null) oldestConfirmingBlock = Number(row.oldest);
    }
    const lag = Math.max(0, Number(cursor.head) - Number(cursor.block_number));
    const sinceLastRunMs = Math.max(0, now - Number(cursor.updated_at));
    return {
      network: cursor.network,
      cursor: Number(cursor.block_number),
      head: Number(cursor.head),
      lag,
      sinceLastRunMs,
      stuck: sinceLastRunMs > STUCK_AFTER_MS || lag > STUCK_LAG_BLOCKS || Boolean(runs.get(cursor.network)?.failing),
      deposits,
      oldestConfirmingBlock,
      failedRunsInARow: runs.get(cursor.network)?.failuresInARow ?? 0,
      lastError: runs.get(cursor.network)?.failuresInARow ? (runs.get(cursor.network)?.lastError ?? null) : null,
    };
  });
}
