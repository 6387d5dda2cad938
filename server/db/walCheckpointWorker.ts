/**
 * The WAL checkpoint worker's thread (started by walCheckpointer.ts): its own connection to the
 * database file runs a PASSIVE checkpoint every `intervalMs` (it never blocks the writer) until the
 * parent sends any message. It tells the parent `READY` once it runs; problems other than a busy
 * database go to the parent as text.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

export const READY = 'ready';

export interface CheckpointWorkerData {
  /** the database file */
  file: string;
  intervalMs: number;
}

function run(port: NonNullable<typeof parentPort>, { file, intervalMs }: CheckpointWorkerData): void {
  const db = new BetterSqlite3(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const timer = setInterval(() => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      // busy: the next round tries again; anything else the parent reports
      const { code, message } = error as { code?: string; message?: string };
      if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') port.postMessage(String(message));
    }
  }, intervalMs);
  port.once('message', () => {
    clearInterval(timer);
    db.close();
    port.close();
  });
  port.postMessage(READY);
}

// only in the thread walCheckpointer.ts starts (the parent imports this module for READY)
const data = workerData as Partial<CheckpointWorkerData> | null;
if (parentPort && typeof data?.file === 'string' && typeof data.intervalMs === 'number') run(parentPort, { file: data.file, intervalMs: data.intervalMs });
