/**
 * @jest-environment node
 *
 * The mocks follow the rules the server enforces, read from the same tables (contract/rules/):
 * what they serve equals the table, and a request that breaks a rule is refused with the
 * server's code and text. Every expectation is computed from the tables, so a changed table
 * changes the server, the mocks and this test together.
 */
import { contract, fullPath, allEndpoints } from '../../contract';
import { MALL_ACTIONS, type MallOrderStatusType } from '../../contract/mall';
import { fillMessage, type MessageParams } from '../../contract/messages/fill';
import { zhTW, type MessageKey } from '../../contract/messages/zh-TW';
import { DEFAULT_COMMISSION_RATE } from '../../contract/rules/invites';
import { MAX_UNPAID_ORDERS, STATUS_TABLE, type MallActionName } from '../../contract/rules/mallOrders';
import dayjs from 'dayjs';
import { fromUnits, toUnits } from '../../contract/rules/money';
import { PAY_PASSWORD_LOCK_MS, PAY_PASSWORD_MAX_FAILURES } from '../../contract/rules/payPassword';
import {
  changePercent, DEFAULT_PRICE_MAX_AGE_SECONDS, DEFAULT_PRICE_MAX_DEVIATION_PERCENT, demoPrice, MARKET_CURRENCIES, SPARKLINE_POINTS, SPARKLINE_WINDOW_MS, valueAt,
} from '../../contract/rules/prices';
import { PRICES_USDT } from '../../contract/seed/catalogue';
import {
  CONVERT_FEE_RATE, CONVERT_LIMITS, CONVERT_PAIRS, DEPOSIT_NETWORKS, POWER_EXCHANGE_FEE_RATE, POWER_EXCHANGE_MINIMUM,
  QUOTE_TTL_MS, TRANSFER_RULES,
} from '../../contract/rules/wallet';
import account from '../../mock/account';
import invite from '../../mock/invite';
import mall, { setStatus } from '../../mock/mall';
import market from '../../mock/market';
import product from '../../mock/product';
import { MARKET_CYCLE_MS, STALE_CURRENCY, STALE_PHASE_MS, stalePhase } from '../../mock/_market';
import { welcome } from '../../mock/_starter';
import { balanceOf, createUser, randomToken, state, type MockUser } from '../../mock/_state';
import { setMockNow, timestamp } from '../../mock/_time';
import { invokeMock, type MockReply } from './mockInvoke';

const routes = { ...account, ...invite, ...mall, ...product, ...market };

/**
 * The mocks' clock, at the start of the current market cycle: every price usable (FIL has none
 * for a minute of every cycle, mock/_market.ts). The market's tests move it; each test starts here.
 */
const LIVE = stalePhase(Date.now()).to - MARKET_CYCLE_MS + 1000;
beforeEach(() => setMockNow(LIVE));
afterAll(() => setMockNow(null));
type Contract = typeof contract;
const PAY_PASSWORD = '123456';

type Reply = MockReply;

function call<D extends keyof Contract>(domain: D, name: keyof Contract[D] & string, token: string, input: { query?: Record<string, unknown>; body?: unknown; params?: Record<string, string> } = {}): Reply {
  const endpoint = allEndpoints().find((e) => e.domain === domain && e.name === name)!.endpoint;
  const handler = routes[`${endpoint.method} ${fullPath(endpoint)}`];
  return invokeMock(handler, { ...input, headers: { host: 'localhost:8000', authorization: `Bearer ${token}` } });
}

function ok<D extends keyof Contract>(...args: Parameters<typeof call<D>>): any {
  const reply = call(...args);
  if (reply.status !== 200) throw new Error(`${String(args[1])} → ${reply.status} ${reply.body.errCode} ${reply.body.errMessage}`);
  return reply.body.data;
}

/** The server's refusal: its error code, the zh-TW text of its message key, and that key and its parameters. */
function expectRefusal(reply: Reply, code: string, key: MessageKey, params: MessageParams = {}): void {
  expect({ code: reply.body.errCode, text: reply.body.errMessage }).toEqual({ code, text: fillMessage(zhTW[key], params) });
  expect({ errKey: reply.body.errKey, text: fillMessage(zhTW[reply.body.errKey as MessageKey], reply.body.errParams) }).toEqual({ errKey: key, text: reply.body.errMessage });
}

