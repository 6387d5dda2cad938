/**
 * Starts the real PowerFi server (`server/main.ts`, what `npm start` runs) on a free loopback
 * port with an empty SQLite database in a temp folder, serving the global set-up's snapshot of
 * the built app, and stops it afterwards.
 *
 * In production every price comes from the market (docs/prices.md, server/prices/): the server gets a
 * price feed of this test process (priceFeed.ts, two sources per currency, the seed's prices),
 * polled every second, and startServer resolves only once every market currency has a usable
 * price. `server.prices` moves or breaks that market.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MARKET_CURRENCIES } from '../../../contract/rules/prices';
import { liveDocumentsReady } from './pageDocuments';
import { E2E_DIST_ENV } from './paths';
import { startPriceFeed, type PriceFeed } from './priceFeed';
import { startCommand } from '../../projectCommand';

const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
/** how long the first agreed prices may take after "listening" (the first poll runs at start) */
const PRICES_TIMEOUT_MS = 30_000;
/** the price feed's poll interval of the e2e server (production's default is 5 s) */
export const E2E_PRICE_POLL_MS = 1000;

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** the market this server prices from: set, fail, restore (priceFeed.ts) */
  prices: PriceFeed;
  /** everything the server printed so far (for failure messages) */
  logs: () => string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /**
   * Resolve only once GET /market/prices reports every market currency usable (default: true,
   * unless the price feed job is off); false for a test whose own PRICE_SOURCES_* are meant to fail.
   */
  waitForPrices?: boolean;
  /**
   * Resolve only once every data page is sent with its live data (pageDocuments.ts; default
   * false): a bench's first page would otherwise be the build's document, with skeletons for its data.
   */
  waitForLiveDocuments?: boolean;
  /** the port to try next (default: one free when asked); tests/e2e/server-start.test.ts gives a taken one */
  choosePort?: () => Promise<number>;
}

/** One currency as GET /api/v1/web/market/prices reports it (contract/market.ts). */
export interface MarketPrice {
  currency: string;
  price: string | null;
  usable: boolean;
  reason: string | null;
  takenAt: string | null;
  ageSeconds: number | null;
  change24h: string | null;
  demo: boolean;
  sparkline: Array<string | null>;
}

/** The public market prices of the server at `baseUrl`. */
export async function marketPrices(baseUrl: string): Promise<MarketPrice[]> {
  const response = await fetch(`${baseUrl}/api/v1/web/market/prices`, { headers: { Accept: 'application/json' } });
  const body = (await response.json()) as { success: boolean; data: { prices: MarketPrice[] } | null; errMessage: string };
  if (!response.ok || !body.success || !body.data) throw new Error(`GET /market/prices: ${response.status} ${body.errMessage}`);
  return body.data.prices;
}

/**
 * Waits until the market prices satisfy `done` (polled every 200 ms, at most `timeoutMs`); returns
 * them. On time-out the error shows the last answer, and `logs()` when given.
 */
export async function waitForMarket(
  baseUrl: string,
  done: (prices: MarketPrice[]) => boolean,
  { timeoutMs = PRICES_TIMEOUT_MS, what = 'the expected market prices', logs }: { timeoutMs?: number; what?: string; logs?: () => string } = {},
): Promise<MarketPrice[]> {
  const deadline = Date.now() + timeoutMs;
  let last: MarketPrice[] | string = 'no answer yet';
  for (;;) {
    try {
      const prices = await marketPrices(baseUrl);
      if (done(prices)) return prices;
      last = prices;
    } catch (error) {
      last = String(error);
    }
    if (Date.now() > deadline) {
      const shown = typeof last === 'string' ? last : JSON.stringify(last.map(({ sparkline: _s, ...rest }) => rest), null, 1);
      throw new Error(`GET /market/prices did not report ${what} within ${timeoutMs} ms; last answer:\n${shown}${logs ? `\nserver logs:\n${logs()}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** every currency named usable (all market currencies by default) */
export const allUsable =
  (currencies: readonly string[] = MARKET_CURRENCIES) =>
  (prices: MarketPrice[]) =>
    currencies.every((currency) => prices.some((p) => p.currency === currency && p.usable));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** how many ports startServer tries when the one it chose was taken before the server listened */
const PORT_ATTEMPTS = 3;

/**
 * The server on a port free when chosen. Test files run side by side (jest.e2e.config.js), so
 * another file's server may take that port before this one listens: the start is then retried
 * on another port.
 */
export async function startServer(extraEnv: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const prices = await startPriceFeed();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await startServerOn(await (options.choosePort ?? freePort)(), prices, extraEnv, options);
      } catch (error) {
        if (attempt >= PORT_ATTEMPTS || !String(error).includes('EADDRINUSE')) throw error;
      }
    }
  } catch (error) {
    await prices.stop();
    throw error;
  }
}

async function startServerOn(port: number, prices: PriceFeed, extraEnv: Record<string, string>, options: StartOptions): Promise<RunningServer> {
  // the feed's sources for every currency the caller did not source itself
  const priceSources = Object.fromEntries(Object.entries(prices.env).filter(([name]) => !extraEnv[name]?.trim()));
  const feedOff = (extraEnv.JOBS_OFF ?? '').split(',').map((job) => job.trim()).includes('priceFeed');
  const dataDir = mkdtempSync(join(tmpdir(), 'powerfi-e2e-db-'));
  // production refuses to start without the pay-password pepper (server/payPassword/pepper.ts)
  const pepperFile = join(dataDir, 'pay-password-pepper');
  writeFileSync(pepperFile, `v1 ${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  // what `npm start` runs
  const child = spawn(...startCommand({
    // its own process group, so stop() reaches anything the server starts too
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      // production refuses to start without it: the one origin the browser opens
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      SQLITE_PATH: join(dataDir, 'powerfi.sqlite'),
      PAY_PASSWORD_PEPPER_FILE: pepperFile,
      DIST_DIR: process.env[E2E_DIST_ENV] ?? '',
      DATABASE_URL: '',
      REDIS_URL: '',
      // the start-up line that says "listening" is logged at info level
      LOG_LEVEL: 'info',
      ...priceSources,
      PRICE_POLL_MS: String(E2E_PRICE_POLL_MS),
      ...extraEnv,
    },
  }));
  let output = '';
  const logs = () => output;

  /** SIGTERM to the whole group, SIGKILL whatever is left after a while. */
  const stopServer = async () => {
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // the group is gone already
      }
    };
    signalGroup('SIGTERM');
    await waitForExit(child, STOP_TIMEOUT_MS);
    signalGroup('SIGKILL');
    child.stdout!.destroy();
    child.stderr!.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    await stopServer();
    // after the server: it would log every poll that found the market gone
    await prices.stop();
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not say "listening" within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (/listening/i.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
      });
    });
    if (options.waitForPrices ?? !feedOff) {
      await waitForMarket(`http://127.0.0.1:${port}`, allUsable(), { what: `every market currency usable (${MARKET_CURRENCIES.join(', ')})`, logs });
    }
    if (options.waitForLiveDocuments) await liveDocumentsReady(`http://127.0.0.1:${port}`);
  } catch (error) {
    // the caller stops the price feed, or starts again on another port with it
    await stopServer();
    throw error;
  }

  return { url: `http://127.0.0.1:${port}`, prices, logs, stop };
}
