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
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { READY, type CheckpointWorkerData } from './walCheckpointWorker';

const CHECKPOINT_INTERVAL_MS = 200;
/** the automatic checkpoint's threshold in pages (4 KiB each), reached only when the worker lags */
export const SAFETY_NET_PAGES = 10_000;

const WORKER_FILE = path.join(__dirname, 'walCheckpointWorker.ts');
/**
 * A worker thread does not inherit the parent's TypeScript loader (`node --import tsx` under
 * `npm start`, jest's transform in tests), and on Node 20 `--import` in a worker's execArgv does
 * not reach its entry file: the worker registers tsx itself, then loads the module.
 */
const LOAD_TYPESCRIPT_WORKER = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(require('node:worker_threads').workerData.workerFile);`;

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
  const workerData: CheckpointWorkerData & { workerFile: string } = { file, intervalMs: CHECKPOINT_INTERVAL_MS, workerFile: WORKER_FILE };
  const worker = new Worker(LOAD_TYPESCRIPT_WORKER, { eval: true, workerData });
  // never keeps a process alive; a checkpoint cut short by exit leaves the WAL valid
  worker.unref();
  let ready = false;
  worker.on('message', (message: string) => {
    if (message === READY) ready = true;
    else warn(message);
  });
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
      // an unref'd worker would let the event loop empty (and the process end) before it stopped
      worker.ref();
      // one still loading has no connection yet: no need to wait for it (short-lived processes)
      if (ready) worker.postMessage('stop');
      else await worker.terminate();
      await exited;
    },
  };
}
