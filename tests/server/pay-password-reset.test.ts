/**
 * 忘记支付密码: a reset needs a fresh wallet signature of the purpose payPassword.reset whose
 * statement names the user's own address, spent once; it sets the new password, lifts a lock of
 * wrong tries and holds withdrawals for 24 hours (refused with the time they resume; a change with
 * the old password holds nothing). Both databases (DATABASE_URL); the clock is moved by hand.
 */
import { payPasswordResetStatement } from '../../contract/rules/payPassword';
import type { WalletProofType } from '../../contract/stepUp';
import { createTimeFormat } from '../../server/time';
import type { TestApp } from './support/app';
import { DAY, HOUR } from './support/clock';
import { deposit, newUser, PAY_PASSWORD, startWithPayee, transfer, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { PAY_PASS_URL, postPayPass, walletProof, type Prover } from './support/stepUp';
import { postWithdrawal, saveWithdrawAddress } from './support/withdrawals';

/** a time as the server shows it */
const stamp = (ms: number) => createTimeFormat(t.config.displayUtcOffsetMinutes).timestamp(ms);
const RESET_URL = `${PAY_PASS_URL}/reset`;
const OPTIONS_URL = '/api/v1/web/withdraw/options';
let t: TestApp;
let payee: MoneyUser;
beforeAll(async () => {
  ({ t, payee } = await startWithPayee({ config: { tokenIdleTtlMs: 30 * DAY } }));
});
afterAll(async () => t.close());

/** a proof of payPassword.reset by `who` naming `named` (default: the signer's own address) */
const resetProof = (who: Prover, named = who.wallet.address) =>
  walletProof(t.app, t.clock, who, 'payPassword.reset', { statement: payPasswordResetStatement(named) });

const postReset = (user: MoneyUser, payload: { newPassword: string; proof?: WalletProofType }) =>
  t.app.inject({ method: 'POST', url: RESET_URL, headers: { ...bearer(user.token), 'accept-language': 'zh-CN' }, payload });

const options = async (user: MoneyUser) => (await t.app.inject({ method: 'GET', url: OPTIONS_URL, headers: bearer(user.token) })).json().data;

const resetAtOf = async (user: MoneyUser) =>
  (await t.db.selectFrom('users').select('pay_password_reset_at').where('id', '=', user.userId).executeTakeFirstOrThrow()).pay_password_reset_at;

describe('the wallet signature a reset needs', () => {
  it('sets the new password with a fresh proof naming this user, records when, and the old password stops working', async () => {
    const user = await newUser(t.app, t.db, t.clock);
    await deposit(t.db, t.clock, user, '100');
    const response = await postReset(user, { newPassword: '135790', proof: await resetProof(user) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ hasPayPassword: true, withdrawHeldUntil: stamp(t.clock.now() + DAY) });
    expect(await resetAtOf(user)).toBe(BigInt(t.clock.now()));
    // the message centre says so, in the reset's own transaction
    const told = await t.db.selectFrom('notifications').select(['kind', 'payload']).where('user_id', '=', user.userId).where('kind', '=', 'payPassword.reset').execute();
    expect(told.map((row) => ({ kind: row.kind, payload: JSON.parse(row.payload) }))).toEqual([
      { kind: 'payPassword.reset', payload: { withdrawHeldUntil: stamp(t.clock.now() + DAY) } },
    ]);
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: PAY_PASSWORD })).json().errCode).toBe('PAY_PASSWORD_WRONG');
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '135790' })).statusCode).toBe(200);
  });

  it.each([
    ['no proof', async () => undefined, 'STEP_UP_REQUIRED', '重置支付密码需要钱包签名确认：仅凭登录凭证无法重置，请在钱包中签署确认消息'],
    ['a proof of changing it (another purpose)', (user: MoneyUser) => walletProof(t.app, t.clock, user, 'payPassword.change'), 'STEP_UP_INVALID', '签名消息不是用于此操作，请重新签名'],
    ['the generic statement, naming nobody', (user: MoneyUser) => walletProof(t.app, t.clock, user, 'payPassword.reset'), 'STEP_UP_INVALID', '签名消息不是用于此操作，请重新签名'],
    ['its own wallet naming another user', (user: MoneyUser) => resetProof(user, payee.address), 'STEP_UP_INVALID', '签名消息不是用于此操作，请重新签名'],
    ['another user’s wallet naming this user', (user: MoneyUser) => resetProof({ token: user.token, wallet: payee.wallet }, user.address), 'STEP_UP_INVALID', '签名的钱包不是当前登录的账户，请切换到登录时使用的钱包地址'],
  ])('refuses %s and changes nothing', async (_case, proofOf, code, text) => {
    const user = await newUser(t.app, t.db, t.clock);
    const response = await postReset(user, { newPassword: '135790', proof: await proofOf(user) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errCode: code, errMessage: text });
    expect(await resetAtOf(user)).toBeNull();
    await deposit(t.db, t.clock, user, '100');
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: PAY_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a proof used once already, and another user’s proof sent with this user’s session', async () => {
    const user = await newUser(t.app, t.db, t.clock);
    const other = await newUser(t.app, t.db, t.clock);
    const proof = await resetProof(user);
    expect((await postReset(user, { newPassword: '135790', proof })).statusCode).toBe(200);
    const replayed = await postReset(user, { newPassword: '975310', proof });
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toMatchObject({ errCode: 'STEP_UP_INVALID', errMessage: '签名确认已过期、已使用或不属于此操作，请重新签名' });
    // the other user's own, unused proof: signed by a wallet that is not this session's
    const stolen = await postReset(user, { newPassword: '975310', proof: await resetProof(other) });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().errCode).toBe('STEP_UP_INVALID');
    await deposit(t.db, t.clock, user, '100');
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '135790' })).statusCode).toBe(200);
  });

  it('refuses a user who never set one (setting the first needs no reset)', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const response = await postReset(user, { newPassword: '135790', proof: await resetProof(user) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errCode: 'PAY_PASSWORD_REQUIRED', errMessage: '请先设置支付密码' });
    expect(await resetAtOf(user)).toBeNull();
  });

  it('lifts the lock that wrong guesses left', async () => {
    const user = await newUser(t.app, t.db, t.clock);
    await deposit(t.db, t.clock, user, '100');
    for (let i = 0; i < 5; i += 1) await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '000000' });
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10' })).json().errCode).toBe('PAY_PASSWORD_LOCKED');
    expect((await postReset(user, { newPassword: '135790', proof: await resetProof(user) })).statusCode).toBe(200);
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '135790' })).statusCode).toBe(200);
  });
});

