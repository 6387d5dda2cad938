/**
 * `npm run bench:paging` (deep pages): how long one page of a user's ledger entries
 * (GET /api/v1/web/user/wallet/details, 20 rows) takes at any depth, through the real app
 * (`app.inject`: routing, session, validation, the queries, serialisation), on SQLite and on
 * PostgreSQL. Printed figures, not a test. The goal: p99 < 20 ms at any depth with 1 000 000
 * entries, on both databases.
 *
 * - The ledger: BENCH_ENTRIES entries (default 1 000 000), inserted straight into the tables (the
 *   posting path is not what is measured): one user holds BENCH_HEAVY_ENTRIES of them (default a
 *   fifth, 200 000 of 1 000 000), the rest are spread over BENCH_USERS other users (default
 *   10 000), the heavy user's rows interleaved with the others' as they would be. Each ledger
 *   transaction is a +1 and a −1 entry of one account, so `checkLedger` holds (checked after).
 *   Then `analyze` (SQLite) / `vacuum analyze` (PostgreSQL), as `PRAGMA optimize` or autovacuum
 *   would after such a load.
 * - The pages, for the heavy user, each kind BENCH_REPEATS times (default 200) after a few
 *   unmeasured runs, one request at a time: the first page (`page=1`, counted: it has `total`), the
 *   first page as the app asks it (`count=false`: not counted);
 *   deep pages by offset (`page=N`, counted too) and by cursor (`cursor=` the id of the row at that
 *   depth: not counted, no `total`) after BENCH_DEPTHS rows (default 1000,50000,150000; depths the
 *   heavy user does not reach are left out), and the last page by cursor. p50 and p99 per kind.
 * - BENCH_CONFIGS=sqlite,pg (default both). PostgreSQL: TEST_DATABASE_URL (else DATABASE_URL,
 *   else postgres://postgres:postgres@127.0.0.1:5432/test), in a schema of its own, dropped after.
 *
 * Everything runs on this machine, one request at a time, so the figures are the server's time
 * for a page plus app.inject's small overhead, with warm caches (the same pages again and again).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { contract, fullPath } from '../contract';
import { buildApp } from '../server/app';
import { createSession } from '../server/auth/sessions';
import { loadConfig } from '../server/config';
import { createDb, quoteIdent, type Db, type DbOptions } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { ownerKey, userOwner } from '../server/ledger/accounts';
import { checkLedger } from '../server/ledger/invariants';
import { adminQuery } from '../tests/server/support/db';

const ENTRIES = evenCount('BENCH_ENTRIES', 1_000_000);
const HEAVY = Math.min(ENTRIES, evenCount('BENCH_HEAVY_ENTRIES', Math.floor(ENTRIES / 5)));
const USERS = Number(process.env.BENCH_USERS || 10_000);
const REPEATS = Number(process.env.BENCH_REPEATS || 200);
const WARMUP = 10;
const DEPTHS = (process.env.BENCH_DEPTHS || '1000,50000,150000').split(',').map(Number);
const CONFIGS = (process.env.BENCH_CONFIGS || 'sqlite,pg').split(',');
const PG_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/test';
const PAGE_SIZE = 20;
const GOAL_MS = 20;
/** ledger transactions (each a +1 and a −1 entry) per insert */
const CHUNK = 1_000;
const DETAILS_URL = fullPath(contract.user.walletDetails);
const T0 = Date.parse('2025-01-01T00:00:00Z');

function evenCount(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 2) throw new Error(`${name} must be a whole number ≥ 2, got "${process.env[name]}"`);
  return value - (value % 2);
}

/* ---------------- the ledger ---------------- */

interface Seeded {
  heavyUserId: bigint;
  token: string;
}

