/**
 * Frozen accounts: a reviewer freezes an account (audited, with the reason); from then on no money
 * leaves it — a withdrawal request, a transfer to another user and a mall payment answer 403
 * ACCOUNT_FROZEN with nothing moved — while money still comes in (deposits, transfers from others)
 * and the user stays signed in. Unfrozen, everything is allowed again.
 */
import { withdrawStatement } from '../../contract/rules/withdraw';
import { checkLedger } from '../../server/ledger/invariants';
import { ADMIN_API, opHeaders, signedInOperator, type SignedInOperator } from './support/operators';
import { balanceOf, deposit, newUser, transfer, PAY_PASSWORD, type MoneyUser } from './support/ledger';
import { startTestApp, type TestApp } from './support/app';
import { PROFILE_URL, bearer } from './support/siwe';
import { walletProof } from './support/stepUp';
import { saveWithdrawAddress, type SavedAddress } from './support/withdrawals';
import { insertSku } from './mall.fixture';

let t: TestApp;
let support: SignedInOperator;
let reviewer: SignedInOperator;
let alice: MoneyUser;
let bob: MoneyUser;
let target: SavedAddress;
let skuId: string;
beforeAll(async () => {
  // saved withdrawal addresses usable at once: the clock stays within every session's idle time
  t = await startTestApp({ config: { withdrawAddressDelayMs: 0 } });
  support = await signedInOperator(t, 'support');
  reviewer = await signedInOperator(t, 'reviewer');
  alice = await newUser(t.app, t.db, t.clock);
  bob = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, '1000');
  await deposit(t.db, t.clock, bob, '1000');
  target = await saveWithdrawAddress(t, alice, 'to', { wait: false });
  skuId = await insertSku(t, { price: '20', stock: 10 });
});
afterAll(async () => t.close());

async function admin(token: string, url: string, payload: object) {
  const response = await t.app.inject({ method: 'POST', url: `${ADMIN_API}${url}`, headers: { ...opHeaders(token), 'accept-language': 'en-US' }, payload });
  return { status: response.statusCode, body: response.json() };
}

async function askWithdrawal(amount: string) {
  const proof = await walletProof(t.app, t.clock, alice, 'withdraw', { statement: withdrawStatement({ amount, currency: 'USDT', network: 'ERC20', address: target.address }) });
  return t.app.inject({
    method: 'POST', url: '/api/v1/web/withdraw/request', headers: { ...bearer(alice.token), 'accept-language': 'zh-TW' },
    payload: { currency: 'USDT', network: 'ERC20', addressId: target.id, amount, payPassword: PAY_PASSWORD, proof },
  });
}

async function unpaidOrder(user: MoneyUser): Promise<string> {
  const address = await t.app.inject({
    method: 'POST', url: '/api/v1/web/user/address/create', headers: bearer(user.token),
    payload: { receiver: '张三', phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山区' }, detail: '科技园南区 1 栋 101', isDefault: true },
  });
  const order = await t.app.inject({ method: 'POST', url: '/api/v1/web/mall/order/create', headers: bearer(user.token), payload: { skuId, quantity: 1, addressId: address.json().data.id } });
  if (order.statusCode !== 200) throw new Error(`order: ${order.body}`);
  return order.json().data.id;
}

const payOrder = (user: MoneyUser, id: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/web/mall/order/pay', headers: { ...bearer(user.token), 'accept-language': 'zh-TW' }, payload: { id, payPassword: PAY_PASSWORD } });

function expectFrozen(response: { statusCode: number; json(): any }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ success: false, errCode: 'ACCOUNT_FROZEN', errMessage: '帳戶已被凍結，暫時無法轉出資金，請聯繫客服' });
}

