/**
 * SQLite WAL checkpoints off the event loop.
 *
 * SQLite's automatic checkpoint runs inside the commit that grows the write-ahead log past 1000
 * pages: on our one connection, on the event loop, with an fsync; every few hundred money
 * movements one request, and every request queued behind it, waited for the disk. A worker
 * thread with its own connection checkpoints instead, several times a second (PASSIVE: it never
 * blocks the writer). The automatic checkpoint stays on at a larger size as a safety net, should
 * the worker fall behind or stop.
 */
import { Worker } from 'node:worker_threads';

const CHECKPOINT_INTERVAL_MS = 200;
/** the automatic checkpoint's threshold in pages (4 KiB each), reached only when the worker lags */
export const SAFETY_NET_PAGES = 10_000;

// plain JavaScript: the worker runs without the TypeScript loader of its parent
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or closing: the next round tries again
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** stops the worker after its current checkpoint and closes its connection */
  stop(): Promise<void>;
}

export function startWalCheckpointer(file: string): WalCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver: require.resolve('better-sqlite3'), intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // never keeps a process alive; a checkpoint cut short by exit leaves the WAL valid
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', () => undefined);
  return {
    stop: async () => {
      worker.postMessage('stop');
      await exited;
    },
  };
}
