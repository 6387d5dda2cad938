/**
 * The SQLite write-ahead log is copied into the database file by the checkpoint worker, not by a
 * commit on the event loop: after a large write the main file grows although the automatic
 * checkpoint's threshold was never reached, and destroying the database stops the worker.
 * (SQLite only: the test opens its own file whatever DATABASE_URL says.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../server/db';
import { SAFETY_NET_PAGES } from '../../server/db/walCheckpointer';

const PAGE_BYTES = 4096;

async function eventually(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe('WAL checkpoint worker', () => {
  it('moves committed pages into the database file in the background', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-wal-'));
    const file = path.join(dir, 'wal.sqlite');
    const db = createDb({ databaseUrl: '', sqlitePath: file });
    try {
      await sql`create table filler (id integer primary key, body text not null)`.execute(db);
      const sizeBefore = fs.statSync(file).size;
      // about 1 000 pages: far below the automatic checkpoint, so only the worker copies them
      const rows = Array.from({ length: 1000 }, (_, i) => sql`(${i}, ${'x'.repeat(3500)})`);
      await sql`insert into filler (id, body) values ${sql.join(rows)}`.execute(db);
      expect(1000).toBeLessThan(SAFETY_NET_PAGES);
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(900 * PAGE_BYTES);
      const grown = await eventually(() => fs.statSync(file).size >= sizeBefore + 900 * PAGE_BYTES, 5000);
      expect(grown).toBe(true);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
