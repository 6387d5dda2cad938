/**
 * The price feed with real HTTP sources (served by the test on 127.0.0.1): one poll
 * (server/prices/feed.ts pollPrices) per step of the fake clock, then what the PriceBook makes of
 * the snapshots: the median of three; one of three down still usable with PRICE_MIN_SOURCES 2,
 * fewer than that `fewSources` (none at all: `stale`); a source outside
 * PRICE_MAX_DEVIATION_PERCENT of the median `disagree` (nothing priced); `stale` once polls stop
 * for longer than PRICE_MAX_AGE_SECONDS; each snapshot recorded with every source's answer; the
 * manual breaker (ops prices:halt / prices:resume) and prices:status (in process and through the
 * command line); the job's logging; retention of the history (every poll for a day, a sample a
 * minute for 30 days). SQLite, or PostgreSQL when DATABASE_URL is set.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { toUnits } from '../../contract/rules/money';
import { parseJobSchedule } from '../../server/jobSchedule';
import { serverJobs } from '../../server/jobs';
import type { OpsCommand } from '../../server/ops/command';
import { pricesHalt, pricesResume, pricesStatus } from '../../server/ops/priceCommands';
import type { PriceConfig } from '../../server/prices/config';
import { priceFeedJobs } from '../../server/prices/job';
import { PriceBook } from '../../server/prices/market';
import { pruneSnapshots, recordSnapshot } from '../../server/prices/store';
import { migrateToLatest } from '../../server/db/migrate';
import { startTestApp, type TestApp } from './support/app';
import { createTestDb, type TestDb } from './support/db';
import { DAY, HOUR, MINUTE } from './support/clock';
import { convert, deposit, newUser, quote, type MoneyUser } from './support/ledger';
import { poll, priceConfig, startPriceServer, type PriceServer } from './support/priceFeed';
import { opsCommand } from '../projectCommand';

const silent = Fastify({ logger: false }).log;

let server: PriceServer;
let config: PriceConfig;
let book: PriceBook;
let t: TestApp;
let alice: MoneyUser;

/** what the three ETH sources answer now (null: HTTP 503) */
function answers(a: string | null, b: string | null, c: string | null): void {
  for (const [path, price] of [['/a', a], ['/b', b], ['/c', c]] as const) {
    server.answer(path, price === null ? { status: 503, body: { error: 'maintenance' } } : { body: { data: { price } } });
  }
}

/** one poll a second after the last one */
async function pollNow() {
  t.clock.advance(1000);
  const results = await poll(t.db, config, t.clock);
  expect(results.map((r) => r.currency)).toEqual(['ETH']);
  return results[0];
}

const eth = () => book.state(t.db, 'ETH', t.clock.now());
const label = (path: string) => `${server.origin.slice('http://'.length)}${path}#/data/price`;

async function ops(command: OpsCommand, args: string[]) {
  const printed: Array<Record<string, unknown>> = [];
  const code = await command.run(args, { db: t.db, clock: t.clock, config: t.config, print: (value) => printed.push(value as Record<string, unknown>) });
  return { code, printed };
}

const quoteEth = () => quote(t.app, alice, { from: 'ETH', to: 'USDT', amount: '1' });
const quoteCount = async () => (await t.db.selectFrom('convert_quotes').select('id').execute()).length;