describe('freezing', () => {
  it('needs users.protect: a support operator is refused and nothing changes', async () => {
    const refused = await admin(support.token, `/users/${alice.uid}/freeze`, { reason: 'chargeback' });
    expect(refused.status).toBe(403);
    const row = await t.db.selectFrom('users').select('frozen_at').where('id', '=', alice.userId).executeTakeFirstOrThrow();
    expect(row.frozen_at).toBeNull();
  });

  it('freezes with the reason, audited with before and after, and the user stays signed in', async () => {
    const frozen = await admin(reviewer.token, `/users/${alice.uid}/freeze`, { reason: 'reported stolen wallet' });
    expect(frozen.status).toBe(200);
    expect(frozen.body.data).toMatchObject({ user: { uid: alice.uid, frozen: true, sessions: 1 }, frozenReason: 'reported stolen wallet', frozenAt: expect.any(String) });
    const [entry] = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.freeze').where('target', '=', `user:${alice.uid}`).execute();
    expect(entry).toMatchObject({ source: 'console', actor: reviewer.address, role: 'reviewer', reason: 'reported stolen wallet' });
    expect(JSON.parse(entry.before_json!)).toMatchObject({ frozen: false });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ frozen: true, reason: 'reported stolen wallet' });
    expect((await t.app.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(alice.token) })).statusCode).toBe(200);

    const again = await admin(reviewer.token, `/users/${alice.uid}/freeze`, { reason: 'twice' });
    expect(again.status).toBe(409);
    expect(again.body.errMessage).toBe('This account is already frozen');
  });

  it('refuses a withdrawal request with ACCOUNT_FROZEN, nothing frozen, the session kept', async () => {
    const before = await balanceOf(t.app, alice);
    expectFrozen(await askWithdrawal('50'));
    expect(await balanceOf(t.app, alice)).toBe(before);
    expect(await t.db.selectFrom('withdrawals').select('id').where('user_id', '=', alice.userId).execute()).toEqual([]);
    // a 403: the user is not signed out
    expect((await t.app.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(alice.token) })).statusCode).toBe(200);
  });

  it('refuses a transfer to another user, nothing moved', async () => {
    const aliceBefore = await balanceOf(t.app, alice);
    const bobBefore = await balanceOf(t.app, bob);
    expectFrozen(await transfer(t.app, alice, { to: bob.uid, amount: '20' }));
    expect(await balanceOf(t.app, alice)).toBe(aliceBefore);
    expect(await balanceOf(t.app, bob)).toBe(bobBefore);
  });

  it('refuses paying a mall order (the goods would leave the platform)', async () => {
    const id = await unpaidOrder(alice);
    const before = await balanceOf(t.app, alice);
    expectFrozen(await payOrder(alice, id));
    expect(await balanceOf(t.app, alice)).toBe(before);
  });

  it('still credits money coming in: a deposit and a transfer from another user', async () => {
    const before = Number(await balanceOf(t.app, alice));
    await deposit(t.db, t.clock, alice, '100');
    const incoming = await transfer(t.app, bob, { to: alice.uid, amount: '30' });
    expect(incoming.statusCode).toBe(200);
    expect(Number(await balanceOf(t.app, alice))).toBe(before + 130);
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });
});

describe('unfreezing', () => {
  it('unfreezes, audited, and money may leave again', async () => {
    const unfrozen = await admin(reviewer.token, `/users/${alice.uid}/unfreeze`, { reason: 'owner verified' });
    expect(unfrozen.status).toBe(200);
    expect(unfrozen.body.data).toMatchObject({ user: { frozen: false }, frozenAt: null, frozenReason: null });
    const [entry] = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.unfreeze').where('target', '=', `user:${alice.uid}`).execute();
    expect(entry).toMatchObject({ source: 'console', actor: reviewer.address, reason: 'owner verified' });
    expect(JSON.parse(entry.before_json!)).toMatchObject({ frozen: true, reason: 'reported stolen wallet' });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ frozen: false });

    expect((await transfer(t.app, alice, { to: bob.uid, amount: '20' })).statusCode).toBe(200);
    const withdrawal = await askWithdrawal('50');
    expect(withdrawal.statusCode).toBe(200);
    const id = await unpaidOrder(alice);
    expect((await payOrder(alice, id)).statusCode).toBe(200);
    expect((await checkLedger(t.db)).problems).toEqual([]);

    const again = await admin(reviewer.token, `/users/${alice.uid}/unfreeze`, { reason: 'twice' });
    expect(again.status).toBe(409);
    expect(again.body.errMessage).toBe('This account is not frozen');
  });

  it('answers 404 for an unknown UID', async () => {
    expect((await admin(reviewer.token, '/users/99999999/freeze', { reason: 'x' })).status).toBe(404);
  });
});
