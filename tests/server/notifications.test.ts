/**
 * The message centre: every event writes exactly one notification for its user in the event's own
 * transaction (none when that transaction rolls back, none on a repeat that changes nothing), and
 * the API lists them newest first by cursor, counts the unread, marks one or all read, within
 * bounds, and never shows or marks another user's. SQLite, or PostgreSQL when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import type { NotificationType } from '../../contract/notification';
import { creditDeposit } from '../../server/deposits/creditByHand';
import { runMoneyTransaction } from '../../server/ledger/moneyTransaction';
import { notify, notifyAll } from '../../server/notifications/notifications';
import { cliActor } from '../../server/operators/actor';
import { addDays, dayOf } from '../../server/settlement/days';
import { settleDay } from '../../server/settlement/settleDay';
import { rejectWithdrawal } from '../../server/withdrawals/review';
import { insertSku, newBuyer, ops, orderApi } from './mall.fixture';
import { PAY_PASSWORD, call, insertFinanceProduct, insertPowerProduct, newUser, type TestUser } from './products.fixture';
import { startTestApp, type TestApp } from './support/app';
import { DAY, HOUR } from './support/clock';
import { signIn } from './support/siwe';
import { postPayPass } from './support/stepUp';
import { requestWithdrawal, saveWithdrawAddress } from './support/withdrawals';

let t: TestApp;

beforeAll(async () => {
  // sessions outlive the day a saved withdrawal address waits
  t = await startTestApp({ seed: true, config: { tokenIdleTtlMs: 30 * DAY } });
});

afterAll(async () => t.close());

const act = () => ({ actor: cliActor('test'), now: t.clock.now(), reason: 'test' });

/** the user's notifications as stored, newest first */
async function stored(userId: bigint) {
  const rows = await t.db.selectFrom('notifications').select(['id', 'kind', 'payload', 'read_at']).where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return rows.map((row) => ({ id: row.id, kind: row.kind, payload: JSON.parse(row.payload) as Record<string, string>, read: row.read_at !== null }));
}

const kinds = async (userId: bigint) => (await stored(userId)).map((row) => row.kind);