beforeAll(async () => {
  server = await startPriceServer();
  config = priceConfig({
    PRICE_SOURCES_ETH: ['/a', '/b', '/c'].map((p) => server.url(p, '/data/price')).join(','),
    PRICE_MIN_SOURCES: '2',
    PRICE_SOURCE_TIMEOUT_MS: '1000',
  });
  book = new PriceBook(config);
  t = await startTestApp({ seed: true, config: { prices: config } });
  alice = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, '5', 'ETH');
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

describe('agreeing on a price', () => {
  it('a currency with sources has no price before its first poll (never the seed price)', async () => {
    expect(await eth()).toMatchObject({ usable: false, reason: 'stale', lastPrice: null });
    const refused = await quoteEth();
    expect(refused.json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason: 'stale' } });
  });

  it('takes the median of three fresh sources', async () => {
    answers('2490', '2500', '2510.5');
    const result = await pollNow();
    expect(result).toMatchObject({ currency: 'ETH', usable: true, price: toUnits('2500'), reason: null });
    expect(await eth()).toMatchObject({ usable: true, price: toUnits('2500'), takenAt: t.clock.now(), demo: false });
    // the demo feed still prices the currencies without sources
    expect(await book.state(t.db, 'BTC', t.clock.now())).toMatchObject({ usable: true, price: toUnits('65000'), demo: true, snapshotId: null });
  });

  it('records each poll as a snapshot with every source\'s answer', async () => {
    answers('2490', null, '2512');
    await pollNow();
    const row = await t.db.selectFrom('price_snapshots').selectAll().where('currency', '=', 'ETH').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ currency: 'ETH', price_usdt: toUnits('2501'), reason: null, taken_at: BigInt(t.clock.now()) });
    expect(Number(row.usable)).toBe(1);
    expect(JSON.parse(row.sources)).toEqual([
      { source: label('/a'), price: '2490' },
      { source: label('/b'), price: null, error: 'HTTP 503' },
      { source: label('/c'), price: '2512' },
    ]);
    expect(await eth()).toMatchObject({ usable: true, snapshotId: row.id });
  });

  it('one of three down is still usable with PRICE_MIN_SOURCES 2: the median of the two', async () => {
    answers('2490', '2510', null);
    expect(await pollNow()).toMatchObject({ usable: true, price: toUnits('2500') });
    expect(await eth()).toMatchObject({ usable: true, price: toUnits('2500') });
  });

  it('below the minimum of fresh sources: fewSources, and nothing is priced with it', async () => {
    answers('2490', null, null);
    expect(await pollNow()).toMatchObject({ usable: false, price: toUnits('2490'), reason: 'fewSources' });
    // the last agreed price is kept for information only
    expect(await eth()).toMatchObject({ usable: false, reason: 'fewSources', lastPrice: toUnits('2500') });
    await expect(book.usable(t.db, 'ETH', t.clock.now())).rejects.toMatchObject({ code: 'PRICE_UNAVAILABLE', options: { data: { currency: 'ETH', reason: 'fewSources' } } });
    const before = await quoteCount();
    expect((await quoteEth()).json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason: 'fewSources' } });
    expect(await quoteCount()).toBe(before);

  });

  it('with no fresh source at all: stale (the sources are down), the last agreed price for information', async () => {
    answers(null, null, null);
    expect(await pollNow()).toMatchObject({ usable: false, price: null, reason: 'stale' });
    expect(await eth()).toMatchObject({ usable: false, reason: 'stale', lastPrice: toUnits('2500') });
    expect((await quoteEth()).json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason: 'stale' } });
  });

  it('a source outside the deviation of the median: disagree, nothing priced (the boundary itself agrees)', async () => {
    // 1 % of 2500 is 25: 2525 is within, a hundred-millionth more is not
    answers('2500', '2500', '2525');
    expect(await pollNow()).toMatchObject({ usable: true, price: toUnits('2500') });
    answers('2500', '2500', '2525.00000001');
    expect(await pollNow()).toMatchObject({ usable: false, price: toUnits('2500'), reason: 'disagree' });
    expect(await eth()).toMatchObject({ usable: false, reason: 'disagree' });
    const before = await quoteCount();
    expect((await quoteEth()).json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason: 'disagree' } });
    expect(await quoteCount()).toBe(before);
    // one lying source of three low: the same
    answers('2000', '2500', '2500');
    expect(await pollNow()).toMatchObject({ usable: false, reason: 'disagree' });
  });

  it('goes stale once the polls stop for longer than the maximum age', async () => {
    answers('2500', '2501', '2502');
    expect(await pollNow()).toMatchObject({ usable: true, price: toUnits('2501') });
    const takenAt = t.clock.now();
    t.clock.advance(config.maxAgeMs);
    expect(await eth()).toMatchObject({ usable: true, price: toUnits('2501'), takenAt });
    expect((await quoteEth()).statusCode).toBe(200);
    t.clock.advance(1);
    expect(await eth()).toMatchObject({ usable: false, reason: 'stale', lastPrice: toUnits('2501'), lastTakenAt: takenAt });
    expect((await quoteEth()).json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason: 'stale' } });
    // the next poll that agrees makes it usable again
    expect(await pollNow()).toMatchObject({ usable: true });
    expect(await eth()).toMatchObject({ usable: true, price: toUnits('2501') });
  });
});

