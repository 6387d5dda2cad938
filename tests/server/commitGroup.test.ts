/**
 * Group commit on SQLite (server/db/commitGroup.ts): transactions that queue for the connection
 * share one commit, each is acknowledged only once committed, a failing one is undone alone, and a
 * failed group commit acknowledges none, a statement outside a transaction neither joins nor sees an
 * open group, and destroying the database undoes the transaction that is running. A second
 * connection on the same file shows what is committed. (SQLite only: the test opens its own file
 * whatever DATABASE_URL says; tests/server/durability.test.ts holds the same promises on both engines.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { createDb } from '../../server/db';
import type { CommitGroupLimits } from '../../server/db/commitGroup';
import { migrateToLatest } from '../../server/db/migrate';
import { sqliteDialect } from '../../server/db/sqliteDialect';

interface Tables {
  t: { id: Generated<number>; v: string };
  parent: { id: Generated<number> };
  child: { id: Generated<number>; parent_id: number };
}

let dir: string;
let db: Kysely<Tables>;
let observer: BetterSqlite3.Database;

/** groups that never come due by size or age: only the rules under test commit them */
const LARGE_GROUPS: CommitGroupLimits = { maxMembers: 64, maxAgeMs: 60_000 };

/** `withReader: false` is what an in-memory database gets (there is no second connection to it). */
async function open(limits?: CommitGroupLimits, { withReader = true } = {}): Promise<void> {
  const file = path.join(dir, `group-${Date.now()}-${Math.random()}.sqlite`);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const reader = withReader ? new BetterSqlite3(file, { readonly: true }) : undefined;
  db = new Kysely<Tables>({ dialect: sqliteDialect(sqlite, { ...(limits ? { commitGroup: limits } : {}), ...(reader ? { reader } : {}) }) });
  await sql`create table t (id integer primary key, v text not null)`.execute(db);
  await sql`create table parent (id integer primary key)`.execute(db);
  await sql`create table child (id integer primary key, parent_id integer not null references parent (id) deferrable initially deferred)`.execute(db);
  observer = new BetterSqlite3(file, { readonly: true });
}

/** The values in table t that another connection sees, i.e. what is committed. */
const committed = () => (observer.prepare('select v from t order by id').pluck().all() as string[]).join(',');

