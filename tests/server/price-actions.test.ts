/**
 * The priced actions through the HTTP API, with ETH and BTC priced by HTTP sources served by the
 * test (FIL by the demo feed at the seed price): a quote only at a usable price (PRICE_UNAVAILABLE
 * when stale, disagreeing or halted, and nothing written); the quote's lifetime
 * (CONVERT_QUOTE_TTL_SECONDS, to the millisecond); PRICE_MOVED when the rate moved more than the
 * deviation between quote and execution (nothing moved, the quote not consumed), allowed within
 * it; the exchange desk's position bound (EXCHANGE_LIMIT); the power exchange only at a usable
 * price; balances valued only at usable prices (null and totalPartial otherwise); and
 * GET /market/prices (price, age, 24-hour change, sparkline with gaps, demo flag).
 * SQLite, or PostgreSQL when DATABASE_URL is set.
 */
import { toUnits } from '../../contract/rules/money';
import { SPARKLINE_POINTS } from '../../contract/rules/prices';
import { buildApp } from '../../server/app';
import { systemBalance } from '../../server/ledger/balances';
import { checkLedger } from '../../server/ledger/invariants';
import { pricesHalt, pricesResume } from '../../server/ops/priceCommands';
import { settleDay } from '../../server/settlement/settleDay';
import { DAY, MINUTE } from './support/clock';
import { BALANCES_URL, convert as convertBy, deposit, newUser, PAY_PASSWORD, quote as quoteBy, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { startPricedApp, type PricedApp } from './support/priceFeed';
import { MARCH_FIRST_NOON, call, insertPowerProduct, newUser as newProductUser, type TestUser } from './products.fixture';

const LONG_SESSIONS = { tokenIdleTtlMs: 60 * DAY, tokenAbsoluteTtlMs: 60 * DAY };

function api(p: PricedApp) {
  const { t } = p;
  return {
    quote: (user: MoneyUser, from: string, to: string, amount: string) => quoteBy(t.app, user, { from, to, amount }),
    convert: (user: MoneyUser, quoteId: string) => convertBy(t.app, user, quoteId),
    balances: async (user: MoneyUser) => (await t.app.inject({ method: 'GET', url: BALANCES_URL, headers: bearer(user.token) })).json().data,
    pairs: async (user: MoneyUser) => (await t.app.inject({ method: 'GET', url: '/api/v1/web/account/convert', headers: bearer(user.token) })).json().data.pairs,
    /** everything a refused action must leave as it was */
    snapshot: async () => ({
      entries: (await t.db.selectFrom('ledger_entries').select('id').execute()).length,
      conversions: (await t.db.selectFrom('conversions').select('id').execute()).length,
      quotes: await t.db.selectFrom('convert_quotes').select(['id', 'used_at']).orderBy('id').execute(),
      accounts: await t.db.selectFrom('ledger_accounts').select(['owner', 'currency', 'available', 'frozen']).orderBy('owner').orderBy('currency').execute(),
    }),
  };
}

async function ops(p: PricedApp, command: typeof pricesHalt, args: string[]): Promise<number> {
  return command.run(args, { db: p.t.db, clock: p.t.clock, config: p.t.config, print: () => undefined });
}

describe('quotes and conversions at market prices', () => {
  let p: PricedApp;
  let a: ReturnType<typeof api>;
  let alice: MoneyUser;

  beforeAll(async () => {
    p = await startPricedApp({ ETH: 2, BTC: 2 }, { PRICE_MIN_SOURCES: '2', CONVERT_QUOTE_TTL_SECONDS: '15' }, { config: LONG_SESSIONS });
    a = api(p);
    alice = await newUser(p.t.app, p.t.db, p.t.clock);
    await deposit(p.t.db, p.t.clock, alice, '100000');
    await deposit(p.t.db, p.t.clock, alice, '20', 'ETH');
    p.answer('ETH', '2500');
    p.answer('BTC', '60000');
    await p.pollNow();
  });
  afterAll(async () => p?.close());
  afterEach(async () => {
    expect((await checkLedger(p.t.db)).problems).toEqual([]);
  });

  it('lists the pairs at the fed prices, with their age; the demo-fed pair says so', async () => {
    p.t.clock.advance(4000);
    const pairs = await a.pairs(alice);
    expect(pairs).toContainEqual(expect.objectContaining({ from: 'ETH', to: 'USDT', rate: '2500', unavailable: null, priceAgeSeconds: 4, demo: false }));
    expect(pairs).toContainEqual(expect.objectContaining({ from: 'USDT', to: 'BTC', rate: '0.00001666', unavailable: null, demo: false }));
    expect(pairs).toContainEqual(expect.objectContaining({ from: 'FIL', to: 'USDT', rate: '4.5', demo: true }));
  });

  it('quotes at the fed price and records what it was priced from; converting credits exactly the quote', async () => {
    await p.pollNow();
    const q = await a.quote(alice, 'ETH', 'USDT', '1');
    expect(q.statusCode).toBe(200);
    expect(q.json().data).toMatchObject({ from: 'ETH', to: 'USDT', amount: '1', rate: '2500', fee: '5', received: '2495', expiresInSeconds: 15, demo: false });
    const stored = await p.t.db.selectFrom('convert_quotes').selectAll().where('id', '=', q.json().data.quoteId).executeTakeFirstOrThrow();
    const snapshot = await p.t.db.selectFrom('price_snapshots').select('id').where('currency', '=', 'ETH').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ price_from: toUnits('2500'), price_to: toUnits('1'), priced_at: BigInt(p.t.clock.now()), snapshot_from: snapshot.id, snapshot_to: null, expires_at: BigInt(p.t.clock.now() + 15_000) });
    expect(Number(stored.demo)).toBe(0);
    const done = await a.convert(alice, q.json().data.quoteId);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ from: 'ETH', to: 'USDT', amount: '1', rate: '2500', received: '2495' });
    const row = await p.t.db.selectFrom('conversions').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ snapshot_from: snapshot.id, snapshot_to: null, received: toUnits('2495') });
  });

  it('refuses a quote while the price is stale, and writes nothing', async () => {
    await p.pollNow();
    p.t.clock.advance(p.config.maxAgeMs + 1);
    const before = await a.snapshot();
    for (const [from, to] of [['ETH', 'USDT'], ['USDT', 'ETH']]) {
      const refused = await a.quote(alice, from, to, from === 'ETH' ? '1' : '100');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason: 'stale' } });
    }
    // the pair says why it has no rate
    expect(await a.pairs(alice)).toContainEqual(expect.objectContaining({ from: 'ETH', to: 'USDT', rate: null, unavailable: 'stale', priceAt: null, priceAgeSeconds: null }));
    expect(await a.snapshot()).toEqual(before);
  });

  it('refuses a quote while the sources disagree, and writes nothing', async () => {
    p.answer('ETH', '2500', '2600');
    await p.pollNow();
    const before = await a.snapshot();
    const refused = await a.quote(alice, 'ETH', 'USDT', '1');
    expect(refused.json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason: 'disagree' } });
    expect(await a.snapshot()).toEqual(before);
    p.answer('ETH', '2500');
  });

  it('refuses a quote while the currency is halted, and writes nothing', async () => {
    await p.pollNow();
    expect(await ops(p, pricesHalt, ['ETH', '--reason', 'test'])).toBe(0);
    const before = await a.snapshot();
    expect((await a.quote(alice, 'USDT', 'ETH', '100')).json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason: 'halted' } });
    expect(await a.snapshot()).toEqual(before);
    // the other currencies are not affected
    expect((await a.quote(alice, 'USDT', 'BTC', '100')).statusCode).toBe(200);
    await ops(p, pricesResume, ['ETH']);
    expect((await a.quote(alice, 'USDT', 'ETH', '100')).statusCode).toBe(200);
  });

  it('a quote is good for CONVERT_QUOTE_TTL_SECONDS to the millisecond', async () => {
    await p.pollNow();
    const inside = (await a.quote(alice, 'ETH', 'USDT', '0.1')).json().data;
    const outside = (await a.quote(alice, 'ETH', 'USDT', '0.1')).json().data;
    expect(inside.expiresInSeconds).toBe(15);
    p.t.clock.advance(15_000 - 1);
    expect((await a.convert(alice, inside.quoteId)).statusCode).toBe(200);
    p.t.clock.advance(2);
    const before = await a.snapshot();
    const expired = await a.convert(alice, outside.quoteId);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ errCode: 'BUSINESS_RULE', errMessage: '報價已過期，請重新取得報價' });
    expect(await a.snapshot()).toEqual(before);
  });

  it('PRICE_MOVED when the rate moved more than the deviation since the quote: nothing moves, and the quote stays usable', async () => {
    p.answer('ETH', '2500');
    await p.pollNow();
    const q = (await a.quote(alice, 'ETH', 'USDT', '2')).json().data;
    expect(q).toMatchObject({ rate: '2500', received: '4990' });
    p.answer('ETH', '2600');
    await p.pollNow();
    const before = await a.snapshot();
    const moved = await a.convert(alice, q.quoteId);
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toMatchObject({ errCode: 'PRICE_MOVED', data: { quotedRate: '2500', rate: '2600' } });
    // balances, ledger and conversions untouched; the quote was not used (its use rolled back)
    expect(await a.snapshot()).toEqual(before);
    expect((await p.t.db.selectFrom('convert_quotes').select('used_at').where('id', '=', q.quoteId).executeTakeFirstOrThrow()).used_at).toBeNull();
    // downwards the same: 1.2 % below
    p.answer('ETH', '2470');
    await p.pollNow();
    expect((await a.convert(alice, q.quoteId)).json()).toMatchObject({ errCode: 'PRICE_MOVED', data: { quotedRate: '2500', rate: '2470' } });
    // back within the deviation before the quote expires: it converts, at the quoted rate
    p.answer('ETH', '2500');
    await p.pollNow();
    const done = await a.convert(alice, q.quoteId);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ rate: '2500', received: '4990' });
  });

  it('PRICE_MOVED under an Idempotency-Key is kept like any refusal: the same key replays it, a new key converts', async () => {
    p.answer('ETH', '2500');
    await p.pollNow();
    const q = (await a.quote(alice, 'ETH', 'USDT', '1')).json().data;
    p.answer('ETH', '2600');
    await p.pollNow();
    const keyed = (key: string) => convertBy(p.t.app, alice, q.quoteId, key);
    expect((await keyed('moved-1')).json()).toMatchObject({ errCode: 'PRICE_MOVED' });
    p.answer('ETH', '2500');
    await p.pollNow();
    const replayed = await keyed('moved-1');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toMatchObject({ errCode: 'PRICE_MOVED', data: { quotedRate: '2500', rate: '2600' } });
    const fresh = await keyed('moved-2');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toMatchObject({ rate: '2500', received: '2495' });
  });

  it('converts at the quoted rate when the price moved within the deviation (both ways of the pair)', async () => {
    p.answer('ETH', '2500');
    await p.pollNow();
    const sell = (await a.quote(alice, 'ETH', 'USDT', '1')).json().data;
    const buy = (await a.quote(alice, 'USDT', 'ETH', '2500')).json().data;
    expect(buy).toMatchObject({ rate: '0.0004', received: '0.998' });
    // 1 % up exactly: 2525
    p.answer('ETH', '2525');
    await p.pollNow();
    expect((await a.convert(alice, sell.quoteId)).json().data).toMatchObject({ rate: '2500', received: '2495' });
    // USDT→ETH: 1/2525 = 0.00039603 is within 1 % of 0.0004
    expect((await a.convert(alice, buy.quoteId)).json().data).toMatchObject({ rate: '0.0004', received: '0.998' });
  });

  it('values balances only at usable prices: null and totalPartial without one', async () => {
    const bob = await newUser(p.t.app, p.t.db, p.t.clock);
    await deposit(p.t.db, p.t.clock, bob, '100');
    await deposit(p.t.db, p.t.clock, bob, '2', 'ETH');
    p.answer('ETH', '2500');
    p.answer('BTC', '60000');
    await p.pollNow();
    const fresh = await a.balances(bob);
    expect(fresh.totalPartial).toBe(false);
    expect(fresh.totalUsdt).toBe('5100');
    const priceAt = fresh.balances.find((b: { currency: string }) => b.currency === 'ETH').priceAt;
    expect(fresh.balances).toEqual(expect.arrayContaining([
      { currency: 'ETH', available: '2', frozen: '0', priceUsdt: '2500', valueUsdt: '5000', priceAt: expect.any(String), priceDemo: false },
      { currency: 'USDT', available: '100', frozen: '0', priceUsdt: '1', valueUsdt: '100', priceAt: null, priceDemo: false },
      { currency: 'FIL', available: '0', frozen: '0', priceUsdt: '4.5', valueUsdt: '0', priceAt: expect.any(String), priceDemo: true },
    ]));
    expect(priceAt).toEqual(expect.any(String));

    // ETH goes stale, BTC too (bob holds none of it: the total is still whole for BTC)
    p.t.clock.advance(p.config.maxAgeMs + 1);
    const stale = await a.balances(bob);
    expect(stale.totalUsdt).toBe('100');
    expect(stale.totalPartial).toBe(true);
    expect(stale.balances).toEqual(expect.arrayContaining([
      { currency: 'ETH', available: '2', frozen: '0', priceUsdt: null, valueUsdt: null, priceAt: null, priceDemo: false },
      { currency: 'BTC', available: '0', frozen: '0', priceUsdt: null, valueUsdt: null, priceAt: null, priceDemo: false },
    ]));
    // only the USDT balance: whole
    const usdtOnly = (await p.t.app.inject({ method: 'GET', url: `${BALANCES_URL}?currency=USDT`, headers: bearer(bob.token) })).json().data;
    expect(usdtOnly).toMatchObject({ totalUsdt: '100', totalPartial: false });
  });
});

