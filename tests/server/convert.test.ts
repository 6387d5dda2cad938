/**
 * Conversion: pairs with rate and fee at the market's prices (here the demo feed held at the
 * seed's prices, testConfig: labelled demo), a stored quote with the exact amount received, expiry
 * after CONVERT_QUOTE_TTL_SECONDS (10 s by default; injected clock), one use per quote, limits per
 * pair, other users' quotes unusable. Prices from sources, staleness, PRICE_MOVED and the desk's
 * bound: price-actions.test.ts.
 */
import { startTestApp, type TestApp } from './support/app';
import { balanceOf, convert as convertBy, deposit, newUser, quote as quoteBy, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { QUOTE_TTL_MS } from '../../contract/rules/wallet';
import { DEFAULT_CONVERT_QUOTE_TTL_SECONDS } from '../../contract/rules/prices';
import { EXPIRED_QUOTES_KEPT_MS } from '../../server/conversions/conversions';
import { checkLedger } from '../../server/ledger/invariants';
import { toUnits } from '../../contract/rules/money';

let t: TestApp;
let alice: MoneyUser;
beforeAll(async () => {
  // sessions that outlive the day an expired quote is kept
  const week = 7 * 24 * 3600 * 1000;
  t = await startTestApp({ seed: true, config: { tokenIdleTtlMs: week, tokenAbsoluteTtlMs: week } });
  alice = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, '10000');
});
afterAll(async () => t.close());

const quote = (user: MoneyUser, from: string, to: string, amount: string) => quoteBy(t.app, user, { from, to, amount });
const convert = (user: MoneyUser, quoteId: string) => convertBy(t.app, user, quoteId);

