/**
 * `npm run bench:load`: an open-model load of a day in the life, on SQLite (one
 * process), PostgreSQL with one process and PostgreSQL with two (server/cluster.ts, a private
 * Redis for the shared rate limits). Printed figures, not a test.
 *
 * - Open model: requests are sent at a fixed arrival rate whatever the server does, and each
 *   latency counts from the time the request was scheduled, so a stall is not hidden (a closed
 *   loop would just send less).
 * - The mix: ~70 % reads (profile, balances, product and goods lists, records pages at random
 *   depth), ~20 % money (transfers, conversions, power and finance purchases, mall checkout and
 *   pay), ~10 % sign-in and mall browsing; BENCH_USERS users (default 10 000) with a seeded history
 *   of BENCH_ENTRIES ledger entries (default 1 000 000).
 * - Each configuration is stepped through BENCH_RATES (calls/s, default 100,200,400,600,800,1000,
 *   1200) for BENCH_STEP_SECONDS each (default 10), after BENCH_WARMUP_SECONDS (default 5) at the
 *   first rate, until a step misses p99 < 50 ms or has an error (its slowest kinds are printed).
 *   Printed: the highest rate that held, p50/p99 per call kind there, the servers' CPU µs per call,
 *   and a bare Fastify hello-world's highest rate under the same generator (the yardstick).
 * - The ledger's invariants are checked after every configuration.
 *
 * - Then each kind alone (BENCH_KIND_RATE calls/s for BENCH_KIND_SECONDS, default 20 and 10, a rate every kind holds alone here): its CPU
 *   per call in the serving processes and in PostgreSQL (every process named postgres on this
 *   machine), and from those a capacity model: calls/s per core by kind and for the mix, and the
 *   cores the highest rate held needs at 1×, 10× and 100×.
 *
 * BENCH_CONFIGS=sqlite,pg1,pg2 picks configurations (default sqlite,pg1; PostgreSQL ones need DATABASE_URL);
 * BENCH_MIX=reads leaves out the calls that check a pay password (what else limits the rate).
 * BENCH_SERVER_NODE_OPTIONS becomes the serving processes' NODE_OPTIONS, e.g.
 *   `--import ./bench/support/cpuProfile.mjs` for a CPU profile of the server under the mix, or
 *   `--import ./bench/support/eventLoop.mjs` for its event-loop delay and GC pauses second by second
 *   (each configuration's steps print the time they start, to read that log against).
 * BENCH_PG_WAITS=1 samples PostgreSQL's busy sessions during each step (./support/pgWaits.ts): lock
 *   waits, commits' flushes, transactions waiting for the server's next statement, the peak busy.
 * Everything runs on this machine: the generator shares the CPU with the servers, so each step
 * prints the generator's own CPU per call and its event loop's p99 lateness too. One process is
 * called at its own address, as `npm start` serves it; pg2 through server/cluster.ts's balancer.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { SiweMessage } from 'siwe';
import { toUnits } from '../contract/rules/money';
import { createSession } from '../server/auth/sessions';
import { startCluster } from '../server/cluster';
import { createDb, quoteIdent, type Db, type DbOptions } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { cliActor } from '../server/operators/actor';
import { creditDeposit } from '../server/deposits/creditByHand';
import { checkLedger } from '../server/ledger/invariants';
import { flushIntervalFor } from '../server/auth/sessionTouches';
import { loadConfig } from '../server/config';
import { hashPayPassword } from '../server/payPassword/hash';
import { openPayPasswordKeys, type PayPasswordKeys } from '../server/payPassword/pepper';
import { seedIfEmpty } from '../server/seed';
import { startPriceFeed } from '../tests/e2e/support/priceFeed';
import { freePort, startRedis } from '../tests/server/support/redis';
import { commandCpuMicros, processCpuMicros } from './support/childServer';
import { request } from './support/httpClient';
import { sampleWaits, type WaitSampler } from './support/pgWaits';
import { randomSigner } from './support/signer';

const USERS = Number(process.env.BENCH_USERS || 10_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES || 1_000_000);
const RATES = (process.env.BENCH_RATES || '100,200,400,600,800,1000,1200').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 5);
const CONFIGS = (process.env.BENCH_CONFIGS || 'sqlite,pg1').split(',');
/** BENCH_PG_WAITS=1: PostgreSQL's busy sessions sampled during each step, by state and wait event */
const WAITS = process.env.BENCH_PG_WAITS === '1';
/** the serving processes' idle limit of a session (TOKEN_IDLE_TTL_SECONDS, the server's default) */
const SESSION_IDLE_MS = loadConfig({ ...process.env, DATABASE_URL: '' }).tokenIdleTtlMs;

