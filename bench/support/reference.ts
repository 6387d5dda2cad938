/**
 * The bare Umi + antd page of bench/reference, built into a folder of its own for a bench to serve
 * beside the app: what the same stack costs on the same machine in the same sitting, so that a
 * figure of the app can be told from the machine it was measured on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT as ROOT } from '../../tests/projectCommand';

export const REFERENCE_ROOT = path.join(ROOT, 'bench', 'reference');
export const REFERENCE_LABEL = 'Umi + antd (reference)';

/** Builds the reference page and returns its dist folder (the caller removes it). */
export function buildReference(): string {
  const dist = path.join(mkdtempSync(path.join(tmpdir(), 'powerfi-reference-')), 'dist');
  const run = spawnSync('npx', ['max', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', APP_ROOT: REFERENCE_ROOT, REFERENCE_OUTPUT_DIR: dist },
  });
  // Umi's generated files and cache are the build's own, not sources
  for (const generated of ['src/.umi-production', 'node_modules']) rmSync(path.join(REFERENCE_ROOT, generated), { recursive: true, force: true });
  if (run.status !== 0 || !existsSync(path.join(dist, 'index.html'))) throw new Error(`the reference page did not build (exit ${run.status})`);
  return dist;
}
