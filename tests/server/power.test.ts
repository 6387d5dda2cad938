/**
 * The power account: exchanging mined coin to USDT (price, fee, minimum, only mined coin, idempotent) and its records.
 * The price is the demo feed's, held at the seed's 65000 (testConfig); exchanges at prices from the market's sources:
 * price-actions.test.ts.
 */
import { systemOwner, userOwner } from '../../server/ledger/accounts';
import { checkLedger } from '../../server/ledger/invariants';
import { runMoneyTransaction } from '../../server/ledger/moneyTransaction';
import { post } from '../../server/ledger/post';
import { toUnits } from '../../contract/rules/money';
import { settleDay } from '../../server/settlement/settleDay';
import { startTestApp, type TestApp } from './support/app';
import { DAY } from './support/clock';
import { MARCH_FIRST_NOON, PAY_PASSWORD, balance, call, insertPowerProduct, newUser, type TestUser } from './products.fixture';
import { systemBalance } from '../../server/ledger/balances';

let t: TestApp;
let miner: TestUser;
const exchange = (amount: string, key?: string, coin = 'BTC', payPassword = PAY_PASSWORD) =>
  call(t, miner, 'POST', '/account/power/exchange', { coin, amount, payPassword }, key);

beforeAll(async () => {
  t = await startTestApp({ config: { tokenIdleTtlMs: 30 * DAY } });
  t.clock.set(MARCH_FIRST_NOON);
  miner = await newUser(t, '1000');
  // 10 TH/s: gross 0.01, management 5 % 0.0005, electricity 0.001 → net 0.0085 BTC a day
  const productId = await insertPowerProduct(t, { price: '20', dailyOutput: '0.001', electricityFee: '0.0001', managementFeeRate: '5' });
  expect((await call(t, miner, 'POST', '/product/power-order/create', { productId, units: 10, payPassword: PAY_PASSWORD })).status).toBe(200);
  // one BTC that was deposited, not mined: the power exchange must not spend it
  await runMoneyTransaction(t.db, (trx) => post(trx, {
    ref: 'test:btc', now: t.clock.now(),
    lines: [
      { owner: userOwner(miner.id), currency: 'BTC', amount: toUnits('1'), type: 'deposit' },
      { owner: systemOwner('deposits'), currency: 'BTC', amount: -toUnits('1'), type: 'deposit' },
    ],
  }));
  t.clock.set(Date.parse('2026-03-04T01:00:00+08:00'));
  await settleDay(t.db, '2026-03-02', t.clock, 480);
  await settleDay(t.db, '2026-03-03', t.clock, 480);
});
afterAll(async () => t.close());

describe('power exchange', () => {
  it('exchanges mined coin at the market price minus a 0.5 % fee', async () => {
    const usdt = (await balance(t, miner.id, 'USDT')).available;
    const answer = await exchange('0.01', 'ex-1');
    expect(answer.status).toBe(200);
    // 0.01 × 65000 = 650, fee 0.5 % = 3.25
    expect(answer.body.data).toMatchObject({ coin: 'BTC', amount: '0.01', rate: '65000', fee: '3.25', received: '646.75' });
    expect((await balance(t, miner.id, 'USDT')).available).toBe(usdt + toUnits('646.75'));
    expect((await balance(t, miner.id, 'BTC')).available).toBe(toUnits('1.007'));
    expect(await systemBalance(t.db, 'fees', 'USDT')).toBe(toUnits('3.25'));

    expect((await exchange('0.01', 'ex-1')).body.data).toEqual(answer.body.data);
    expect(await t.db.selectFrom('power_exchanges').select('id').execute()).toHaveLength(1);
  });

  it('only spends mined coin not yet exchanged, above the minimum, in a coin it prices', async () => {
    const detail = await call(t, miner, 'GET', '/account/power/detail');
    expect(detail.body.data.coins.find((c: { coin: string }) => c.coin === 'BTC')).toMatchObject({ hashrate: '10', outputTotal: '0.017', outputYesterday: '0.0085', available: '0.007' });
    const tooMuch = await exchange('0.008');
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errMessage).toBe('可兌換的挖礦產出不足：可兌換 0.007 BTC');
    const tooLittle = await exchange('0.000009');
    expect(tooLittle.body.errMessage).toBe('兌換數量不能低於 0.00001 BTC');
    expect((await exchange('1', undefined, 'DOGE')).status).toBe(422);
    expect((await exchange('0.001', undefined, 'BTC', '999999')).status).toBeGreaterThanOrEqual(400);
    expect((await exchange('0.007')).status).toBe(200);
    expect((await exchange('0.00001')).status).toBe(422);
    expect((await balance(t, miner.id, 'BTC')).available).toBe(toUnits('1'));
  });

  it('lists the exchange records, newest first', async () => {
    const records = await call(t, miner, 'GET', '/account/exchange?pageSize=1');
    expect(records.body.data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    // 0.007 × 65000 = 455, fee 2.275
    expect(records.body.data.list[0]).toMatchObject({ amount: '0.007', received: '452.725', fee: '2.275' });
  });

  it('keeps the ledger invariants', async () => {
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });
});