/** each kind alone, at this rate for this long, to measure its CPU per call */
const KIND_RATE = Number(process.env.BENCH_KIND_RATE || 20);
const KIND_SECONDS = Number(process.env.BENCH_KIND_SECONDS || 10);
/** `reads`: the mix without the calls that check a pay password */
const MIX = process.env.BENCH_MIX || 'all';
if (MIX !== 'all' && MIX !== 'reads') throw new Error(`BENCH_MIX is all or reads, got "${MIX}"`);
const P99_GOAL_MS = 50;
const LOOP_RESOLUTION_MS = 5;
const GOAL = { sqlite: 1_000, pg1: 600 } as Record<string, number | undefined>;
const PAY_PASSWORD = '246810';
const CHUNK = 1_000;

interface Seeded {
  users: Array<{ id: bigint; uid: string; token: string; addressId: string }>;
  powerId: string;
  financeId: string;
  skuId: string;
}

/* ---------------- the database: users, sessions, balances, history ---------------- */

async function seed(db: Db, keys: PayPasswordKeys): Promise<Seeded> {
  await migrateToLatest(db);
  const now = Date.now();
  await seedIfEmpty(db, now);
  const hash = hashPayPassword(keys, PAY_PASSWORD);
  const ttl = { tokenIdleTtlMs: 7 * 24 * 3600 * 1000, tokenAbsoluteTtlMs: 30 * 24 * 3600 * 1000 };
  const users: Seeded['users'] = [];
  for (let start = 0; start < USERS; start += CHUNK) {
    const rows = await db
      .insertInto('users')
      .values(Array.from({ length: Math.min(CHUNK, USERS - start) }, (_, i) => ({
        uid: String(20_000_000 + start + i), address: randomSigner().address, invite_code: `L${start + i}`, inviter_id: null,
        pay_password_hash: hash, created_at: BigInt(now - 400 * 24 * 3600 * 1000), pay_password_changed_at: BigInt(now - 400 * 24 * 3600 * 1000),
      })))
      .returning(['id', 'uid'])
      .execute();
    const addresses = await db
      .insertInto('addresses')
      .values(rows.map((row) => ({ user_id: row.id, receiver: '张三', phone: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园 1 栋', is_default: 1n, created_at: BigInt(now), updated_at: BigInt(now) })))
      .returning(['id', 'user_id'])
      .execute();
    for (const [i, row] of rows.entries()) {
      const { token } = await createSession(db, row.id, now, ttl, { userAgent: 'bench', ip: '127.0.0.1' });
      users.push({ id: row.id, uid: row.uid, token, addressId: String(addresses[i].id) });
    }
  }
  // the history: per user, pairs of +1/−1 entries (each pair one balanced ledger transaction),
  // then the deposit that funds the user, so balances and entries agree for ledger:check
  const perUser = Math.max(2, Math.floor(ENTRIES / USERS / 2) * 2);
  for (const user of users) {
    await creditDeposit(db, { uid: user.uid, network: 'ERC20', currency: 'USDT', amount: '1000000', txHash: `0x${randomBytes(32).toString('hex')}` }, { actor: cliActor('bench'), now, reason: 'bench' });
  }
  const accounts = new Map((await db.selectFrom('ledger_accounts').select(['id', 'user_id']).where('currency', '=', 'USDT').where('user_id', 'is not', null).execute()).map((a) => [a.user_id!, a.id]));
  const funded = toUnits('1000000');
  for (let first = 0; first < users.length; first += Math.max(1, Math.floor(CHUNK / perUser))) {
    const group = users.slice(first, first + Math.max(1, Math.floor(CHUNK / perUser)));
    const pairs = group.flatMap((user) => Array.from({ length: perUser / 2 }, (_, k) => ({ user, k })));
    const transactions = await db
      .insertInto('ledger_transactions')
      .values(pairs.map(({ user, k }) => ({ ref: `bench:history:${user.id}:${k}`, created_at: BigInt(now - (k + 1) * 3600 * 1000) })))
      .returning('id')
      .execute();
    await db
      .insertInto('ledger_entries')
      .values(
        pairs.flatMap(({ user, k }, i) => {
          const common = { transaction_id: transactions[i].id, account_id: accounts.get(user.id)!, user_id: user.id, currency: 'USDT', bucket: 'available' as const, remark: '', created_at: BigInt(now - (k + 1) * 3600 * 1000) };
          return [
            { ...common, amount: 1n, balance_after: funded + 1n, type: 'transfer_in' },
            { ...common, amount: -1n, balance_after: funded, type: 'transfer_out' },
          ];
        }),
      )
      .execute();
  }
  const power = await db
    .insertInto('power_products')
    .values({
      title: 'BTC load power', coin: 'BTC', unit: 'TH/s', price_per_unit: toUnits('10'), term_days: 30n, daily_output_per_unit: toUnits('0.00001'), electricity_fee_per_unit: toUnits('0.000002'),
      management_fee_rate: toUnits('5'), stock: 100_000_000n, sold: 0n, min_units: 1n, sale_start: BigInt(now - 3600_000), sale_end: BigInt(now + 365 * 24 * 3600_000), sort: -1n, active: 1n, created_at: BigInt(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const finance = await db
    .insertInto('finance_products')
    .values({ title: 'USDT load finance', currency: 'USDT', annual_rate: toUnits('7.3'), lock_days: 10n, min_amount: toUnits('10'), max_amount: toUnits('100000'), quota: toUnits('1000000000'), sold: 0n, sort: -1n, active: 1n, created_at: BigInt(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category = await db.insertInto('mall_categories').values({ name: '压测', sort: 0n }).returning('id').executeTakeFirstOrThrow();
  const goods = await db
    .insertInto('mall_goods')
    .values({ category_id: category.id, title: '压测商品', cover: '/cover.png', images: '[]', description: '', sales: 0n, sort: 0n, active: 1n, created_at: BigInt(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sku = await db.insertInto('mall_skus').values({ goods_id: goods.id, name: '标准版', price: toUnits('10'), stock: 100_000_000n, sort: 0n }).returning('id').executeTakeFirstOrThrow();
  return { users, powerId: String(power.id), financeId: String(finance.id), skuId: String(sku.id) };
}

/* ---------------- the generator ---------------- */

type Call = (base: string) => Promise<void>;

/** CPU used so far, in µs: by the serving processes and by the database server (0 for SQLite, which runs inside the server) */
type Meter = () => { server: number; database: number };

async function send(base: string, method: 'GET' | 'POST', url: string, token: string | null, body?: object, key?: string): Promise<any> {
  const response = await request(`${base}/api/v1/web${url}`, {
    method,
    headers: {
      'accept-language': 'zh-TW',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = JSON.parse(response.body) as { success: boolean; data: any; errMessage: string };
  if (response.status !== 200 || !answer.success) throw new Error(`${method} ${url}: ${response.status} ${answer.errMessage}`);
  return answer.data;
}

/** `origin`: the site the wallet signs in to (the server's PUBLIC_ORIGIN), whichever address the call goes to */
async function signInOnce(base: string, origin: string): Promise<void> {
  const wallet = randomSigner();
  const challenge = JSON.parse((await request(`${base}/api/v1/base/web/auth/nonce`)).body);
  const nonce = challenge.data as { nonce: string; expiresAt: string; chainIds: number[]; statement: string };
  const message = new SiweMessage({
    domain: new URL(origin).host, address: wallet.address, statement: nonce.statement, uri: origin, version: '1', chainId: nonce.chainIds[0], nonce: nonce.nonce,
    issuedAt: new Date().toISOString(), expirationTime: nonce.expiresAt,
  }).prepareMessage();
  const response = await request(`${base}/api/v1/base/web/auth/sign-in/wallet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message, signature: wallet.signMessage(message) }) });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status}`);
}

function mix(seeded: Seeded, origin: string): Array<{ kind: string; weight: number; call: Call }> {
  const user = () => seeded.users[Math.floor(Math.random() * seeded.users.length)];
  const other = (not: string) => {
    for (;;) {
      const candidate = user();
      if (candidate.uid !== not) return candidate;
    }
  };
  const pay = { payPassword: PAY_PASSWORD };
  const calls: Array<{ kind: string; weight: number; call: Call; checksPayPassword?: true }> = [
    { kind: 'profile', weight: 14, call: (b) => send(b, 'GET', '/user/user/profile', user().token) },
    { kind: 'balances', weight: 14, call: (b) => send(b, 'GET', '/account/account', user().token) },
    { kind: 'power products', weight: 8, call: (b) => send(b, 'GET', '/product/power', null) },
    { kind: 'goods list', weight: 8, call: (b) => send(b, 'GET', '/mall/goods', null) },
    { kind: 'records page', weight: 16, call: (b) => send(b, 'GET', `/user/wallet/details?page=${1 + Math.floor(Math.random() * 5)}&pageSize=20`, user().token) },
    { kind: 'transfers page', weight: 5, call: (b) => send(b, 'GET', '/account/transfer', user().token) },
    { kind: 'orders page', weight: 5, call: (b) => send(b, 'GET', '/product/power-order', user().token) },
    {
      kind: 'transfer', weight: 7, checksPayPassword: true, call: (b) => {
        const from = user();
        return send(b, 'POST', '/account/transfer/create', from.token, { to: other(from.uid).uid, amount: '10', currency: 'USDT', ...pay }, randomUUID());
      },
    },
    {
      kind: 'conversion', weight: 3, checksPayPassword: true, call: async (b) => {
        const who = user();
        const quote = await send(b, 'POST', '/account/convert/quote', who.token, { from: 'USDT', to: 'BTC', amount: '10' });
        await send(b, 'POST', '/account/convert/create', who.token, { quoteId: quote.quoteId, ...pay }, randomUUID());
      },
    },
    { kind: 'power purchase', weight: 3, checksPayPassword: true, call: (b) => send(b, 'POST', '/product/power-order/create', user().token, { productId: seeded.powerId, units: 1, ...pay }, randomUUID()) },
    { kind: 'finance purchase', weight: 3, checksPayPassword: true, call: (b) => send(b, 'POST', '/product/finance-order/create', user().token, { productId: seeded.financeId, amount: '10', ...pay }, randomUUID()) },
    {
      kind: 'mall checkout+pay', weight: 4, checksPayPassword: true, call: async (b) => {
        const buyer = user();
        const order = await send(b, 'POST', '/mall/order/create', buyer.token, { skuId: seeded.skuId, quantity: 1, addressId: buyer.addressId }, randomUUID());
        await send(b, 'POST', '/mall/order/pay', buyer.token, { id: order.id, ...pay }, randomUUID());
      },
    },
    { kind: 'sign-in', weight: 3, call: (b) => signInOnce(b, origin) },
    { kind: 'goods detail', weight: 7, call: (b) => send(b, 'GET', '/mall/goods?pageSize=5', null) },
  ];
  return MIX === 'reads' ? calls.filter((c) => !c.checksPayPassword) : calls;
}

interface StepResult {
  rate: number;
  ok: boolean;
  errors: number;
  firstError: string | null;
  p50: number;
  p99: number;
  perKind: Record<string, { n: number; p50: number; p99: number }>;
  cpuMicrosPerCall: number;
  databaseCpuMicrosPerCall: number;
  /** the generator's own CPU per call, and its event loop's p99 lateness: a late loop reads a response late, which counts as latency */
  generatorCpuMicrosPerCall: number;
  generatorLoopLatenessP99Ms: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0);

/** One step: `rate` arrivals per second for STEP_SECONDS, latency from each scheduled time. */
async function step(base: string, rate: number, calls: Array<{ kind: string; weight: number; call: Call }>, cpu: Meter, seconds = STEP_SECONDS): Promise<StepResult> {
  const total = calls.reduce((sum, c) => sum + c.weight, 0);
  const pick = () => {
    let r = Math.random() * total;
    for (const c of calls) if ((r -= c.weight) < 0) return c;
    return calls[calls.length - 1];
  };
  const count = Math.round(rate * seconds);
  const latencies: Array<{ kind: string; ms: number }> = [];
  let errors = 0;
  let firstError: string | null = null;
  const cpuBefore = cpu();
  const generatorBefore = process.cpuUsage();
  // the histogram records each interval between its timer's ticks, lateness plus the resolution
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();
  const start = performance.now() + 50;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    // never early (a timer may fire late: that lateness is counted, as a client's would be)
    while (performance.now() < due) await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const chosen = pick();
    inFlight.push(
      chosen.call(base).then(
        () => void latencies.push({ kind: chosen.kind, ms: performance.now() - due }),
        (error: unknown) => {
          errors++;
          firstError ??= `${chosen.kind}: ${String(error)}`;
          latencies.push({ kind: chosen.kind, ms: performance.now() - due });
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const cpuAfter = cpu();
  loopDelay.disable();
  const generator = process.cpuUsage(generatorBefore);
  const generatorCpuMicrosPerCall = Math.round((generator.user + generator.system) / count);
  const generatorLoopLatenessP99Ms = Number(Math.max(0, loopDelay.percentile(99) / 1e6 - LOOP_RESOLUTION_MS).toFixed(1));
  const cpuMicrosPerCall = (cpuAfter.server - cpuBefore.server) / count;
  const databaseCpuMicrosPerCall = (cpuAfter.database - cpuBefore.database) / count;
  const all = latencies.map((l) => l.ms).sort((a, b) => a - b);
  const perKind: StepResult['perKind'] = {};
  for (const kind of new Set(latencies.map((l) => l.kind))) {
    const ms = latencies.filter((l) => l.kind === kind).map((l) => l.ms).sort((a, b) => a - b);
    perKind[kind] = { n: ms.length, p50: Number(percentile(ms, 0.5).toFixed(1)), p99: Number(percentile(ms, 0.99).toFixed(1)) };
  }
  const p99 = percentile(all, 0.99);
  return { rate, ok: errors === 0 && p99 < P99_GOAL_MS, errors, firstError, p50: Number(percentile(all, 0.5).toFixed(1)), p99: Number(p99.toFixed(1)), perKind, cpuMicrosPerCall: Math.round(cpuMicrosPerCall), databaseCpuMicrosPerCall: Math.round(databaseCpuMicrosPerCall), generatorCpuMicrosPerCall, generatorLoopLatenessP99Ms };
}

async function climb(base: string, calls: Array<{ kind: string; weight: number; call: Call }>, cpu: Meter, waits?: () => Promise<WaitSampler>): Promise<{ best: StepResult | null; steps: StepResult[] }> {
  const steps: StepResult[] = [];
  let best: StepResult | null = null;
  // warm-up, not counted: JIT, connection pools, each user's first pay-password check
  await step(base, RATES[0], calls, cpu, WARMUP_SECONDS);
  for (const rate of RATES) {
    const sampler = await waits?.();
    const result = await step(base, rate, calls, cpu);
    steps.push(result);
    console.log(`  ${rate}/s: p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}${result.firstError ? ` (${result.firstError})` : ''}, server CPU ${result.cpuMicrosPerCall} µs/call${result.databaseCpuMicrosPerCall ? `, PostgreSQL CPU ${result.databaseCpuMicrosPerCall} µs/call` : ''}; generator CPU ${result.generatorCpuMicrosPerCall} µs/call, its loop's p99 lateness ${result.generatorLoopLatenessP99Ms} ms`);
    if (sampler) console.log(`    PostgreSQL's sessions: ${await sampler.stop()}`);
    if (!result.ok) {
      const slowest = Object.entries(result.perKind).sort((a, b) => b[1].p99 - a[1].p99).slice(0, 4);
      console.log(`    slowest kinds: ${slowest.map(([kind, figures]) => `${kind} p99 ${figures.p99} ms`).join(', ')}`);
      break;
    }
    best = result;
  }
  return { best, steps };
}

/* ---------------- CPU per call by kind, and what it means in cores ---------------- */

interface KindCost {
  kind: string;
  weight: number;
  serverCpuMicros: number;
  databaseCpuMicros: number;
}

/** CPU the processes spend a second with no calls (timers, the price feed's polls, PostgreSQL's own housekeeping) */
async function idleCpuPerSecond(cpu: Meter): Promise<{ server: number; database: number }> {
  const before = cpu();
  await new Promise((resolve) => setTimeout(resolve, KIND_SECONDS * 1000));
  const after = cpu();
  return { server: (after.server - before.server) / KIND_SECONDS, database: (after.database - before.database) / KIND_SECONDS };
}

/**
 * Each kind alone at KIND_RATE for KIND_SECONDS: the CPU one call of it costs, server and database
 * apart, less what the processes spend idle over the same time. Idle is measured before the kinds
 * and after them, and the lower taken: one window read 42 ms of server CPU a second, the next
 * run's 4 ms, and the difference moved every kind by 2 ms a call.
 */
async function costPerKind(base: string, calls: Array<{ kind: string; weight: number; call: Call }>, cpu: Meter): Promise<KindCost[]> {
  // the sessions' uses noted during the climb are written in one transaction at the next flush
  // (server/auth/sessionTouches.ts, once a minute with the default idle limit): let it pass, or it
  // lands in the window of whichever kind comes first
  await new Promise((resolve) => setTimeout(resolve, flushIntervalFor(SESSION_IDLE_MS) + 2_000));
  const idleBefore = await idleCpuPerSecond(cpu);
  const measured = [];
  for (const call of calls) measured.push({ call, result: await step(base, KIND_RATE, [call], cpu, KIND_SECONDS) });
  const idleAfter = await idleCpuPerSecond(cpu);
  const idle = { server: Math.min(idleBefore.server, idleAfter.server), database: Math.min(idleBefore.database, idleAfter.database) };
  console.log(`  idle, ${KIND_SECONDS} s before the kinds and after: server ${Math.round(idleBefore.server)} and ${Math.round(idleAfter.server)} µs, PostgreSQL ${Math.round(idleBefore.database)} and ${Math.round(idleAfter.database)} µs of CPU a second (the lower taken off each kind below)`);
  return measured.map(({ call, result }) => {
    const server = Math.max(0, Math.round(result.cpuMicrosPerCall - idle.server / KIND_RATE));
    const database = Math.max(0, Math.round(result.databaseCpuMicrosPerCall - idle.database / KIND_RATE));
    console.log(`  ${call.kind}: server ${server} µs${database ? `, PostgreSQL ${database} µs` : ''} CPU per call, p50 ${result.p50} ms${result.errors ? `, ${result.errors} errors (${result.firstError})` : ''}`);
    return { kind: call.kind, weight: call.weight, serverCpuMicros: server, databaseCpuMicros: database };
  });
}

/**
 * From the kinds' costs alone and the mix's measured CPU per call at the highest rate held: a kind
 * alone at a low rate costs more than inside the mix at speed (fixed costs per wake-up, batched
 * session and commit work), so the kinds give the shares and the mix's measured figure the scale.
 * Then calls/s per core (by kind and for the mix) and the cores a rate needs, server and database
 * apart, no core loaded past 70 % (queueing, and with it p99, grows fast beyond).
 */
function capacityModel(costs: KindCost[], best: StepResult | null, goal: number | undefined) {
  const weights = costs.reduce((sum, c) => sum + c.weight, 0);
  const aloneServer = costs.reduce((sum, c) => sum + c.weight * c.serverCpuMicros, 0) / weights;
  const aloneDatabase = costs.reduce((sum, c) => sum + c.weight * c.databaseCpuMicros, 0) / weights;
  const server = best ? best.cpuMicrosPerCall : aloneServer;
  const database = best ? best.databaseCpuMicrosPerCall : aloneDatabase;
  const scale = { server: aloneServer ? server / aloneServer : 1, database: aloneDatabase ? database / aloneDatabase : 1 };
  const usable = 0.7;
  const cores = (rate: number, micros: number) => Number(((rate * micros) / 1e6 / usable).toFixed(1));
  const base = Math.max(best?.rate ?? 0, 1);
  const rates = [...[1, 10, 100].map((times) => [`${times}× ${base}/s`, base * times] as const), ...(goal ? [[`the goal, ${goal}/s`, goal] as const] : [])];
  return {
    mixServerCpuMicros: Math.round(server),
    mixDatabaseCpuMicros: Math.round(database),
    mixServerCallsPerCore: Math.round(1e6 / Math.max(1, server)),
    mixDatabaseCallsPerCore: database ? Math.round(1e6 / database) : null,
    perKindInTheMix: costs.map((c) => ({
      kind: c.kind,
      serverCallsPerCore: Math.round(1e6 / Math.max(1, c.serverCpuMicros * scale.server)),
      databaseCallsPerCore: c.databaseCpuMicros ? Math.round(1e6 / (c.databaseCpuMicros * scale.database)) : null,
    })),
    coresAt70Percent: Object.fromEntries(rates.map(([name, rate]) => [name, { server: cores(rate, server), database: cores(rate, database) }])),
  };
}

/* ---------------- configurations ---------------- */

async function helloWorldRate(): Promise<number | null> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', `require('fastify')().get('/api/v1/web/hello', async () => ({ success: true, data: 'hi' })).listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('ready'))`], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  console.log('bare Fastify hello-world (the yardstick):');
  const { best } = await climb(`http://127.0.0.1:${port}`, [{ kind: 'hello', weight: 1, call: (b) => send(b, 'GET', '/hello', null) }], () => ({ server: processCpuMicros(child.pid!), database: 0 }));
  child.kill('SIGTERM');
  return best?.rate ?? null;
}

async function runConfig(name: string): Promise<Record<string, unknown>> {
  const pgUrl = process.env.DATABASE_URL ?? '';
  if (name !== 'sqlite' && !pgUrl) return { config: name, skipped: 'needs DATABASE_URL' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-bench-load-'));
  const schema = `load_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  if (name !== 'sqlite') await admin(`create schema ${quoteIdent(schema)}`);
  const options: DbOptions = name === 'sqlite' ? { databaseUrl: '', sqlitePath: path.join(dir, 'load.sqlite') } : { databaseUrl: pgUrl, databaseSchema: schema, sqlitePath: '' };
  const db = createDb(options);
  const redis = await startRedis();
  // the market, as in production: two loopback sources per currency that agree
  const prices = await startPriceFeed();
  try {
    const seeding = performance.now();
    // the servers run as in production, where the pepper file must exist: the bench makes one
    const pepperFile = path.join(dir, 'pay-password-pepper');
    const seeded = await seed(db, openPayPasswordKeys({ file: pepperFile, generate: true }));
    console.log(`${name}: ${USERS} users, ~${ENTRIES} history entries seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
    // PostgreSQL's autovacuum would otherwise work through the fresh million rows during the
    // measured steps, and land in one kind's CPU
    if (name !== 'sqlite') await sql`vacuum analyze`.execute(db);
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>PowerFi</title>');
    const port = await freePort();
    const cluster = await startCluster({
      processes: name === 'pg2' ? 2 : 1,
      port,
      env: {
        ...process.env, ...(name === 'sqlite' ? { DATABASE_URL: '', SQLITE_PATH: options.sqlitePath } : { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema }),
        ...prices.env, REDIS_URL: redis.url, PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, DIST_DIR: dir, NODE_ENV: 'production', LOG_LEVEL: 'warn', PAY_PASSWORD_PEPPER_FILE: pepperFile,
        RATE_LIMIT_AUTH_MAX: '100000000', RATE_LIMIT_MONEY_MAX: '100000000', JOBS_OFF: 'settlement,mallSweep',
        ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      },
    });
    try {
      console.log(`${name} (steps from ${new Date().toISOString().slice(11, 19)} UTC):`);
      const meter: Meter = () => ({ server: cluster.pids.reduce((sum, pid) => sum + processCpuMicros(pid), 0), database: name === 'sqlite' ? 0 : commandCpuMicros('postgres') });
      const calls = mix(seeded, cluster.url);
      // one process is served as `npm start` serves it, with no balancer: cluster.ts's balancer
      // runs in this process and would add its own proxying CPU beside the generator's
      const base = cluster.processUrls.length === 1 ? cluster.processUrls[0] : cluster.url;
      const { best } = await climb(base, calls, meter, name !== 'sqlite' && WAITS ? () => sampleWaits(pgUrl) : undefined);
      console.log(`${name}, each kind alone at ${KIND_RATE}/s:`);
      const costs = await costPerKind(base, calls, meter);
      const ledger = await checkLedger(db);
      return {
        config: name, goal: GOAL[name] ?? null, highestRateHeld: best?.rate ?? 0, p50: best?.p50, p99: best?.p99, perKind: best?.perKind,
        serverCpuMicrosPerCall: best?.cpuMicrosPerCall, databaseCpuMicrosPerCall: best?.databaseCpuMicrosPerCall, cpuPerKind: costs, capacity: capacityModel(costs, best, GOAL[name]),
        ledgerOk: ledger.ok, ledgerProblems: ledger.problems.slice(0, 3),
      };
    } finally {
      await cluster.stop();
    }
  } finally {
    await db.destroy();
    redis.stop();
    await prices.stop();
    if (name !== 'sqlite') await admin(`drop schema ${quoteIdent(schema)} cascade`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const hello = await helloWorldRate();
  const results = [];
  for (const name of CONFIGS) results.push(await runConfig(name));
  console.log(
    JSON.stringify(
      {
        goal: `sqlite ≥ ${GOAL.sqlite} calls/s, pg1 ≥ ${GOAL.pg1} calls/s, at p99 < ${P99_GOAL_MS} ms, full mix`,
        helloWorldRate: hello,
        results: results.map((r) => ({ ...r, ratioToHelloWorld: typeof r.highestRateHeld === 'number' && hello ? Number((r.highestRateHeld / hello).toFixed(2)) : null })),
      },
      null,
      2,
    ),
  );
  if (results.some((r) => r.ledgerOk === false)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
