/**
 * Brings the schema up to date with Kysely's Migrator. Its lock (PostgreSQL: an advisory lock;
 * SQLite: the BEGIN IMMEDIATE transaction of our dialect) makes two processes that start together
 * safe: one migrates, the other waits and then finds nothing left to do.
 */
import { Migrator, type MigrationResult } from 'kysely';
import type { Db } from './index';
import { migrations } from './migrations';

export async function migrateToLatest(db: Db): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // parallel branches may add migrations that sort before one a database already ran
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error;
  return results;
}
