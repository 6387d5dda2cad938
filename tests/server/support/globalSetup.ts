/** Server tests' global set-up: the run's list of PostgreSQL schemas to drop at its end (./schemaDrops.ts). */
import { startRun } from './schemaDrops';

export default function globalSetup(): void {
  startRun();
}
