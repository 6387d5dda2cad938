/**
 * Transfers between users: rules with clear messages, recipients by UID or address, fees to the
 * fees account, history on both sides, and 100 concurrent transfers that together exceed the
 * balance: exactly the affordable ones succeed.
 */
import type { TestApp } from './support/app';
import { balanceOf, deposit, newUser, startWithAliceAndBob, transfer, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { checkLedger } from '../../server/ledger/invariants';
import { systemBalance } from '../../server/ledger/balances';

let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;
beforeAll(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob('1000'));
});
afterAll(async () => t.close());

const zhTW = (headers: Record<string, string>) => ({ ...headers, 'accept-language': 'zh-TW' });

describe('transfer rules', () => {
  it('sends to a UID: amount to the recipient, the fee from the sender to the fees account', async () => {
    const before = await balanceOf(t.app, bob);
    const response = await transfer(t.app, alice, { to: bob.uid, amount: '25.5' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ direction: 'out', counterpartyUid: bob.uid, counterpartyAddress: bob.address, amount: '25.5', fee: '1', status: 'success' });
    expect(await balanceOf(t.app, alice)).toBe('973.5');
    expect(Number(await balanceOf(t.app, bob)) - Number(before)).toBe(25.5);
    expect(await systemBalance(t.db, 'fees', 'USDT')).toBeGreaterThanOrEqual(100_000_000n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('finds the recipient by wallet address in any letter case', async () => {
    const response = await transfer(t.app, alice, { to: bob.address.toLowerCase(), amount: '10' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.counterpartyUid).toBe(bob.uid);
  });

  it.each([
    ['below the minimum', { to: 'BOB', amount: '9.99' }, 422, '轉帳金額不能低於 10 USDT'],
    ['to oneself', { to: 'ALICE', amount: '10' }, 422, '不能轉帳給自己'],
    ['to an unknown UID', { to: '99999999', amount: '10' }, 422, '找不到收款人：99999999'],
    ['to an unknown address', { to: '0x000000000000000000000000000000000000dEaD', amount: '10' }, 422, '找不到收款人'],
    ['above the balance', { to: 'BOB', amount: '5000' }, 422, '餘額不足'],
    ['with too many decimals', { to: 'BOB', amount: '10.123456789' }, 400, '最多 8 位小數'],
    ['of zero', { to: 'BOB', amount: '0' }, 400, '金額必須大於 0'],
    ['in an unsupported currency', { to: 'BOB', amount: '10', currency: 'DOGE' }, 422, '不支援的幣種：DOGE'],
  ])('is refused %s, with a clear message', async (_name, body, status, message) => {
    const before = await balanceOf(t.app, alice);
    const to = body.to === 'BOB' ? bob.uid : body.to === 'ALICE' ? alice.uid : body.to;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/web/account/transfer/create',
      headers: zhTW(bearer(alice.token)),
      payload: { currency: 'USDT', payPassword: '246810', ...body, to },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().success).toBe(false);
    expect(response.json().errMessage).toContain(message);
    expect(await balanceOf(t.app, alice)).toBe(before);
  });

  it('explains a short balance with the fee included, in the requested language', async () => {
    const poor = await newUser(t.app, t.db, t.clock);
    await deposit(t.db, t.clock, poor, '10.5');
    const response = await t.app.inject({
      method: 'POST', url: '/api/v1/web/account/transfer/create', headers: { ...bearer(poor.token), 'accept-language': 'zh-CN' },
      payload: { to: bob.uid, currency: 'USDT', amount: '10', payPassword: '246810' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errCode: 'INSUFFICIENT_BALANCE', errMessage: '余额不足：转账 10 加手续费 1，共需 11 USDT，可用 10.5 USDT' });
  });

  it('lists options with fees, minimums, the balance and recent recipients', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/account/transfer/options', headers: bearer(alice.token) });
    const data = response.json().data;
    expect(data.currencies).toContainEqual({ currency: 'USDT', fee: '1', minAmount: '10', available: await balanceOf(t.app, alice) });
    expect(data.recentRecipients).toEqual([{ uid: bob.uid, address: bob.address }]);
  });

  it('shows the history to both sides, with direction and counterparty, and only theirs', async () => {
    const carol = await newUser(t.app, t.db, t.clock);
    const history = async (user: MoneyUser) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/web/account/transfer?page=1&pageSize=50', headers: bearer(user.token) })).json().data;
    const sent = await history(alice);
    const received = await history(bob);
    expect(sent.total).toBe(2);
    expect(sent.list.every((r: { direction: string; counterpartyUid: string }) => r.direction === 'out' && r.counterpartyUid === bob.uid)).toBe(true);
    expect(received.list.map((r: { direction: string; fee: string; counterpartyUid: string }) => [r.direction, r.fee, r.counterpartyUid])).toEqual([
      ['in', '0', alice.uid],
      ['in', '0', alice.uid],
    ]);
    expect((await history(carol)).total).toBe(0);
  });

  it('pages a history of sent and received transfers mixed, by number and by cursor, newest first', async () => {
    // each way is read on its own index as far as the page reaches (server/transfers/history.ts)
    const [dave, erin, frank] = [await newUser(t.app, t.db, t.clock), await newUser(t.app, t.db, t.clock), await newUser(t.app, t.db, t.clock)];
    for (const user of [dave, erin, frank]) await deposit(t.db, t.clock, user, '200');
    const moves: [MoneyUser, MoneyUser][] = [[dave, erin], [erin, dave], [erin, dave], [dave, frank], [frank, dave], [dave, erin], [erin, frank], [dave, erin], [frank, dave]];
    const ids: string[] = [];
    const directions: string[] = [];
    for (const [from, to] of moves) {
      const sent = await transfer(t.app, from, { to: to.uid, amount: '10' });
      expect(sent.statusCode).toBe(200);
      if (from === dave || to === dave) {
        ids.push(sent.json().data.id);
        directions.push(from === dave ? 'out' : 'in');
      }
    }
    const newestFirst = [...ids].reverse();
    const page = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/web/account/transfer?${query}`, headers: bearer(dave.token) })).json().data;
    const all = await page('pageSize=50');
    expect(all.total).toBe(8);
    expect(all.list.map((r: { id: string }) => r.id)).toEqual(newestFirst);
    expect(all.list.map((r: { direction: string }) => r.direction)).toEqual(directions.reverse());
    const byNumber: string[] = [];
    // deep pages read more of each way than a page's size
    for (let n = 1; n <= 4; n++) {
      const answer = await page(`page=${n}&pageSize=2`);
      expect(answer.total).toBe(8);
      byNumber.push(...answer.list.map((r: { id: string }) => r.id));
    }
    expect(byNumber).toEqual(newestFirst);
    const byCursor: string[] = [];
    let next = await page('pageSize=3');
    byCursor.push(...next.list.map((r: { id: string }) => r.id));
    while (next.nextCursor) {
      next = await page(`pageSize=3&cursor=${next.nextCursor}`);
      byCursor.push(...next.list.map((r: { id: string }) => r.id));
    }
    expect(byCursor).toEqual(newestFirst);
  });
});

describe('concurrency', () => {
  it('lets exactly the affordable ones of 100 concurrent transfers succeed', async () => {
    const sender = await newUser(t.app, t.db, t.clock);
    const receiver = await newUser(t.app, t.db, t.clock);
    // each transfer costs 10 + 1 fee: 37 are affordable from 410 (3 USDT left over)
    await deposit(t.db, t.clock, sender, '410');
    const responses = await Promise.all(Array.from({ length: 100 }, () => transfer(t.app, sender, { to: receiver.uid, amount: '10' })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(37);
    expect(statuses.filter((s) => s === 422)).toHaveLength(63);
    expect(responses.filter((r) => r.statusCode === 422).every((r) => r.json().errCode === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect(await balanceOf(t.app, sender)).toBe('3');
    expect(await balanceOf(t.app, receiver)).toBe('370');
    const report = await checkLedger(t.db);
    expect(report.problems).toEqual([]);
  });
});
