/**
 * Group commit on SQLite (server/db/commitGroup.ts): transactions that queue for the connection
 * share one commit, each is acknowledged only once committed, a failing one is undone alone, and a
 * failed group commit acknowledges none. A second connection on the same file shows what is
 * committed. (SQLite only: the test opens its own file whatever DATABASE_URL says.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import type { CommitGroupLimits } from '../../server/db/commitGroup';
import { sqliteDialect } from '../../server/db/sqliteDialect';

interface Tables {
  t: { id: Generated<number>; v: string };
  parent: { id: Generated<number> };
  child: { id: Generated<number>; parent_id: number };
}

let dir: string;
let db: Kysely<Tables>;
let observer: BetterSqlite3.Database;

async function open(limits?: CommitGroupLimits): Promise<void> {
  const file = path.join(dir, `group-${Date.now()}-${Math.random()}.sqlite`);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  db = new Kysely<Tables>({ dialect: sqliteDialect(sqlite, limits ? { commitGroup: limits } : {}) });
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
  observer.close();
  await db.destroy();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('group commit', () => {
  it('commits queued transactions together and acknowledges each only when it is committed', async () => {
    await open();
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
    await open();
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
    await open();
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
    await open();
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
    await open();
    let seenAfterPlainWrite = '';
    await Promise.all([
      db.transaction().execute((trx) => insert(trx, 'a')),
      insert(db, 'b').then(() => {
        seenAfterPlainWrite = committed();
      }),
    ]);
    expect(seenAfterPlainWrite).toBe('a,b');
  });

  it('lets a read outside a transaction see the released members of the open group', async () => {
    await open();
    const [, rows] = await Promise.all([db.transaction().execute((trx) => insert(trx, 'a')), db.selectFrom('t').select('v').execute()]);
    expect(rows).toEqual([{ v: 'a' }]);
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

  it('commits an open group when the database is destroyed', async () => {
    await open({ maxMembers: 64, maxAgeMs: 60_000 });
    // the read runs inside the open group; destroying right after it leaves no time for the usual commit
    const [member] = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'a')),
      db.selectFrom('t').select('v').execute().then(() => db.destroy()),
    ]);
    expect(member.status).toBe('fulfilled');
    expect(committed()).toBe('a');
  });
});
