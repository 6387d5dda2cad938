/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile preset, simulated throttling) in Debian's
 * Chromium against the production build served by the real server (`server/main.ts`, what
 * `npm start` runs) on a freshly seeded SQLite database. Prints, per page, the performance score,
 * LCP, TBT, CLS and the first load's JavaScript as transferred (gzip), next to the goals in docs/performance.md.
 * `/my` and `/my/assets` are measured signed in. Figures, not a test: nothing is asserted.
 *
 * BENCH_RUNS (default 2) runs per page, each printed; BENCH_PAGES (comma list) picks pages.
 * The app is built first when dist/ is missing or older than the sources; BENCH_DIST serves
 * another build as it is (e.g. one of an earlier commit, for a before/after table).
 * BENCH_REPORT_DIR keeps each run's Lighthouse JSON report there (LCP element, layout shifts,
 * main-thread work, …).
 * The reference, a bare Umi + antd sign-in page (bench/reference), is built and measured in the
 * same sitting, each of its runs right after a run of `/login` (after every page when `/login` is
 * not measured): what the stack itself scores on this machine. BENCH_REFERENCE=0 leaves it out.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Wallet } from 'ethers';
import puppeteer from 'puppeteer-core';
import { ensureBuilt } from '../tests/e2e/support/build';
import { CHROMIUM_PATH } from '../tests/e2e/support/browser';
import { DIST_DIR } from '../tests/e2e/support/paths';
import { PROJECT_ROOT as ROOT } from '../tests/projectCommand';
import { startServer } from '../tests/e2e/support/server';
import { signInViaApi } from '../tests/e2e/support/siwe';
import { pagesWanted } from './support/pages';
import { buildReference, REFERENCE_LABEL } from './support/reference';

const GOAL = { score: 95, lcpMs: 2000, tbtMs: 150, cls: 0.02, jsKb: 250 };
const RUNS = Number(process.env.BENCH_RUNS || 2);
const WITH_REFERENCE = process.env.BENCH_REFERENCE !== '0';

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript transferred by the first load, KB */
  jsKb: number;
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

interface Report {
  runtimeError?: { message: string };
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
}

/** Debian's Chromium kept off this machine's closed network (tests/e2e/support/browser.ts) */
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', '--lang=zh-CN', '--accept-lang=zh-CN'];

/** Stores the app's session in the profile, or clears it. */
async function storeSession(profileDir: string, origin: string, session: { token: string; user: unknown } | null): Promise<void> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, userDataDir: profileDir, args: CHROMIUM_FLAGS });
  try {
    const tab = await browser.newPage();
    await tab.goto(`${origin}/login`, { waitUntil: 'domcontentloaded' });
    await tab.evaluate(
      (token, user) => {
        for (const storage of [window.localStorage, window.sessionStorage]) {
          if (token) {
            storage.setItem('token', token);
            storage.setItem('userInfo', user);
          } else {
            storage.removeItem('token');
            storage.removeItem('userInfo');
          }
        }
      },
      session?.token ?? '',
      JSON.stringify(session?.user ?? null),
    );
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's own command line in plain node (its in-page functions must reach Chromium as
 * written, and tsx would rename them), in a Chromium on `profileDir`, whose storage it keeps.
 */
function measure(url: string, profileDir: string, reportPath?: string): Figures {
  // a cold load: the storage stays, the caches go, the service worker's too (Lighthouse clears
  // both, or with --disable-storage-reset neither; a worker left from the run before would answer
  // the scripts from its cache, and the run would measure a repeat visit)
  for (const cache of ['Cache', 'Code Cache', 'GPUCache', 'Service Worker']) rmSync(path.join(profileDir, 'Default', cache), { recursive: true, force: true });
  const run = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      url,
      `--chrome-flags=${[...CHROMIUM_FLAGS, `--user-data-dir=${profileDir}`].join(' ')}`,
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance',
      '--quiet',
      // keep the session the signed-in pages read from localStorage
      '--disable-storage-reset',
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, timeout: 5 * 60 * 1000 },
  );
  if (run.status !== 0) throw new Error(`Lighthouse failed on ${url} (exit ${run.status}): ${run.stderr}`);
  if (reportPath) writeFileSync(reportPath, run.stdout);
  const lhr = JSON.parse(run.stdout) as Report;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []) as NetworkRequest[];
  const jsBytes = requests.filter((request) => request.resourceType === 'Script').reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsKb: jsBytes / 1024,
  };
}