describe('the manual breaker and prices:status', () => {
  it('prices:status lists each market currency with its sources\' answers and exits 0 while all are usable', async () => {
    answers('2500', '2500', null);
    await pollNow();
    t.clock.advance(7000);
    const { code, printed } = await ops(pricesStatus, []);
    expect(code).toBe(0);
    expect(printed.map((line) => line.currency)).toEqual(['BTC', 'ETH', 'FIL']);
    expect(printed[1]).toEqual({
      currency: 'ETH', price: '2500', ageSeconds: 7, usable: true, reason: null, feed: 'sources',
      sources: [
        { source: label('/a'), price: '2500', error: null },
        { source: label('/b'), price: '2500', error: null },
        { source: label('/c'), price: null, error: 'HTTP 503' },
      ],
      halted: null, exchangePosition: '0', exchangeSide: 'long', exchangeBound: '400',
    });
    expect(printed[0]).toMatchObject({ currency: 'BTC', price: '65000', usable: true, feed: 'demo (fixed)', sources: [] });
  });

  it('prices:status exits 1 when a market currency has no usable price, saying why', async () => {
    t.clock.advance(config.maxAgeMs);
    const { code, printed } = await ops(pricesStatus, []);
    expect(code).toBe(1);
    expect(printed[1]).toMatchObject({ currency: 'ETH', usable: false, reason: 'stale', price: '2500', ageSeconds: 67 });
    await expect(ops(pricesStatus, ['--verbose'])).rejects.toThrow('prices:status takes no options');
  });

  it('prices:halt stops every priced action of a currency, even with fresh agreeing sources; prices:resume lifts it', async () => {
    answers('2500', '2500', '2500');
    await pollNow();
    const held = (await quoteEth()).json().data;
    expect(held.quoteId).toEqual(expect.any(String));

    const halted = await ops(pricesHalt, ['eth', '--reason', 'source exchange hacked', '--operator', 'ops-alice']);
    expect(halted).toEqual({ code: 0, printed: [{ currency: 'ETH', halted: true, changed: true, operator: 'ops-alice', reason: 'source exchange hacked' }] });
    expect(await eth()).toMatchObject({ usable: false, reason: 'halted', lastPrice: toUnits('2500') });
    const before = await quoteCount();
    expect((await quoteEth()).json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason: 'halted' } });
    expect(await quoteCount()).toBe(before);
    // a quote handed out before the halt is refused too, and nothing moves
    const ledgerBefore = await t.db.selectFrom('ledger_entries').select('id').execute();
    const converted = await convert(t.app, alice, held.quoteId);
    expect(converted.json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason: 'halted' } });
    expect(await t.db.selectFrom('ledger_entries').select('id').execute()).toHaveLength(ledgerBefore.length);
    // polls go on while halted; the halt holds
    await pollNow();
    expect(await eth()).toMatchObject({ usable: false, reason: 'halted' });

    const status = await ops(pricesStatus, []);
    expect(status.code).toBe(1);
    expect(status.printed[1]).toMatchObject({ usable: false, reason: 'halted', halted: { operator: 'cli:ops-alice', reason: 'source exchange hacked', since: new Date(t.clock.now() - 1000).toISOString() } });

    const again = await ops(pricesHalt, ['ETH', '--reason', 'second thoughts', '--operator', 'ops-bob']);
    expect(again.printed).toEqual([{ currency: 'ETH', halted: true, changed: false, note: 'already halted; the first halt stands' }]);
    expect((await t.db.selectFrom('price_halts').selectAll().execute())).toEqual([expect.objectContaining({ currency: 'ETH', operator: 'cli:ops-alice', reason: 'source exchange hacked' })]);

    expect(await ops(pricesResume, ['ETH', '--reason', 'exchange fixed', '--operator', 'ops-carol'])).toEqual({ code: 0, printed: [{ currency: 'ETH', halted: false, changed: true }] });
    // the halt and the resume are in the audit log, as from the command line; the halt that changed nothing is not
    const audit = await t.db.selectFrom('audit_log').select(['source', 'actor', 'role', 'action', 'target', 'reason']).where('target', '=', 'price:ETH').orderBy('id').execute();
    expect(audit).toEqual([
      { source: 'cli', actor: 'ops-alice', role: 'cli', action: 'price.halt', target: 'price:ETH', reason: 'source exchange hacked' },
      { source: 'cli', actor: 'ops-carol', role: 'cli', action: 'price.resume', target: 'price:ETH', reason: 'exchange fixed' },
    ]);
    expect(await eth()).toMatchObject({ usable: true, price: toUnits('2500') });
    expect((await quoteEth()).statusCode).toBe(200);
    expect((await ops(pricesResume, ['ETH'])).printed).toEqual([{ currency: 'ETH', halted: false, changed: false, note: 'was not halted' }]);
  });

  it('halts a currency priced by the demo feed too', async () => {
    await ops(pricesHalt, ['BTC', '--reason', 'test']);
    expect(await book.state(t.db, 'BTC', t.clock.now())).toMatchObject({ usable: false, reason: 'halted' });
    await ops(pricesResume, ['BTC']);
    expect(await book.state(t.db, 'BTC', t.clock.now())).toMatchObject({ usable: true, demo: true });
  });

  it('refuses a halt without a reason and anything that is not a market currency', async () => {
    await expect(ops(pricesHalt, ['ETH'])).rejects.toThrow('missing --reason');
    await expect(ops(pricesHalt, ['ETH', '--reason', '  '])).rejects.toThrow('missing --reason');
    await expect(ops(pricesHalt, ['ETH', '--reason', 'x'.repeat(201)])).rejects.toThrow('--reason is at most 200 characters');
    await expect(ops(pricesHalt, ['USDT', '--reason', 'x'])).rejects.toThrow('USDT is not a market currency');
    await expect(ops(pricesHalt, ['--reason', 'x'])).rejects.toThrow('usage: prices:halt');
    await expect(ops(pricesResume, ['DOGE'])).rejects.toThrow('DOGE is not a market currency');
    expect(await t.db.selectFrom('price_halts').selectAll().execute()).toEqual([]);
  });
});