const insert = (trx: Kysely<Tables>, v: string) => trx.insertInto('t').values({ v }).execute();

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-group-'));
});
afterEach(async () => {
  // (the schema test opens no database of these tables)
  if (!observer?.open) return;
  observer.close();
  await db.destroy();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('group commit', () => {
  it("shares commits only in a schema that defers no constraint to the commit (one member's data never fails its group)", async () => {
    const app = createDb({ databaseUrl: '', sqlitePath: path.join(dir, `app-${Date.now()}.sqlite`) });
    try {
      await migrateToLatest(app);
      const { rows } = await sql<{ name: string }>`select name from sqlite_master where sql like '%deferr%'`.execute(app);
      expect(rows).toEqual([]);
    } finally {
      await app.destroy();
    }
  });

  it('commits queued transactions together and acknowledges each only when it is committed', async () => {
    await open(LARGE_GROUPS);
    const seenAtAcknowledgement: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((v) =>
        db
          .transaction()
          .execute((trx) => insert(trx, v))
          .then(() => seenAtAcknowledgement.push(committed())),
      ),
    );
    // one commit: when the first is acknowledged all three are already on disk
    expect(seenAtAcknowledgement).toEqual(['a,b,c', 'a,b,c', 'a,b,c']);
  });

  it('undoes a failing transaction alone; the others of its group are kept', async () => {
    await open(LARGE_GROUPS);
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((v) =>
        db.transaction().execute(async (trx) => {
          await insert(trx, v);
          if (v === 'b') throw new Error('b changes its mind');
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('b changes its mind');
    expect(committed()).toBe('a,c');
  });

  it('acknowledges none of a group whose commit fails, and keeps none of it', async () => {
    await open(LARGE_GROUPS);
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'a')),
      // a deferred foreign key is checked at the commit: this member makes the group's commit fail
      db.transaction().execute((trx) => trx.insertInto('child').values({ parent_id: 404 }).execute()),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const result of results) expect(String((result as PromiseRejectedResult).reason.message)).toMatch(/FOREIGN KEY/);
    expect(committed()).toBe('');
    // and the connection goes on working
    await db.transaction().execute((trx) => insert(trx, 'd'));
    expect(committed()).toBe('d');
  });

  it('fails the whole group when SQLite ends the shared transaction inside a member', async () => {
    await open(LARGE_GROUPS);
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'a')),
      db.transaction().execute(async (trx) => {
        await insert(trx, 'b');
        await sql`rollback`.execute(trx);
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(committed()).toBe('');
    await db.transaction().execute((trx) => insert(trx, 'c'));
    expect(committed()).toBe('c');
  });

  it('commits the open group before a write outside any transaction', async () => {
    await open(LARGE_GROUPS);
    let seenAfterPlainWrite = '';
    await Promise.all([
      db.transaction().execute((trx) => insert(trx, 'a')),
      insert(db, 'b').then(() => {
        seenAfterPlainWrite = committed();
      }),
    ]);
    expect(seenAfterPlainWrite).toBe('a,b');
  });

  it('commits the open group before an insert … returning outside any transaction, which survives the group failing', async () => {
    await open(LARGE_GROUPS);
    let answered: unknown[] = [];
    let seenWhenAnswered = '';
    let plainWrite: Promise<void> = Promise.resolve();
    const member = db.transaction().execute(async (trx) => {
      // a deferred foreign key fails the group's commit
      await trx.insertInto('child').values({ parent_id: 404 }).execute();
      // queued behind the member: runs once the member is released into the open group
      plainWrite = db
        .insertInto('t')
        .values({ v: 'answered' })
        .returning('v')
        .execute()
        .then((rows) => {
          answered = rows;
          seenWhenAnswered = committed();
        });
    });
    await expect(member).rejects.toThrow(/FOREIGN KEY/);
    await plainWrite;
    expect(answered).toEqual([{ v: 'answered' }]);
    expect(seenWhenAnswered).toBe('answered');
    expect(committed()).toBe('answered');
  });

  it('lets a read outside a transaction see only committed work: the open group stays unseen', async () => {
    await open(LARGE_GROUPS);
    let seen: unknown[] | null = null;
    let read: Promise<void> = Promise.resolve();
    const member = db.transaction().execute(async (trx) => {
      await insert(trx, 'ghost');
      read = db
        .selectFrom('t')
        .select('v')
        .execute()
        .then((rows) => {
          seen = rows;
        });
    });
    await Promise.all([member, read]);
    expect(seen).toEqual([]);
    expect(committed()).toBe('ghost');
  });

  it('commits the open group before a read outside a transaction where there is no second connection', async () => {
    await open(LARGE_GROUPS, { withReader: false });
    let seenWhenRead = '';
    const [, rows] = await Promise.all([
      db.transaction().execute((trx) => insert(trx, 'a')),
      db
        .selectFrom('t')
        .select('v')
        .execute()
        .then((result) => {
          seenWhenRead = committed();
          return result;
        }),
    ]);
    expect(rows).toEqual([{ v: 'a' }]);
    expect(seenWhenRead).toBe('a');
  });

  it('starts a new group when the open one is full', async () => {
    await open({ maxMembers: 2, maxAgeMs: 60_000 });
    const seenAtAcknowledgement: string[] = [];
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((v) =>
        db
          .transaction()
          .execute((trx) => insert(trx, v))
          .then(() => seenAtAcknowledgement.push(committed())),
      ),
    );
    expect(seenAtAcknowledgement).toEqual(['a,b', 'a,b', 'a,b,c,d', 'a,b,c,d', 'a,b,c,d,e']);
  });

  it('undoes the running transaction when the database is destroyed, and commits the finished ones waiting for their group', async () => {
    await open(LARGE_GROUPS);
    const [finished, running] = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'finished')),
      db.transaction().execute(async (trx) => {
        await insert(trx, 'first half');
        await db.destroy();
        await insert(trx, 'second half');
      }),
    ]);
    expect(finished.status).toBe('fulfilled');
    expect(running.status).toBe('rejected');
    expect(String((running as PromiseRejectedResult).reason.message)).toBe('the database was destroyed');
    expect(committed()).toBe('finished');
  });
});