describe('conversion', () => {
  it('lists pairs with rate, fee rate and limits at the market prices, with their age and the demo label', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/account/convert', headers: bearer(alice.token) });
    const { pairs } = response.json().data;
    const priced = { unavailable: null, priceAt: expect.any(String), priceAgeSeconds: expect.any(Number), demo: true };
    expect(pairs).toContainEqual({ from: 'USDT', to: 'BTC', rate: '0.00001538', feeRate: '0.2', minAmount: '10', maxAmount: '100000', ...priced });
    expect(pairs).toContainEqual({ from: 'BTC', to: 'USDT', rate: '65000', feeRate: '0.2', minAmount: '0.0002', maxAmount: '2', ...priced });
    expect(pairs).toHaveLength(6);
  });

  it('quotes the exact amount received and credits exactly that', async () => {
    const q = await quote(alice, 'USDT', 'ETH', '1000');
    expect(q.statusCode).toBe(200);
    // 1000 USDT at 1/3200 = 0.3125 ETH, fee 0.2 % rounded up = 0.000625
    expect(q.json().data).toMatchObject({ from: 'USDT', to: 'ETH', amount: '1000', rate: '0.0003125', fee: '0.000625', received: '0.311875', expiresInSeconds: 10, demo: true });
    const done = await convert(alice, q.json().data.quoteId);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ from: 'USDT', to: 'ETH', amount: '1000', fee: '0.000625', received: '0.311875' });
    expect(await balanceOf(t.app, alice, 'ETH')).toBe('0.311875');
    expect(await balanceOf(t.app, alice, 'USDT')).toBe('9000');
    const records = (await t.app.inject({ method: 'GET', url: '/api/v1/web/account/convert', headers: bearer(alice.token) })).json().data.records;
    expect(records.total).toBe(1);
    expect(records.list[0]).toMatchObject({ from: 'USDT', to: 'ETH', received: '0.311875' });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('values the balances in USDT at the market prices and lists the wallet currencies', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/account/account', headers: bearer(alice.token) });
    const { totalUsdt, totalPartial, balances } = response.json().data;
    // 9000 USDT + 0.311875 ETH × 3200
    expect(totalUsdt).toBe('9998');
    expect(totalPartial).toBe(false);
    expect(balances).toContainEqual({ currency: 'ETH', available: '0.311875', frozen: '0', priceUsdt: '3200', valueUsdt: '998', priceAt: expect.any(String), priceDemo: true });
    expect(balances).toContainEqual({ currency: 'BTC', available: '0', frozen: '0', priceUsdt: '65000', valueUsdt: '0', priceAt: expect.any(String), priceDemo: true });
    const only = (await t.app.inject({ method: 'GET', url: '/api/v1/web/account/account?currency=USDT', headers: bearer(alice.token) })).json().data;
    expect(only).toEqual({ totalUsdt: '9000', totalPartial: false, balances: [{ currency: 'USDT', available: '9000', frozen: '0', priceUsdt: '1', valueUsdt: '9000', priceAt: null, priceDemo: false }] });
  });

  it('uses a quote once only', async () => {
    const q = (await quote(alice, 'USDT', 'BTC', '100')).json().data;
    expect((await convert(alice, q.quoteId)).statusCode).toBe(200);
    const again = await convert(alice, q.quoteId);
    expect(again.statusCode).toBe(409);
    expect(again.json().errMessage).toBe('此報價已使用');
  });

  it('of two uses of one quote at once, converts once and tells the other it is used', async () => {
    const before = await balanceOf(t.app, alice, 'USDT');
    const q = (await quote(alice, 'USDT', 'BTC', '100')).json().data;
    const answers = await Promise.all([convert(alice, q.quoteId), convert(alice, q.quoteId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().errMessage).toBe('此報價已使用');
    expect(toUnits(before) - toUnits(await balanceOf(t.app, alice, 'USDT'))).toBe(toUnits('100'));
  });

  it('takes a quote up to the millisecond it expires', async () => {
    const q = (await quote(alice, 'USDT', 'BTC', '100')).json().data;
    t.clock.advance(QUOTE_TTL_MS);
    expect((await convert(alice, q.quoteId)).statusCode).toBe(200);
  });

  it('refuses an expired quote', async () => {
    expect(t.config.prices.quoteTtlMs).toBe(DEFAULT_CONVERT_QUOTE_TTL_SECONDS * 1000);
    expect(QUOTE_TTL_MS).toBe(10_000);
    const q = (await quote(alice, 'USDT', 'BTC', '100')).json().data;
    t.clock.advance(QUOTE_TTL_MS + 1);
    const response = await convert(alice, q.quoteId);
    expect(response.statusCode).toBe(422);
    expect(response.json().errMessage).toBe('報價已過期，請重新取得報價');
    expect(await balanceOf(t.app, alice, 'USDT')).toBe('8700');
  });

  it('keeps an expired quote for a day (it still answers expired), then a new quote clears it', async () => {
    const old = (await quote(alice, 'USDT', 'BTC', '100')).json().data;
    const stored = () => t.db.selectFrom('convert_quotes').select('id').where('id', '=', old.quoteId).execute();
    t.clock.advance(QUOTE_TTL_MS + EXPIRED_QUOTES_KEPT_MS - 1);
    expect((await quote(alice, 'USDT', 'BTC', '100')).statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
    expect((await convert(alice, old.quoteId)).json().errMessage).toBe('報價已過期，請重新取得報價');
    t.clock.advance(2);
    expect((await quote(alice, 'USDT', 'BTC', '100')).statusCode).toBe(200);
    expect(await stored()).toHaveLength(0);
  });

  it('refuses amounts outside the pair limits, unknown pairs and another user\'s quote', async () => {
    expect((await quote(alice, 'USDT', 'BTC', '9.99')).json().errMessage).toBe('兌換數量不能低於 10 USDT');
    expect((await quote(alice, 'USDT', 'BTC', '100001')).json().errMessage).toBe('兌換數量不能高於 100000 USDT');
    expect((await quote(alice, 'BTC', 'ETH', '1')).json().errMessage).toBe('不支援 BTC 兌換 ETH');
    const q = (await quote(alice, 'USDT', 'BTC', '100')).json().data;
    const mallory = await newUser(t.app, t.db, t.clock);
    const stolen = await convert(mallory, q.quoteId);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().errMessage).toBe('報價不存在，請重新取得報價');
  });

  it('refuses converting more than the balance, changing nothing', async () => {
    const poor = await newUser(t.app, t.db, t.clock);
    await deposit(t.db, t.clock, poor, '20');
    const q = (await quote(poor, 'USDT', 'BTC', '50')).json().data;
    const response = await convert(poor, q.quoteId);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errCode: 'INSUFFICIENT_BALANCE', errMessage: '餘額不足：USDT 還差 30' });
    expect(await balanceOf(t.app, poor, 'USDT')).toBe('20');
  });
});
