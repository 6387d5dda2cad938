/**
 * Builds the app once when dist/ is missing or older than its sources. The lock file stops two
 * builds (other test runs, other developers) from clobbering dist/ at the same time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR, ROOT } from './paths';

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
  return SOURCES.some((source) => newestMtime(join(ROOT, source)) > built);
}

/** E2E_SKIP_BUILD=1 uses dist/ as it is (quick reruns while sources change elsewhere). */
export function ensureBuilt(): void {
  if (process.env.E2E_SKIP_BUILD === '1' || !distIsStale()) return;
  console.log('[e2e] building the app (dist/ is missing or stale)…');
  const started = Date.now();
  const run = spawnSync('flock', ['/tmp/powerfi-build.lock', 'npx', 'max', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0) throw new Error(`max build failed (exit ${run.status ?? run.signal})`);
  console.log(`[e2e] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