/** A signed-in mock user with the starter history (balances, mined coin, a shipped order) and a pay password. */
function signedIn(): { user: MockUser; token: string } {
  const user = welcome(createUser(`0x${randomToken(20)}`));
  user.payPassword = PAY_PASSWORD;
  const token = randomToken();
  state.sessions.set(token, user.uid);
  return { user, token };
}

/** One unit (1e-8) less than `amount`. */
const justBelow = (amount: string) => fromUnits(toUnits(amount) - 1n);
const justAbove = (amount: string) => fromUnits(toUnits(amount) + 1n);

describe('transfers follow TRANSFER_RULES', () => {
  const { user, token } = signedIn();
  const { uid: recipient } = signedIn().user;

  it('serves exactly the table: currencies, fees and minimums', () => {
    const { currencies } = ok('account', 'transferOptions', token);
    expect(currencies.map(({ currency, fee, minAmount }: Record<string, string>) => ({ currency, fee, minAmount })))
      .toEqual(Object.entries(TRANSFER_RULES).map(([currency, rule]) => ({ currency, ...rule })));
  });

  it.each(Object.entries(TRANSFER_RULES))('refuses %s below its minimum with the server\'s text, sends the minimum', (currency, rule) => {
    balanceOf(user, currency).available += toUnits(rule.minAmount) + toUnits(rule.fee);
    const below = call('account', 'transferCreate', token, { body: { to: recipient, currency, amount: justBelow(rule.minAmount), payPassword: PAY_PASSWORD } });
    expect(below.status).toBe(422);
    expectRefusal(below, 'BUSINESS_RULE', 'transfer.belowMinimum', { min: rule.minAmount, currency });
    const sent = ok('account', 'transferCreate', token, { body: { to: recipient, currency, amount: rule.minAmount, payPassword: PAY_PASSWORD } });
    expect(sent).toMatchObject({ amount: rule.minAmount, fee: rule.fee });
  });

  it('refuses a currency the table does not list', () => {
    const currency = 'LTC';
    expect(TRANSFER_RULES[currency]).toBeUndefined();
    const reply = call('account', 'transferCreate', token, { body: { to: recipient, currency, amount: '100', payPassword: PAY_PASSWORD } });
    expectRefusal(reply, 'BUSINESS_RULE', 'money.unsupportedCurrency', { currency });
  });
});

describe('conversions follow CONVERT_PAIRS and CONVERT_LIMITS', () => {
  const { token } = signedIn();

  it('serves exactly the pairs of the table, with its fee rate and the limits of the currency spent', () => {
    const { pairs } = ok('account', 'convert', token);
    expect(pairs.map(({ from, to, feeRate, minAmount, maxAmount }: Record<string, string>) => ({ from, to, feeRate, minAmount, maxAmount })))
      .toEqual(CONVERT_PAIRS.map(({ from, to }) => ({ from, to, feeRate: CONVERT_FEE_RATE, ...CONVERT_LIMITS[from] })));
  });

  it.each(CONVERT_PAIRS.map(({ from, to }) => [from, to]))('quotes %s → %s within the limits only, valid for QUOTE_TTL_MS', (from, to) => {
    const { minAmount, maxAmount } = CONVERT_LIMITS[from];
    expectRefusal(call('account', 'convertQuote', token, { body: { from, to, amount: justBelow(minAmount) } }), 'BUSINESS_RULE', 'convert.belowMinimum', { min: minAmount, currency: from });
    expectRefusal(call('account', 'convertQuote', token, { body: { from, to, amount: justAbove(maxAmount) } }), 'BUSINESS_RULE', 'convert.aboveMaximum', { max: maxAmount, currency: from });
    const quote = ok('account', 'convertQuote', token, { body: { from, to, amount: maxAmount } });
    expect(quote.expiresInSeconds).toBe(QUOTE_TTL_MS / 1000);
  });

  it('refuses a pair the table does not list', () => {
    const [from, to] = ['BTC', 'ETH'];
    expect(CONVERT_PAIRS.some((p) => p.from === from && p.to === to)).toBe(false);
    expectRefusal(call('account', 'convertQuote', token, { body: { from, to, amount: '1' } }), 'BUSINESS_RULE', 'convert.unsupportedPair', { from, to });
  });
});

