/**
 * `npm run bench:settlement`: daily settlement of one day of BENCH_ORDERS power orders (default
 * 100 000, one per user) on a fresh database: SQLite, or PostgreSQL with DATABASE_URL (a schema of
 * its own, dropped afterwards). Prints the time to settle the day, orders/s, and the time a second
 * run of the same day takes (it must settle nothing: exactly once), then checks the ledger.
 * Issue 18's goal: one day of 100 000 orders in under 2 minutes on PostgreSQL. Printed only, not a
 * test. The users and orders are inserted straight into their tables (the purchase path is not
 * what is measured).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { toUnits } from '../contract/rules/money';
import { createDb, quoteIdent, type DbOptions } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { checkLedger } from '../server/ledger/invariants';
import { settleDay } from '../server/settlement/settleDay';

const ORDERS = Number(process.env.BENCH_ORDERS || 100_000);
const CHUNK = 1_000;
const DAY = '2026-03-02';
// 2026-03-03 12:00 at UTC+8: the day is over
const NOW = Date.parse('2026-03-03T04:00:00Z');
const OFFSET_MINUTES = 480;

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL ?? '';
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-bench-settle-'));
  if (databaseUrl) await admin(databaseUrl, `create schema ${quoteIdent(schema)}`);
  const options: DbOptions = databaseUrl ? { databaseUrl, databaseSchema: schema, sqlitePath: '' } : { databaseUrl: '', sqlitePath: path.join(dir, 'bench.sqlite') };
  const db = createDb(options);
  try {
    await migrateToLatest(db);
    const clock = { now: () => NOW };
    const product = await db
      .insertInto('power_products')
      .values({
        title: 'BTC bench power', coin: 'BTC', unit: 'TH/s', price_per_unit: toUnits('10'), term_days: 30n, daily_output_per_unit: toUnits('0.00001'),
        electricity_fee_per_unit: toUnits('0.000002'), management_fee_rate: toUnits('5'), stock: BigInt(ORDERS), sold: BigInt(ORDERS), min_units: 1n,
        sale_start: 0n, sale_end: BigInt(NOW), sort: 0n, active: 1n, created_at: 0n,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const loading = performance.now();
    for (let start = 0; start < ORDERS; start += CHUNK) {
      const size = Math.min(CHUNK, ORDERS - start);
      const users = await db
        .insertInto('users')
        .values(Array.from({ length: size }, (_, i) => ({ uid: String(10_000_000 + start + i), address: `0x${(start + i).toString(16).padStart(40, '0')}`, invite_code: `B${start + i}`, inviter_id: null, pay_password_hash: null, created_at: 0n, pay_password_changed_at: null })))
        .returning('id')
        .execute();
      await db
        .insertInto('power_orders')
        .values(users.map((user) => ({
          user_id: user.id, product_id: product.id, title: 'BTC bench power', coin: 'BTC', unit: 'TH/s', units: 1n, amount_usdt: toUnits('10'),
          daily_output_per_unit: toUnits('0.00001'), electricity_fee_per_unit: toUnits('0.000002'), management_fee_rate: toUnits('5'),
          start_day: '2026-03-01', end_day: '2026-03-30', created_at: 0n,
        })))
        .execute();
    }
    console.log(`${ORDERS} orders loaded in ${((performance.now() - loading) / 1000).toFixed(1)} s on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`);

    const started = performance.now();
    const first = await settleDay(db, DAY, clock, OFFSET_MINUTES);
    const seconds = (performance.now() - started) / 1000;
    const again = performance.now();
    const second = await settleDay(db, DAY, clock, OFFSET_MINUTES);
    const secondSeconds = (performance.now() - again) / 1000;
    const ledger = await checkLedger(db);
    console.log(
      JSON.stringify(
        {
          database: databaseUrl ? 'postgresql' : 'sqlite',
          orders: ORDERS,
          settleSeconds: Number(seconds.toFixed(1)),
          ordersPerSecond: Math.round(ORDERS / seconds),
          bills: first.powerBills,
          secondRunSeconds: Number(secondSeconds.toFixed(1)),
          secondRunBills: second.powerBills,
          goal: 'one day of 100 000 orders in < 120 s on PostgreSQL',
          ledgerOk: ledger.ok,
        },
        null,
        2,
      ),
    );
    if (!ledger.ok || first.powerBills !== ORDERS || second.powerBills !== 0) process.exitCode = 1;
  } finally {
    await db.destroy();
    if (databaseUrl) await admin(databaseUrl, `drop schema ${quoteIdent(schema)} cascade`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
