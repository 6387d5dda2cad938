/**
 * `npm run bench:settlement`: daily settlement of one day of BENCH_ORDERS power orders (default
 * 100 000, one per user) on a fresh database: SQLite, or PostgreSQL with DATABASE_URL (a schema of
 * its own, dropped afterwards). Prints the time to settle the day, orders/s, and the time a second
 * run of the same day takes (it must settle nothing: exactly once), then checks the ledger.
 * The goal: one day of 100 000 orders in under 2 minutes on PostgreSQL. Printed only, not a
 * test. The users and orders are inserted straight into their tables (the purchase path is not
 * what is measured).
 *
 * User requests beside it: the real app serves in the same (child) process as the settlement, as
 * the scheduled job does in production, while this process sends a steady stream of cheap
 * authenticated reads (the profile call, BENCH_READS_PER_10MS every 10 ms, default 3), first for
 * BENCH_BASELINE_SECONDS (default 3) with no settlement running, then during the settlement run.
 * Latency counts from each request's scheduled time (an open model: a stalled server is not given
 * fewer requests); p50/p99 of each phase are printed.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { toUnits } from '../contract/rules/money';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDb, quoteIdent, type DbOptions } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { checkLedger } from '../server/ledger/invariants';
import { SETTLE_BATCH, settleDay } from '../server/settlement/settleDay';
import { systemClock } from '../server/time';
import { PROFILE_URL, signIn, TEST_HOST } from '../tests/server/support/siwe';
import { adminQuery } from '../tests/server/support/db';
import { startChildServer } from './support/childServer';

const ORDERS = Number(process.env.BENCH_ORDERS || 100_000);
const READS_PER_TICK = Number(process.env.BENCH_READS_PER_10MS || 3);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS || 3);
const TICK_MS = 10;
const CHUNK = 1_000;
const DAY = '2026-03-02';
// 2026-03-03 12:00 at UTC+8: the day is over
const NOW = Date.parse('2026-03-03T04:00:00Z');
const OFFSET_MINUTES = 480;

interface Targets {
  appPort: number;
  controlPort: number;
  token: string;
  database: 'postgresql' | 'sqlite';
  loadSeconds: number;
}

interface SettleAnswer {
  seconds: number;
  powerBills: number;
}

/**
 * Child: a fresh database with ORDERS orders, the real app with one signed-in user, and a control
 * server (another port, same process) whose POST /settle settles the day and POST /check checks the ledger.
 */