describe('the power exchange follows POWER_EXCHANGE_MINIMUM and POWER_EXCHANGE_FEE_RATE', () => {
  const { user, token } = signedIn();

  it('serves the table\'s fee rate and minimum for every exchangeable coin held', () => {
    const { coins } = ok('account', 'powerDetail', token);
    expect(coins.length).toBeGreaterThan(0);
    for (const coin of coins) {
      const minimum = POWER_EXCHANGE_MINIMUM[coin.coin];
      if (minimum === undefined) expect(coin.exchangeMinimum).toBeUndefined();
      else expect(coin).toMatchObject({ exchangeFeeRate: POWER_EXCHANGE_FEE_RATE, exchangeMinimum: minimum });
    }
  });

  it.each(Object.entries(POWER_EXCHANGE_MINIMUM))('refuses %s below its minimum with the server\'s text, exchanges the minimum', (coin, minimum) => {
    user.mined.set(coin, { outputYesterday: 0n, outputTotal: toUnits(minimum), available: toUnits(minimum) });
    expectRefusal(call('account', 'powerExchange', token, { body: { coin, amount: justBelow(minimum), payPassword: PAY_PASSWORD } }), 'BUSINESS_RULE', 'powerExchange.belowMinimum', { min: minimum, currency: coin });
    expectRefusal(call('account', 'powerExchange', token, { body: { coin, amount: justAbove(minimum), payPassword: PAY_PASSWORD } }), 'INSUFFICIENT_BALANCE', 'powerExchange.aboveMined', { available: minimum, currency: coin });
    expect(ok('account', 'powerExchange', token, { body: { coin, amount: minimum, payPassword: PAY_PASSWORD } }).amount).toBe(minimum);
  });
});

describe('purchases follow the seeded products\' terms', () => {
  const { user, token } = signedIn();
  balanceOf(user, 'USDT').available += toUnits('1000000');

  it.each(state.catalog.powerProducts.filter((p) => p.minUnits > 1).map((p) => [p.id, p]))('power product %s: below its minimum units is refused with the server\'s text', (_id, product) => {
    const reply = call('product', 'powerOrderCreate', token, { body: { productId: product.id, units: product.minUnits - 1, payPassword: PAY_PASSWORD } });
    expectRefusal(reply, 'BUSINESS_RULE', 'product.belowMinUnits', { min: product.minUnits, unit: product.unit });
  });

  it.each(state.catalog.financeProducts.map((p) => [p.id, p]))('finance product %s: outside its limits is refused with the server\'s text', (_id, product) => {
    const subscribe = (amount: string) => call('product', 'financeOrderCreate', token, { body: { productId: product.id, amount, payPassword: PAY_PASSWORD } });
    expectRefusal(subscribe(justBelow(product.minAmount)), 'BUSINESS_RULE', 'finance.belowMinimum', { min: product.minAmount, currency: product.currency });
    expectRefusal(subscribe(justAbove(product.maxAmount)), 'BUSINESS_RULE', 'finance.aboveMaximum', { max: product.maxAmount, currency: product.currency });
  });
});

describe('deposits and invitations', () => {
  const { token } = signedIn();

  it('serves exactly the deposit networks of the table', () => {
    const { networks } = ok('account', 'recharge', token);
    expect(networks.map(({ address: _address, ...network }: Record<string, unknown>) => network)).toEqual(DEPOSIT_NETWORKS);
  });

  it('pays the default commission rate', () => {
    expect(ok('invite', 'details', token).commissionRate).toBe(DEFAULT_COMMISSION_RATE);
  });
});

