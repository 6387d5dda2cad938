/**
 * Pay password: six digits, stored as a keyed hash (server/payPassword/hash.ts), set once then
 * changed with the old one, required by outgoing money movements; five wrong tries lock it for
 * 15 minutes (injected clock).
 */
import type { TestApp } from './support/app';
import { MINUTE } from './support/clock';
import { balanceOf, deposit, newUser, startWithPayee, transfer, type MoneyUser } from './support/ledger';
import { bearer, PROFILE_URL } from './support/siwe';
import { postPayPass } from './support/stepUp';
import type { StepUpPurposeType } from '../../contract/stepUp';

let t: TestApp;
let payee: MoneyUser;
beforeAll(async () => {
  ({ t, payee } = await startWithPayee());
});
afterAll(async () => t.close());

const setPass = (user: MoneyUser, body: { newPassword: string; oldPassword?: string }, language = 'zh-TW', purpose?: StepUpPurposeType) =>
  postPayPass(t.app, t.clock, user, body, { headers: { 'accept-language': language }, purpose });
const hasPayPassword = async (user: MoneyUser) => (await t.app.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(user.token) })).json().data.hasPayPassword;

describe('setting and changing', () => {
  it('sets a first password, stores only a salted keyed hash (HMAC under the pepper), and the profile shows it', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    expect(await hasPayPassword(user)).toBe(false);
    const response = await setPass(user, { newPassword: '135790' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ hasPayPassword: true });
    expect(await hasPayPassword(user)).toBe(true);
    const { pay_password_hash: hash } = await t.db.selectFrom('users').select('pay_password_hash').where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(hash).toMatch(/^hmac\$v\d+\$[\w-]{22}\$[\w-]{43}$/);
    expect(hash).not.toContain('135790');
  });

  it('accepts exactly six digits, with a clear message otherwise', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    for (const bad of ['12345', '1234567', 'abcdef', '12 456']) {
      const response = await setPass(user, { newPassword: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().errMessage).toBe('支付密碼必須是 6 位數字');
    }
  });

  it('changes only with the correct old password', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: '111111' });
    const withoutOld = await setPass(user, { newPassword: '222222' }, 'zh-TW', 'payPassword.change');
    expect(withoutOld.statusCode).toBe(422);
    expect(withoutOld.json().errMessage).toBe('修改支付密碼需要輸入原支付密碼');
    const wrongOld = await setPass(user, { oldPassword: '999999', newPassword: '222222' });
    expect(wrongOld.statusCode).toBe(422);
    expect(wrongOld.json()).toMatchObject({ errCode: 'PAY_PASSWORD_WRONG', errMessage: '支付密碼錯誤，還可嘗試 4 次' });
    const same = await setPass(user, { oldPassword: '111111', newPassword: '111111' });
    expect(same.statusCode).toBe(422);
    expect((await setPass(user, { oldPassword: '111111', newPassword: '222222' })).statusCode).toBe(200);
    await deposit(t.db, t.clock, user, '100');
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '111111' })).statusCode).toBe(422);
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '222222' })).statusCode).toBe(200);
  });
});

describe('required by outgoing money', () => {
  it('refuses a transfer before a pay password is set', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    await deposit(t.db, t.clock, user, '100');
    const response = await transfer(t.app, user, { to: payee.uid, amount: '10' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errCode: 'PAY_PASSWORD_REQUIRED', errMessage: '請先設定支付密碼' });
    expect(await balanceOf(t.app, user)).toBe('100');
  });
});

describe('lockout', () => {
  it('locks after 5 wrong tries for 15 minutes, even for the right password, then counts afresh', async () => {
    const user = await newUser(t.app, t.db, t.clock);
    await deposit(t.db, t.clock, user, '100');
    const attempt = (payPassword: string) => transfer(t.app, user, { to: payee.uid, amount: '10', payPassword });
    for (let i = 1; i <= 4; i += 1) {
      const wrong = await attempt('000000');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errMessage).toBe(`支付密碼錯誤，還可嘗試 ${5 - i} 次`);
    }
    const fifth = await attempt('000000');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ errCode: 'PAY_PASSWORD_LOCKED', errMessage: '支付密碼錯誤次數過多，已鎖定，請 15 分鐘後再試' });
    const right = await attempt('246810');
    expect(right.statusCode).toBe(423);
    t.clock.advance(14 * MINUTE);
    const stillLocked = await attempt('246810');
    expect(stillLocked.statusCode).toBe(423);
    expect(stillLocked.json().errMessage).toContain('1 分鐘');
    t.clock.advance(MINUTE + 1);
    expect((await attempt('000000')).json().errMessage).toBe('支付密碼錯誤，還可嘗試 4 次');
    expect((await attempt('246810')).statusCode).toBe(200);
    expect(await balanceOf(t.app, user)).toBe('89');
  });

  it('a success resets the count, also when the right password was verified before', async () => {
    const user = await newUser(t.app, t.db, t.clock);
    await deposit(t.db, t.clock, user, '100');
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10' })).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '000000' });
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10' })).statusCode).toBe(200);
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '000000' })).json().errMessage).toBe('支付密碼錯誤，還可嘗試 4 次');
    expect(await balanceOf(t.app, user)).toBe('78');
  });

  it('cannot be outrun by parallel guesses: at most 5 tries are checked', async () => {
    const user = await newUser(t.app, t.db, t.clock);
    await deposit(t.db, t.clock, user, '100');
    const guesses = [...Array.from({ length: 30 }, (_, i) => String(100000 + i)), '246810'];
    const responses = await Promise.all(guesses.map((payPassword) => transfer(t.app, user, { to: payee.uid, amount: '10', payPassword })));
    const checked = responses.filter((r) => r.json().errCode === 'PAY_PASSWORD_WRONG' || r.statusCode === 200);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(responses.filter((r) => r.statusCode === 423).length).toBeGreaterThanOrEqual(26);
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10' })).statusCode).toBe(423);
    expect(await balanceOf(t.app, user)).toBe('100');
  });

  it('applies to changing the password too', async () => {
    const user = await newUser(t.app, t.db, t.clock);
    for (let i = 0; i < 5; i += 1) await setPass(user, { oldPassword: '000000', newPassword: '123123' });
    const locked = await setPass(user, { oldPassword: '246810', newPassword: '123123' }, 'en-US');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().errMessage).toBe('Too many wrong pay passwords: locked, try again in 15 minutes');
  });
});
