/**
 * Acknowledged means committed and durable, on SQLite and PostgreSQL: a write that was
 * answered is committed even when a transaction it ran next to fails at its commit; a failing
 * transaction takes nothing of another with it; a read never sees work that is not committed; and
 * `destroy()` in the middle of a transaction keeps nothing of it. A second database handle on the
 * same database (another connection) shows what is committed.
 */
import { sql } from 'kysely';
import { createDb, isSqlite, type Db } from '../../server/db';
import { createTestDb, type TestDb } from './support/db';

let testDb: TestDb;
let db: Db;
let observer: Db;

// the tables of this test only, outside the app's schema type
const raw = (d: Db) => d as any;
const insertProbe = (d: Db, v: string) => raw(d).insertInto('probe').values({ v }).execute();
const insertProbeReturning = (d: Db, v: string): Promise<Array<{ v: string }>> => raw(d).insertInto('probe').values({ v }).returning('v').execute();
const readProbe = async (d: Db): Promise<string[]> => ((await raw(d).selectFrom('probe').select('v').orderBy('v').execute()) as Array<{ v: string }>).map((row) => row.v);
/** a row whose deferred foreign key fails the commit of the transaction that holds it */
const insertOrphan = (d: Db, id: number) => raw(d).insertInto('probe_child').values({ id, parent_id: 404 }).execute();
const committed = () => readProbe(observer);

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  await sql`create table probe (v varchar(40) primary key)`.execute(db);
  await sql`create table probe_parent (id integer primary key)`.execute(db);
  await sql`create table probe_child (id integer primary key, parent_id integer not null references probe_parent (id) deferrable initially deferred)`.execute(db);
  observer = createDb(testDb.options);
});
beforeEach(async () => {
  await sql`delete from probe`.execute(db);
});
afterAll(async () => {
  await observer.destroy();
  await testDb.cleanup();
});

describe('acknowledged means committed', () => {
  it('commits to disk before it answers (SQLite synchronous=FULL; PostgreSQL fsync and synchronous_commit on)', async () => {
    if (isSqlite(db)) {
      // inside a transaction: the statement runs on the connection that writes
      const rows = await db.transaction().execute((trx) => sql<{ synchronous: bigint }>`pragma synchronous`.execute(trx));
      expect(rows.rows[0].synchronous).toBe(2n);
    } else {
      const fsync = await sql<{ fsync: string }>`show fsync`.execute(db);
      const synchronousCommit = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
      expect([fsync.rows[0].fsync, synchronousCommit.rows[0].synchronous_commit]).toEqual(['on', 'on']);
    }
  });

  it('keeps an answered insert … returning outside a transaction when the transaction that ran before it fails at its commit', async () => {
    let answered: Array<{ v: string }> = [];
    let seenWhenAnswered: string[] = [];
    let plainWrite: Promise<void> = Promise.resolve();
    const failing = db.transaction().execute(async (trx) => {
      await insertProbe(trx, 'doomed');
      await insertOrphan(trx, 1);
      // queued behind this transaction: it runs right after it, while its commit may be pending
      plainWrite = insertProbeReturning(db, 'answered').then(async (rows) => {
        answered = rows;
        seenWhenAnswered = await committed();
      });
    });
    await expect(failing).rejects.toThrow(/foreign key/i);
    await plainWrite;
    expect(answered).toEqual([{ v: 'answered' }]);
    expect(seenWhenAnswered).toEqual(['answered']);
    expect(await committed()).toEqual(['answered']);
  });

  it('answers each of several concurrent transactions exactly as it ended: a failing one takes nothing of the others with it', async () => {
    const names = ['t0', 't1', 't2', 't3', 't4', 't5'];
    const results = await Promise.allSettled(
      names.map((v, i) =>
        db.transaction().execute(async (trx) => {
          await insertProbe(trx, v);
          if (i === 2) throw new Error('t2 changes its mind');
          if (i === 4) await insertProbe(trx, 't0'); // a duplicate key: this statement fails
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await committed()).toEqual(['t0', 't1', 't3', 't5']);
  });

  it('never answers success for a transaction that was not committed, nor keeps anything of a failed one', async () => {
    // next to a transaction whose commit fails (deferred foreign key): each is answered as it ended
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insertProbe(trx, 'a')),
      db.transaction().execute(async (trx) => {
        await insertProbe(trx, 'b');
        await insertOrphan(trx, 2);
      }),
      db.transaction().execute((trx) => insertProbe(trx, 'c')),
    ]);
    const kept = await committed();
    expect(results[1].status).toBe('rejected');
    expect(kept).not.toContain('b');
    for (const [i, v] of ['a', 'b', 'c'].entries()) expect(results[i].status === 'fulfilled').toBe(kept.includes(v));
  });

  it('never lets a read outside a transaction see work that is not committed', async () => {
    let seen: string[] | null = null;
    let read: Promise<void> = Promise.resolve();
    const failing = db.transaction().execute(async (trx) => {
      await insertProbe(trx, 'ghost');
      await insertOrphan(trx, 3);
      // queued behind this transaction: it runs right after it, before or after its (failing) commit
      read = readProbe(db).then((rows) => {
        seen = rows;
      });
    });
    await expect(failing).rejects.toThrow(/foreign key/i);
    await read;
    expect(seen).toEqual([]);
    expect(await committed()).toEqual([]);
  });

  it('keeps nothing of a transaction that is running when the database is destroyed', async () => {
    const victim = createDb(testDb.options);
    let destroyed: Promise<void> = Promise.resolve();
    const halfDone = victim.transaction().execute(async (trx) => {
      await insertProbe(trx, 'first half');
      destroyed = victim.destroy();
      // give destroy() every chance to finish before the second half
      await new Promise((resolve) => setTimeout(resolve, 100));
      await insertProbe(trx, 'second half');
    });
    await expect(halfDone).rejects.toThrow();
    await destroyed;
    // a fresh handle on the database (as after a restart) finds nothing of it
    const reopened = createDb(testDb.options);
    try {
      expect(await readProbe(reopened)).toEqual([]);
    } finally {
      await reopened.destroy();
    }
    // and the database goes on working
    await insertProbe(db, 'after');
    expect(await committed()).toEqual(['after']);
  });
});
