/**
 * Every scheduled job of the server process, and its stop, in one place. A job runs one at a time
 * (a tick while it still runs is skipped) and its failures are logged and retried at the next
 * tick. Stopping clears the timers and waits for a run in flight, so that closing the database
 * afterwards can never cut a run in half: `app.close()` first waits for the requests in flight,
 * then (onClose) for the jobs, and only then does server/main.ts close the database.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sweepOrders } from './mall/sweep';
import { settlePendingDays } from './settlement/pendingDays';
import type { AppContext } from './context';

export interface JobSpec {
  name: string;
  intervalMs: number;
  /** the first run, after start; default: one interval */
  firstRunDelayMs?: number;
  run(): Promise<void>;
}

export interface RunningJob {
  /** clears the timers, then resolves once the run in flight (if any) has finished */
  stop(): Promise<void>;
}

export function startJob(spec: JobSpec, log: FastifyBaseLogger): RunningJob {
  let inFlight: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (inFlight || stopped) return;
    inFlight = spec
      .run()
      .catch((error: unknown) => log.error({ err: error, job: spec.name }, `${spec.name} failed; it will be retried`))
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
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await inFlight;
    },
  };
}

export const SETTLEMENT_INTERVAL_MS = 5 * 60 * 1000;
export const SETTLEMENT_FIRST_RUN_DELAY_MS = 10 * 1000;
export const MALL_SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * The server's jobs. Several processes may run them at once: settlement is exactly once per order
 * and day, and the mall sweep moves an order only from the status it read, in the database.
 */
export function serverJobs(ctx: AppContext, log: FastifyBaseLogger): JobSpec[] {
  const { db, clock, config } = ctx;
  return [
    {
      name: 'daily settlement',
      intervalMs: SETTLEMENT_INTERVAL_MS,
      firstRunDelayMs: SETTLEMENT_FIRST_RUN_DELAY_MS,
      run: async () => {
        for (const result of await settlePendingDays(db, clock, config.displayUtcOffsetMinutes, config.commissionRate)) log.info({ settlement: result }, `settled ${result.day}`);
      },
    },
    {
      name: 'mall sweep',
      intervalMs: MALL_SWEEP_INTERVAL_MS,
      run: async () => {
        const result = await sweepOrders(db, clock.now());
        if (result.expired || result.confirmed) log.info({ mallSweep: result }, 'mall orders swept');
      },
    },
  ];
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