/**
 * Lighthouse now and then fails to record the trace of a load (NO_NAVSTART: the page's navigation
 * start is missing from it, whatever the page). Such a run measured nothing: it is run again, at
 * most twice, and said so; any other failure stops the bench.
 */
function measureRetryingTrace(url: string, profileDir: string, reportPath?: string): Figures {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return measure(url, profileDir, reportPath);
    } catch (error) {
      if (attempt > 2 || !(error instanceof Error) || !error.message.includes('NO_NAVSTART')) throw error;
      console.error(`(Lighthouse recorded no trace of ${url}, attempt ${attempt}: run again)`);
    }
  }
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function format(page: string, run: string, f: Figures): string {
  return row([page, run, String(f.score), `${(f.lcpMs / 1000).toFixed(1)} s`, `${Math.round(f.tbtMs)} ms`, f.cls.toFixed(3), `${Math.round(f.jsKb)} KB`]);
}

async function main(): Promise<void> {
  const pages = pagesWanted();
  const dist = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : DIST_DIR;
  if (!process.env.BENCH_DIST) ensureBuilt();
  const reportDir = process.env.BENCH_REPORT_DIR ? path.resolve(process.env.BENCH_REPORT_DIR) : undefined;
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const referenceDist = WITH_REFERENCE ? buildReference() : undefined;
  const server = await startServer({ DIST_DIR: dist, JOBS_OFF: 'settlement,mallSweep' }, { waitForLiveDocuments: true });
  const reference = referenceDist ? await startServer({ DIST_DIR: referenceDist, JOBS_OFF: 'settlement,mallSweep' }) : undefined;
  const profileDir = mkdtempSync(path.join(tmpdir(), 'powerfi-lighthouse-'));
  try {
    const session = await signInViaApi(server.url, Wallet.createRandom());
    const lines = [row(['page', 'run', 'score', 'LCP', 'TBT', 'CLS', 'first-load JS (transferred)']), row(Array(7).fill('---'))];
    const record = (label: string, run: number, figures: Figures) => {
      lines.push(format(label, String(run), figures));
      console.error(lines[lines.length - 1]);
    };
    const measureReference = (run: number) => {
      if (reference) record(REFERENCE_LABEL, run, measureRetryingTrace(`${reference.url}/`, profileDir));
    };
    for (const page of pages) {
      await storeSession(profileDir, server.url, page.signedIn ? session : null);
      for (let run = 1; run <= RUNS; run += 1) {
        const report = reportDir && path.join(reportDir, `${page.path.replace(/\//g, '_') || '_'}-${run}.json`);
        record(page.path + (page.signedIn ? ' (signed in)' : ''), run, measureRetryingTrace(`${server.url}${page.path}`, profileDir, report));
        if (page.path === '/login') measureReference(run);
      }
    }
    if (!pages.some((page) => page.path === '/login')) for (let run = 1; run <= RUNS; run += 1) measureReference(run);
    lines.push(row(['goal', '', `≥ ${GOAL.score}`, `≤ ${GOAL.lcpMs / 1000} s`, `≤ ${GOAL.tbtMs} ms`, `≤ ${GOAL.cls}`, `≤ ${GOAL.jsKb} KB`]));
    console.log(`\nLighthouse 12, mobile preset (simulated throttling), ${RUNS} run(s) per page, production build ${dist} on ${server.url}\n`);
    console.log(lines.join('\n'));
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
    await server.stop();
    await reference?.stop();
    if (referenceDist) rmSync(path.dirname(referenceDist), { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