async function serve(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL ?? '';
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-bench-settle-'));
  if (databaseUrl) await adminQuery(databaseUrl, `create schema ${quoteIdent(schema)}`);
  const options: DbOptions = databaseUrl ? { databaseUrl, databaseSchema: schema, sqlitePath: '' } : { databaseUrl: '', sqlitePath: path.join(dir, 'bench.sqlite') };
  const db = createDb(options);
  const cleanUp = async () => {
    await db.destroy();
    if (databaseUrl) await adminQuery(databaseUrl, `drop schema ${quoteIdent(schema)} cascade`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db);
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
    const loadSeconds = (performance.now() - loading) / 1000;

    // the test helpers sign messages for TEST_HOST
    const config = { ...loadConfig({ ...process.env, SQLITE_PATH: options.sqlitePath }), logLevel: process.env.LOG_LEVEL || 'warn', distDir: path.join(dir, 'no-dist'), publicOrigins: [`https://${TEST_HOST}`] };
    const app = buildApp({ db, config });
    const { token } = await signIn(app, systemClock);
    await app.listen({ port: 0, host: '127.0.0.1' });

    const clock = { now: () => NOW };
    const control = Fastify();
    control.post('/settle', async () => {
      const started = performance.now();
      const result = await settleDay(db, DAY, clock, OFFSET_MINUTES);
      return { seconds: (performance.now() - started) / 1000, powerBills: result.powerBills } satisfies SettleAnswer;
    });
    control.post('/check', async () => {
      const report = await checkLedger(db);
      return { ok: report.ok, problems: report.problems.slice(0, 10) };
    });
    await control.listen({ port: 0, host: '127.0.0.1' });

    const port = (server: http.Server) => (server.address() as { port: number }).port;
    const targets: Targets = { appPort: port(app.server), controlPort: port(control.server), token, database: databaseUrl ? 'postgresql' : 'sqlite', loadSeconds };
    process.stdout.write(`${JSON.stringify(targets)}\n`);
    process.on('SIGTERM', async () => {
      await Promise.all([app.close(), control.close()]);
      await cleanUp();
      process.exit(0);
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function request(port: number, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface Sample {
  scheduled: number;
  latency: number;
  ok: boolean;
}

/**
 * Sends READS_PER_TICK profile calls every TICK_MS until stopped: an open model, each request on
 * its schedule whatever the server does (late ticks are caught up at once), latency from its
 * scheduled time.
 */
function readStream(targets: Targets) {
  const headers = { authorization: `Bearer ${targets.token}`, 'accept-language': 'zh-TW', host: TEST_HOST };
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const origin = performance.now();
  let tick = 0;
  const fire = (scheduled: number) => {
    const sent = request(targets.appPort, 'GET', PROFILE_URL, headers).then(
      (answer) => void samples.push({ scheduled, latency: performance.now() - scheduled, ok: answer.status === 200 }),
      () => void samples.push({ scheduled, latency: performance.now() - scheduled, ok: false }),
    );
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  };
  const loop = () => {
    if (stopped) return;
    const now = performance.now();
    for (; origin + tick * TICK_MS <= now; tick += 1) for (let i = 0; i < READS_PER_TICK; i += 1) fire(origin + tick * TICK_MS);
    setTimeout(loop, Math.max(0, origin + tick * TICK_MS - performance.now()));
  };
  loop();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await Promise.all([...inFlight]);
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(samples: Sample[], from: number, to: number) {
  const inWindow = samples.filter((sample) => sample.scheduled >= from && sample.scheduled < to);
  const latencies = inWindow.map((sample) => sample.latency).sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(1));
  return {
    requests: inWindow.length,
    failed: inWindow.filter((sample) => !sample.ok).length,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies[latencies.length - 1] ?? Number.NaN),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const { targets, stop, cpuMicros } = await startChildServer<Targets>(__filename);
  try {
    console.log(`${ORDERS} orders loaded in ${targets.loadSeconds.toFixed(1)} s on ${targets.database}; ${READS_PER_TICK} profile reads every ${TICK_MS} ms beside it`);
    // warm up (JIT, statement caches), then the baseline: reads with no settlement running
    const warmUp = readStream(targets);
    await sleep(1000);
    await warmUp.stop();
    const stream = readStream(targets);
    const baselineFrom = performance.now();
    await sleep(BASELINE_SECONDS * 1000);
    const settleFrom = performance.now();
    const cpuBefore = cpuMicros();
    const first = JSON.parse((await request(targets.controlPort, 'POST', '/settle')).body) as SettleAnswer;
    const cpuSeconds = (cpuMicros() - cpuBefore) / 1e6;
    const settleTo = performance.now();
    await stream.stop();
    const second = JSON.parse((await request(targets.controlPort, 'POST', '/settle')).body) as SettleAnswer;
    const ledger = JSON.parse((await request(targets.controlPort, 'POST', '/check')).body) as { ok: boolean; problems: string[] };
    console.log(
      JSON.stringify(
        {
          database: targets.database,
          orders: ORDERS,
          batch: SETTLE_BATCH,
          settleSeconds: Number(first.seconds.toFixed(1)),
          ordersPerSecond: Math.round(ORDERS / first.seconds),
          serverCpuSecondsDuringSettlement: Number(cpuSeconds.toFixed(1)),
          bills: first.powerBills,
          secondRunSeconds: Number(second.seconds.toFixed(1)),
          secondRunBills: second.powerBills,
          goal: 'one day of 100 000 orders in < 120 s on PostgreSQL',
          ledgerOk: ledger.ok,
          readsWithoutSettlement: summary(stream.samples, baselineFrom, settleFrom),
          readsDuringSettlement: summary(stream.samples, settleFrom, settleTo),
        },
        null,
        2,
      ),
    );
    if (!ledger.ok) console.log('ledger problems:', ledger.problems);
    if (!ledger.ok || first.powerBills !== ORDERS || second.powerBills !== 0) process.exitCode = 1;
  } finally {
    agent.destroy();
    await stop();
  }
}

(process.argv[2] === 'serve' ? serve() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
