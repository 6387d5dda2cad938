/**
 * `npm run bench:repeat-visit`: what a phone user waits for on a first visit, on the next visit
 * (with the service worker installed) and on a slow network. The production build served by the
 * real server (what `npm start` runs) on a freshly seeded SQLite database, each public page in a
 * fresh Chromium profile at 375 px with the CPU slowed 4×:
 *
 * - first visit, Slow 4G (150 ms × 3.75 latency, 1.6 Mbit/s down, as DevTools throttles it);
 * - the worker is then let install at full speed (it stores the shell and the chunks);
 * - repeat visit, same throttling: the worker answers from its cache;
 * - first visit, Slow 3G (2 s latency, 400 kbit/s): a new user in a DApp browser on a poor line.
 *
 * Printed per page and visit: the first Chinese text painted (ms from navigation) and LCP.
 * Goals (docs/performance.md): repeat-visit LCP ≤ 1.0 s, Slow 3G first Chinese text ≤ 5 s.
 * Figures, not a test: nothing is asserted. BENCH_PAGES (comma list) picks pages;
 * BENCH_RUNS (default 1) repeats each page; BENCH_DIST serves another build as it is (e.g. one of
 * an earlier commit, for a before/after table).
 */
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import { ensureBuilt } from '../tests/e2e/support/build';
import { PHONE } from '../tests/e2e/support/environment';
import { startServer } from '../tests/e2e/support/server';
import { pagesWanted } from './support/pages';

const CPU_SLOWDOWN = 4;
const RUNS = Number(process.env.BENCH_RUNS || 1);
const GOAL = { repeatLcpMs: 1000, slow3gFirstTextMs: 5000 };
/** DevTools' presets (bytes per second, ms) */
const NETWORKS = {
  'Slow 4G': { download: (1.6 * 1000 * 1000) / 8 * 0.9, upload: (750 * 1000) / 8 * 0.9, latency: 150 * 3.75 },
  'Slow 3G': { download: (500 * 1000) / 8 * 0.8, upload: (500 * 1000) / 8 * 0.8, latency: 400 * 5 },
} as const;
type NetworkName = keyof typeof NETWORKS;

interface Visit {
  firstTextMs: number | null;
  lcpMs: number | null;
  fromWorker: boolean;
}

/**
 * Runs in the page before its own scripts: notes the first animation frame in which the body
 * shows a Chinese character (innerText, so hidden text such as <noscript> does not count), and
 * keeps the last LCP candidate. A string, not a function: tsx would wrap a function's names in
 * helpers the page does not have.
 */
const WATCH_FIRST_SCREEN = `(() => {
  window.__firstText = null;
  window.__lcp = null;
  let pending = false;
  const observer = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      if (window.__firstText === null && document.body && /[\u4e00-\u9fff]/.test(document.body.innerText)) {
        window.__firstText = performance.now();
        observer.disconnect();
      }
    });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

async function visit(page: Page, url: string, network: NetworkName): Promise<Visit> {
  await page.emulateNetworkConditions(NETWORKS[network]);
  await page.emulateCPUThrottling(CPU_SLOWDOWN);
  await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 180_000 }).catch(() => undefined);
  await page.waitForFunction(() => (window as unknown as { __firstText: number | null }).__firstText !== null, { timeout: 60_000 }).catch(() => undefined);
  const figures = await page.evaluate(() => {
    const w = window as unknown as { __firstText: number | null; __lcp: number | null };
    return { firstTextMs: w.__firstText, lcpMs: w.__lcp, fromWorker: !!navigator.serviceWorker?.controller };
  });
  await page.emulateCPUThrottling(1);
  await page.emulateNetworkConditions(null);
  return figures;
}

/** Lets the worker install and take the page, unthrottled (a real phone does this in the background). */
async function waitForWorker(page: Page): Promise<boolean> {
  return page
    .evaluate(async () => {
      if (!('serviceWorker' in navigator)) return false;
      await navigator.serviceWorker.ready;
      return true;
    })
    .catch(() => false);
}

/** A page in a fresh profile (no cache, no worker, no storage) that watches its first screen. */
async function freshPage(browser: Browser): Promise<{ page: Page; done: () => Promise<void> }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(PHONE);
  await page.evaluateOnNewDocument(WATCH_FIRST_SCREEN);
  return { page, done: () => context.close() };
}

const ms = (value: number | null) => (value === null ? 'never' : `${(value / 1000).toFixed(2)} s`);
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

async function main(): Promise<void> {
  const pages = pagesWanted().filter((page) => !page.signedIn);
  const dist = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : undefined;
  if (!dist) ensureBuilt();
  const server = await startServer({ JOBS_OFF: 'settlement,mallSweep', ...(dist ? { DIST_DIR: dist } : {}) }, { waitForLiveDocuments: true });
  const { browser, close } = await launchBrowser();
  const lines = [
    row(['page', 'run', 'first visit, Slow 4G: first text / LCP', 'repeat visit (worker): first text / LCP', 'answered by the worker', 'first visit, Slow 3G: first text / LCP']),
    row(Array(6).fill('---')),
  ];
  try {
    for (const { path } of pages) {
      for (let run = 1; run <= RUNS; run += 1) {
        const url = `${server.url}${path}`;
        const fast = await freshPage(browser);
        const first = await visit(fast.page, url, 'Slow 4G');
        const installed = await waitForWorker(fast.page);
        const repeat = installed ? await visit(fast.page, url, 'Slow 4G') : null;
        await fast.done();

        const slowLine = await freshPage(browser);
        const slow = await visit(slowLine.page, url, 'Slow 3G');
        await slowLine.done();

        lines.push(
          row([
            path,
            String(run),
            `${ms(first.firstTextMs)} / ${ms(first.lcpMs)}`,
            repeat ? `${ms(repeat.firstTextMs)} / ${ms(repeat.lcpMs)}` : 'the worker did not install',
            repeat ? (repeat.fromWorker ? 'yes' : 'no') : '–',
            `${ms(slow.firstTextMs)} / ${ms(slow.lcpMs)}`,
          ]),
        );
        console.error(lines[lines.length - 1]);
      }
    }
    lines.push(row(['goal', '', '', `LCP ≤ ${GOAL.repeatLcpMs / 1000} s`, '', `first text ≤ ${GOAL.slow3gFirstTextMs / 1000} s`]));
    console.log(`\nRepeat visits, ${CPU_SLOWDOWN}× CPU, 375 px, production build on ${server.url}\n`);
    console.log(lines.join('\n'));
  } finally {
    await close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