describe('each event writes one notification, in its transaction', () => {
  it('a sign-in and setting, then changing, the pay password', async () => {
    const user = await newUser(t);
    expect(await kinds(user.id)).toEqual(['payPassword.set', 'signin.new']);
    await signIn(t.app, t.clock, { wallet: user.wallet });
    expect(await kinds(user.id)).toEqual(['signin.new', 'payPassword.set', 'signin.new']);

    // a refused change (wrong current password) tells nothing
    const wrong = await postPayPass(t.app, t.clock, { token: user.token, wallet: user.wallet! }, { oldPassword: '135790', newPassword: '112233' });
    expect(wrong.statusCode).toBe(422);
    expect(await kinds(user.id)).toHaveLength(3);
    const changed = await postPayPass(t.app, t.clock, { token: user.token, wallet: user.wallet! }, { oldPassword: PAY_PASSWORD, newPassword: '112233' });
    expect(changed.statusCode).toBe(200);
    expect((await stored(user.id))[0]).toMatchObject({ kind: 'payPassword.changed', payload: {}, read: false });
    expect(await kinds(user.id)).toHaveLength(4);
  });

  it('a deposit credited, once however often the credit is repeated', async () => {
    const user = await newUser(t);
    const credit = { uid: user.uid, network: 'ERC20', currency: 'USDT', amount: '12.5', txHash: `0x${randomBytes(32).toString('hex')}` };
    const deposit = await creditDeposit(t.db, credit, act());
    expect(await creditDeposit(t.db, credit, act())).toMatchObject({ created: false });
    const deposits = (await stored(user.id)).filter((row) => row.kind === 'deposit.credited');
    expect(deposits).toEqual([{ id: expect.any(BigInt), kind: 'deposit.credited', payload: { depositId: String(deposit.id), coin: 'USDT', amount: '12.5', network: 'ERC20' }, read: false }]);
  });

  it('a withdrawal approved, then rejected (its money returned)', async () => {
    const user = await newUser(t, '1000');
    // past the day after the pay password was set, and the address's delay
    t.clock.advance(DAY + HOUR);
    const prover = { token: user.token, wallet: user.wallet! };
    const to = await saveWithdrawAddress(t, prover);
    // the account's first withdrawal waits for review; the helper approves it
    const id = await requestWithdrawal(t, prover, to, '100');
    const payload = { withdrawalId: id, coin: 'USDT', amount: '100' };
    expect((await stored(user.id)).filter((row) => row.kind.startsWith('withdraw.'))).toMatchObject([{ kind: 'withdraw.approved', payload }]);
    await rejectWithdrawal(t.db, BigInt(id), act());
    expect(await rejectWithdrawal(t.db, BigInt(id), act())).toMatchObject({ changed: false });
    expect((await stored(user.id)).filter((row) => row.kind.startsWith('withdraw.'))).toMatchObject([{ kind: 'withdraw.rejected', payload }, { kind: 'withdraw.approved', payload }]);
  });

  it('a mall order shipped, once', async () => {
    const buyer = await newBuyer(t);
    const skuId = await insertSku(t, { price: '3' });
    const api = orderApi(t);
    const order = (await api.create(buyer, skuId)).body.data!;
    expect((await api.pay(buyer, order.id)).status).toBe(200);
    expect(await kinds(buyer.id)).not.toContain('mall.shipped');
    for (let i = 0; i < 2; i += 1) expect((await ops(t, 'ship', { order: order.id, carrier: '顺丰速运', tracking: 'SF42' })).code).toBe(0);
    expect((await stored(buyer.id)).filter((row) => row.kind === 'mall.shipped')).toMatchObject([{ payload: { orderId: order.id, orderNo: order.orderNo } }]);
  });

  it('settlement: one per user and coin of a day, none on a second run; a redemption', async () => {
    const owner = await newUser(t, '1000');
    const other = await newUser(t, '1000');
    const powerId = await insertPowerProduct(t, { price: '10', dailyOutput: '0.00001', electricityFee: '0.000002', managementFeeRate: '5' });
    const financeId = await insertFinanceProduct(t, { lockDays: 1, minAmount: '10', annualRate: '36.5' });
    for (const user of [owner, other]) {
      for (const units of [2, 3]) expect((await call(t, user, 'POST', '/product/power-order/create', { productId: powerId, units, payPassword: PAY_PASSWORD })).status).toBe(200);
    }
    expect((await call(t, owner, 'POST', '/product/finance-order/create', { productId: financeId, amount: '100', payPassword: PAY_PASSWORD })).status).toBe(200);
    const day = addDays(dayOf(t.clock.now(), 480), -1);
    await t.db.updateTable('power_orders').set({ start_day: day }).where('user_id', 'in', [owner.id, other.id]).execute();
    await t.db.updateTable('finance_orders').set({ start_day: day, maturity_day: day }).where('user_id', '=', owner.id).execute();
    await settleDay(t.db, day, t.clock, 480);
    await settleDay(t.db, day, t.clock, 480);

    const earned = (await stored(owner.id)).filter((row) => row.kind.startsWith('earnings.') || row.kind === 'finance.redeemed');
    // 5 TH/s × (0.00001 − 0.000002 − 5 % of 0.00001) = 0.0000375 BTC; 100 × 36.5 % / 365 = 0.1 USDT
    expect(earned.map(({ kind, payload }) => ({ kind, payload }))).toEqual([
      { kind: 'finance.redeemed', payload: { orderId: expect.any(String), coin: 'USDT', amount: '100.1' } },
      { kind: 'earnings.interest', payload: { day, coin: 'USDT', amount: '0.1', orders: '1' } },
      { kind: 'earnings.power', payload: { day, coin: 'BTC', amount: '0.0000375', orders: '2' } },
    ]);
    expect((await stored(other.id)).filter((row) => row.kind.startsWith('earnings.'))).toMatchObject([{ kind: 'earnings.power', payload: { day, coin: 'BTC', orders: '2' } }]);
  });

  it('none when the transaction of the event rolls back', async () => {
    const user = await newUser(t);
    const before = await kinds(user.id);
    await expect(
      runMoneyTransaction(t.db, async (trx) => {
        await notify(trx, user.id, 'deposit.credited', { depositId: '1', coin: 'USDT', amount: '1', network: 'ERC20' }, t.clock.now());
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await kinds(user.id)).toEqual(before);
  });
});

describe('the API', () => {
  const list = (user: TestUser, query = '') => call<{ list: NotificationType[]; nextCursor?: string | null; total?: number }>(t, user, 'GET', `/user/notification/list${query}`);
  const unread = async (user: TestUser) => (await call<{ unread: number }>(t, user, 'GET', '/user/notification/unread-count')).body.data!.unread;

  async function withNotices(count: number): Promise<TestUser> {
    const user = await newUser(t);
    await runMoneyTransaction(t.db, (trx) =>
      notifyAll(trx, Array.from({ length: count }, (_, i) => ({ userId: user.id, kind: 'deposit.credited' as const, payload: { depositId: String(i + 1), coin: 'USDT', amount: `${i + 1}.5`, network: 'ERC20' } })), t.clock.now()),
    );
    return user;
  }

  it('pages newest first by cursor, every notification once, to a null cursor', async () => {
    const user = await withNotices(23);
    const seen: NotificationType[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await list(user, `?pageSize=10&count=false${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data!.list);
      cursor = page.body.data!.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    // 23 deposits + the pay password + the sign-in
    expect(seen).toHaveLength(25);
    expect(new Set(seen.map((n) => n.id)).size).toBe(25);
    const ids = seen.map((n) => BigInt(n.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
    expect(seen[0]).toEqual({ id: expect.any(String), kind: 'deposit.credited', payload: { depositId: '23', coin: 'USDT', amount: '23.5', network: 'ERC20' }, createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), read: false });
    expect(seen.slice(-2).map((n) => n.kind)).toEqual(['payPassword.set', 'signin.new']);
  });

  it('counts the unread, marks one read (again: no change) and all read', async () => {
    const user = await withNotices(3);
    expect(await unread(user)).toBe(5);
    const [first] = (await list(user)).body.data!.list;
    for (let i = 0; i < 2; i += 1) expect((await call(t, user, 'POST', '/user/notification/read', { id: first.id })).status).toBe(200);
    expect(await unread(user)).toBe(4);
    expect((await list(user)).body.data!.list.map((n) => n.read)).toEqual([true, false, false, false, false]);
    const all = await call<{ unread: number }>(t, user, 'POST', '/user/notification/read-all');
    expect(all.body.data).toEqual({ unread: 0 });
    expect((await list(user)).body.data!.list.every((n) => n.read)).toBe(true);
  });

  it("a user never sees or marks another user's notifications", async () => {
    const a = await withNotices(2);
    const b = await withNotices(1);
    const aIds = (await list(a)).body.data!.list.map((n) => n.id);
    const bIds = (await list(b)).body.data!.list.map((n) => n.id);
    expect(aIds.filter((id) => bIds.includes(id))).toEqual([]);
    const marked = await call(t, b, 'POST', '/user/notification/read', { id: aIds[0] });
    expect(marked.status).toBe(404);
    expect(marked.body).toMatchObject({ success: false, errKey: 'notification.notFound' });
    expect((await call(t, b, 'POST', '/user/notification/read-all')).status).toBe(200);
    expect(await unread(a)).toBe(4);
    expect((await stored(a.id)).every((row) => !row.read)).toBe(true);
    // a cursor only narrows the caller's own rows
    const afterA = await list(b, `?cursor=${BigInt(aIds[0]) + 1n}`);
    expect(afterA.body.data!.list.map((n) => n.id).filter((id) => aIds.includes(id))).toEqual([]);
  });

  it('refuses what is out of bounds, and anyone not signed in', async () => {
    const user = await withNotices(1);
    for (const query of ['?pageSize=0', '?pageSize=101', '?cursor=x.y', '?cursor=', '?cursor=1.2', '?page=0']) {
      expect({ query, status: (await list(user, query)).status }).toEqual({ query, status: 400 });
    }
    for (const body of [{ id: 'x' }, { id: '0' }, { id: '1'.repeat(19) }, {}, { id: '1', extra: true }]) {
      expect({ body, status: (await call(t, user, 'POST', '/user/notification/read', body)).status }).toEqual({ body, status: 400 });
    }
    expect((await call(t, user, 'POST', '/user/notification/read', { id: '999999999' })).status).toBe(404);
    for (const [method, url] of [['GET', '/user/notification/list'], ['GET', '/user/notification/unread-count'], ['POST', '/user/notification/read-all']] as const) {
      expect((await call(t, null, method, url)).status).toBe(401);
    }
  });
});