describe('withdrawals after a reset', () => {
  it('are refused for 24 hours with the time they resume, shown in the options beforehand, and allowed after', async () => {
    const user = await newUser(t.app, t.db, t.clock);
    await deposit(t.db, t.clock, user, '1000');
    const to = await saveWithdrawAddress(t, user);
    expect((await options(user)).withdrawHeldUntil).toBeUndefined();
    // reset to the same digits: the helpers withdraw with PAY_PASSWORD
    const reset = await postReset(user, { newPassword: PAY_PASSWORD, proof: await resetProof(user) });
    const end = reset.json().data.withdrawHeldUntil;
    expect(end).toBe(stamp(t.clock.now() + DAY));
    expect((await options(user)).withdrawHeldUntil).toBe(end);

    t.clock.advance(DAY - 1);
    const refused = await postWithdrawal(t, user, to, '50', 'USDT', { 'accept-language': 'zh-CN' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errCode: 'BUSINESS_RULE', errMessage: `支付密码重置后 24 小时内暂停提现，${end} 后可提现` });
    expect(await t.db.selectFrom('withdrawals').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);

    t.clock.advance(1);
    expect((await options(user)).withdrawHeldUntil).toBeUndefined();
    const allowed = await postWithdrawal(t, user, to, '50');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.currency).toBe('USDT');
  });

  it('are not held by a change with the old password', async () => {
    const user = await newUser(t.app, t.db, t.clock);
    await deposit(t.db, t.clock, user, '1000');
    const to = await saveWithdrawAddress(t, user);
    expect((await postPayPass(t.app, t.clock, user, { oldPassword: PAY_PASSWORD, newPassword: '135790' })).statusCode).toBe(200);
    expect((await postPayPass(t.app, t.clock, user, { oldPassword: '135790', newPassword: PAY_PASSWORD })).statusCode).toBe(200);
    expect(await resetAtOf(user)).toBeNull();
    expect((await options(user)).withdrawHeldUntil).toBeUndefined();
    const response = await postWithdrawal(t, user, to, '50');
    expect(response.statusCode).toBe(200);
    // a recent change still sends it to an operator, as before
    expect(response.json().data.reviewReasons).toContain('securityChange');
  });

  it('hold only the user who reset', async () => {
    const resetter = await newUser(t.app, t.db, t.clock);
    const other = await newUser(t.app, t.db, t.clock);
    await deposit(t.db, t.clock, other, '1000');
    const to = await saveWithdrawAddress(t, other);
    t.clock.advance(HOUR);
    expect((await postReset(resetter, { newPassword: '135790', proof: await resetProof(resetter) })).statusCode).toBe(200);
    expect((await options(other)).withdrawHeldUntil).toBeUndefined();
    expect((await postWithdrawal(t, other, to, '50')).statusCode).toBe(200);
  });
});
