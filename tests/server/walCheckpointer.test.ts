/**
 * The SQLite write-ahead log is copied into the database file by the checkpoint worker, not by a
 * commit on the event loop: after a large write the main file grows although the automatic
 * checkpoint's threshold was never reached, and destroying the database stops the worker.
 * (SQLite only: the test opens its own file whatever DATABASE_URL says.)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHECKPOINT_WARNING_CODE, startWalCheckpointer, throttled } from '../../server/db/walCheckpointer';
import { checkpointOutcome, eventually } from './support/walCheckpoint';
import { tsxCommand } from '../projectCommand';


let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-wal-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('WAL checkpoint worker', () => {
  it('moves committed pages into the database file in the background', async () => {
    expect(await checkpointOutcome(path.join(dir, 'in-jest.sqlite'))).toEqual({ walHeldTheWrite: true, mainFileGrew: true });
  });

  it('runs from its module file under `node --import tsx`, as `npm start` runs the server', () => {
    const child = spawnSync(...tsxCommand(path.join(__dirname, 'support/walCheckpoint.ts'), [path.join(dir, 'under-tsx.sqlite')], { encoding: 'utf8', timeout: 30_000 }));
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual({ walHeldTheWrite: true, mainFileGrew: true });
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