describe('the exchange desk\'s position bound', () => {
  let p: PricedApp;
  let a: ReturnType<typeof api>;
  let alice: MoneyUser;
  const deskEth = () => systemBalance(p.t.db, 'exchange', 'ETH');

  beforeAll(async () => {
    p = await startPricedApp({ ETH: 1 }, { EXCHANGE_MAX_POSITION_ETH: '5' }, { config: LONG_SESSIONS });
    a = api(p);
    alice = await newUser(p.t.app, p.t.db, p.t.clock);
    await deposit(p.t.db, p.t.clock, alice, '100000');
    await deposit(p.t.db, p.t.clock, alice, '20', 'ETH');
    p.answer('ETH', '2500');
  });
  afterAll(async () => p?.close());
  afterEach(async () => {
    expect((await checkLedger(p.t.db)).problems).toEqual([]);
  });

  async function convert(from: string, to: string, amount: string) {
    await p.pollNow();
    const q = await a.quote(alice, from, to, amount);
    expect(q.statusCode).toBe(200);
    return a.convert(alice, q.json().data.quoteId);
  }

  it('lets the desk take up to its bound, refuses a conversion past it with EXCHANGE_LIMIT (nothing moves)', async () => {
    expect(p.config.exchangeMaxPosition.ETH).toBe(toUnits('5'));
    expect((await convert('ETH', 'USDT', '4')).statusCode).toBe(200);
    expect(await deskEth()).toBe(toUnits('4'));
    const before = await a.snapshot();
    const refused = await convert('ETH', 'USDT', '2');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errCode: 'EXCHANGE_LIMIT', data: { currency: 'ETH' } });
    expect(refused.json().errMessage).toContain('ETH');
    const after = await a.snapshot();
    // only the new quote was written, and it is unused
    const known = new Set(before.quotes.map((q) => q.id));
    expect(after.quotes.filter((q) => !known.has(q.id))).toEqual([{ id: expect.any(String), used_at: null }]);
    expect({ ...after, quotes: after.quotes.filter((q) => known.has(q.id)) }).toEqual(before);
    expect(await deskEth()).toBe(toUnits('4'));
    // exactly to the bound is allowed
    expect((await convert('ETH', 'USDT', '1')).statusCode).toBe(200);
    expect(await deskEth()).toBe(toUnits('5'));
    expect((await convert('ETH', 'USDT', '0.005')).json()).toMatchObject({ errCode: 'EXCHANGE_LIMIT' });
  });

  it('always allows a conversion that brings the desk back towards zero', async () => {
    // the desk pays out 2 ETH (received + fee): 5 → 3
    expect((await convert('USDT', 'ETH', '5000')).statusCode).toBe(200);
    expect(await deskEth()).toBe(toUnits('3'));
  });

  it('refuses one that crosses zero to past the bound on the other side', async () => {
    // 40 ETH bought: the desk would be 37 ETH short
    const crossing = await convert('USDT', 'ETH', '100000');
    expect(crossing.json()).toMatchObject({ errCode: 'EXCHANGE_LIMIT', data: { currency: 'ETH' } });
    expect(await deskEth()).toBe(toUnits('3'));
    // 8 ETH bought: 3 → -5, the bound exactly
    expect((await convert('USDT', 'ETH', '20000')).statusCode).toBe(200);
    expect(await deskEth()).toBe(-toUnits('5'));
  });

  it('with the bound lowered below the desk\'s position (a restart with a new EXCHANGE_MAX_POSITION_ETH), allows moves back towards it only', async () => {
    const lowered = buildApp({ db: p.t.db, config: { ...p.t.config, prices: { ...p.config, exchangeMaxPosition: { ...p.config.exchangeMaxPosition, ETH: toUnits('2') } } }, clock: p.t.clock, logger: false });
    try {
      const via = async (from: string, to: string, amount: string) => {
        await p.pollNow();
        const q = await quoteBy(lowered, alice, { from, to, amount });
        expect(q.statusCode).toBe(200);
        return convertBy(lowered, alice, q.json().data.quoteId);
      };
      // -5 → -4: still past the bound of 2, but nearer to zero
      expect((await via('ETH', 'USDT', '1')).statusCode).toBe(200);
      expect(await deskEth()).toBe(-toUnits('4'));
      // -4 → -4.5: further
      expect((await via('USDT', 'ETH', '1250')).json()).toMatchObject({ errCode: 'EXCHANGE_LIMIT', data: { currency: 'ETH' } });
      expect(await deskEth()).toBe(-toUnits('4'));
    } finally {
      await lowered.close();
    }
  });

  it('lets only one of two conversions at once take the last room (the second reads the position the first left)', async () => {
    // the desk is 4 ETH short, its bound 5: either purchase of 0.6 ETH fits alone, both do not
    expect(await deskEth()).toBe(-toUnits('4'));
    await p.pollNow();
    const quotes = await Promise.all([1, 2].map(async () => (await a.quote(alice, 'USDT', 'ETH', '1500')).json().data.quoteId));
    const answers = await Promise.all(quotes.map((quoteId) => a.convert(alice, quoteId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json()).toMatchObject({ errCode: 'EXCHANGE_LIMIT', data: { currency: 'ETH' } });
    expect(await deskEth()).toBe(-toUnits('4.6'));
  });
});

