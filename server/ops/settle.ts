/**
 * Entry point of the settlement ops command on the configured database:
 *   npx tsx server/ops/settle.ts [--day YYYY-MM-DD]
 */
import { loadConfig } from '../config';
import { createDb } from '../db';
import { migrateToLatest } from '../db/migrate';
import { systemClock } from '../time';
import { runSettleCommand } from './settleCommand';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    const results = await runSettleCommand(process.argv.slice(2), { db, clock: systemClock, utcOffsetMinutes: config.displayUtcOffsetMinutes });
    for (const result of results) process.stdout.write(`${JSON.stringify(result)}\n`);
    if (results.length === 0) process.stdout.write('nothing to settle\n');
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
