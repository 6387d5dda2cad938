/**
 * SQLite WAL checkpoints off the event loop.
 *
 * SQLite's automatic checkpoint runs inside the commit that grows the write-ahead log past 1000
 * pages: on our one connection, on the event loop, with an fsync; every few hundred money
 * movements one request, and every request queued behind it, waited for the disk. A worker
 * thread with its own connection checkpoints instead, several times a second (PASSIVE: it never
 * blocks the writer). The automatic checkpoint stays on at a larger size as a safety net, should
 * the worker fall behind or stop.
 *
 * A worker that stops, or checkpoints that keep failing for another reason than a busy database,
 * are reported as a process warning (code POWERFI_WAL_CHECKPOINT, printed on stderr), at most once
 * a minute per kind, so that it is noticed before the log grows to the safety net.
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
  } catch (error) {
    // busy: the next round tries again; anything else the parent reports
    if (error.code !== 'SQLITE_BUSY' && error.code !== 'SQLITE_LOCKED') parentPort.postMessage(String(error.message));
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

export const CHECKPOINT_WARNING_CODE = 'POWERFI_WAL_CHECKPOINT';
const WARNING_EVERY_MS = 60_000;

function emitCheckpointWarning(message: string): void {
  process.emitWarning(message, { code: CHECKPOINT_WARNING_CODE });
}

/** Passes each kind of problem on at most once a minute. */
export function throttled(report: (message: string) => void): (problem: string) => void {
  const lastReported = new Map<string, number>();
  return (problem) => {
    const now = Date.now();
    if (now - (lastReported.get(problem) ?? -Infinity) < WARNING_EVERY_MS) return;
    lastReported.set(problem, now);
    report(`SQLite WAL checkpoint: ${problem}`);
  };
}

export function startWalCheckpointer(file: string, report: (message: string) => void = emitCheckpointWarning): WalCheckpointer {
  const warn = throttled(report);
  let stopping = false;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver: require.resolve('better-sqlite3'), intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // never keeps a process alive; a checkpoint cut short by exit leaves the WAL valid
  worker.unref();
  worker.on('message', (problem: string) => warn(problem));
  worker.once('error', (error: Error) => warn(`the checkpoint worker failed: ${error.message}`));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      if (!stopping) warn('the checkpoint worker stopped; only the automatic checkpoint is left');
      resolve();
    }),
  );
  return {
    stop: async () => {
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
