/**
 * `npm run bench:blocking`: how long each first screen keeps the main thread from answering a tap,
 * measured in the page itself, many loads over. Lighthouse simulates a load from one trace, and on
 * a noisy machine two of its runs of one build differ by more than most changes do; this loads
 * each page cold BENCH_LOADS times (default 8) in Debian's Chromium at 375 px with the CPU slowed
 * 4×, `/my` and `/my/assets` signed in, and takes the median.
 *
 * Per load, from the page's own PerformanceObserver until the network has been idle for a second:
 * - blocking after the first paint: each long task's time over 50 ms, counted from the first
 *   contentful paint (what Lighthouse's TBT counts, but measured, not simulated);
 * - the longest task.
 *
 * BENCH_BASELINE_DIST names another build's dist/ (its `dist-server/` beside it, as `max build`
 * writes them): both are served side by side and loaded in turns, which one goes first alternating,
 * for a before/after table from one sitting. BENCH_PAGES (comma list) picks pages. The build in
 * dist/ is made first when missing or older than the sources. Figures, not a test: nothing is asserted.
 */
import path from 'node:path';
import { Wallet } from 'ethers';
import type { Browser } from 'puppeteer-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import { ensureBuilt } from '../tests/e2e/support/build';
import { PHONE, storeSession, type Session } from '../tests/e2e/support/environment';
import { DIST_DIR } from '../tests/e2e/support/paths';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { signInViaApi } from '../tests/e2e/support/siwe';
import { pagesWanted } from './support/pages';

const CPU_SLOWDOWN = 4;
const LOADS = Number(process.env.BENCH_LOADS || 8);
const LONG_TASK_MS = 50;

interface Load {
  blockingAfterPaintMs: number;
  longestMs: number;
}

/** Installed as a string: it runs in the page before any of its scripts. */
const OBSERVE = `(() => {
  window.__benchTasks = [];
  window.__benchPaint = undefined;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__benchTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__benchPaint = e.startTime; }).observe({ type: 'paint', buffered: true });
})();`;

/** One cold load of `url`, in a browser context of its own. */
async function load(browser: Browser, url: string, session: Session | undefined): Promise<Load> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE);
    if (session) await storeSession(page, session);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.evaluateOnNewDocument(OBSERVE);
    await page.goto(url, { waitUntil: 'networkidle0' });
    await page.waitForNetworkIdle({ idleTime: 1000 });
    const { tasks, paint } = await page.evaluate(() => {
      const seen = window as unknown as { __benchTasks: Array<[number, number]>; __benchPaint?: number };
      return { tasks: seen.__benchTasks, paint: seen.__benchPaint ?? 0 };
    });
    // a task that began before the paint counts from the paint on, as Lighthouse counts it
    const blockingAfterPaintMs = tasks.reduce((sum, [start, duration]) => {
      const counted = start >= paint ? duration : start + duration - paint;
      return sum + Math.max(0, counted - LONG_TASK_MS);
    }, 0);
    return { blockingAfterPaintMs, longestMs: Math.max(0, ...tasks.map(([, duration]) => duration)) };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function summary(loads: Load[]): string {
  const blocking = loads.map((one) => one.blockingAfterPaintMs);
  const longest = loads.map((one) => one.longestMs);
  return `${Math.round(median(blocking))} ms (${Math.round(Math.min(...blocking))}–${Math.round(Math.max(...blocking))}) | ${Math.round(median(longest))} ms`;
}

interface Build {
  label: string;
  server: RunningServer;
  session: Session;
}

async function main(): Promise<void> {
  const pages = pagesWanted();
  const baselineDist = process.env.BENCH_BASELINE_DIST ? path.resolve(process.env.BENCH_BASELINE_DIST) : undefined;
  ensureBuilt();
  const builds: Build[] = [];
  const { browser, close } = await launchBrowser();
  try {
    for (const [label, dist] of [['this build', DIST_DIR], ...(baselineDist ? [['baseline', baselineDist]] : [])] as Array<[string, string]>) {
      // the server renders the data pages with the Node bundle beside the dist/ it serves
      const server = await startServer({ DIST_DIR: dist, JOBS_OFF: 'settlement,mallSweep' }, { waitForLiveDocuments: true });
      builds.push({ label: `${label} (${dist})`, server, session: await signInViaApi(server.url, Wallet.createRandom()) });
    }
    console.log(`Blocking after the first paint (median of ${LOADS} cold loads, min–max) | the longest task (median): Chromium, 375 px, CPU ${CPU_SLOWDOWN}× slower`);
    console.log(`| page | ${builds.map((build) => `${build.label}: blocking | longest task`).join(' | ')} |`);
    console.log(`| --- | ${builds.map(() => '--- | ---').join(' | ')} |`);
    for (const spec of pages) {
      // one load of each build first, not counted: the server's and the system's caches warmed alike
      for (const build of builds) await load(browser, `${build.server.url}${spec.path}`, spec.signedIn ? build.session : undefined);
      const loads = builds.map((): Load[] => []);
      for (let i = 0; i < LOADS; i++) {
        const order = i % 2 === 0 ? builds.map((_, index) => index) : builds.map((_, index) => builds.length - 1 - index);
        for (const index of order) {
          const build = builds[index];
          loads[index].push(await load(browser, `${build.server.url}${spec.path}`, spec.signedIn ? build.session : undefined));
        }
      }
      console.log(`| ${spec.path}${spec.signedIn ? ' (signed in)' : ''} | ${loads.map(summary).join(' | ')} |`);
    }
  } finally {
    await close();
    for (const build of builds) await build.server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
