/** Server tests' global teardown: drops the run's PostgreSQL schemas (./schemaDrops.ts). */
import { endRun } from './schemaDrops';

export default function globalTeardown(): Promise<void> {
  return endRun();
}
