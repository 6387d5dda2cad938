/**
 * Child process of the concurrent-migration test: waits for a shared start instant, migrates the
 * database given in POWERFI_TEST_DB (JSON DbOptions), prints the migrations it ran as JSON.
 */
import { createDb, type DbOptions } from '../../../server/db';
import { migrateToLatest } from '../../../server/db/migrate';

async function main(): Promise<void> {
  const options = JSON.parse(process.env.POWERFI_TEST_DB ?? '{}') as DbOptions;
  const startAt = Number(process.env.POWERFI_START_AT ?? 0);
  const db = createDb(options);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
  try {
    const results = await migrateToLatest(db);
    process.stdout.write(JSON.stringify(results.filter((r) => r.status === 'Success').map((r) => r.migrationName)));
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
