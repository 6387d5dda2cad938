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
import { CHECKPOINT_WARNING_CODE, SAFETY_NET_PAGES, startWalCheckpointer, throttled } from '../../server/db/walCheckpointer';

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

  it('reports a worker that cannot work, once per kind of problem', async () => {
    const reports: string[] = [];
    startWalCheckpointer(path.join(os.tmpdir(), 'powerfi-no-such-dir', 'missing.sqlite'), (message) => reports.push(message));
    expect(await eventually(() => reports.length >= 2, 5000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reports).toEqual([
      expect.stringMatching(/^SQLite WAL checkpoint: the checkpoint worker failed: .+/),
      'SQLite WAL checkpoint: the checkpoint worker stopped; only the automatic checkpoint is left',
    ]);
  });

  it('passes a repeated problem on once a minute, another problem at once', () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const reports: string[] = [];
      const warn = throttled((message) => reports.push(message));
      warn('disk I/O error');
      warn('disk I/O error');
      warn('database is locked for ever');
      jest.setSystemTime(59_999);
      warn('disk I/O error');
      jest.setSystemTime(60_000);
      warn('disk I/O error');
      expect(reports).toEqual([
        'SQLite WAL checkpoint: disk I/O error',
        'SQLite WAL checkpoint: database is locked for ever',
        'SQLite WAL checkpoint: disk I/O error',
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reports as a process warning with its own code by default', async () => {
    const emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      startWalCheckpointer(path.join(os.tmpdir(), 'powerfi-no-such-dir', 'missing.sqlite'));
      expect(await eventually(() => emitWarning.mock.calls.length >= 2, 5000)).toBe(true);
      expect(emitWarning.mock.calls[1]).toEqual(['SQLite WAL checkpoint: the checkpoint worker stopped; only the automatic checkpoint is left', { code: CHECKPOINT_WARNING_CODE }]);
    } finally {
      emitWarning.mockRestore();
    }
  });
});