describe('the price feed job', () => {
  it('runs only with sources, and is switched off by JOBS_OFF=priceFeed', () => {
    const names = (prices: PriceConfig, env: Record<string, string> = {}) =>
      serverJobs({ db: t.db, clock: t.clock, config: { ...t.config, prices } }, silent, parseJobSchedule({ JOBS_OFF: ['settlement', 'mallSweep', env.JOBS_OFF].filter(Boolean).join(',') })).map((job) => job.name);
    expect(names(config)).toEqual(['price feed', 'price history retention']);
    expect(names(priceConfig({}))).toEqual([]);
    expect(names(config, { JOBS_OFF: 'priceFeed' })).toEqual([]);
    expect(parseJobSchedule({ PRICE_POLL_MS: '2500' }).priceFeed).toEqual({ firstRunDelayMs: 0, intervalMs: 2500 });
    expect(parseJobSchedule({}).priceFeed).toEqual({ firstRunDelayMs: 0, intervalMs: 5000 });
  });

  it('polls at each run and logs a currency going unusable, and usable again, once at the change', async () => {
    const warnings: unknown[][] = [];
    const infos: unknown[][] = [];
    const log = { ...silent, warn: (...args: unknown[]) => warnings.push(args), info: (...args: unknown[]) => infos.push(args) } as typeof silent;
    const [feed] = priceFeedJobs({ db: t.db, clock: t.clock, config: { ...t.config, prices: config } }, log, { firstRunDelayMs: 0, intervalMs: 5000 });
    const signal = new AbortController().signal;
    try {
      answers('2500', '2500', '2500');
      t.clock.advance(1000);
      await feed.run(signal);
      expect(await eth()).toMatchObject({ usable: true, takenAt: t.clock.now() });
      answers('2500', null, null);
      for (let i = 0; i < 3; i += 1) {
        t.clock.advance(1000);
        await feed.run(signal);
      }
      expect(warnings).toHaveLength(1);
      expect(warnings[0][0]).toMatchObject({ currency: 'ETH', reason: 'fewSources' });
      answers('2500', '2500', null);
      t.clock.advance(1000);
      await feed.run(signal);
      t.clock.advance(1000);
      await feed.run(signal);
      expect(infos).toEqual([[{ currency: 'ETH' }, 'price feed: ETH usable again']]);
      expect(warnings).toHaveLength(1);
    } finally {
      feed.close?.();
    }
  });
});

