/**
 * The reconciliation (reconcile.ts) as a job of the server's jobs plugin (server/jobs.ts): once a
 * day by default (RECONCILE_INTERVAL_MS), the first a few minutes after start
 * (RECONCILE_FIRST_RUN_MS), off with JOBS_OFF=reconcile. Only with a watched network: without
 * one there is nothing on chain to compare with, and the start-up log says so. A run's shortfall
 * or unreadable network is logged by the run itself; a run that fails (the database) is logged by
 * the jobs plugin and tried again at the next interval. Several processes may run it: each run
 * records its own rows.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { DEFAULT_RETRY, type RetryPolicy } from '../deposits/rpc';
import type { JobSpec } from '../jobs';
import type { JobTiming } from '../jobSchedule';
import { reconcile } from './reconcile';

export function reconcileJobs(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, log: FastifyBaseLogger, timing: JobTiming, retry: RetryPolicy = DEFAULT_RETRY): JobSpec[] {
  const { db, clock, config } = ctx;
  if (!config.chainNetworks.length) {
    log.info('reconciliation off: no CHAIN_<NETWORK>_RPC_URL configured, nothing on chain to compare the ledger with');
    return [];
  }
  return [
    {
      name: 'reconciliation',
      ...timing,
      run: async (signal) => {
        await reconcile({ db, config, log, now: () => clock.now(), signal, retry });
      },
    },
  ];
}
