/**
 * SIGTERM under load: the real server process (`server/main.ts`, what `npm start` runs)
 * gets SIGTERM
 * - while transfers pour in. It stops taking requests, finishes those in flight and exits 0;
 *   afterwards every acknowledged transfer is in the database, nothing is half-written (the
 *   ledger's invariants hold), and a retry of each unacknowledged one with its Idempotency-Key
 *   applies it exactly once;
 * - while its settlement job settles a backlog of days. The run stops between two orders'
 *   transactions and the process exits 0; every bill written has its posting, a day is marked
 *   settled only with all its bills, and the next run settles the rest exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { checkLedger } from '../../server/ledger/invariants';
import { addDays, dayOf } from '../../server/settlement/days';
import { settlePendingDays } from '../../server/settlement/pendingDays';
import { PAY_PASSWORD, TRANSFER_URL, deposit, newUser, transfer, type MoneyUser } from './support/ledger';
import { startTestApp, type TestApp } from './support/app';
import { DAY } from './support/clock';
import { call, insertPowerProduct, newUser as newBuyer, PAY_PASSWORD as BUYER_PAY_PASSWORD } from './products.fixture';
import { PROJECT_ROOT, startCommand } from '../projectCommand';

const TRANSFERS = 200;
const CONCURRENCY = 16;
/** SIGTERM once this many transfers were answered */
const TERM_AFTER = 40;

jest.setTimeout(180_000);

let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;
let distDir: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  alice = await newUser(t.app, t.db, t.clock);
  bob = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, '100000');
  // a stand-in for the built app, so that the server does not build one
  distDir = mkdtempSync(path.join(tmpdir(), 'powerfi-shutdown-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>PowerFi</title>');
});

afterAll(async () => {
  rmSync(distDir, { recursive: true, force: true });
  await t.close();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `extraEnv` sets the server's job schedule (server/jobSchedule.ts); by default it runs none. */
async function startServer(port: number, extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; exited: Promise<number | null>; logs: () => string }> {
  const { databaseUrl, databaseSchema, sqlitePath } = t.testDb.options;
  const child = spawn(...startCommand({
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: databaseSchema ?? '',
      SQLITE_PATH: sqlitePath,
      DIST_DIR: distDir,
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MONEY_MAX: '100000',
      JOBS_OFF: 'settlement,mallSweep',
      // the key file the test app made the users' pay-password hashes with (production never generates one)
      PAY_PASSWORD_PEPPER_FILE: path.resolve(PROJECT_ROOT, t.config.payPasswordPepper.file),
      ...extraEnv,
    },
  }));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('PowerFi listening')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening: ${output}`)));
  });
  return { child, exited, logs: () => output };
}

type Outcome = { key: string; status: number; id?: string } | { key: string; error: string };

describe('SIGTERM during a transfer load', () => {
  it('answers what it took, loses nothing acknowledged, half-writes nothing, and exits 0', async () => {
    const port = await freePort();
    const server = await startServer(port);
    const keys = Array.from({ length: TRANSFERS }, () => randomUUID());
    const outcomes: Outcome[] = [];
    let next = 0;
    let terminated = false;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++];
        try {
          const response = await fetch(`http://127.0.0.1:${port}${TRANSFER_URL}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}`, 'idempotency-key': key, 'accept-language': 'zh-TW' },
            body: JSON.stringify({ to: bob.uid, amount: '10', currency: 'USDT', payPassword: PAY_PASSWORD }),
          });
          const body = (await response.json()) as { data?: { id?: string } };
          outcomes.push({ key, status: response.status, id: body.data?.id });
        } catch (error) {
          outcomes.push({ key, error: String(error) });
        }
        if (!terminated && outcomes.length >= TERM_AFTER) {
          terminated = true;
          server.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const code = await server.exited;
    if (code !== 0) console.log("SERVER LOG", server.logs());
    expect(code).toBe(0);

    const acknowledged = outcomes.filter((o): o is Extract<Outcome, { status: number }> => 'status' in o && o.status === 200);
    expect(acknowledged.length).toBeGreaterThanOrEqual(TERM_AFTER - CONCURRENCY);
    // the server did stop taking requests: some were refused or never answered
    expect(acknowledged.length).toBeLessThan(TRANSFERS);
    const stored = await t.db.selectFrom('transfers').select('id').where('from_user_id', '=', alice.userId).execute();
    const storedIds = new Set(stored.map((row) => String(row.id)));
    for (const ack of acknowledged) expect(storedIds.has(String(ack.id))).toBe(true);
    expect((await checkLedger(t.db)).problems).toEqual([]);

    // every transfer row has its ledger posting: nothing half-written
    const posted = await t.db
      .selectFrom('ledger_transactions')
      .select(sql<number>`count(distinct ref)`.as('n'))
      .where('ref', 'in', stored.map((row) => `transfer:${row.id}`))
      .executeTakeFirstOrThrow();
    expect(Number(posted.n)).toBe(stored.length);

    // the client retries what was not acknowledged, with the same keys: each applied exactly once
    for (const outcome of outcomes.filter((o) => !('status' in o) || o.status !== 200)) {
      const retry = await transfer(t.app, alice, { to: bob.uid, amount: '10' }, outcome.key);
      expect(retry.statusCode).toBe(200);
    }
    const after = await t.db.selectFrom('transfers').select(sql<number>`count(*)`.as('n')).where('from_user_id', '=', alice.userId).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(TRANSFERS);
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });
});

