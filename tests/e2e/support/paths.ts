/** Where the end-to-end harness finds the project and writes its artefacts. */
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');
export const DIST_DIR = join(ROOT, 'dist');
/** git-ignored: screenshots a person can look at after a run */
export const SCREENSHOT_DIR = join(ROOT, 'tests/screenshots');
/** Set by the global set-up: this run's copy of dist/ that the e2e server serves (build.ts). */
export const E2E_DIST_ENV = 'POWERFI_E2E_DIST';
