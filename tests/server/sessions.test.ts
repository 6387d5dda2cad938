/** Session tokens: profile access, idle and absolute expiry on an injected clock, revocation, storage. */
import { startTestApp, type TestApp } from './support/app';
import { DAY, HOUR, MINUTE } from './support/clock';
import { bearer, PROFILE_URL, SIGN_OUT_URL, signIn, type SignedIn } from './support/siwe';
import { hashToken } from '../../server/auth/sessionCore';

const IDLE = 2 * HOUR;
const ABSOLUTE = 3 * DAY;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { tokenIdleTtlMs: IDLE, tokenAbsoluteTtlMs: ABSOLUTE } });
});
afterAll(async () => t.close());

const profile = (token: string) => t.app.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(token) });

describe('session tokens', () => {
  it('gives the signed-in user their profile', async () => {
    const { token, wallet, data } = await signIn(t.app, t.clock);
    const response = await profile(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      uid: data.user.uid,
      address: wallet.address,
      inviteCode: data.user.inviteCode,
      hasPayPassword: false,
      inviterUid: null,
      createdAt: data.user.createdAt,
    });
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Basic abc' }, { authorization: `Bearer ${'x'.repeat(43)}` }]) {
      const response = await t.app.inject({ method: 'GET', url: PROFILE_URL, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, errCode: 'UNAUTHORIZED', httpStatusCode: 401 });
    }
  });

  it('stores only the SHA-256 of the token', async () => {
    const { token } = await signIn(t.app, t.clock);
    const rows = await t.db.selectFrom('auth_sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('expires after the idle time without requests, and use keeps it alive', async () => {
    const { token } = await signIn(t.app, t.clock);
    t.clock.advance(IDLE - MINUTE);
    expect((await profile(token)).statusCode).toBe(200);
    t.clock.advance(IDLE - MINUTE);
    expect((await profile(token)).statusCode).toBe(200);
    t.clock.advance(IDLE + 1);
    const expired = await profile(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errCode).toBe('TOKEN_EXPIRED');
  });

  it('expires at the absolute lifetime even when used all along', async () => {
    const { token } = await signIn(t.app, t.clock);
    for (let elapsed = 0; elapsed + HOUR < ABSOLUTE; elapsed += HOUR) {
      t.clock.advance(HOUR);
      expect((await profile(token)).statusCode).toBe(200);
    }
    t.clock.advance(HOUR);
    const expired = await profile(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errCode).toBe('TOKEN_EXPIRED');
  });

  it('is revoked by sign-out, and other sessions of the user stay valid', async () => {
    const first = await signIn(t.app, t.clock);
    const second = await signIn(t.app, t.clock, { wallet: first.wallet });
    const out = await t.app.inject({ method: 'POST', url: SIGN_OUT_URL, headers: bearer(first.token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, data: null });
    expect((await profile(first.token)).statusCode).toBe(401);
    expect((await profile(second.token)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: SIGN_OUT_URL, headers: bearer(first.token) });
    expect(again.statusCode).toBe(401);
  });
});