async function seed(db: Db): Promise<Seeded> {
  await migrateToLatest(db);
  const now = Date.now();
  // the heavy user first, then the others; one USDT account each
  const userIds: bigint[] = [];
  const accountOf = new Map<bigint, bigint>();
  for (let start = 0; start < USERS + 1; start += CHUNK) {
    const size = Math.min(CHUNK, USERS + 1 - start);
    const users = await db
      .insertInto('users')
      .values(Array.from({ length: size }, (_, i) => ({
        uid: String(30_000_000 + start + i), address: `0x${(start + i).toString(16).padStart(40, '0')}`, invite_code: `P${start + i}`, inviter_id: null,
        pay_password_hash: null, created_at: BigInt(T0), pay_password_changed_at: null,
      })))
      .returning('id')
      .execute();
    const accounts = await db
      .insertInto('ledger_accounts')
      .values(users.map((user) => ({ owner: ownerKey(userOwner(user.id)), user_id: user.id, currency: 'USDT', available: 0n, frozen: 0n, updated_at: BigInt(T0) })))
      .returning(['id', 'user_id'])
      .execute();
    for (const account of accounts) accountOf.set(account.user_id!, account.id);
    userIds.push(...users.map((user) => user.id));
  }
  const [heavyUserId, ...others] = userIds;
  // pair p goes to the heavy user when it crosses the next multiple of PAIRS / HEAVY_PAIRS: its
  // rows spread evenly through the journal; the other pairs go round the other users
  const pairs = ENTRIES / 2;
  const heavyPairs = HEAVY / 2;
  let other = 0;
  const owner = (p: number): bigint => {
    if (others.length === 0 || Math.floor(((p + 1) * heavyPairs) / pairs) > Math.floor((p * heavyPairs) / pairs)) return heavyUserId;
    return others[other++ % others.length];
  };
  const loading = performance.now();
  for (let start = 0; start < pairs; start += CHUNK) {
    const chunk = Array.from({ length: Math.min(CHUNK, pairs - start) }, (_, i) => ({ p: start + i, userId: owner(start + i) }));
    await db.transaction().execute(async (trx) => {
      const transactions = await trx
        .insertInto('ledger_transactions')
        .values(chunk.map(({ p }) => ({ ref: `bench:paging:${p}`, created_at: BigInt(T0 + p * 1000) })))
        .returning('id')
        .execute();
      await trx
        .insertInto('ledger_entries')
        .values(
          chunk.flatMap(({ p, userId }, i) => {
            const common = { transaction_id: transactions[i].id, account_id: accountOf.get(userId)!, user_id: userId, currency: 'USDT', bucket: 'available' as const, remark: '', created_at: BigInt(T0 + p * 1000) };
            return [
              { ...common, amount: 1n, balance_after: 1n, type: 'transfer_in' },
              { ...common, amount: -1n, balance_after: 0n, type: 'transfer_out' },
            ];
          }),
        )
        .execute();
    });
    if ((start / CHUNK) % 100 === 99) console.log(`  ${(start + CHUNK) * 2} entries…`);
  }
  console.log(`  ${ENTRIES} entries (${HEAVY} of one user, the rest over ${others.length} users) in ${((performance.now() - loading) / 1000).toFixed(0)} s`);
  const { token } = await createSession(db, heavyUserId, now, { tokenIdleTtlMs: 24 * 3600 * 1000, tokenAbsoluteTtlMs: 24 * 3600 * 1000 }, { userAgent: 'bench', ip: '127.0.0.1' });
  return { heavyUserId, token };
}

/* ---------------- the pages ---------------- */

