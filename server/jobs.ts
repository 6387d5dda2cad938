/**
 * Every scheduled job of the server process, and its stop, in one place. A job runs one at a time
 * (a tick while it still runs is skipped) and its failures are logged and retried at the next
 * tick. Stopping clears the timers, aborts the run in flight (a run stops between its
 * transactions, each of which is whole) and waits for it, so that closing the database afterwards
 * can never cut a run in half: `app.close()` first waits for the requests in flight, then
 * (onClose) for the jobs, and only then does server/main.ts close the database. When each job
 * runs is configuration (server/jobSchedule.ts), so a test controls the jobs of a real server.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sweepOrders } from './mall/sweep';
import { settlePendingDays } from './settlement/pendingDays';
import type { SettlementResult } from './settlement/settleDay';
import type { AppContext } from './context';
import type { JobSchedule } from './jobSchedule';
import { depositWatcherJobs } from './deposits/job';
import { withdrawalSignerJobs } from './withdrawals/job';
import { priceFeedJobs } from './prices/job';
import { reconcileJobs } from './reconcile/job';

export interface JobSpec {
  name: string;
  intervalMs: number;
  /** the first run, after start; default: one interval */
  firstRunDelayMs?: number;
  /** one run; `signal` aborts when the server stops: stop between transactions, never inside one */
  run(signal: AbortSignal): Promise<void>;
  /** called once the job has stopped and its last run finished (e.g. to close its connections) */
  close?(): void;
}

export interface RunningJob {
  /** clears the timers, then resolves once the run in flight (if any) has finished */
  stop(): Promise<void>;
}

export function startJob(spec: JobSpec, log: FastifyBaseLogger): RunningJob {
  let inFlight: Promise<void> | null = null;
  const stopping = new AbortController();
  const tick = () => {
    if (inFlight || stopping.signal.aborted) return;
    inFlight = spec
      .run(stopping.signal)
      .catch((error: unknown) => {
        if (stopping.signal.aborted && error === stopping.signal.reason) log.info({ job: spec.name }, `${spec.name} stopped for shutdown; the next start goes on from there`);
        else log.error({ err: error, job: spec.name }, `${spec.name} failed; it will be retried`);
      })
      .finally(() => {
        inFlight = null;
      });
  };
  const first = setTimeout(tick, spec.firstRunDelayMs ?? spec.intervalMs);
  const every = setInterval(tick, spec.intervalMs);
  first.unref();
  every.unref();
  return {
    stop: async () => {
      stopping.abort(new JobStopped(spec.name));
      clearTimeout(first);
      clearInterval(every);
      await inFlight;
      spec.close?.();
    },
  };
}

/** The reason a run in flight is aborted with when its job stops. */
export class JobStopped extends Error {
  constructor(job: string) {
    super(`${job} stopped`);
    this.name = 'JobStopped';
  }
}

/**
 * The server's jobs that `schedule` turns on. Several processes may run them at once: settlement
 * is exactly once per order and day, the mall sweep moves an order only from the status it
 * read, in the database, and the deposit watcher credits a deposit only from confirming. The
 * withdrawal signer should run in one process: two never pay a withdrawal twice (its nonce is
 * taken in the database first), but they would get in each other's way.
 */
export function serverJobs(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, log: FastifyBaseLogger, schedule: JobSchedule = ctx.config.jobs): JobSpec[] {
  const { db, clock, config } = ctx;
  const jobs: JobSpec[] = [];
  if (schedule.settlement) {
    jobs.push({
      name: 'daily settlement',
      ...schedule.settlement,
      run: async (signal) => {
        const onDay = (result: SettlementResult) => log.info({ settlement: result }, `settled ${result.day}`);
        await settlePendingDays(db, clock, config.displayUtcOffsetMinutes, config.commissionRate, { signal, onDay });
      },
    });
  }
  if (schedule.mallSweep) {
    jobs.push({
      name: 'mall sweep',
      ...schedule.mallSweep,
      run: async () => {
        const result = await sweepOrders(db, clock.now());
        if (result.expired || result.confirmed) log.info({ mallSweep: result }, 'mall orders swept');
      },
    });
  }
  if (schedule.depositWatcher) jobs.push(...depositWatcherJobs(ctx, log, schedule.depositWatcher));
  if (schedule.withdrawSigner) jobs.push(...withdrawalSignerJobs(ctx, log, schedule.withdrawSigner));
  if (schedule.priceFeed) jobs.push(...priceFeedJobs(ctx, log, schedule.priceFeed));
  if (schedule.reconcile) jobs.push(...reconcileJobs(ctx, log, schedule.reconcile));
  return jobs;
}

/** Starts `jobs` when the app is ready; `app.close()` stops them and waits for runs in flight. */
export function registerJobs(app: FastifyInstance, jobs: JobSpec[]): void {
  let running: RunningJob[] = [];
  app.addHook('onReady', async () => {
    running = jobs.map((job) => startJob(job, app.log));
  });
  app.addHook('onClose', async () => {
    await Promise.all(running.map((job) => job.stop()));
  });
}
