/**
 * Brings the schema up to date with Kysely's Migrator. Its lock (PostgreSQL: an advisory lock;
 * SQLite: the BEGIN IMMEDIATE transaction of our dialect) makes two processes that start together
 * safe: one migrates, the other waits and then finds nothing left to do.
 */
import { Migrator, sql, type MigrationResult } from 'kysely';
import { isSqlite, type Db } from './index';
import { migrations } from './migrations';

/**
 * PostgreSQL: the schema the migration tables belong in. Named explicitly, because Kysely looks
 * for them in every schema and would otherwise find another schema's tables.
 */
async function currentSchema(db: Db): Promise<string | undefined> {
  if (isSqlite(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(db: Db): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await currentSchema(db),
    // parallel branches may add migrations that sort before one a database already ran
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error;
  return results;
}