interface Kind {
  kind: string;
  query: string;
  /** what the answer must be: 20 rows, and a total exactly when the page is asked by number */
  counted: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function kinds(db: Db, heavyUserId: bigint): Promise<Kind[]> {
  /** the id of the heavy user's row `depth` rows from the newest: a cursor there starts the page after it */
  const rowAt = async (depth: number) =>
    String((await db.selectFrom('ledger_entries').select('id').where('user_id', '=', heavyUserId).orderBy('id', 'desc').limit(1).offset(depth - 1).executeTakeFirstOrThrow()).id);
  const depths = DEPTHS.filter((depth) => depth > 0 && depth <= HEAVY - PAGE_SIZE);
  const list: Kind[] = [
    { kind: 'first page (page=1)', query: `page=1&pageSize=${PAGE_SIZE}`, counted: true },
    // what the app asks (InfiniteList): the first page without a total
    { kind: 'first page, count=false (the app)', query: `page=1&pageSize=${PAGE_SIZE}&count=false`, counted: false },
  ];
  for (const depth of depths) {
    if (depth % PAGE_SIZE === 0) list.push({ kind: `offset, after ${depth} rows (page=${depth / PAGE_SIZE + 1})`, query: `page=${depth / PAGE_SIZE + 1}&pageSize=${PAGE_SIZE}`, counted: true });
  }
  for (const depth of depths) list.push({ kind: `cursor, after ${depth} rows`, query: `cursor=${await rowAt(depth)}&pageSize=${PAGE_SIZE}`, counted: false });
  list.push({ kind: `cursor, last page (after ${HEAVY - PAGE_SIZE} rows)`, query: `cursor=${await rowAt(HEAVY - PAGE_SIZE)}&pageSize=${PAGE_SIZE}`, counted: false });
  return list;
}

async function measure(db: Db, seeded: Seeded): Promise<Array<{ kind: string; p50: number; p99: number }>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-bench-paging-dist-'));
  const config = { ...loadConfig({}), logLevel: 'silent', distDir: path.join(dir, 'no-dist') };
  const app = buildApp({ db, config, logger: false });
  try {
    await app.ready();
    const results: Array<{ kind: string; p50: number; p99: number }> = [];
    for (const { kind, query, counted } of await kinds(db, seeded.heavyUserId)) {
      const get = async () => {
        const response = await app.inject({ method: 'GET', url: `${DETAILS_URL}?${query}`, headers: { authorization: `Bearer ${seeded.token}`, 'accept-language': 'zh-TW' } });
        if (response.statusCode !== 200) throw new Error(`${kind}: ${response.statusCode} ${response.body}`);
        return response.json().data as { list: unknown[]; total?: number };
      };
      const page = await get();
      if (page.list.length !== PAGE_SIZE) throw new Error(`${kind}: ${page.list.length} rows, not ${PAGE_SIZE}`);
      if (counted ? page.total !== HEAVY : 'total' in page) throw new Error(`${kind}: total ${page.total}, expected ${counted ? HEAVY : 'none'}`);
      for (let i = 0; i < WARMUP; i++) await get();
      const ms: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const started = performance.now();
        await get();
        ms.push(performance.now() - started);
      }
      ms.sort((a, b) => a - b);
      const figures = { kind, p50: Number(percentile(ms, 0.5).toFixed(1)), p99: Number(percentile(ms, 0.99).toFixed(1)) };
      console.log(`  ${kind.padEnd(48)} p50 ${String(figures.p50).padStart(7)} ms   p99 ${String(figures.p99).padStart(7)} ms`);
      results.push(figures);
    }
    return results;
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/* ---------------- configurations ---------------- */

async function runConfig(name: string): Promise<Record<string, unknown>> {
  if (name !== 'sqlite' && name !== 'pg') throw new Error(`BENCH_CONFIGS: sqlite or pg, got "${name}"`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-bench-paging-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const options: DbOptions = name === 'sqlite' ? { databaseUrl: '', sqlitePath: path.join(dir, 'bench.sqlite') } : { databaseUrl: PG_URL, databaseSchema: schema, sqlitePath: '' };
  if (name === 'pg') await adminQuery(PG_URL, `create schema ${quoteIdent(schema)}`);
  const db = createDb(options);
  try {
    console.log(`${name === 'sqlite' ? 'SQLite' : `PostgreSQL (${new URL(PG_URL).host})`}:`);
    const seeded = await seed(db);
    await sql.raw(name === 'sqlite' ? 'analyze' : 'vacuum analyze ledger_entries').execute(db);
    const pages = await measure(db, seeded);
    const ledger = await checkLedger(db);
    console.log(`  ledger check: ${ledger.ok ? 'ok' : ledger.problems.slice(0, 3).join('; ')} (${ledger.entries} entries)`);
    return { database: name, pages, slowestP99: Math.max(...pages.map((p) => p.p99)), ledgerOk: ledger.ok };
  } finally {
    await db.destroy();
    if (name === 'pg') await adminQuery(PG_URL, `drop schema ${quoteIdent(schema)} cascade`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`wallet details pages of ${PAGE_SIZE} rows: ${ENTRIES} entries, ${HEAVY} of one user; ${REPEATS} requests per kind; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const results: Record<string, unknown>[] = [];
  for (const name of CONFIGS) {
    try {
      results.push(await runConfig(name));
    } catch (error) {
      console.error(`${name}:`, error);
      results.push({ database: name, error: String(error) });
      process.exitCode = 1;
    }
  }
  console.log(JSON.stringify({ goal: `p99 < ${GOAL_MS} ms at any depth with 1 000 000 entries, on both databases`, entries: ENTRIES, heavyUserEntries: HEAVY, repeats: REPEATS, results }, null, 2));
  if (results.some((r) => r.ledgerOk === false)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