describe('the user\'s sessions (/my/setting)', () => {
  const SESSIONS_URL = '/api/v1/base/web/auth/sessions';
  const END_URL = '/api/v1/base/web/auth/sessions/end';
  const END_OTHERS_URL = '/api/v1/base/web/auth/sessions/end-others';
  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 imToken/2.14';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';

  const list = async (who: SignedIn) => {
    const response = await t.app.inject({ method: 'GET', url: SESSIONS_URL, headers: bearer(who.token) });
    expect(response.statusCode).toBe(200);
    return response.json().data as Array<{ id: string; userAgent: string; ip: string; createdAt: string; lastUsedAt: string; current: boolean }>;
  };
  const end = (who: SignedIn, id: string) =>
    t.app.inject({ method: 'POST', url: END_URL, headers: { ...bearer(who.token), 'accept-language': 'zh-TW' }, payload: { id } });

  it('lists the live sessions with device, IP and times, marks the current one, and shows no token or hash', async () => {
    const phone = await signIn(t.app, t.clock, { device: { userAgent: PHONE, ip: '203.0.113.7' } });
    t.clock.advance(MINUTE);
    const desktop = await signIn(t.app, t.clock, { wallet: phone.wallet, device: { userAgent: DESKTOP, ip: '198.51.100.20' } });
    const ended = await signIn(t.app, t.clock, { wallet: phone.wallet });
    await t.app.inject({ method: 'POST', url: SIGN_OUT_URL, headers: bearer(ended.token) });
    await signIn(t.app, t.clock); // someone else

    const sessions = await list(desktop);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => [s.userAgent, s.ip, s.current])).toEqual([
      [DESKTOP, '198.51.100.20', true],
      [PHONE, '203.0.113.7', false],
    ]);
    expect(sessions[1].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const text = JSON.stringify(sessions);
    for (const secret of [phone.token, desktop.token, hashToken(phone.token), hashToken(desktop.token)]) expect(text).not.toContain(secret);
    expect((await list(phone)).find((s) => s.current)?.userAgent).toBe(PHONE);
  });

  it('cuts a long user agent to 200 characters', async () => {
    const who = await signIn(t.app, t.clock, { device: { userAgent: `Agent/${'x'.repeat(500)}` } });
    expect((await list(who))[0].userAgent).toHaveLength(200);
  });

  it('ends one session of the user: its token stops working at once, the others keep working', async () => {
    const a = await signIn(t.app, t.clock);
    const b = await signIn(t.app, t.clock, { wallet: a.wallet });
    const c = await signIn(t.app, t.clock, { wallet: a.wallet });
    const target = (await list(a)).find((s) => !s.current && s.id)!;
    const byId = await Promise.all([b, c].map(async (who) => ({ who, id: (await list(who)).find((s) => s.current)!.id })));
    const victim = byId.find((x) => x.id === target.id)!.who;
    const response = await end(a, target.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: null });
    expect((await profile(victim.token)).statusCode).toBe(401);
    expect((await profile(a.token)).statusCode).toBe(200);
    expect((await list(a)).map((s) => s.id)).not.toContain(target.id);
  });

  it('refuses to end another user\'s session (404, as if it did not exist), which keeps working', async () => {
    const owner = await signIn(t.app, t.clock);
    const attacker = await signIn(t.app, t.clock);
    const [ownersSession] = await list(owner);
    const response = await end(attacker, ownersSession.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errCode: 'NOT_FOUND', errMessage: '找不到此登入裝置，可能已經登出' });
    expect((await profile(owner.token)).statusCode).toBe(200);
    expect((await end(attacker, 'NoSuchSessionId123')).statusCode).toBe(404);
  });

  it('ends every other session at once, keeping the current one', async () => {
    const current = await signIn(t.app, t.clock);
    const others = [await signIn(t.app, t.clock, { wallet: current.wallet }), await signIn(t.app, t.clock, { wallet: current.wallet })];
    const bystander = await signIn(t.app, t.clock);
    const response = await t.app.inject({ method: 'POST', url: END_OTHERS_URL, headers: bearer(current.token) });
    expect(response.json()).toMatchObject({ success: true, data: { ended: 2 } });
    for (const other of others) expect((await profile(other.token)).statusCode).toBe(401);
    expect((await profile(current.token)).statusCode).toBe(200);
    expect((await profile(bystander.token)).statusCode).toBe(200);
    expect((await list(current)).map((s) => s.current)).toEqual([true]);
  });

  it('does not list sessions past their idle time', async () => {
    const old = await signIn(t.app, t.clock);
    t.clock.advance(IDLE + MINUTE);
    const fresh = await signIn(t.app, t.clock, { wallet: old.wallet });
    expect((await list(fresh)).map((s) => s.current)).toEqual([true]);
  });
});

describe('first sign-in', () => {
  it('binds the inviter of ?invite=CODE at the first sign-in only', async () => {
    const inviter = await signIn(t.app, t.clock);
    const other = await signIn(t.app, t.clock);
    const invitee = await signIn(t.app, t.clock, { invite: inviter.data.user.inviteCode });
    expect(invitee.data.user.inviterUid).toBe(inviter.data.user.uid);
    const later = await signIn(t.app, t.clock, { wallet: invitee.wallet, invite: other.data.user.inviteCode });
    expect(later.data.user.inviterUid).toBe(inviter.data.user.uid);
    const existing = await signIn(t.app, t.clock, { wallet: other.wallet, invite: inviter.data.user.inviteCode });
    expect(existing.data.user.inviterUid).toBeNull();
  });

  it('accepts the invite code in any letter case and ignores an unknown one', async () => {
    const inviter = await signIn(t.app, t.clock);
    const lower = await signIn(t.app, t.clock, { invite: inviter.data.user.inviteCode.toLowerCase() });
    expect(lower.data.user.inviterUid).toBe(inviter.data.user.uid);
    const unknown = await signIn(t.app, t.clock, { invite: 'NOSUCHCODE' });
    expect(unknown.data.user.inviterUid).toBeNull();
  });

  it('creates one user per address, with distinct UIDs and invite codes', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => signIn(t.app, t.clock)));
    const uids = new Set(users.map((u) => u.data.user.uid));
    const codes = new Set(users.map((u) => u.data.user.inviteCode));
    expect(uids.size).toBe(8);
    expect(codes.size).toBe(8);
  });
});
