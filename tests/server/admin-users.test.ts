/**
 * The console's users: found by UID or address (any letter case), all of them paged newest first,
 * one user's balances and live sessions, their ledger entries paged and by currency, and ending one
 * of their sessions (their token then answers 401), audited. Reading takes any role, ending a
 * session `users.protect`; a user's token opens none of it.
 */
import { ADMIN_API, opHeaders, signedInOperator, type SignedInOperator } from './support/operators';
import { deposit, newUser, type MoneyUser } from './support/ledger';
import { startTestApp, type TestApp } from './support/app';
import { PROFILE_URL, bearer } from './support/siwe';

let t: TestApp;
let support: SignedInOperator;
let reviewer: SignedInOperator;
let users: MoneyUser[];
beforeAll(async () => {
  t = await startTestApp();
  support = await signedInOperator(t, 'support');
  reviewer = await signedInOperator(t, 'reviewer');
  users = [];
  for (let i = 0; i < 3; i += 1) users.push(await newUser(t.app, t.db, t.clock));
});
afterAll(async () => t.close());

async function admin(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `${ADMIN_API}${url}`, headers: { ...opHeaders(token), 'accept-language': 'en-US' }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

const auditOf = (action: string, target: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target', '=', target).execute();

describe('finding users', () => {
  it('finds one user by UID, and by address in any letter case', async () => {
    const [alice] = users;
    const byUid = await admin(support.token, 'GET', `/users?uid=${alice.uid}`);
    expect(byUid.status).toBe(200);
    expect(byUid.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(byUid.body.data.list[0]).toMatchObject({ uid: alice.uid, address: alice.address, frozen: false, hasPayPassword: true, inviterUid: null, sessions: 1 });
    for (const address of [alice.address.toLowerCase(), `0x${alice.address.slice(2).toUpperCase()}`]) {
      const byAddress = await admin(support.token, 'GET', `/users?address=${address}`);
      expect(byAddress.body.data.list.map((u: { uid: string }) => u.uid)).toEqual([alice.uid]);
    }
    expect((await admin(support.token, 'GET', '/users?uid=12345')).body.data).toMatchObject({ list: [], total: 0 });
  });

  it('pages all users newest first', async () => {
    const first = await admin(support.token, 'GET', '/users?page=1&pageSize=2');
    expect(first.body.data.total).toBe(3);
    expect(first.body.data.list.map((u: { uid: string }) => u.uid)).toEqual([users[2].uid, users[1].uid]);
    const second = await admin(support.token, 'GET', '/users?page=2&pageSize=2');
    expect(second.body.data.list.map((u: { uid: string }) => u.uid)).toEqual([users[0].uid]);
  });

  it('refuses a malformed filter and an oversized page', async () => {
    expect((await admin(support.token, 'GET', '/users?address=0x1234')).status).toBe(400);
    expect((await admin(support.token, 'GET', '/users?pageSize=101')).status).toBe(400);
  });

  it('refuses a user token and no token on every users call', async () => {
    const [alice] = users;
    for (const [method, url] of [['GET', '/users'], ['GET', `/users/${alice.uid}`], ['GET', `/users/${alice.uid}/ledger`], ['POST', `/users/${alice.uid}/freeze`]] as const) {
      const asUser = await t.app.inject({ method, url: `${ADMIN_API}${url}`, headers: bearer(alice.token), ...(method === 'POST' ? { payload: { reason: 'x' } } : {}) });
      expect(asUser.statusCode).toBe(401);
      const anonymous = await t.app.inject({ method, url: `${ADMIN_API}${url}`, headers: { host: 'powerfi.test' }, ...(method === 'POST' ? { payload: { reason: 'x' } } : {}) });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});

describe('one user', () => {
  it('shows balances per currency, the frozen state and the live sessions', async () => {
    const [, bob] = users;
    await deposit(t.db, t.clock, bob, '150.5');
    await deposit(t.db, t.clock, bob, '0.25', 'ETH');
    const answer = await admin(support.token, 'GET', `/users/${bob.uid}`);
    expect(answer.status).toBe(200);
    const detail = answer.body.data;
    expect(detail).toMatchObject({ user: { uid: bob.uid, frozen: false, sessions: 1 }, frozenAt: null, frozenReason: null });
    expect(detail.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(detail.balances).toEqual([
      { currency: 'ETH', available: '0.25', frozen: '0' },
      { currency: 'USDT', available: '150.5', frozen: '0' },
    ]);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.sessions[0]).toEqual({ id: expect.any(String), userAgent: expect.any(String), ip: expect.any(String), createdAt: expect.any(String), lastUsedAt: expect.any(String) });
  });

  it('answers 404 for an unknown UID', async () => {
    const answer = await admin(support.token, 'GET', '/users/99999999');
    expect(answer.status).toBe(404);
    expect(answer.body.errMessage).toBe('No such user');
    expect((await admin(support.token, 'GET', '/users/99999999/ledger')).status).toBe(404);
  });

  it('pages the ledger entries newest first, filtered by currency', async () => {
    const [, , carol] = users;
    for (const amount of ['10', '20', '30']) await deposit(t.db, t.clock, carol, amount);
    await deposit(t.db, t.clock, carol, '0.5', 'ETH');
    const first = await admin(support.token, 'GET', `/users/${carol.uid}/ledger?page=1&pageSize=2`);
    expect(first.body.data).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(first.body.data.list.map((e: { currency: string; amount: string }) => `${e.amount} ${e.currency}`)).toEqual(['0.5 ETH', '30 USDT']);
    expect(first.body.data.list[1]).toMatchObject({ type: 'deposit', bucket: 'available', balanceAfter: '60', ref: expect.any(String) });
    const second = await admin(support.token, 'GET', `/users/${carol.uid}/ledger?page=2&pageSize=2`);
    expect(second.body.data.list.map((e: { amount: string }) => e.amount)).toEqual(['20', '10']);
    const usdt = await admin(support.token, 'GET', `/users/${carol.uid}/ledger?currency=USDT`);
    expect(usdt.body.data.total).toBe(3);
    expect(usdt.body.data.list.every((e: { currency: string }) => e.currency === 'USDT')).toBe(true);
  });
});

describe('ending a user session', () => {
  it('needs users.protect: a support operator is refused', async () => {
    const [alice] = users;
    const detail = (await admin(support.token, 'GET', `/users/${alice.uid}`)).body.data;
    const refused = await admin(support.token, 'POST', `/users/${alice.uid}/sessions/revoke`, { id: detail.sessions[0].id, reason: 'looks stolen' });
    expect(refused.status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(alice.token) })).statusCode).toBe(200);
  });

  it('ends the session: the user token answers 401, and the operator action is audited', async () => {
    const [alice] = users;
    const detail = (await admin(support.token, 'GET', `/users/${alice.uid}`)).body.data;
    const sessionId = detail.sessions[0].id;
    const ended = await admin(reviewer.token, 'POST', `/users/${alice.uid}/sessions/revoke`, { id: sessionId, reason: 'looks stolen' });
    expect(ended.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(alice.token) })).statusCode).toBe(401);
    expect((await admin(support.token, 'GET', `/users/${alice.uid}`)).body.data.sessions).toEqual([]);

    const [entry] = await auditOf('user.session.revoke', `user:${alice.uid}`);
    expect(entry).toMatchObject({ source: 'console', actor: reviewer.address, role: 'reviewer', reason: 'looks stolen', operator_id: reviewer.id });
    expect(JSON.parse(entry.before_json!)).toEqual({ session: sessionId, live: true });
    expect(JSON.parse(entry.after_json!)).toEqual({ session: sessionId, live: false });

    const again = await admin(reviewer.token, 'POST', `/users/${alice.uid}/sessions/revoke`, { id: sessionId, reason: 'looks stolen' });
    expect(again.status).toBe(404);
    expect(again.body.errMessage).toBe('This user has no such live session');
    expect(await auditOf('user.session.revoke', `user:${alice.uid}`)).toHaveLength(1);
  });

  it('will not end another user\'s session by its id', async () => {
    const [, bob, carol] = users;
    const bobSession = (await admin(support.token, 'GET', `/users/${bob.uid}`)).body.data.sessions[0].id;
    const refused = await admin(reviewer.token, 'POST', `/users/${carol.uid}/sessions/revoke`, { id: bobSession, reason: 'wrong user' });
    expect(refused.status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(bob.token) })).statusCode).toBe(200);
  });
});
