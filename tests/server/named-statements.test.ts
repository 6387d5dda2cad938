/**
 * A statement with values is parsed once per connection, then run again by name with new values
 * (server/db/pgPool.ts on PostgreSQL; on SQLite the dialect caches each text's prepared
 * statement). The rows are those of each run's own values, a connection names a bounded number of
 * texts, and a statement that fails to parse is sent again, not taken as named.
 */
import { sql } from 'kysely';
import type { Db } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { NAMED_PER_CONNECTION } from '../../server/db/pgPool';
import { createTestDb, type TestDb } from './support/db';
import { recordStatements } from './support/statements';

let testDb: TestDb;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  await migrateToLatest(db);
  await db
    .insertInto('app_meta')
    .values([1, 2, 3].map((n) => ({ key: `named:${n}`, value: `value ${n}`, updated_at: BigInt(n) })))
    .execute();
});
afterAll(async () => testDb.cleanup());

const valueQuery = (d: Db, key: string) => d.selectFrom('app_meta').select('value').where('key', '=', key);
const valueOf = (d: Db, key: string) => valueQuery(d, key).executeTakeFirst();

/** the texts of the statements this connection holds prepared (PostgreSQL) */
async function preparedOn(trx: Db): Promise<string[]> {
  return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows.map((row) => row.statement);
}

describe('statements with values', () => {
  it('are parsed once per connection and answer each run with its own values', async () => {
    const text = valueQuery(db, 'x').compile().sql;
    if (testDb.kind === 'postgres') {
      await db.transaction().execute(async (trx) => {
        for (const n of [1, 2, 3, 1, 2, 3]) expect(await valueOf(trx, `named:${n}`)).toEqual({ value: `value ${n}` });
        expect(await valueOf(trx, 'named:none')).toBeUndefined();
        const prepared = await preparedOn(trx);
        expect(prepared.filter((statement) => statement === text)).toHaveLength(1);
        // a statement without values is not named
        expect(prepared.some((statement) => /pg_prepared_statements/.test(statement))).toBe(false);
      });
    } else {
      const recorder = recordStatements('sqlite');
      recorder.start();
      try {
        for (const n of [1, 2, 3, 1, 2, 3]) expect(await valueOf(db, `named:${n}`)).toEqual({ value: `value ${n}` });
      } finally {
        recorder.stop();
      }
      const prepared = recorder.prepared;
      // SQLite has two connections: the writer and a read-only one
      expect(prepared.filter((statement) => statement === text).length).toBeGreaterThanOrEqual(1);
      expect(prepared.filter((statement) => statement === text).length).toBeLessThanOrEqual(2);
    }
  });

  it(`a connection names at most ${NAMED_PER_CONNECTION} texts; the others still run, unnamed`, async () => {
    const texts = NAMED_PER_CONNECTION + 20;
    await db.transaction().execute(async (trx) => {
      // each text differs by the number of values it takes
      for (let n = 1; n <= texts; n++) {
        const keys = Array.from({ length: n }, (_, i) => `named:${(i % 3) + 1}`);
        const rows = await trx.selectFrom('app_meta').select('key').where('key', 'in', keys).execute();
        expect(rows).toHaveLength(Math.min(n, 3));
      }
      if (testDb.kind === 'postgres') {
        const prepared = await preparedOn(trx);
        expect(prepared.length).toBeGreaterThan(0);
        expect(prepared.length).toBeLessThanOrEqual(NAMED_PER_CONNECTION);
      }
    });
  });

  it('a statement that fails is refused each time, and the connection goes on', async () => {
    const broken = () => sql`select value from app_meta where key = ${'named:1'} and no_such_column = ${1}`.execute(db);
    await expect(broken()).rejects.toThrow(/no_such_column/);
    await expect(broken()).rejects.toThrow(/no_such_column/);
    expect(await valueOf(db, 'named:2')).toEqual({ value: 'value 2' });
  });
});