describe('mall orders follow STATUS_TABLE', () => {
  const { user, token } = signedIn();
  balanceOf(user, 'USDT').available += toUnits('100000');
  const addressId = user.addresses[0].id;
  const skuId = state.catalog.goods.flatMap((g) => g.skus).find((s) => s.stock >= 20)!.id;
  const order = (id: string) => ok('mall', 'orderDetail', token, { params: { id } });
  const create = () => ok('mall', 'orderCreate', token, { body: { skuId, quantity: 1, addressId } });

  /** A fresh order in `status`, reached by the buyer's moves (and the operator's `ship`). */
  function orderIn(status: MallOrderStatusType): string {
    const { id } = create();
    if (status === 'unpaid') return id;
    if (status === 'cancelled') return ok('mall', 'orderCancel', token, { body: { id } }).id;
    ok('mall', 'orderPay', token, { body: { id, payPassword: PAY_PASSWORD } });
    if (status === 'paid') return id;
    setStatus(user.mallOrders.find((o) => o.id === id)!, 'shipped', timestamp());
    if (status === 'shipped') return id;
    return ok('mall', 'orderConfirm', token, { body: { id } }).id;
  }

  const buyerCall: Record<MallActionName, (id: string) => Reply> = {
    pay: (id) => call('mall', 'orderPay', token, { body: { id, payPassword: PAY_PASSWORD } }),
    cancel: (id) => call('mall', 'orderCancel', token, { body: { id } }),
    confirm: (id) => call('mall', 'orderConfirm', token, { body: { id } }),
    logistics: (id) => call('mall', 'logistics', token, { params: { id } }),
  };

  it.each(Object.keys(STATUS_TABLE) as MallOrderStatusType[])('in status %s: the actions served and every move allowed or refused as the table says', (status) => {
    const allowed = MALL_ACTIONS.filter((action) => action in STATUS_TABLE[status]);
    const id = orderIn(status);
    expect(order(id)).toMatchObject({ status, actions: allowed });
    for (const action of MALL_ACTIONS.filter((a) => !allowed.includes(a))) {
      const reply = buyerCall[action](id);
      expect(reply.status).toBe(422);
      expectRefusal(reply, 'BUSINESS_RULE', `mall.refused.${action}`);
    }
    for (const action of allowed) {
      const reply = buyerCall[action](orderIn(status));
      expect(reply.status).toBe(200);
      if (action !== 'logistics') expect(reply.body.data.status).toBe(STATUS_TABLE[status][action]);
    }
    // leave no unpaid order behind for the next status
    for (const o of user.mallOrders) if (o.status === 'unpaid') ok('mall', 'orderCancel', token, { body: { id: o.id } });
  });

  it(`refuses unpaid order number ${MAX_UNPAID_ORDERS + 1}`, () => {
    for (let i = 0; i < MAX_UNPAID_ORDERS; i += 1) create();
    expectRefusal(call('mall', 'orderCreate', token, { body: { skuId, quantity: 1, addressId } }), 'BUSINESS_RULE', 'mall.tooManyUnpaid', { max: MAX_UNPAID_ORDERS });
  });
});

describe('the pay password locks after PAY_PASSWORD_MAX_FAILURES wrong tries', () => {
  const { user, token } = signedIn();
  const { uid: recipient } = signedIn().user;
  const transfer = (payPassword: string) =>
    call('account', 'transferCreate', token, { body: { to: recipient, currency: 'USDT', amount: TRANSFER_RULES.USDT.minAmount, payPassword } });

  it('counts down the tries left, forgives them after a right one, then locks for PAY_PASSWORD_LOCK_MS', () => {
    expectRefusal(transfer('000000'), 'PAY_PASSWORD_WRONG', 'payPassword.wrong', { remaining: PAY_PASSWORD_MAX_FAILURES - 1 });
    expect(transfer(PAY_PASSWORD).status).toBe(200);
    for (let tries = 1; tries < PAY_PASSWORD_MAX_FAILURES; tries += 1) {
      const reply = transfer('000000');
      expect(reply.status).toBe(422);
      expectRefusal(reply, 'PAY_PASSWORD_WRONG', 'payPassword.wrong', { remaining: PAY_PASSWORD_MAX_FAILURES - tries });
      expect(reply.body.data).toEqual({ remainingTries: PAY_PASSWORD_MAX_FAILURES - tries });
    }
    const minutes = PAY_PASSWORD_LOCK_MS / 60_000;
    const locked = transfer('000000');
    expect(locked.status).toBe(423);
    expectRefusal(locked, 'PAY_PASSWORD_LOCKED', 'payPassword.locked', { minutes });
    expect(locked.body.data).toEqual({ retryAfterMinutes: minutes });
    // locked: even the right password is refused until the lock ends
    expectRefusal(transfer(PAY_PASSWORD), 'PAY_PASSWORD_LOCKED', 'payPassword.locked', { minutes });
    user.payPasswordGuard.lockedUntil = Date.now() - 1;
    expect(transfer(PAY_PASSWORD).status).toBe(200);
  });
});

