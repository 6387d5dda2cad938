/** Jest global set-up of the e2e suite: one build and one snapshot of it for every test file. */
import { ensureBuilt, snapshotDist } from './build';

export default function globalSetup(): void {
  ensureBuilt();
  snapshotDist();
}