describe('npm run ops -- prices:status', () => {
  let cli: TestDb;
  beforeAll(async () => {
    cli = await createTestDb();
    await migrateToLatest(cli.db);
  });
  afterAll(async () => cli?.cleanup());

  /**
   * The command in a process of its own, waited for without blocking this one. spawnSync blocked
   * it for seconds on a loaded machine: then the price server here and fetch's pool both held a
   * keep-alive socket past its time, the next poll wrote to it as the server closed it, and both
   * sources failed that poll.
   */
  function status(env: Record<string, string>): Promise<{ code: number | null; lines: Array<Record<string, unknown>> }> {
    const { databaseUrl, databaseSchema, sqlitePath } = cli.options;
    const command = opsCommand(['prices:status'], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: databaseSchema ?? '', SQLITE_PATH: sqlitePath, NODE_ENV: 'test', ...env },
    });
    const parse = (code: number, stdout: string) => ({ code, lines: stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>) });
    return promisify(execFile)(...command).then(
      ({ stdout }) => parse(0, stdout),
      // a non-zero exit is an answer here (1: a currency without a usable price); anything else is not
      (error: { code?: unknown; stdout?: string }) => {
        if (typeof error.code !== 'number') throw error;
        return parse(error.code, error.stdout ?? '');
      },
    );
  }

  it('prints a JSON line per currency and exits 1 while one has no usable price, 0 once all have', async () => {
    // a generous source timeout: on a loaded machine (CI runs suites in parallel) a local answer
    // can take over the default 3 s, and the poll then rightly finds too few sources
    const env = {
      PRICE_SOURCES_ETH: `${server.url('/a', '/data/price')},${server.url('/b', '/data/price')}`,
      PRICE_MIN_SOURCES: '2',
      PRICE_SOURCE_TIMEOUT_MS: '20000',
      PRICE_DEMO: 'fixed',
    };
    const before = await status(env);
    expect(before.code).toBe(1);
    expect(before.lines.map((line) => [line.currency, line.usable, line.reason, line.feed])).toEqual([
      ['BTC', true, null, 'demo (fixed)'], ['ETH', false, 'stale', 'sources'], ['FIL', true, null, 'demo (fixed)'],
    ]);
    expect(before.lines[1].sources).toEqual([{ source: label('/a'), price: null, error: 'no answer yet' }, { source: label('/b'), price: null, error: 'no answer yet' }]);
    // a poll by the real clock (the command line's)
    answers('2500', '2500', '2500');
    const polled = await poll(cli.db, priceConfig(env), { now: () => Date.now() });
    expect(polled.map((r) => [r.currency, r.usable, r.reason, r.sources.map((source) => source.error ?? null)])).toEqual([['ETH', true, null, [null, null]]]);
    const after = await status(env);
    expect(after.lines.map((line) => [line.currency, line.usable, line.reason])).toEqual([['BTC', true, null], ['ETH', true, null], ['FIL', true, null]]);
    expect(after.code).toBe(0);
    expect(after.lines[1]).toMatchObject({ currency: 'ETH', price: '2500', usable: true, feed: 'sources' });
    // production-style: no sources and no demo feed, nothing has a price
    const none = await status({ PRICE_DEMO: 'off' });
    expect(none.code).toBe(1);
    expect(none.lines.map((line) => [line.currency, line.price, line.reason, line.feed])).toEqual([['BTC', null, 'noSource', 'none'], ['ETH', null, 'noSource', 'none'], ['FIL', null, 'noSource', 'none']]);
  });
});

