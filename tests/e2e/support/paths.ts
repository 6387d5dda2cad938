/** Where the end-to-end harness finds the project and writes its artefacts. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../projectCommand';

export const DIST_DIR = join(PROJECT_ROOT, 'dist');
/** Umi's Node bundle of the app, written by the same build (the server renders pages with it) */
export const SERVER_BUNDLE_DIR = join(PROJECT_ROOT, 'dist-server');
/** git-ignored: screenshots a person can look at after a run */
export const SCREENSHOT_DIR = join(PROJECT_ROOT, 'tests/screenshots');
/** Where the screenshot `name` goes (the folder made if missing). */
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, name);
}
/** Set by the global set-up: this run's copy of dist/ that the e2e server serves (build.ts). */
export const E2E_DIST_ENV = 'POWERFI_E2E_DIST';