describe('SIGTERM during a settlement run', () => {
  /**
   * orders × days of backlog: a run of a few seconds, so that SIGTERM lands in its middle (settled
   * in batches of SETTLE_BATCH orders, a day of 250 takes well under a second on SQLite)
   */
  const ORDERS = 250;
  const DAYS = 24;
  const OFFSET = 480;

  it('stops between two batches of orders, exits 0, half-writes nothing, and the next run settles the rest exactly once', async () => {
    // bought DAYS + 1 days ago: each order produces from the day after, up to yesterday
    t.clock.set(Date.now() - (DAYS + 1) * DAY);
    const product = await insertPowerProduct(t, { price: '1', termDays: 60, stock: 100_000 });
    const buyer = await newBuyer(t, String(ORDERS));
    for (let i = 0; i < ORDERS; i += 1) {
      const bought = await call(t, buyer, 'POST', '/product/power-order/create', { productId: product, units: 1, payPassword: BUYER_PAY_PASSWORD });
      expect(bought.status).toBe(200);
    }
    t.clock.set(Date.now());
    const yesterday = addDays(dayOf(Date.now(), OFFSET), -1);
    const orders = await t.db.selectFrom('power_orders').select(['id', 'start_day']).where('user_id', '=', buyer.id).execute();
    const firstDay = orders[0].start_day;
    expect(firstDay <= addDays(yesterday, -(DAYS - 2))).toBe(true);

    const port = await freePort();
    const server = await startServer(port, { JOBS_OFF: 'mallSweep', SETTLEMENT_FIRST_RUN_MS: '0' });
    // the first day is settled: the run is in the middle of the backlog
    while (!server.logs().includes('"msg":"settled ')) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGTERM');
    const code = await server.exited;
    if (code !== 0) console.log('SERVER LOG', server.logs());
    expect(code).toBe(0);
    expect(server.logs()).toContain('daily settlement stopped for shutdown');

    const orderIds = orders.map((order) => order.id);
    const bills = await t.db.selectFrom('power_bills').select(['order_id', 'day']).where('order_id', 'in', orderIds).execute();
    const pending = orders.length * (Number((Date.parse(yesterday) - Date.parse(firstDay)) / DAY) + 1);
    // cut short: some bills are written, not all
    expect(bills.length).toBeGreaterThan(0);
    expect(bills.length).toBeLessThan(pending);
    // nothing half-written: each bill has its payout (one entry per order and day, from its batch's
    // posting), none is paid without its bill, the ledger balances
    const paid = await t.db
      .selectFrom('ledger_entries')
      .select([sql<number>`count(*)`.as('n'), sql<bigint>`sum(amount)`.as('total')])
      .where('user_id', '=', buyer.id)
      .where('type', '=', 'power_output')
      .executeTakeFirstOrThrow();
    const billed = await t.db.selectFrom('power_bills').select(sql<bigint>`sum(net)`.as('total')).where('order_id', 'in', orderIds).executeTakeFirstOrThrow();
    expect({ entries: Number(paid.n), total: BigInt(paid.total) }).toEqual({ entries: bills.length, total: BigInt(billed.total) });
    expect((await checkLedger(t.db)).problems).toEqual([]);
    // a day is marked settled only with every order's bill
    const settledDays = await t.db.selectFrom('settled_days').select('day').where('day', '>=', firstDay).execute();
    for (const { day } of settledDays) expect(bills.filter((bill) => bill.day === day)).toHaveLength(orders.length);
    expect(settledDays.length).toBeLessThan(Number((Date.parse(yesterday) - Date.parse(firstDay)) / DAY) + 1);

    // the next run settles the rest, each order and day exactly once
    await settlePendingDays(t.db, t.clock, OFFSET);
    const after = await t.db
      .selectFrom('power_bills')
      .select([sql<number>`count(*)`.as('n'), sql<number>`count(distinct ${sql.ref('order_id')} || '|' || ${sql.ref('day')})`.as('distinct')])
      .where('order_id', 'in', orderIds)
      .executeTakeFirstOrThrow();
    expect({ n: Number(after.n), distinct: Number(after.distinct) }).toEqual({ n: pending, distinct: pending });
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });
});
