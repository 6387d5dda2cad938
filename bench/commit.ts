/**
 * `npm run bench:commit`: the SQLite commit alone, with and without the group commit, both at the
 * server's settings (synchronous=FULL, WAL, a read-only connection for reads outside transactions).
 * 50 concurrent workers each repeat what a transfer asks of the database: a lookup outside a
 * transaction, then a transaction that updates three accounts and appends three entries. Prints
 * transactions/s and this process's CPU time per transaction for each variant, interleaved over
 * BENCH_ROUNDS rounds (default 2) of BENCH_DURATION seconds (default 8). Printed only, not a test.
 * Why it exists: docs/performance.md, "Group commit at synchronous=FULL".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { openSqlite, openSqliteReader } from '../server/db';
import type { CommitGroupLimits } from '../server/db/commitGroup';
import { sqliteDialect } from '../server/db/sqliteDialect';

const WORKERS = 50;
const ACCOUNTS = 20;
const DURATION_MS = Number(process.env.BENCH_DURATION || 8) * 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);

const VARIANTS: Array<{ name: string; commitGroup?: CommitGroupLimits }> = [
  { name: 'group commit (the server)' },
  // a group of one: every transaction commits on its own
  { name: 'one commit per transaction', commitGroup: { maxMembers: 1, maxAgeMs: 0 } },
];

async function measure(commitGroup: CommitGroupLimits | undefined): Promise<{ perSecond: number; cpuMicros: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-bench-commit-'));
  const file = path.join(dir, 'commit.sqlite');
  const db = new Kysely<any>({ dialect: sqliteDialect(openSqlite(file), { reader: openSqliteReader(file), ...(commitGroup ? { commitGroup } : {}) }) });
  try {
    await sql`create table account (id integer primary key, balance integer not null)`.execute(db);
    await sql`create table entry (id integer primary key, account integer not null references account (id), amount integer not null, at integer not null)`.execute(db);
    await sql`create index entry_by_account on entry (account, at)`.execute(db);
    for (let id = 0; id <= ACCOUNTS; id += 1) await sql`insert into account (id, balance) values (${id}, 1000000000)`.execute(db);
    let transactions = 0;
    const until = Date.now() + DURATION_MS;
    const cpuBefore = process.cpuUsage();
    const startedAt = Date.now();
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        const from = 1 + (worker % ACCOUNTS);
        const to = 1 + ((worker + 1) % ACCOUNTS);
        while (Date.now() < until) {
          await sql`select balance from account where id = ${from}`.execute(db);
          await db.transaction().execute(async (trx) => {
            for (const [account, amount] of [[from, -11], [to, 10], [0, 1]]) {
              await sql`update account set balance = balance + ${amount} where id = ${account}`.execute(trx);
              await sql`insert into entry (account, amount, at) values (${account}, ${amount}, ${Date.now()})`.execute(trx);
            }
          });
          transactions += 1;
        }
      }),
    );
    const seconds = (Date.now() - startedAt) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    return { perSecond: transactions / seconds, cpuMicros: (cpu.user + cpu.system) / transactions };
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const variant of VARIANTS) {
      const { perSecond, cpuMicros } = await measure(variant.commitGroup);
      rows.push({ round, variant: variant.name, 'transactions/s': Math.round(perSecond), 'CPU µs/transaction': Math.round(cpuMicros) });
    }
  }
  console.log(`\nSQLite commit benchmark: ${WORKERS} workers, ${DURATION_MS / 1000} s per run, synchronous=FULL, ${os.cpus().length} cores`);
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
