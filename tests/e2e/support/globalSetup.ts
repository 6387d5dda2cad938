/**
 * Jest global set-up of the e2e suite: one build, and one snapshot of it for every test file of
 * this run (its path travels to the test files in an environment variable).
 */
import { ensureBuilt, snapshotDist } from './build';
import { E2E_DIST_ENV } from './paths';

export default function globalSetup(): void {
  ensureBuilt();
  process.env[E2E_DIST_ENV] = snapshotDist();
}
