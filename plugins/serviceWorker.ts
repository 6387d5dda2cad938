/**
 * Writes the service worker, dist/sw.js (docs/offline.md): src/serviceWorker/worker.ts bundled by
 * esbuild, with the list of files to store on install and a version that changes whenever one of
 * them, the page or the worker's own code does. Workbox's webpack plugin is not used: it runs
 * before Umi writes index.html (the shell), and its runtime is more than this app needs.
 *
 * The list: the shell (`/index.html`) and every hashed file of the user app. The operator console's chunks
 * (plugins/consoleChunks.ts) are left out: a visitor's phone has no use for them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IApi } from '@umijs/max';
// Umi's own copy of esbuild, as the other plugins use Umi's compiled packages
import { buildSync } from '@umijs/bundler-utils/compiled/esbuild';
import { HASHED_ASSET, SERVICE_WORKER_PATH } from '../contract/rules/sitePaths';
import { esbuildTargets } from './browserTargets';
import { isConsoleGroup } from './consoleChunks';

export const WORKER_ENTRY = path.join(__dirname, '../src/serviceWorker/worker.ts');

/** webpack's `namedChunkGroups` of the build's stats: each named chunk with the files it loads. */
export type NamedChunkGroups = Record<string, { assets: Array<{ name: string }> }>;

/** The URLs the worker stores on install: the shell and the emitted hashed files, less those only the console loads. */
export function precacheList(emitted: string[], groups: NamedChunkGroups): string[] {
  const filesOf = (console: boolean) =>
    new Set(
      Object.entries(groups)
        .filter(([name]) => isConsoleGroup(name) === console)
        .flatMap(([, group]) => group.assets.map((asset) => asset.name)),
    );
  const user = filesOf(false);
  const consoleOnly = [...filesOf(true)].filter((file) => !user.has(file));
  const files = emitted.filter((file) => HASHED_ASSET.test(file) && !consoleOnly.includes(file));
  return ['/index.html', ...files.sort().map((file) => `/${file}`)];
}

export interface WorkerBuild {
  precache: string[];
  /** changes with the list, the page (index.html) and the worker's code */
  version: string;
  source: string;
}

function bundleWorker(precache: string[], version: string, targets: string[]): string {
  const result = buildSync({
    entryPoints: [WORKER_ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    target: targets,
    define: { __PRECACHE__: JSON.stringify(precache), __VERSION__: JSON.stringify(version) },
  });
  return result.outputFiles[0].text;
}

/** The worker for `precache` and the built `indexHtml`; `version` forces one (a test's new release). */
export function buildWorker(precache: string[], indexHtml: string, targets: string[], version?: string): WorkerBuild {
  const code = bundleWorker(precache, '', targets);
  const finalVersion = version ?? crypto.createHash('sha256').update(code).update(indexHtml).digest('hex').slice(0, 16);
  return { precache, version: finalVersion, source: bundleWorker(precache, finalVersion, targets) };
}

export default (api: IApi) => {
  api.describe({ key: 'serviceWorker' });
  let groups: NamedChunkGroups = {};
  api.onBuildComplete(({ err, stats }) => {
    if (err || !stats) return;
    groups = (stats.toJson({ all: false, chunkGroups: true }).namedChunkGroups ?? {}) as NamedChunkGroups;
  });
  // index.html is written after the bundle: the worker needs both
  api.onBuildHtmlComplete(() => {
    const outputDir = api.paths.absOutputPath;
    const emitted = fs.readdirSync(outputDir);
    const indexHtml = fs.readFileSync(path.join(outputDir, 'index.html'), 'utf8');
    const worker = buildWorker(precacheList(emitted, groups), indexHtml, esbuildTargets(api.config.targets ?? {}));
    fs.writeFileSync(path.join(outputDir, SERVICE_WORKER_PATH), worker.source);
    api.logger.event(`Build ${SERVICE_WORKER_PATH.slice(1)} (version ${worker.version}, ${worker.precache.length} files to store)`);
  });
};
