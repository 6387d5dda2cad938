/**
 * The server's scheduled jobs (server/jobs.ts): one run at a time, failures retried, and a stop
 * that waits for the run in flight, so that `app.close()` followed by `db.destroy()` (what
 * SIGTERM does in server/main.ts) can never cut a settlement or a sweep in half.
 */
import Fastify from 'fastify';
import { registerJobs, serverJobs, startJob, type JobSpec } from '../../server/jobs';
import { DEFAULT_JOB_SCHEDULE, parseJobSchedule } from '../../server/jobSchedule';
import { startTestApp, type TestApp } from './support/app';
import { createTestDb } from './support/db';
import { createDb } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';

const silent = Fastify({ logger: false }).log;

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startJob', () => {
  it('stop() resolves only after the run in flight has finished, and no run starts after it', async () => {
    const release = deferred();
    let runs = 0;
    let finished = false;
    const job = startJob(
      {
        name: 'slow',
        intervalMs: 5,
        firstRunDelayMs: 0,
        run: async () => {
          runs += 1;
          await release.promise;
          finished = true;
        },
      },
      silent,
    );
    while (runs === 0) await sleep(1);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await sleep(30);
    expect(stopped).toBe(false);
    // ticks while a run is in flight are skipped: still one run
    expect(runs).toBe(1);
    release.resolve();
    await stopping;
    expect(finished).toBe(true);
    await sleep(30);
    expect(runs).toBe(1);
  });

  it('a failing run is logged and retried at the next tick', async () => {
    const errors: unknown[] = [];
    const log = { ...silent, error: (value: unknown) => errors.push(value) } as typeof silent;
    let runs = 0;
    const job = startJob(
      {
        name: 'flaky',
        intervalMs: 5,
        firstRunDelayMs: 0,
        run: async () => {
          runs += 1;
          if (runs === 1) throw new Error('database busy');
        },
      },
      log,
    );
    while (runs < 2) await sleep(2);
    await job.stop();
    expect(errors).toHaveLength(1);
  });
});

describe('startJob stopping a run', () => {
  it('aborts the run\'s signal; a run that stops for it is logged as stopped, not as failed', async () => {
    const errors: unknown[] = [];
    const infos: unknown[] = [];
    const log = { ...silent, error: (value: unknown) => errors.push(value), info: (value: unknown) => infos.push(value) } as typeof silent;
    let started = false;
    let steps = 0;
    const job = startJob(
      {
        name: 'steps',
        intervalMs: 60_000,
        firstRunDelayMs: 0,
        run: async (signal) => {
          started = true;
          for (;;) {
            signal.throwIfAborted();
            steps += 1;
            await sleep(2);
          }
        },
      },
      log,
    );
    while (!started) await sleep(1);
    await job.stop();
    const stepsAtStop = steps;
    await sleep(20);
    expect(steps).toBe(stepsAtStop);
    expect(errors).toEqual([]);
    expect(infos).toEqual([{ job: 'steps' }]);
  });
});

describe('registerJobs', () => {
  it('app.close() waits for a job run in flight before the database may close: both halves are written', async () => {
    const testDb = await createTestDb();
    await migrateToLatest(testDb.db);
    const started = deferred();
    const twoWrites: JobSpec = {
      name: 'two writes',
      intervalMs: 60_000,
      firstRunDelayMs: 0,
      run: async () => {
        await testDb.db.insertInto('settled_days').values({ day: '2000-01-01', settled_at: 1n }).execute();
        started.resolve();
        await sleep(200);
        await testDb.db.insertInto('settled_days').values({ day: '2000-01-02', settled_at: 1n }).execute();
      },
    };
    const app = Fastify({ logger: false });
    registerJobs(app, [twoWrites]);
    await app.ready();
    await started.promise;
    await app.close();
    await testDb.db.destroy();

    // reopen: the run finished before the database closed
    const reopened = createDb(testDb.options);
    try {
      const days = await reopened.selectFrom('settled_days').select('day').orderBy('day').execute();
      expect(days.map((row) => row.day)).toEqual(['2000-01-01', '2000-01-02']);
    } finally {
      await reopened.destroy();
      await testDb.cleanup().catch(() => undefined);
    }
  });
});

describe('serverJobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(async () => t.close());

  it('are the daily settlement and the mall sweep, and each runs on the app database', async () => {
    const jobs = serverJobs(t, silent);
    expect(jobs.map((job) => job.name)).toEqual(['daily settlement', 'mall sweep']);
    for (const job of jobs) await expect(job.run(new AbortController().signal)).resolves.toBeUndefined();
  });

  it('follow the configured schedule: a job turned off is not started, the others run when told', () => {
    const jobs = serverJobs(t, silent, parseJobSchedule({ JOBS_OFF: 'mallSweep', SETTLEMENT_FIRST_RUN_MS: '0', SETTLEMENT_INTERVAL_MS: '250' }));
    expect(jobs.map(({ name, firstRunDelayMs, intervalMs }) => ({ name, firstRunDelayMs, intervalMs }))).toEqual([
      { name: 'daily settlement', firstRunDelayMs: 0, intervalMs: 250 },
    ]);
    expect(serverJobs(t, silent, parseJobSchedule({ JOBS_OFF: 'settlement, mallSweep' }))).toEqual([]);
  });
});