describe('retention of the price history', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await startTestApp();
  });
  afterAll(async () => r?.close());

  /** polls of FIL every 10 s for `minutes`, from `from` */
  async function polls(from: number, minutes: number): Promise<void> {
    for (let at = from; at < from + minutes * MINUTE; at += 10_000) {
      await recordSnapshot(r.db, { currency: 'FIL', price: toUnits('4.5'), usable: true, reason: null, sources: [{ source: 'test', price: '4.5' }], takenAt: at });
    }
  }
  const rows = async (from: number, to: number) =>
    r.db.selectFrom('price_snapshots').select(['taken_at', 'sample']).where('taken_at', '>=', BigInt(from)).where('taken_at', '<', BigInt(to)).orderBy('taken_at').execute();

  it('keeps every poll for a day, one sample a minute for 30 days, nothing older', async () => {
    // a half-hour boundary
    const now = Date.UTC(2026, 2, 31, 12, 0, 0);
    const month = now - 31 * DAY - 10 * MINUTE;
    const twoDays = now - 2 * DAY - 10 * MINUTE;
    const hour = now - HOUR - 10 * MINUTE;
    // 40 minutes each, across a half-hour boundary: 240 polls, 40 first-of-minute samples, 2 of them first of a half hour
    for (const from of [month, twoDays, hour]) await polls(from, 40);
    const marked = await rows(hour, hour + 40 * MINUTE);
    expect(marked).toHaveLength(240);
    expect(marked.filter((row) => Number(row.sample) >= 1)).toHaveLength(40);
    expect(marked.filter((row) => Number(row.sample) === 2).map((row) => Number(row.taken_at))).toEqual([hour, hour + 10 * MINUTE]);
    expect(marked.filter((row) => Number(row.sample) >= 1).every((row) => Number(row.taken_at) % MINUTE === 0)).toBe(true);

    expect(await pruneSnapshots(r.db, now)).toBe(240 + 200);
    expect(await rows(month, month + HOUR)).toEqual([]);
    const daysOld = await rows(twoDays, twoDays + HOUR);
    expect(daysOld).toHaveLength(40);
    expect(daysOld.every((row) => Number(row.sample) >= 1 && Number(row.taken_at) % MINUTE === 0)).toBe(true);
    expect(await rows(hour, hour + HOUR)).toHaveLength(240);
    expect(await pruneSnapshots(r.db, now)).toBe(0);

    // a day later the last hour's polls are thinned too; 29 days after that the samples go
    expect(await pruneSnapshots(r.db, now + DAY)).toBe(200);
    expect(await rows(hour, hour + HOUR)).toHaveLength(40);
    expect(await pruneSnapshots(r.db, now + 29 * DAY)).toBe(40);
    expect(await pruneSnapshots(r.db, now + 30 * DAY)).toBe(40);
    expect(await rows(0, now + DAY)).toEqual([]);
  });

  it('the retention job prunes at the clock\'s time', async () => {
    r.clock.set(Date.UTC(2026, 5, 1));
    await polls(r.clock.now() - 2 * DAY, 2);
    const jobs = priceFeedJobs({ db: r.db, clock: r.clock, config: { ...r.config, prices: config } }, silent, { firstRunDelayMs: 0, intervalMs: 5000 });
    const retention = jobs.find((job) => job.name === 'price history retention')!;
    expect(retention.intervalMs).toBe(HOUR);
    await retention.run(new AbortController().signal);
    expect(await rows(r.clock.now() - 3 * DAY, r.clock.now())).toHaveLength(2);
    for (const job of jobs) job.close?.();
  });
});
