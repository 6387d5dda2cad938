/**
 * `npm run bench:bundle`: each first screen's first-load JavaScript, gzip, against its budget
 * (`/login` 250 KB, every other page 300 KB: docs/performance.md). Loads each page of
 * bench/support/pages.ts (BENCH_PAGES picks some) at 375 px in a fresh browser context of
 * Debian's Chromium, from the real server serving a copy of dist/ (built first when stale), waits
 * until the network is idle, and sums the gzip size of every script body fetched: the payload,
 * without the ~1 KB of response headers per script that Lighthouse's transfer sizes include.
 * BENCH_VERBOSE=1 lists each page's scripts. Prints the figures; not part of npm test.
 */
import { gzipSync } from 'node:zlib';
import { Wallet } from 'ethers';
import type { Browser } from 'puppeteer-core';
import { ensureBuilt, removeSnapshot, snapshotDist } from '../tests/e2e/support/build';
import { launchBrowser } from '../tests/e2e/support/browser';
import { PHONE, storeSession } from '../tests/e2e/support/environment';
import { startServer } from '../tests/e2e/support/server';
import { signInViaApi } from '../tests/e2e/support/siwe';
import { pagesWanted, type PageSpec } from './support/pages';

const BUDGET_KB: Record<string, number> = { '/login': 250 };
const DEFAULT_BUDGET_KB = 300;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

interface Script {
  file: string;
  raw: number;
  gzip: number;
}

type Session = Awaited<ReturnType<typeof signInViaApi>>;

async function scriptsOf(browser: Browser, url: string, session: Session | null): Promise<Script[]> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE);
    if (session) await storeSession(page, session);
    const scripts: Script[] = [];
    const reading: Array<Promise<void>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      reading.push(
        response.buffer().then((body) => {
          scripts.push({ file: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle0' });
    await Promise.all(reading);
    return scripts.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  const dist = snapshotDist();
  const server = await startServer({ DIST_DIR: dist });
  const { browser, close } = await launchBrowser();
  try {
    const session = await signInViaApi(server.url, Wallet.createRandom());
    const lines: string[] = [];
    for (const { path, signedIn } of pagesWanted() as PageSpec[]) {
      const scripts = await scriptsOf(browser, `${server.url}${path}`, signedIn ? session : null);
      if (process.env.BENCH_VERBOSE) {
        console.log(`\n${path}`);
        for (const s of scripts) console.log(`${kb(s.gzip).padStart(8)} KB gzip ${kb(s.raw).padStart(8)} KB raw  ${s.file}`);
      }
      const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
      const budget = BUDGET_KB[path] ?? DEFAULT_BUDGET_KB;
      const verdict = total / 1024 <= budget ? 'within budget' : 'OVER BUDGET';
      lines.push(`${(path + (signedIn ? ' (signed in)' : '')).padEnd(24)} ${kb(total).padStart(7)} KB gzip in ${String(scripts.length).padStart(2)} scripts (budget ${budget} KB): ${verdict}`);
    }
    console.log(`\nFirst-load JavaScript, gzip level 9 of each script body\n${lines.join('\n')}`);
  } finally {
    await close();
    await server.stop();
    removeSnapshot(dist);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
