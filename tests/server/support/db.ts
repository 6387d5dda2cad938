/**
 * A database of its own for each test file: a temporary SQLite file, or (DATABASE_URL set) a fresh
 * PostgreSQL schema on the search_path, dropped afterwards (when the run ends: ./schemaDrops.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, quoteIdent, type Db, type DbOptions } from '../../../server/db';
import { dropSchemaLater } from './schemaDrops';

export interface TestDb {
  db: Db;
  kind: 'sqlite' | 'postgres';
  /** how to open the same database again (e.g. from a child process) */
  options: DbOptions;
  cleanup(): Promise<void>;
}

/** one statement on its own connection (create or drop a schema; benchmarks use it too) */
export async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTestDb(): Promise<TestDb> {
  const databaseUrl = process.env.DATABASE_URL ?? '';
  if (databaseUrl) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await adminQuery(databaseUrl, `create schema ${quoteIdent(schema)}`);
    const options: DbOptions = { databaseUrl, databaseSchema: schema, sqlitePath: '' };
    const db = createDb(options);
    return {
      db,
      kind: 'postgres',
      options,
      cleanup: async () => {
        await db.destroy();
        await dropSchemaLater(databaseUrl, schema);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-test-db-'));
  const options: DbOptions = { databaseUrl: '', sqlitePath: path.join(dir, 'test.sqlite') };
  const db = createDb(options);
  return {
    db,
    kind: 'sqlite',
    options,
    cleanup: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
