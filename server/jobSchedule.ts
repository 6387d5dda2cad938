/**
 * When each scheduled job of the server process runs (server/jobs.ts), read from the environment
 * so that a test, or an operator, controls the jobs of a real server process:
 * - `JOBS_OFF=settlement,mallSweep,depositWatcher,withdrawSigner,priceFeed,reconcile` turns jobs off (a test that settles with
 *   `ops settle` itself; every server process but one for the withdrawal signer, docs/deploy.md);
 * - `SETTLEMENT_FIRST_RUN_MS`, `SETTLEMENT_INTERVAL_MS`, `MALL_SWEEP_FIRST_RUN_MS`,
 *   `MALL_SWEEP_INTERVAL_MS`, `DEPOSIT_WATCHER_FIRST_RUN_MS`, `DEPOSIT_WATCHER_INTERVAL_MS`,
 *   `WITHDRAW_SIGNER_FIRST_RUN_MS`, `WITHDRAW_SIGNER_INTERVAL_MS`, `RECONCILE_FIRST_RUN_MS`,
 *   `RECONCILE_INTERVAL_MS` move them (the deposit watcher, the reconciliation and
 *   the withdrawal signer run only for the networks configured: server/deposits/networks.ts; the
 *   signer only with a key: server/withdrawals/signerKey.ts).
 */
export const JOB_NAMES = ['settlement', 'mallSweep', 'depositWatcher', 'withdrawSigner', 'priceFeed', 'reconcile'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobTiming {
  /** the first run, after start */
  firstRunDelayMs: number;
  intervalMs: number;
}

/** each job's timing, or null when it is off */
export type JobSchedule = Record<JobName, JobTiming | null>;

export const DEFAULT_JOB_SCHEDULE: Readonly<Record<JobName, JobTiming>> = {
  // soon after start, so that days missed while the server was down are settled
  settlement: { firstRunDelayMs: 10 * 1000, intervalMs: 5 * 60 * 1000 },
  mallSweep: { firstRunDelayMs: 60 * 1000, intervalMs: 60 * 1000 },
  // a deposit is credited within about a second of its confirming block
  depositWatcher: { firstRunDelayMs: 1000, intervalMs: 1000 },
  // an approved withdrawal is sent within a few seconds
  withdrawSigner: { firstRunDelayMs: 5000, intervalMs: 5000 },
  // at once, then every PRICE_POLL_MS (server/prices/config.ts); only for currencies with sources
  priceFeed: { firstRunDelayMs: 0, intervalMs: 5000 },
  // once a day; the first a few minutes after start, once the watcher has caught up (server/reconcile/job.ts)
  reconcile: { firstRunDelayMs: 10 * 60 * 1000, intervalMs: 24 * 3600 * 1000 },
};

const ENV_PREFIX: Record<JobName, string> = { settlement: 'SETTLEMENT', mallSweep: 'MALL_SWEEP', depositWatcher: 'DEPOSIT_WATCHER', withdrawSigner: 'WITHDRAW_SIGNER', priceFeed: 'PRICE_FEED', reconcile: 'RECONCILE' };

type Env = Record<string, string | undefined>;

function milliseconds(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]{1,10}$/.test(raw) || Number(raw) < min) throw new Error(`${name} must be a whole number of milliseconds ≥ ${min}, got "${raw}"`);
  return Number(raw);
}

export function parseJobSchedule(env: Env): JobSchedule {
  const off = (env.JOBS_OFF ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of off) {
    if (!(JOB_NAMES as readonly string[]).includes(name)) throw new Error(`JOBS_OFF names jobs among ${JOB_NAMES.join(', ')}; got "${name}"`);
  }
  const timing = (job: JobName): JobTiming | null => {
    if (off.includes(job)) return null;
    const prefix = ENV_PREFIX[job];
    const defaults = DEFAULT_JOB_SCHEDULE[job];
    return {
      firstRunDelayMs: milliseconds(env, `${prefix}_FIRST_RUN_MS`, defaults.firstRunDelayMs, 0),
      // the price feed polls every PRICE_POLL_MS (docs/prices.md)
      intervalMs: job === 'priceFeed' ? milliseconds(env, 'PRICE_POLL_MS', defaults.intervalMs, 100) : milliseconds(env, `${prefix}_INTERVAL_MS`, defaults.intervalMs, 1),
    };
  };
  return Object.fromEntries(JOB_NAMES.map((job) => [job, timing(job)])) as JobSchedule;
}
