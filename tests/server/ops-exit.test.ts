/**
 * The ops command's exit status is its result, in every run: monitoring that trusts it must never
 * see 0 for a failed command or a failed check. Closing the SQLite database waits for an unref'd
 * worker, and before the fix the event loop often emptied first and the process exited 0 (4 runs
 * in 5 for a failed deposit:credit). Each failure path runs 10 times, on SQLite and on PostgreSQL
 * (each run is a whole node process, about a second and a half of CPU; four run at once): a path
 * that exits 0 even half the time passes ten runs once in a thousand.
 */
import { spawn } from 'node:child_process';
import { migrateToLatest } from '../../server/db/migrate';
import { createTestDb, type TestDb } from './support/db';
import { opsCommand } from '../projectCommand';

const RUNS = 10;
/** runs at once: each is a short-lived node process */
const PARALLEL = 4;
// on a loaded two-core CI machine a batch of four took over 15 s: the ledger test's four batches
// passed the one-minute default
jest.setTimeout(300_000);

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
  await migrateToLatest(testDb.db);
});

afterAll(async () => {
  await testDb.cleanup();
});

function runOps(args: string[]): Promise<number | null> {
  const { databaseUrl, databaseSchema, sqlitePath } = testDb.options;
  return new Promise((resolve, reject) => {
    const child = spawn(
      ...opsCommand(args, {
        stdio: 'ignore',
        env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: databaseSchema ?? '', SQLITE_PATH: sqlitePath },
      }),
    );
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
}

/** The exit codes of `runs` runs of the same command. */
async function exitCodes(args: string[], runs = RUNS): Promise<(number | null)[]> {
  const codes: (number | null)[] = [];
  for (let started = 0; started < runs; started += PARALLEL) {
    const batch = Array.from({ length: Math.min(PARALLEL, runs - started) }, () => runOps(args));
    codes.push(...(await Promise.all(batch)));
  }
  return codes;
}

const FAILURES: [string, string[], number][] = [
  ['an unknown command', ['no-such-command'], 2],
  ['deposit:credit for an unknown user', ['deposit:credit', '--uid', 'nobody', '--currency', 'USDT', '--amount', '1', '--network', 'ERC20', '--tx', `0x${'ab'.repeat(32)}`, '--operator', 'test'], 1],
  ['settle with a malformed day', ['settle', '--day', 'not-a-day'], 1],
  ['mall:ship of an unknown order', ['mall:ship', '--order', '999999', '--carrier', 'SF', '--tracking', 'SF1'], 1],
  ['mall:trace of an unknown order', ['mall:trace', '--order', '999999', '--text', 'x', '--location', 'y'], 1],
];

describe('ops exit status', () => {
  it.each(FAILURES)('%s exits non-zero in every run', async (_name, args, code) => {
    expect(await exitCodes(args)).toEqual(Array(RUNS).fill(code));
  });

  it('ledger:check on a broken ledger exits 1 in every run, and 0 once it is whole', async () => {
    expect(await exitCodes(['ledger:check'], PARALLEL)).toEqual(Array(PARALLEL).fill(0));
    // an account whose balance no entry explains
    await testDb.db
      .insertInto('ledger_accounts')
      .values({ owner: 'sys:ops-exit-test', user_id: null, currency: 'USDT', available: 5n, frozen: 0n, updated_at: 0n })
      .execute();
    expect(await exitCodes(['ledger:check'])).toEqual(Array(RUNS).fill(1));
  });
});
