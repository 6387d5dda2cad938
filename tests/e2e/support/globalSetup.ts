/** Jest global set-up of the e2e suite: one build for every test file. */
import { ensureBuilt } from './build';

export default function globalSetup(): void {
  ensureBuilt();
}