describe('parseJobSchedule', () => {
  it('defaults to settlement 10 s after start then every 5 minutes, the mall sweep every minute, the deposit watcher every second, the withdrawal signer every 5 s, the price feed at once then every 5 s, the reconciliation 10 minutes after start then daily', () => {
    expect(parseJobSchedule({})).toEqual(DEFAULT_JOB_SCHEDULE);
    expect(DEFAULT_JOB_SCHEDULE).toEqual({
      settlement: { firstRunDelayMs: 10_000, intervalMs: 300_000 },
      mallSweep: { firstRunDelayMs: 60_000, intervalMs: 60_000 },
      depositWatcher: { firstRunDelayMs: 1000, intervalMs: 1000 },
      withdrawSigner: { firstRunDelayMs: 5000, intervalMs: 5000 },
      priceFeed: { firstRunDelayMs: 0, intervalMs: 5000 },
      reconcile: { firstRunDelayMs: 600_000, intervalMs: 86_400_000 },
    });
  });

  it('reads each timing and JOBS_OFF', () => {
    expect(parseJobSchedule({ MALL_SWEEP_FIRST_RUN_MS: '5', MALL_SWEEP_INTERVAL_MS: '1000', JOBS_OFF: 'settlement' })).toEqual({
      settlement: null,
      mallSweep: { firstRunDelayMs: 5, intervalMs: 1000 },
      depositWatcher: { firstRunDelayMs: 1000, intervalMs: 1000 },
      withdrawSigner: { firstRunDelayMs: 5000, intervalMs: 5000 },
      priceFeed: { firstRunDelayMs: 0, intervalMs: 5000 },
      reconcile: { firstRunDelayMs: 600_000, intervalMs: 86_400_000 },
    });
    expect(parseJobSchedule({ DEPOSIT_WATCHER_FIRST_RUN_MS: '0', DEPOSIT_WATCHER_INTERVAL_MS: '250', JOBS_OFF: 'settlement,mallSweep' })).toEqual({
      settlement: null,
      mallSweep: null,
      depositWatcher: { firstRunDelayMs: 0, intervalMs: 250 },
      withdrawSigner: { firstRunDelayMs: 5000, intervalMs: 5000 },
      priceFeed: { firstRunDelayMs: 0, intervalMs: 5000 },
      reconcile: { firstRunDelayMs: 600_000, intervalMs: 86_400_000 },
    });
    expect(parseJobSchedule({ WITHDRAW_SIGNER_FIRST_RUN_MS: '100', WITHDRAW_SIGNER_INTERVAL_MS: '200', JOBS_OFF: 'settlement,mallSweep,depositWatcher,priceFeed' })).toEqual({
      settlement: null,
      mallSweep: null,
      depositWatcher: null,
      withdrawSigner: { firstRunDelayMs: 100, intervalMs: 200 },
      priceFeed: null,
      reconcile: { firstRunDelayMs: 600_000, intervalMs: 86_400_000 },
    });
    // the price feed's interval is PRICE_POLL_MS
    expect(parseJobSchedule({ PRICE_FEED_FIRST_RUN_MS: '2000', PRICE_POLL_MS: '1500' }).priceFeed).toEqual({ firstRunDelayMs: 2000, intervalMs: 1500 });
  });

  it.each([
    [{ JOBS_OFF: 'settlment' }, /JOBS_OFF names jobs among settlement, mallSweep, depositWatcher, withdrawSigner, priceFeed, reconcile; got "settlment"/],
    [{ PRICE_POLL_MS: '99' }, /PRICE_POLL_MS must be a whole number of milliseconds ≥ 100, got "99"/],
    [{ SETTLEMENT_INTERVAL_MS: '0' }, /SETTLEMENT_INTERVAL_MS must be a whole number of milliseconds ≥ 1, got "0"/],
    [{ SETTLEMENT_FIRST_RUN_MS: '-1' }, /SETTLEMENT_FIRST_RUN_MS must be a whole number/],
    [{ MALL_SWEEP_INTERVAL_MS: '1e3' }, /MALL_SWEEP_INTERVAL_MS must be a whole number/],
    [{ MALL_SWEEP_INTERVAL_MS: '5 ' }, /MALL_SWEEP_INTERVAL_MS must be a whole number/],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => parseJobSchedule(env)).toThrow(message);
  });
});
