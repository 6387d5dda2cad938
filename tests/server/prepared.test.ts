/**
 * Compile-once queries (server/db/prepared.ts): the same rows as the plain query, one compilation
 * per engine shared by the database and its transactions, a transaction's own writes seen inside
 * it, and the values of one call never showing up in another.
 */
import type { Db } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { firstRow, preparedQuery, type ParamOf } from '../../server/db/prepared';
import { createTestDb, type TestDb } from './support/db';

let testDb: TestDb;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  await migrateToLatest(db);
  await db
    .insertInto('app_meta')
    .values([
      { key: 'pq:a', value: 'one', updated_at: 1n },
      { key: 'pq:b', value: 'two', updated_at: 2n },
      { key: 'pq:c', value: 'hidden', updated_at: 3n },
      { key: 'pq:d', value: 'four', updated_at: 4n },
    ])
    .execute();
});
afterAll(async () => testDb.cleanup());

const builds = jest.fn();
// a fixed value ('hidden') next to the parameters: it must stay in place
const metaAfter = preparedQuery((d: Db, param: ParamOf<{ prefix: string; after: bigint }>) => {
  builds();
  return d
    .selectFrom('app_meta')
    .select(['key', 'value', 'updated_at'])
    .where('key', 'like', param('prefix'))
    .where('updated_at', '>', param('after'))
    .where('value', '!=', 'hidden')
    .orderBy('key');
});
const plainMetaAfter = (d: Db, prefix: string, after: bigint) =>
  d
    .selectFrom('app_meta')
    .select(['key', 'value', 'updated_at'])
    .where('key', 'like', prefix)
    .where('updated_at', '>', after)
    .where('value', '!=', 'hidden')
    .orderBy('key')
    .execute();
const insertMeta = preparedQuery((d: Db, param: ParamOf<{ key: string; value: string }>) =>
  d.insertInto('app_meta').values({ key: param('key'), value: param('value'), updated_at: 9n }).returning(['key', 'updated_at']),
);
const setMeta = preparedQuery((d: Db, param: ParamOf<{ key: string; value: string }>) =>
  d.updateTable('app_meta').set({ value: param('value') }).where('key', '=', param('key')),
);

describe('preparedQuery', () => {
  it('returns the same rows as the plain query', async () => {
    for (const [prefix, after] of [
      ['pq:%', 0n],
      ['pq:%', 1n],
      ['pq:b', 0n],
      ['pq:%', 9n],
      ['nothing%', 0n],
    ] as const) {
      expect(await metaAfter(db, { prefix, after })).toEqual(await plainMetaAfter(db, prefix, after));
    }
    expect((await metaAfter(db, { prefix: 'pq:%', after: 0n })).map((row) => row.key)).toEqual(['pq:a', 'pq:b', 'pq:d']);
  });

  it('compiles once per engine: a transaction shares the database adapter and its compiled query', async () => {
    await metaAfter(db, { prefix: 'pq:%', after: 0n });
    const before = builds.mock.calls.length;
    await db.transaction().execute(async (trx) => {
      expect(trx.getExecutor().adapter).toBe(db.getExecutor().adapter);
      expect(await metaAfter(trx, { prefix: 'pq:%', after: 1n })).toEqual(await plainMetaAfter(trx, 'pq:%', 1n));
    });
    expect(builds.mock.calls.length).toBe(before);
  });

  it("sees the transaction's own writes inside it, and nothing of them after a rollback", async () => {
    const rollback = new Error('roll back');
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await insertMeta(trx, { key: 'pq:t', value: 'inserted' })).toEqual([{ key: 'pq:t', updated_at: 9n }]);
        expect(await metaAfter(trx, { prefix: 'pq:t', after: 0n })).toEqual([{ key: 'pq:t', value: 'inserted', updated_at: 9n }]);
        await setMeta(trx, { key: 'pq:t', value: 'updated' });
        expect(firstRow(await metaAfter(trx, { prefix: 'pq:t', after: 0n })).value).toBe('updated');
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await metaAfter(db, { prefix: 'pq:t', after: 0n })).toEqual([]);
  });

  it('keeps the values of each call to itself, also when calls overlap', async () => {
    const calls = [
      { prefix: 'pq:a', after: 0n },
      { prefix: 'pq:b', after: 0n },
      { prefix: 'pq:%', after: 3n },
      { prefix: 'pq:b', after: 2n },
    ];
    const together = await Promise.all(calls.map((params) => metaAfter(db, params)));
    const oneByOne = [];
    for (const params of calls) oneByOne.push(await metaAfter(db, params));
    expect(together).toEqual(oneByOne);
    expect(together.map((rows) => rows.map((row) => row.key))).toEqual([['pq:a'], ['pq:b'], ['pq:d'], []]);
    // a write with other values does not change the next call's values
    await insertMeta(db, { key: 'pq:e', value: 'five' });
    await insertMeta(db, { key: 'pq:f', value: 'six' });
    expect((await metaAfter(db, { prefix: 'pq:_', after: 4n })).map((row) => [row.key, row.value])).toEqual([
      ['pq:e', 'five'],
      ['pq:f', 'six'],
    ]);
  });

  it('firstRow refuses an empty result', () => {
    expect(firstRow([1, 2])).toBe(1);
    expect(() => firstRow([])).toThrow('expected a row');
  });
});
