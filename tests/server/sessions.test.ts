/** Session tokens: profile access, idle and absolute expiry on an injected clock, revocation, storage. */
import { startTestApp, type TestApp } from './support/app';
import { DAY, HOUR, MINUTE } from './support/clock';
import { bearer, PROFILE_URL, SIGN_OUT_URL, signIn } from './support/siwe';
import { hashToken } from '../../server/auth/sessions';

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
