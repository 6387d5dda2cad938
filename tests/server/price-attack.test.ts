/**
 * The attack the price guards stop (docs/prices.md): the seed's fixed prices (ETH 3200 USDT) stood while the market moved, so
 * anyone could convert at a price better than the market's and drain the exchange desk. Now ETH
 * is priced by its sources (HTTP, served by the test, answering 2500): 10 ETH converts at 2500,
 * not 3200; with the sources stale, down or disagreeing, no quote is given and a quote in hand is
 * not honoured; and in production (no demo feed) a currency without sources is never priced at
 * all, least of all at the seed's price. The ledger stays whole throughout.
 * SQLite, or PostgreSQL when DATABASE_URL is set.
 */
import type { LightMyRequestResponse } from 'fastify';
import { PRICES_USDT } from '../../contract/seed/catalogue';
import { ledgerCheck } from '../../server/ops/ledgerCheck';
import { parsePriceConfig } from '../../server/prices/config';
import { startTestApp, type TestApp } from './support/app';
import { balanceOf, BALANCES_URL, convert, deposit, newUser, PAY_PASSWORD, quote, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { startPricedApp, type PricedApp } from './support/priceFeed';

async function ledgerIsWhole(t: TestApp): Promise<void> {
  const printed: Array<{ ok: boolean; problems: unknown[] }> = [];
  expect(await ledgerCheck.run([], { db: t.db, clock: t.clock, print: (value) => printed.push(value as { ok: boolean; problems: unknown[] }) })).toBe(0);
  expect(printed[0]).toMatchObject({ ok: true, problems: [] });
}

function calls(t: TestApp, user: MoneyUser) {
  return {
    quote: (from: string, to: string, amount: string) => quote(t.app, user, { from, to, amount }),
    convert: (quoteId: string) => convert(t.app, user, quoteId),
    get: (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/web${url}`, headers: bearer(user.token) }),
    quotes: async () => (await t.db.selectFrom('convert_quotes').select('id').execute()).length,
    entries: async () => (await t.db.selectFrom('ledger_entries').select('id').execute()).length,
  };
}

const refusedFor = (response: LightMyRequestResponse, reason: string) => {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'ETH', reason } });
};

describe('ETH priced by its sources at 2500 while the seed says 3200', () => {
  let p: PricedApp;
  let mallory: MoneyUser;
  let api: ReturnType<typeof calls>;

  beforeAll(async () => {
    expect(PRICES_USDT.ETH).toBe('3200');
    p = await startPricedApp({ ETH: 2 }, { PRICE_MIN_SOURCES: '2' });
    p.answer('ETH', '2500');
    mallory = await newUser(p.t.app, p.t.db, p.t.clock);
    api = calls(p.t, mallory);
    await deposit(p.t.db, p.t.clock, mallory, '10', 'ETH');
  });
  afterAll(async () => p?.close());

  it('10 ETH → USDT receives the market\'s 2500 a coin, not the seed\'s 3200', async () => {
    await p.pollNow();
    const pairs = (await api.get('/account/convert')).json().data.pairs;
    expect(pairs).toContainEqual(expect.objectContaining({ from: 'ETH', to: 'USDT', rate: '2500', demo: false }));
    const q = await api.quote('ETH', 'USDT', '10');
    expect(q.statusCode).toBe(200);
    // 25000 less the 0.2 % fee; at the seed's price it would have been 31936
    expect(q.json().data).toMatchObject({ rate: '2500', fee: '50', received: '24950', demo: false });
    const done = await api.convert(q.json().data.quoteId);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ amount: '10', rate: '2500', received: '24950' });
    expect(await balanceOf(p.t.app, mallory, 'USDT')).toBe('24950');
    expect(await balanceOf(p.t.app, mallory, 'ETH')).toBe('0');
    await ledgerIsWhole(p.t);
  });

  it('with the polls stopped past the maximum age, no quote is given and nothing is written', async () => {
    await deposit(p.t.db, p.t.clock, mallory, '10', 'ETH');
    p.t.clock.advance(p.config.maxAgeMs + 1);
    const [quotes, entries] = [await api.quotes(), await api.entries()];
    refusedFor(await api.quote('ETH', 'USDT', '10'), 'stale');
    expect(await api.quotes()).toBe(quotes);
    expect(await api.entries()).toBe(entries);
    expect((await api.get('/account/convert')).json().data.pairs).toContainEqual(expect.objectContaining({ from: 'ETH', to: 'USDT', rate: null, unavailable: 'stale' }));
  });

  it('a quote in hand is not honoured once the price has gone stale', async () => {
    await p.pollNow();
    // the price is 55 s old when quoted, 61 s when the quote (good for 10 s) is used
    p.t.clock.advance(55_000);
    const q = await api.quote('ETH', 'USDT', '10');
    expect(q.statusCode).toBe(200);
    p.t.clock.advance(6000);
    const entries = await api.entries();
    refusedFor(await api.convert(q.json().data.quoteId), 'stale');
    expect(await api.entries()).toBe(entries);
    expect(await balanceOf(p.t.app, mallory, 'ETH')).toBe('10');
  });

  it('with the sources answering HTTP 500, no quote', async () => {
    p.server.answer('/ETH/1', { status: 500, body: { price: '3200' } });
    p.server.answer('/ETH/2', { status: 500, body: { price: '3200' } });
    await p.pollNow();
    // no fresh source at all: stale
    refusedFor(await api.quote('ETH', 'USDT', '10'), 'stale');
  });

  it('with one source answering 500 a coin and the other 2500, no quote (they disagree)', async () => {
    p.answer('ETH', '500', '2500');
    await p.pollNow();
    refusedFor(await api.quote('ETH', 'USDT', '10'), 'disagree');
    refusedFor(await api.quote('USDT', 'ETH', '1000'), 'disagree');
  });

  it('back to agreeing sources, the quote is at their price again; the ledger is whole', async () => {
    p.answer('ETH', '2510', '2490');
    await p.pollNow();
    expect((await api.quote('ETH', 'USDT', '10')).json().data).toMatchObject({ rate: '2500', received: '24950' });
    expect(await balanceOf(p.t.app, mallory, 'ETH')).toBe('10');
    await ledgerIsWhole(p.t);
  });
});

describe('production: no sources, no demo feed, nothing is ever priced', () => {
  let t: TestApp;
  let user: MoneyUser;
  let api: ReturnType<typeof calls>;
  const SEED_PRICES = ['65000', '3200', '4.5'];

  beforeAll(async () => {
    const prices = parsePriceConfig({ NODE_ENV: 'production' });
    expect(prices).toMatchObject({ demo: 'off', sources: {}, minSources: 2 });
    t = await startTestApp({ seed: true, config: { prices } });
    user = await newUser(t.app, t.db, t.clock);
    api = calls(t, user);
    await deposit(t.db, t.clock, user, '1000');
    await deposit(t.db, t.clock, user, '10', 'ETH');
  });
  afterAll(async () => t?.close());

  it('no pair has a rate, and no quote of any pair is given', async () => {
    const pairs = (await api.get('/account/convert')).json().data.pairs as Array<Record<string, unknown>>;
    expect(pairs).toHaveLength(6);
    for (const pair of pairs) expect(pair).toMatchObject({ rate: null, unavailable: 'noSource', priceAt: null, demo: false });
    for (const [from, to, amount] of [['ETH', 'USDT', '10'], ['USDT', 'ETH', '100'], ['BTC', 'USDT', '0.001'], ['USDT', 'BTC', '100'], ['FIL', 'USDT', '10'], ['USDT', 'FIL', '100']]) {
      const refused = await api.quote(from, to, amount);
      expect(refused.json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: from === 'USDT' ? to : from, reason: 'noSource' } });
    }
    expect(await api.quotes()).toBe(0);
  });

  it('balances are not valued at the seed price: ETH has no value and the total says it is partial', async () => {
    const overview = (await t.app.inject({ method: 'GET', url: BALANCES_URL, headers: bearer(user.token) })).json().data;
    expect(overview).toMatchObject({ totalUsdt: '1000', totalPartial: true });
    expect(overview.balances).toContainEqual({ currency: 'ETH', available: '10', frozen: '0', priceUsdt: null, valueUsdt: null, priceAt: null, priceDemo: false });
  });

  it('the market, the products and the power exchange show and use no price', async () => {
    const market = (await api.get('/market/prices')).json().data.prices as Array<Record<string, unknown>>;
    expect(market.map((m) => [m.currency, m.price, m.usable, m.reason, m.demo])).toEqual([['BTC', null, false, 'noSource', false], ['ETH', null, false, 'noSource', false], ['FIL', null, false, 'noSource', false]]);
    for (const m of market) expect(m.sparkline).toEqual(Array(48).fill(null));
    const products = (await api.get('/product/power?pageSize=100')).json().data.list as Array<Record<string, unknown>>;
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) expect(product).not.toHaveProperty('coinPriceUsdt');
    const exchange = await t.app.inject({ method: 'POST', url: '/api/v1/web/account/power/exchange', headers: bearer(user.token), payload: { coin: 'BTC', amount: '0.001', payPassword: PAY_PASSWORD } });
    expect(exchange.json()).toMatchObject({ errCode: 'PRICE_UNAVAILABLE', data: { currency: 'BTC', reason: 'noSource' } });
  });

  it('no answer carries a seed price, and the ledger is whole', async () => {
    for (const url of ['/account/convert', '/account/account', '/market/prices', '/product/power?pageSize=100', '/account/power/detail']) {
      const response = await api.get(url);
      expect(response.statusCode).toBe(200);
      const body = response.body;
      for (const price of SEED_PRICES) expect(body).not.toContain(`"${price}"`);
    }
    await ledgerIsWhole(t);
  });
});
