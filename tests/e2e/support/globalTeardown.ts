/** Jest global tear-down of the e2e suite: removes this run's snapshot of the built app. */
import { removeSnapshot } from './build';
import { E2E_DIST_ENV } from './paths';

export default function globalTeardown(): void {
  const snapshot = process.env[E2E_DIST_ENV];
  if (snapshot) removeSnapshot(snapshot);
}
