/**
 * A PostgreSQL test schema is not dropped while other test files run (their migrations read the
 * catalog of every schema, and one dropped under such a read fails it): a file's cleanup puts it on
 * the run's list, and the run's end drops what is listed. Without a run, the drop is immediate.
 * On SQLite only the list is checked (there are no schemas).
 *
 * This file drops schemas itself, so on PostgreSQL it works in a database of its own: a drop here
 * would otherwise hit the other files' catalog reads in the way it guards against.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { quoteIdent } from '../../server/db';
import { adminQuery } from './support/db';
import { dropSchemaLater, endRun, startRun } from './support/schemaDrops';

const LIST_ENV = 'SCHEMAS_TO_DROP_FILE';
const runDatabaseUrl = process.env.DATABASE_URL ?? '';
const ownDatabase = `schema_drops_${randomBytes(6).toString('hex')}`;
/** this file's own database, or '' on SQLite */
let databaseUrl = '';

beforeAll(async () => {
  if (!runDatabaseUrl) return;
  await adminQuery(runDatabaseUrl, `create database ${quoteIdent(ownDatabase)}`);
  const url = new URL(runDatabaseUrl);
  url.pathname = `/${ownDatabase}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  if (runDatabaseUrl) await adminQuery(runDatabaseUrl, `drop database if exists ${quoteIdent(ownDatabase)}`);
});

async function schemaExists(schema: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_namespace where nspname = $1', [schema])).rowCount === 1;
  } finally {
    await client.end();
  }
}

let runList: string | undefined;
beforeEach(() => {
  // this file's own run, on its own database; the real run's list and database are put back afterwards
  runList = process.env[LIST_ENV];
  delete process.env[LIST_ENV];
  if (runDatabaseUrl) process.env.DATABASE_URL = databaseUrl;
});
afterEach(() => {
  if (runList === undefined) delete process.env[LIST_ENV];
  else process.env[LIST_ENV] = runList;
  if (runDatabaseUrl) process.env.DATABASE_URL = runDatabaseUrl;
});

test('during a run a dropped schema stays until the run ends; then it is gone', async () => {
  startRun();
  const schemas = [`test_${randomBytes(6).toString('hex')}`, `test_${randomBytes(6).toString('hex')}`];
  if (databaseUrl) for (const schema of schemas) await adminQuery(databaseUrl, `create schema ${quoteIdent(schema)}`);
  for (const schema of schemas) await dropSchemaLater(databaseUrl, schema);
  const list = process.env[LIST_ENV]!;
  expect(fs.readFileSync(list, 'utf8')).toBe(`${schemas.join('\n')}\n`);
  if (databaseUrl) for (const schema of schemas) expect(await schemaExists(schema)).toBe(true);

  await endRun();
  expect(process.env[LIST_ENV]).toBeUndefined();
  expect(fs.existsSync(list)).toBe(false);
  if (databaseUrl) for (const schema of schemas) expect(await schemaExists(schema)).toBe(false);
});

test('outside a run the schema is dropped at once', async () => {
  if (!databaseUrl) {
    // no run and no PostgreSQL: nothing to drop, nothing listed
    await expect(endRun()).resolves.toBeUndefined();
    expect(process.env[LIST_ENV]).toBeUndefined();
    return;
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `create schema ${quoteIdent(schema)}`);
  await dropSchemaLater(databaseUrl, schema);
  expect(await schemaExists(schema)).toBe(false);
});
