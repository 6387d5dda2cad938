/** Where the end-to-end harness finds the project and writes its artefacts. */
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');
export const DIST_DIR = join(ROOT, 'dist');
/** git-ignored: screenshots a person can look at after a run */
export const SCREENSHOT_DIR = join(ROOT, 'tests/screenshots');