describe('refusals name their message key and parameters like the server', () => {
  const { token } = signedIn();

  it('a missing body field: validation.required with the field, the zh-TW text in errMessage', () => {
    const reply = call('account', 'transferCreate', token, { body: { to: '100001', currency: 'USDT', payPassword: PAY_PASSWORD } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ errCode: 'VALIDATION_FAILED', errMessage: '缺少必填欄位「amount」', errKey: 'validation.required', errParams: { field: 'amount' } });
  });

  it('a wrong pay password: payPassword.wrong with the tries left', () => {
    const { uid: recipient } = signedIn().user;
    const reply = call('account', 'transferCreate', token, { body: { to: recipient, currency: 'USDT', amount: '10', payPassword: '000000' } });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ errCode: 'PAY_PASSWORD_WRONG', errKey: 'payPassword.wrong', errParams: { remaining: PAY_PASSWORD_MAX_FAILURES - 1 } });
  });
});

describe('market prices follow contract/rules/prices.ts: the demo feed, moving, and FIL\'s stale phase', () => {
  const { user, token } = signedIn();
  balanceOf(user, 'USDT').available += toUnits('100000');
  balanceOf(user, STALE_CURRENCY).available += toUnits('100');
  const seed = (currency: string) => toUnits(PRICES_USDT[currency]);
  const demo = (currency: string, at: number) => fromUnits(demoPrice(currency, seed(currency), at));
  const priceOf = (currency: string) => ok('market', 'prices', token).prices.find((p: { currency: string }) => p.currency === currency);
  const balance = (currency: string) => ok('account', 'account', token).balances.find((b: { currency: string }) => b.currency === currency);
  const pair = (from: string, to: string) => ok('account', 'convert', token).pairs.find((p: { from: string; to: string }) => p.from === from && p.to === to);
  const { from: staleFrom, to: staleTo } = stalePhase(LIVE);
  /** a moment in the middle of the stale phase */
  const STALE = staleFrom + STALE_PHASE_MS / 2;

  it('serves each market currency at the demo feed\'s price now, labelled demo, with its 24-hour change and history', () => {
    const { prices } = ok('market', 'prices', token);
    expect(prices.map((p: { currency: string }) => p.currency)).toEqual([...MARKET_CURRENCIES]);
    const dayAgo = LIVE - SPARKLINE_WINDOW_MS;
    for (const price of prices) {
      const { currency } = price;
      expect(price).toMatchObject({ price: demo(currency, LIVE), usable: true, reason: null, takenAt: timestamp(dayjs(LIVE)), ageSeconds: 0, demo: true });
      expect(price.sparkline).toHaveLength(SPARKLINE_POINTS);
      // oldest first, the last point now
      expect(price.sparkline[SPARKLINE_POINTS - 1]).toBe(price.price);
      // (the stale currency's history has gaps and frozen stretches: the stale phase's test)
      if (currency === STALE_CURRENCY) continue;
      expect(price.sparkline[0]).toBe(demo(currency, dayAgo + SPARKLINE_WINDOW_MS / SPARKLINE_POINTS));
      expect(price.sparkline.every((point: string | null) => point !== null)).toBe(true);
      expect(price.change24h).toBe(changePercent(demoPrice(currency, seed(currency), dayAgo), toUnits(price.price)));
    }
  });

  it('moves: a minute later the prices, the balances\' values and the pairs\' rates follow the new price', () => {
    const before = priceOf('BTC').price;
    const products = ok('product', 'power', token, { query: { coin: 'BTC' } });
    setMockNow(LIVE + 60_000);
    const after = priceOf('BTC');
    expect(after.price).toBe(demo('BTC', LIVE + 60_000));
    expect(after.price).not.toBe(before);
    const btc = balance('BTC');
    expect(btc).toMatchObject({ priceUsdt: after.price, priceAt: timestamp(dayjs(LIVE + 60_000)), priceDemo: true });
    expect(btc.valueUsdt).toBe(fromUnits(valueAt(toUnits(btc.available) + toUnits(btc.frozen), toUnits(after.price))));
    expect(balance('USDT')).toMatchObject({ priceUsdt: '1', priceAt: null, priceDemo: false });
    expect(pair('BTC', 'USDT')).toMatchObject({ rate: after.price, unavailable: null, priceAgeSeconds: 0, demo: true });
    // the products carry no price (the calculator asks the market): their answer stays the same
    expect(ok('product', 'power', token, { query: { coin: 'BTC' } })).toEqual(products);
  });

  it(`${STALE_CURRENCY}'s price freezes before the stale phase: still usable, its age growing up to the maximum`, () => {
    const stoppedAt = staleFrom - DEFAULT_PRICE_MAX_AGE_SECONDS * 1000;
    setMockNow(staleFrom - 15_000);
    expect(priceOf(STALE_CURRENCY)).toMatchObject({ price: demo(STALE_CURRENCY, stoppedAt), usable: true, ageSeconds: DEFAULT_PRICE_MAX_AGE_SECONDS - 15 });
    expect(pair('USDT', STALE_CURRENCY)).toMatchObject({ unavailable: null, priceAgeSeconds: DEFAULT_PRICE_MAX_AGE_SECONDS - 15 });
  });

  it(`in the stale phase ${STALE_CURRENCY} has no usable price: shown as stale, not valued, not converted, not exchanged`, () => {
    const filPower = ok('product', 'power', token, { query: { coin: STALE_CURRENCY } }).list[0];
    ok('product', 'powerOrderCreate', token, { body: { productId: filPower.id, units: filPower.minUnits, payPassword: PAY_PASSWORD } });
    setMockNow(STALE);
    const stoppedAt = staleFrom - DEFAULT_PRICE_MAX_AGE_SECONDS * 1000;
    expect(priceOf(STALE_CURRENCY)).toMatchObject({
      price: demo(STALE_CURRENCY, stoppedAt), usable: false, reason: 'stale', ageSeconds: (STALE - stoppedAt) / 1000, change24h: null, demo: false,
    });
    expect(priceOf(STALE_CURRENCY).sparkline[SPARKLINE_POINTS - 1]).toBeNull();
    expect(priceOf('BTC')).toMatchObject({ usable: true, price: demo('BTC', STALE) });

    const overview = ok('account', 'account', token);
    expect(balance(STALE_CURRENCY)).toMatchObject({ priceUsdt: null, valueUsdt: null, priceAt: null, priceDemo: false });
    expect(overview.totalPartial).toBe(true);
    const valued = overview.balances.filter((b: { valueUsdt: string | null }) => b.valueUsdt !== null);
    expect(overview.totalUsdt).toBe(fromUnits(valued.reduce((sum: bigint, b: { valueUsdt: string }) => sum + toUnits(b.valueUsdt), 0n)));

    for (const [from, to] of [['USDT', STALE_CURRENCY], [STALE_CURRENCY, 'USDT']]) {
      expect(pair(from, to)).toMatchObject({ rate: null, unavailable: 'stale', priceAt: null, priceAgeSeconds: null, demo: false });
      const refused = call('account', 'convertQuote', token, { body: { from, to, amount: CONVERT_LIMITS[from].minAmount } });
      expect(refused.status).toBe(422);
      expectRefusal(refused, 'PRICE_UNAVAILABLE', 'price.unavailable', { currency: STALE_CURRENCY });
      expect(refused.body.data).toEqual({ currency: STALE_CURRENCY, reason: 'stale' });
    }
    expect(pair('USDT', 'BTC').rate).not.toBeNull();

    const product = ok('product', 'power', token, { query: { coin: STALE_CURRENCY } }).list[0];
    expect(product).toMatchObject({ id: filPower.id });
    const minimum = POWER_EXCHANGE_MINIMUM[STALE_CURRENCY];
    user.mined.set(STALE_CURRENCY, { outputYesterday: 0n, outputTotal: toUnits(minimum), available: toUnits(minimum) });
    const coin = ok('account', 'powerDetail', token).coins.find((c: { coin: string }) => c.coin === STALE_CURRENCY);
    expect(coin).toMatchObject({ available: minimum });
    for (const field of ['exchangeRate', 'exchangeFeeRate', 'exchangeMinimum']) expect(coin).not.toHaveProperty(field);
    expectRefusal(call('account', 'powerExchange', token, { body: { coin: STALE_CURRENCY, amount: minimum, payPassword: PAY_PASSWORD } }), 'PRICE_UNAVAILABLE', 'price.unavailable', { currency: STALE_CURRENCY });
    expect(user.mined.get(STALE_CURRENCY)!.available).toBe(toUnits(minimum));

    // and back after the phase
    setMockNow(staleTo + 1000);
    expect(priceOf(STALE_CURRENCY)).toMatchObject({ usable: true, price: demo(STALE_CURRENCY, staleTo + 1000), ageSeconds: 0 });
    expect(ok('account', 'account', token).totalPartial).toBe(false);
  });

  it(`${STALE_CURRENCY}'s 24-hour history has a gap at each half-hour point that fell in a stale phase`, () => {
    const { sparkline } = priceOf(STALE_CURRENCY);
    const step = SPARKLINE_WINDOW_MS / SPARKLINE_POINTS;
    const moments = sparkline.map((_: unknown, i: number) => LIVE - SPARKLINE_WINDOW_MS + (i + 1) * step);
    const gaps = sparkline.flatMap((point: string | null, i: number) => (point === null ? [i] : []));
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps).toEqual(moments.flatMap((at: number, i: number) => (at > stalePhase(at).from ? [i] : [])));
  });

  it('a quote carries the time and demo label of its prices and expires after QUOTE_TTL_MS on the mock clock', () => {
    const quote = ok('account', 'convertQuote', token, { body: { from: 'USDT', to: 'BTC', amount: '100' } });
    expect(quote).toMatchObject({ priceAt: timestamp(dayjs(LIVE)), demo: true, expiresInSeconds: QUOTE_TTL_MS / 1000 });
    setMockNow(LIVE + QUOTE_TTL_MS + 1000);
    expectRefusal(call('account', 'convertCreate', token, { body: { quoteId: quote.quoteId, payPassword: PAY_PASSWORD } }), 'BUSINESS_RULE', 'convert.quoteExpired');
  });

  it(`converting a quote whose ${STALE_CURRENCY} price went stale meanwhile is refused, and nothing moves`, () => {
    setMockNow(staleFrom - 2000);
    const quote = ok('account', 'convertQuote', token, { body: { from: 'USDT', to: STALE_CURRENCY, amount: '100' } });
    const usdtBefore = balanceOf(user, 'USDT').available;
    setMockNow(staleFrom + 2000);
    expectRefusal(call('account', 'convertCreate', token, { body: { quoteId: quote.quoteId, payPassword: PAY_PASSWORD } }), 'PRICE_UNAVAILABLE', 'price.unavailable', { currency: STALE_CURRENCY });
    expect(balanceOf(user, 'USDT').available).toBe(usdtBefore);
  });

  it(`a rate that moved more than ${DEFAULT_PRICE_MAX_DEVIATION_PERCENT} % since the quote is refused with PRICE_MOVED; within it, converted`, () => {
    const moved = ok('account', 'convertQuote', token, { body: { from: 'USDT', to: 'BTC', amount: '100' } });
    const rate = toUnits(moved.rate);
    // the deviation is measured from the quoted rate: twice the allowed share away is always out,
    // half of it always in, whatever the demo walk's rate is at this moment (rounding of a tiny
    // rate made "one unit past 1 % of the current rate" land inside 1 % of the quoted one)
    const allowed = toUnits(DEFAULT_PRICE_MAX_DEVIATION_PERCENT);
    const outside = rate + (rate * 2n * allowed) / toUnits('100');
    const inside = rate + (rate * allowed) / toUnits('200');
    // the demo walk moves far less than that within a quote's life: the quote is made to lie
    user.quotes.get(moved.quoteId)!.rate = fromUnits(outside);
    const usdtBefore = balanceOf(user, 'USDT').available;
    const refused = call('account', 'convertCreate', token, { body: { quoteId: moved.quoteId, payPassword: PAY_PASSWORD } });
    expectRefusal(refused, 'PRICE_MOVED', 'PRICE_MOVED');
    expect(refused.body.data).toEqual({ quotedRate: fromUnits(outside), rate: moved.rate });
    expect(balanceOf(user, 'USDT').available).toBe(usdtBefore);

    const within = ok('account', 'convertQuote', token, { body: { from: 'USDT', to: 'BTC', amount: '100' } });
    user.quotes.get(within.quoteId)!.rate = fromUnits(inside);
    expect(ok('account', 'convertCreate', token, { body: { quoteId: within.quoteId, payPassword: PAY_PASSWORD } }).received).toBe(within.received);
  });
});
