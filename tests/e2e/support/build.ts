/**
 * The app the e2e tests load: built once when dist/ is missing or older than its sources, then
 * copied to a snapshot folder of this run that the test server serves (DIST_DIR). The lock file
 * stops two builds (other test runs, other developers) clobbering dist/, and the copy is taken
 * under the same lock, so a build started later elsewhere cannot empty the tests' app halfway.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST_DIR, SERVER_BUNDLE_DIR } from './paths';
import { PROJECT_ROOT } from '../../projectCommand';

const BUILD_LOCK = '/tmp/powerfi-build.lock';
const SOURCES = ['src', 'config', 'plugins', 'contract', '.umirc.ts', 'package.json'];
/** Umi's generated folders change on every build; they are outputs, not sources. */
const GENERATED = /^\.umi/;

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => !GENERATED.test(name))
    .reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

export function distIsStale(): boolean {
  const index = join(DIST_DIR, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(PROJECT_ROOT, source)) > built);
}

/** Runs `command` while holding the build lock. */
export function underBuildLock(command: string[], env: Record<string, string> = {}): number | null {
  const run = spawnSync('flock', [BUILD_LOCK, ...command], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  return run.status;
}

/** E2E_SKIP_BUILD=1 uses an existing dist/ as it is (quick reruns while sources change elsewhere). */
export function ensureBuilt(): void {
  const skip = process.env.E2E_SKIP_BUILD === '1' && existsSync(join(DIST_DIR, 'index.html'));
  if (skip || !distIsStale()) return;
  console.log('[e2e] building the app (dist/ is missing or stale)…');
  const started = Date.now();
  const status = underBuildLock(['npx', 'max', 'build']);
  if (status !== 0) throw new Error(`max build failed (exit ${status})`);
  console.log(`[e2e] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Copies dist/ to a new temp folder and returns its path; the build's Node bundle goes beside it, where the server looks for it. */
export function snapshotDist(): string {
  const snapshot = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-dist-')), 'dist');
  const copy = 'cp -r "$0" "$1" && { [ ! -d "$2" ] || cp -r "$2" "$3"; }';
  const status = underBuildLock(['sh', '-c', copy, DIST_DIR, snapshot, SERVER_BUNDLE_DIR, join(snapshot, '..', 'dist-server')]);
  if (status !== 0 || !existsSync(join(snapshot, 'index.html'))) {
    throw new Error(`no built app to test: ${DIST_DIR}/index.html is missing`);
  }
  return snapshot;
}

export function removeSnapshot(snapshot: string): void {
  rmSync(join(snapshot, '..'), { recursive: true, force: true });
}
