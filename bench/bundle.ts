/**
 * `npm run bench:bundle`: the first-load JavaScript of `/login`, gzip, against its 250 KB budget.
 * Loads /login in Debian's Chromium from the real server serving a copy of dist/
 * (built first when stale), waits until the network is idle, and sums the gzip size of every
 * script fetched.
 * Prints the figures; not part of npm test.
 */
import { gzipSync } from 'node:zlib';
import { ensureBuilt, removeSnapshot, snapshotDist } from '../tests/e2e/support/build';
import { launchBrowser } from '../tests/e2e/support/browser';
import { PHONE } from '../tests/e2e/support/environment';
import { startServer } from '../tests/e2e/support/server';

const BUDGET_KB = 250;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  ensureBuilt();
  const dist = snapshotDist();
  const server = await startServer({ DIST_DIR: dist });
  const { browser, close } = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.setViewport(PHONE);
    const scripts: Array<{ file: string; raw: number; gzip: number }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      const body = await response.buffer();
      scripts.push({ file: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle0' });

    scripts.sort((a, b) => b.gzip - a.gzip);
    for (const s of scripts) console.log(`${kb(s.gzip).padStart(8)} KB gzip ${kb(s.raw).padStart(8)} KB raw  ${s.file}`);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const verdict = total / 1024 <= BUDGET_KB ? 'within budget' : 'OVER BUDGET';
    console.log(`\n/login first-load JavaScript: ${kb(total)} KB gzip in ${scripts.length} scripts (budget ${BUDGET_KB} KB): ${verdict}`);
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