describe('the power exchange at market prices', () => {
  let p: PricedApp;
  let miner: TestUser;
  const exchange = (amount: string) => call(p.t, miner, 'POST', '/account/power/exchange', { coin: 'BTC', amount, payPassword: PAY_PASSWORD });
  const btcTerms = async () => (await call(p.t, miner, 'GET', '/account/power/detail')).body.data.coins.find((c: { coin: string }) => c.coin === 'BTC');

  beforeAll(async () => {
    p = await startPricedApp({ BTC: 2 }, { PRICE_MIN_SOURCES: '2' }, { config: { tokenIdleTtlMs: 30 * DAY } });
    p.t.clock.set(MARCH_FIRST_NOON);
    miner = await newProductUser(p.t, '1000');
    const productId = await insertPowerProduct(p.t, { price: '20', dailyOutput: '0.001', electricityFee: '0.0001', managementFeeRate: '5' });
    expect((await call(p.t, miner, 'POST', '/product/power-order/create', { productId, units: 10, payPassword: PAY_PASSWORD })).status).toBe(200);
    p.t.clock.set(Date.parse('2026-03-04T01:00:00+08:00'));
    await settleDay(p.t.db, '2026-03-02', p.t.clock, 480);
    await settleDay(p.t.db, '2026-03-03', p.t.clock, 480);
  });
  afterAll(async () => p?.close());

  it('is refused without a usable price (none yet, stale, disagreeing), nothing moved', async () => {
    const before = await p.t.db.selectFrom('ledger_entries').select('id').execute();
    expect((await exchange('0.001')).body).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'BTC', reason: 'stale' } });
    expect(await btcTerms()).not.toHaveProperty('exchangeRate');
    p.answer('BTC', '60000', '66000');
    await p.pollNow();
    expect((await exchange('0.001')).body).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'BTC', reason: 'disagree' } });
    expect(await p.t.db.selectFrom('ledger_entries').select('id').execute()).toHaveLength(before.length);
    expect(await p.t.db.selectFrom('power_exchanges').select('id').execute()).toEqual([]);
  });

  it('exchanges at the fed price, recording the snapshot; refused again once the price is stale', async () => {
    p.answer('BTC', '60000');
    await p.pollNow();
    expect(await btcTerms()).toMatchObject({ exchangeRate: '60000' });
    const done = await exchange('0.001');
    expect(done.status).toBe(200);
    // 0.001 × 60000 = 60, fee 0.5 % = 0.3
    expect(done.body.data).toMatchObject({ coin: 'BTC', amount: '0.001', rate: '60000', fee: '0.3', received: '59.7' });
    const snapshot = await p.t.db.selectFrom('price_snapshots').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(await p.t.db.selectFrom('power_exchanges').select(['rate', 'snapshot_id']).execute()).toEqual([{ rate: toUnits('60000'), snapshot_id: snapshot.id }]);

    p.t.clock.advance(p.config.maxAgeMs + 1);
    expect((await exchange('0.001')).body).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'BTC', reason: 'stale' } });
    expect(await btcTerms()).not.toHaveProperty('exchangeRate');
    // the product list shows no coin price without a usable one
    const products = (await call(p.t, miner, 'GET', '/product/power?coin=BTC')).body.data.list;
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) expect(product).not.toHaveProperty('coinPriceUsdt');
    expect((await checkLedger(p.t.db)).problems).toEqual([]);
  });
});

