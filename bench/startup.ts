/**
 * `npm run bench:startup`: what the main thread does while a page starts, named. Builds the app
 * with source maps into a folder of its own (BENCH_SOURCE_MAPS_DIR, see .umirc.ts; dist/ is not
 * touched), serves it with the real server on a freshly seeded SQLite database, and loads each
 * page of the Lighthouse bench cold in Debian's Chromium at 375 px with the CPU slowed 4× (as
 * Lighthouse's mobile preset simulates), `/my` and `/my/assets` signed in. A V8 CPU profile runs
 * from the navigation until the network has been idle for a second; each sample's code is
 * mapped through the source maps to its package. Prints, per page, the long tasks (and the time
 * they block over 50 ms), the main thread's busy time by kind of work and the heaviest source files.
 * Figures, not a test: nothing is asserted. BENCH_PAGES (comma list) picks pages.
 * BENCH_TASKS=1 loads each page once more under a trace and names every long task: the trace
 * events inside it and the code sampled in it (./support/longTasks.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Wallet } from 'ethers';
import type { Browser, Page } from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map';
import { launchBrowser } from '../tests/e2e/support/browser';
import { underBuildLock } from '../tests/e2e/support/build';
import { PHONE, storeSession, type Session } from '../tests/e2e/support/environment';
import { SERVER_BUNDLE_DIR } from '../tests/e2e/support/paths';
import { startServer } from '../tests/e2e/support/server';
import { signInViaApi } from '../tests/e2e/support/siwe';
import { namedLongTasks, type CallFrame } from './support/longTasks';
import { pagesWanted, type PageSpec } from './support/pages';

const CPU_SLOWDOWN = 4;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The kind of work a source file (as the source map names it) does at start-up. */
function kindOf(source: string): string {
  if (/node_modules\/(@ant-design\/cssinjs|@ant-design\/cssinjs-utils|stylis|@emotion\/hash)\//.test(source)) return "antd's CSS-in-JS (style computing, hashing, injection)";
  if (/node_modules\/antd\/es\/(theme|style)\//.test(source) || /node_modules\/antd\/es\/[^/]+\/style\//.test(source)) return "antd's CSS-in-JS (style computing, hashing, injection)";
  if (/node_modules\/antd\/|node_modules\/rc-|node_modules\/@rc-component\/|node_modules\/@ant-design\//.test(source)) return 'antd components (render)';
  if (/node_modules\/(react-dom|scheduler|react)\//.test(source)) return 'React';
  if (/webpack\/bootstrap/.test(source)) return 'module evaluation';
  if (/node_modules\/(intl-messageformat|intl-messageformat-parser|react-intl|@formatjs)/.test(source)) return 'messages (react-intl)';
  if (/\/src\/|\/contract\/|\/config\//.test(source) && !/node_modules/.test(source)) return 'our code';
  return 'other packages';
}

/** What V8 names without a script: compiling, style and layout, garbage collection, … */
function nativeKind(functionName: string): string {
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'browser (parse, compile, style, layout, paint)';
  return `DOM calls (${functionName || 'native'})`;
}

class SourceMaps {
  private maps = new Map<string, SourceMapConsumer | null>();

  constructor(private dist: string) {}

  async sourceOf(url: string, line: number, column: number): Promise<string | null> {
    const file = new URL(url).pathname.slice(1);
    if (!this.maps.has(file)) {
      let map: SourceMapConsumer | null = null;
      try {
        map = await new SourceMapConsumer(JSON.parse(readFileSync(path.join(this.dist, `${file}.map`), 'utf8')));
      } catch {
        map = null;
      }
      this.maps.set(file, map);
    }
    const map = this.maps.get(file);
    if (!map || line < 0) return null;
    return map.originalPositionFor({ line: line + 1, column }).source;
  }
}

/** A source map's file name made readable: a package's path, or ours. */
const readableFile = (source: string) => source.replace(/^.*node_modules\//, '').replace(/^webpack:\/\/powerfi\//, '');

/** A sampled frame as the source maps name its file, else V8's name for it. */
async function frameName(frame: CallFrame, maps: SourceMaps): Promise<string> {
  if (!frame.url) return frame.functionName || '(native)';
  if (!frame.url.endsWith('.js')) return 'the document (inline)';
  const source = await maps.sourceOf(frame.url, frame.lineNumber, frame.columnNumber);
  return source ? readableFile(source) : new URL(frame.url).pathname;
}

/**
 * Runs `use` on a fresh page of its own browser context, as a cold visitor sees it: 375 px, the
 * CPU slowed, signed in when the page wants it. The context is closed afterwards.
 */
async function withColdPage<T>(browser: Browser, spec: PageSpec, session: Session, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE);
    if (spec.signedIn) await storeSession(page, session);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    return await use(page);
  } finally {
    await context.close();
  }
}

const ROUNDED = ([name, ms]: [string, number]) => `${name} ${Math.round(ms)}`;

/** Busy time by kind of work, ms, and the long tasks' durations, ms. */
async function profilePage(page: Page, url: string, maps: SourceMaps): Promise<{ kinds: Map<string, number>; files: Map<string, number>; longTasks: number[] }> {
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await page.createCDPSession();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForNetworkIdle({ idleTime: 1000 });
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);

  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const kinds = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const { callFrame } = nodes.get(id)!;
    if (callFrame.functionName === '(idle)') continue;
    let kind: string;
    if (!callFrame.url) kind = nativeKind(callFrame.functionName);
    else if (!callFrame.url.endsWith('.js')) kind = 'the document (inline)';
    else {
      const source = (await maps.sourceOf(callFrame.url, callFrame.lineNumber, callFrame.columnNumber)) ?? 'unmapped';
      kind = kindOf(source);
      const file = readableFile(source);
      files.set(file, (files.get(file) ?? 0) + micros / 1000);
    }
    kinds.set(kind, (kinds.get(kind) ?? 0) + micros / 1000);
  }
  return { kinds, files, longTasks };
}

/** The page's long tasks, each with what ran in it (BENCH_TASKS=1), from a cold load of its own. */
async function printNamedTasks(browser: Browser, spec: PageSpec, url: string, session: Session, maps: SourceMaps): Promise<void> {
  const tasks = await withColdPage(browser, spec, session, (page) => namedLongTasks(page, url, (frame) => frameName(frame, maps)));
  console.log(`  its long tasks, named (a cold load of its own, traced):`);
  for (const task of tasks) {
    console.log(`    at ${Math.round(task.startMs)} ms, ${Math.round(task.durationMs)} ms: ${task.events.slice(0, 4).map(ROUNDED).join('; ')}`);
    console.log(`      code: ${task.code.slice(0, 6).map(ROUNDED).join('; ')}`);
  }
}

async function main(): Promise<void> {
  const pages = pagesWanted();
  const dist = path.join(mkdtempSync(path.join(tmpdir(), 'powerfi-startup-')), 'dist');
  if (underBuildLock(['npx', 'max', 'build'], { BENCH_SOURCE_MAPS_DIR: dist }) !== 0) throw new Error('max build failed');
  // the build's Node bundle goes to dist-server/ whatever its outputPath: the server renders the data pages with it
  const server = await startServer({ DIST_DIR: dist, SERVER_BUNDLE_DIR, JOBS_OFF: 'settlement,mallSweep' }, { waitForLiveDocuments: true });
  const { browser, close } = await launchBrowser();
  try {
    const session = await signInViaApi(server.url, Wallet.createRandom());
    const maps = new SourceMaps(dist);
    console.log(`Main thread while each page starts: Chromium, 375 px, CPU ${CPU_SLOWDOWN}× slower, cold, until the network is idle 1 s`);
    for (const spec of pages) {
      const { kinds, files, longTasks } = await withColdPage(browser, spec, session, (page) => profilePage(page, `${server.url}${spec.path}`, maps));
      const busy = [...kinds.values()].reduce((sum, ms) => sum + ms, 0);
      const blocking = longTasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0);
      console.log(`\n${spec.path}${spec.signedIn ? ' (signed in)' : ''}: busy ${Math.round(busy)} ms; long tasks ${longTasks.join(', ')} ms (blocking over 50 ms: ${blocking} ms)`);
      for (const [kind, ms] of [...kinds.entries()].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 5)) {
        console.log(`  ${String(Math.round(ms)).padStart(5)} ms  ${String(Math.round((ms / busy) * 100)).padStart(3)} %  ${kind}`);
      }
      const heaviest = [...files.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(`  the heaviest source files: ${heaviest.map(([file, ms]) => `${file} ${Math.round(ms)} ms`).join(', ')}`);
      if (process.env.BENCH_TASKS === '1') await printNamedTasks(browser, spec, `${server.url}${spec.path}`, session, maps);
    }
  } finally {
    await close();
    await server.stop();
    rmSync(path.dirname(dist), { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
