/**
 * The PostgreSQL schemas of a test run are dropped once every test file has finished, not by each
 * file as it ends. Files run in parallel, and a migration's catalog read (Kysely's introspector)
 * looks at every schema of the database: a schema dropped under it fails that read with "schema
 * ... does not exist", in a file that has nothing to do with the dropped one.
 *
 * The global set-up names a list file (SCHEMAS_TO_DROP_FILE, which the workers inherit); each file
 * writes its schema there; the global teardown drops them all. Outside such a run (a benchmark
 * using the test support) a schema is dropped at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { quoteIdent } from '../../../server/db';
import { adminQuery } from './db';

const LIST_ENV = 'SCHEMAS_TO_DROP_FILE';

/** Drops `schema` now, or when the run ends if one is under way. */
export async function dropSchemaLater(databaseUrl: string, schema: string): Promise<void> {
  const list = process.env[LIST_ENV];
  if (list) fs.appendFileSync(list, `${schema}\n`);
  else await adminQuery(databaseUrl, `drop schema ${quoteIdent(schema)} cascade`);
}

/** jest.server.config.js `globalSetup` */
export function startRun(): void {
  const list = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-schemas-')), 'to-drop');
  fs.writeFileSync(list, '');
  process.env[LIST_ENV] = list;
}

/** jest.server.config.js `globalTeardown`: drops the run's schemas, one statement each (one for all could run out of lock slots). */
export async function endRun(): Promise<void> {
  const list = process.env[LIST_ENV];
  const databaseUrl = process.env.DATABASE_URL;
  if (!list) return;
  const schemas = fs.readFileSync(list, 'utf8').split('\n').filter(Boolean);
  fs.rmSync(path.dirname(list), { recursive: true, force: true });
  delete process.env[LIST_ENV];
  if (!databaseUrl) return;
  for (const schema of schemas) await adminQuery(databaseUrl, `drop schema if exists ${quoteIdent(schema)} cascade`);
}
