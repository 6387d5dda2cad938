/**
 * The attack: a stolen or relayed session token alone must not set or change the pay
 * password. Each needs a fresh wallet signature (step-up): a SIWE message for our origin, signed by
 * the session's own wallet, carrying the purpose's statement and the nonce of an unused, unexpired
 * challenge issued to this user for this purpose. Every refusal changes nothing and keeps the
 * session (403, not 401).
 */
import { Wallet } from 'ethers';
import { STEP_UP_TTL_MS } from '../../server/auth/stepUp';
import type { TestApp } from './support/app';
import { MINUTE } from './support/clock';
import { deposit, newUser, startWithPayee, transfer, type MoneyUser } from './support/ledger';
import { bearer, buildMessage, PROFILE_URL } from './support/siwe';
import { PAY_PASS_URL, postPayPass, STEP_UP_URL, stepUpChallenge, walletProof } from './support/stepUp';

let t: TestApp;
let payee: MoneyUser;
beforeAll(async () => {
  ({ t, payee } = await startWithPayee());
});
afterAll(async () => t.close());

const payPass = (user: MoneyUser, payload: object) =>
  t.app.inject({ method: 'POST', url: PAY_PASS_URL, headers: { ...bearer(user.token), 'accept-language': 'zh-TW' }, payload });
const storedHash = async (user: MoneyUser) =>
  (await t.db.selectFrom('users').select('pay_password_hash').where('id', '=', user.userId).executeTakeFirstOrThrow()).pay_password_hash;
const profileStatus = async (user: MoneyUser) => (await t.app.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(user.token) })).statusCode;

