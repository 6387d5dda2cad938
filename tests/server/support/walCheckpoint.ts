/**
 * What the checkpoint worker test checks, in this process or (run as a script with the database
 * file as argument, under `node --import tsx` like `npm start`) in a child that prints the answer:
 * after a write of about 1 000 pages, far below the automatic checkpoint's threshold, the main
 * database file grows within 5 s, i.e. the worker copied the write-ahead log into it.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { createDb } from '../../../server/db';
import { SAFETY_NET_PAGES } from '../../../server/db/walCheckpointer';

const PAGE_BYTES = 4096;
const PAGES = 1000;

export async function eventually(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

export interface CheckpointOutcome {
  /** the write-ahead log held the write (no checkpoint inside the commit) */
  walHeldTheWrite: boolean;
  /** the main file grew by the write */
  mainFileGrew: boolean;
}

export async function checkpointOutcome(file: string): Promise<CheckpointOutcome> {
  if (PAGES >= SAFETY_NET_PAGES) throw new Error('the write must stay below the automatic checkpoint');
  const db = createDb({ databaseUrl: '', sqlitePath: file });
  try {
    await sql`create table filler (id integer primary key, body text not null)`.execute(db);
    const sizeBefore = fs.statSync(file).size;
    const rows = Array.from({ length: PAGES }, (_, i) => sql`(${i}, ${'x'.repeat(3500)})`);
    await sql`insert into filler (id, body) values ${sql.join(rows)}`.execute(db);
    const walHeldTheWrite = fs.statSync(`${file}-wal`).size > 0.9 * PAGES * PAGE_BYTES;
    const mainFileGrew = await eventually(() => fs.statSync(file).size >= sizeBefore + 0.9 * PAGES * PAGE_BYTES, 5000);
    return { walHeldTheWrite, mainFileGrew };
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  checkpointOutcome(process.argv[2]).then(
    (outcome) => process.stdout.write(JSON.stringify(outcome)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