describe('GET /api/v1/web/market/prices', () => {
  let p: PricedApp;
  const STEP = 30 * MINUTE;
  const prices = async () => {
    const response = await p.t.app.inject({ method: 'GET', url: '/api/v1/web/market/prices' });
    expect(response.statusCode).toBe(200);
    return response.json().data.prices as Array<Record<string, unknown>>;
  };

  beforeAll(async () => {
    p = await startPricedApp({ ETH: 1 });
  });
  afterAll(async () => p?.close());

  it('shows each market currency without a sign-in; with no poll yet ETH has no price, the demo-fed ones say demo', async () => {
    const list = await prices();
    expect(list.map((x) => x.currency)).toEqual(['BTC', 'ETH', 'FIL']);
    expect(list[1]).toEqual({
      currency: 'ETH', price: null, usable: false, reason: 'stale', takenAt: null, ageSeconds: null, change24h: null, demo: false,
      sparkline: Array(SPARKLINE_POINTS).fill(null),
    });
    expect(list[0]).toMatchObject({ currency: 'BTC', price: '65000', usable: true, reason: null, change24h: '0.00', demo: true });
    expect(list[0].sparkline).toEqual(Array(SPARKLINE_POINTS).fill('65000'));
  });

  it('shows the price, its age, the change over 24 hours and the half-hour history with gaps', async () => {
    // a whole half hour, so the slots of the sparkline are the sample half hours
    const now = Date.UTC(2026, 4, 10, 12, 0, 0);
    const from = now - DAY;
    // the price a day ago (a few minutes before the window)
    p.t.clock.set(from - 5 * MINUTE);
    p.answer('ETH', '2000');
    await p.pollNow(0);
    // one poll in each half hour of the day but the 11th to the 20th (the feed was down), and a
    // disagreeing one in the 30th (a gap too: no usable price)
    for (let slot = 0; slot < SPARKLINE_POINTS; slot += 1) {
      if (slot >= 10 && slot < 20) continue;
      p.t.clock.set(from + slot * STEP + MINUTE);
      p.answer('ETH', slot === 29 ? null : String(2000 + slot * 10));
      await p.pollNow(0);
    }
    // the latest poll, 7 s ago
    p.t.clock.set(now - 7000);
    p.answer('ETH', '2500');
    await p.pollNow(0);
    p.t.clock.set(now);
    const eth = (await prices())[1];
    expect(eth).toMatchObject({ currency: 'ETH', price: '2500', usable: true, reason: null, ageSeconds: 7, change24h: '25.00', demo: false });
    const expected = Array.from({ length: SPARKLINE_POINTS }, (_, slot) => (slot >= 10 && slot < 20) || slot === 29 ? null : String(2000 + slot * 10));
    expect(eth.sparkline).toEqual(expected);
  });

  it('once stale: usable false, the last price for information, no change', async () => {
    p.t.clock.advance(p.config.maxAgeMs);
    const eth = (await prices())[1];
    expect(eth).toMatchObject({ price: '2500', usable: false, reason: 'stale', ageSeconds: 67, change24h: null, demo: false });
  });

  it('a fall shows a negative change', async () => {
    p.answer('ETH', '1950');
    await p.pollNow();
    const eth = (await prices())[1];
    expect(eth).toMatchObject({ price: '1950', usable: true, change24h: '-2.50' });
  });
});