describe('a session token alone', () => {
  it('cannot set the first pay password: 403 with a clear message, nothing stored, the session stays', async () => {
    const victim = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const response = await payPass(victim, { newPassword: '135790' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      errCode: 'STEP_UP_REQUIRED',
      errMessage: '設定支付密碼需要錢包簽名確認：僅憑登入憑證無法設定，請在錢包中簽署確認訊息',
    });
    expect(await storedHash(victim)).toBeNull();
    expect(await profileStatus(victim)).toBe(200);
  });

  it('cannot change it either, even with the right old password; the old one keeps working', async () => {
    const victim = await newUser(t.app, t.db, t.clock, { payPassword: '111111' });
    const before = await storedHash(victim);
    const response = await payPass(victim, { oldPassword: '111111', newPassword: '222222' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errCode: 'STEP_UP_REQUIRED', errMessage: '修改支付密碼需要錢包簽名確認：僅憑登入憑證無法修改，請在錢包中簽署確認訊息' });
    expect(await storedHash(victim)).toBe(before);
    await deposit(t.db, t.clock, victim, '50');
    expect((await transfer(t.app, victim, { to: payee.uid, amount: '10', payPassword: '111111' })).statusCode).toBe(200);
  });

  it('needs a session for the challenge itself', async () => {
    const response = await t.app.inject({ method: 'POST', url: STEP_UP_URL, payload: { purpose: 'payPassword.set' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('a fresh wallet proof', () => {
  it('sets the first pay password, and changes it with the old one', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    expect((await postPayPass(t.app, t.clock, user, { newPassword: '135790' })).statusCode).toBe(200);
    expect((await postPayPass(t.app, t.clock, user, { oldPassword: '135790', newPassword: '246802' })).statusCode).toBe(200);
    await deposit(t.db, t.clock, user, '50');
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '246802' })).statusCode).toBe(200);
  });

  it('asks the wallet to sign a statement that names the action', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    expect((await stepUpChallenge(t.app, user.token, 'payPassword.set')).statement).toBe('Set pay password for PowerFi');
    expect((await stepUpChallenge(t.app, user.token, 'payPassword.change')).statement).toBe('Change pay password for PowerFi');
  });

  it('is single use: the same proof replayed is refused and changes nothing', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: '111111' });
    const proof = await walletProof(t.app, t.clock, user, 'payPassword.change');
    expect((await payPass(user, { oldPassword: '111111', newPassword: '222222', proof })).statusCode).toBe(200);
    const hash = await storedHash(user);
    const replay = await payPass(user, { oldPassword: '222222', newPassword: '333333', proof });
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toMatchObject({ errCode: 'STEP_UP_INVALID', errMessage: '簽名確認已過期、已使用或不屬於此操作，請重新簽名' });
    expect(await storedHash(user)).toBe(hash);
  });

  it('serves only its purpose: a change proof cannot set, and a challenge of one purpose cannot carry the other statement', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const changeProof = await walletProof(t.app, t.clock, user, 'payPassword.change');
    const asSet = await payPass(user, { newPassword: '135790', proof: changeProof });
    expect(asSet.json()).toMatchObject({ errCode: 'STEP_UP_INVALID', errMessage: '簽名訊息不是用於此操作，請重新簽名' });
    // the set statement on a change challenge's nonce
    const crossed = await walletProof(t.app, t.clock, user, 'payPassword.change', { statement: 'Set pay password for PowerFi' });
    expect((await payPass(user, { newPassword: '135790', proof: crossed })).json()).toMatchObject({ errCode: 'STEP_UP_INVALID', errMessage: '簽名確認已過期、已使用或不屬於此操作，請重新簽名' });
    expect(await storedHash(user)).toBeNull();
  });

  it('serves only its user: another user\'s proof, or another user\'s challenge signed by me, is refused', async () => {
    const victim = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const attacker = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const attackersProof = await walletProof(t.app, t.clock, attacker, 'payPassword.set');
    const foreignProof = await payPass(victim, { newPassword: '135790', proof: attackersProof });
    expect(foreignProof.statusCode).toBe(403);
    expect(foreignProof.json()).toMatchObject({ errCode: 'STEP_UP_INVALID', errMessage: '簽名的錢包不是目前登入的帳戶，請切換到登入時使用的錢包地址' });
    // the victim's wallet signing the attacker's nonce (say, tricked into it) still does not pass for the victim
    const { nonce } = await stepUpChallenge(t.app, attacker.token, 'payPassword.set');
    const message = buildMessage({ address: victim.wallet.address, nonce, statement: 'Set pay password for PowerFi' }, t.clock);
    const stolenNonce = await payPass(victim, { newPassword: '135790', proof: { message, signature: await victim.wallet.signMessage(message) } });
    expect(stolenNonce.json()).toMatchObject({ errCode: 'STEP_UP_INVALID', errMessage: '簽名確認已過期、已使用或不屬於此操作，請重新簽名' });
    expect(await storedHash(victim)).toBeNull();
    expect(await storedHash(attacker)).toBeNull();
  });

  it('expires: a challenge older than its lifetime is refused, however fresh the signed message', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const { nonce, statement } = await stepUpChallenge(t.app, user.token, 'payPassword.set');
    t.clock.advance(STEP_UP_TTL_MS + 1000);
    const message = buildMessage({ address: user.wallet.address, nonce, statement }, t.clock);
    const late = await payPass(user, { newPassword: '135790', proof: { message, signature: await user.wallet.signMessage(message) } });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ errCode: 'STEP_UP_INVALID', errMessage: '簽名確認已過期、已使用或不屬於此操作，請重新簽名' });
    expect(await storedHash(user)).toBeNull();
  });

  it('expires: a message signed longer ago than the challenge lifetime is refused', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const proof = await walletProof(t.app, t.clock, user, 'payPassword.set', { issuedAt: new Date(t.clock.now() - 6 * MINUTE) });
    const old = await payPass(user, { newPassword: '135790', proof });
    expect(old.json()).toMatchObject({ errCode: 'STEP_UP_INVALID', errMessage: '簽名訊息已過期，請重新簽名' });
    expect(await storedHash(user)).toBeNull();
  });

  it('must be signed for our origin: a proof signed on a phishing domain is refused', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const proof = await walletProof(t.app, t.clock, user, 'payPassword.set', { domain: 'powerfi-airdrop.example', uri: 'https://powerfi-airdrop.example/' });
    const phished = await t.app.inject({
      method: 'POST', url: PAY_PASS_URL, headers: { ...bearer(user.token), host: 'powerfi-airdrop.example' }, payload: { newPassword: '135790', proof },
    });
    expect(phished.statusCode).toBe(403);
    expect(phished.json()).toMatchObject({ errCode: 'STEP_UP_INVALID', errMessage: '簽名訊息的網域與本站不符' });
    expect(await storedHash(user)).toBeNull();
  });

  it('must be signed by the wallet: a forged signature for the user\'s address is refused', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const { nonce, statement } = await stepUpChallenge(t.app, user.token, 'payPassword.set');
    const message = buildMessage({ address: user.wallet.address, nonce, statement }, t.clock);
    const forged = await payPass(user, { newPassword: '135790', proof: { message, signature: await Wallet.createRandom().signMessage(message) } });
    expect(forged.json()).toMatchObject({ errCode: 'STEP_UP_INVALID', errMessage: '簽名驗證失敗' });
    expect(await storedHash(user)).toBeNull();
  });

  it('is not spent by a change refused for a wrong old password', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: '111111' });
    const proof = await walletProof(t.app, t.clock, user, 'payPassword.change');
    expect((await payPass(user, { oldPassword: '999999', newPassword: '222222', proof })).json().errCode).toBe('PAY_PASSWORD_WRONG');
    expect((await payPass(user, { oldPassword: '111111', newPassword: '222222', proof })).statusCode).toBe(200);
    await deposit(t.db, t.clock, user, '50');
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '222222' })).statusCode).toBe(200);
  });
});
