/**
 * Operators: sign-in with the console's own statement, sessions kept apart from users' (each
 * token refused on the other's endpoints), the 15-minute idle limit, sessions listed and ended,
 * operator changes by four eyes, step-up proofs bound to one action on one target, and the audit
 * log (filters, append-only in the database).
 */
import { sql } from 'kysely';
import { Wallet } from 'ethers';
import { OPERATOR_IDLE_TIMEOUT_MS } from '../../contract/rules/operators';
import { startTestApp, type TestApp } from './support/app';
import { MINUTE } from './support/clock';
import { bearer, PROFILE_URL, signIn } from './support/siwe';
import { ADMIN_API, addTestOperator, operatorProof, operatorSignIn, opHeaders, postOperatorSignIn, signedInOperator } from './support/operators';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
});
afterAll(async () => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `${ADMIN_API}${url}`, headers: { ...opHeaders(token), 'accept-language': 'zh-CN' } });
const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `${ADMIN_API}${url}`, headers: { ...opHeaders(token), 'accept-language': 'zh-CN' }, payload });
const auditOf = (target: string) => t.db.selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id').execute();

describe('operator sign-in', () => {
  it('signs in an enabled operator and answers its role and permissions', async () => {
    const operator = await addTestOperator(t, 'reviewer');
    const token = await operatorSignIn(t, operator.wallet);
    const me = await get('/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ operator: { address: operator.address, role: 'reviewer', enabled: true }, permissions: expect.arrayContaining(['withdrawals.review']) });
    expect(me.json().data.permissions).not.toContain('operators.manage');
  });

  it('refuses a wallet that is no operator, and a user sign-in message', async () => {
    const stranger = await postOperatorSignIn(t, Wallet.createRandom());
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().errMessage).toBe('此錢包地址不是已啟用的運營人員');
    const operator = await addTestOperator(t, 'admin');
    const userMessage = await postOperatorSignIn(t, operator.wallet, 'Sign in to PowerFi');
    expect(userMessage.statusCode).toBe(401);
    expect(await t.db.selectFrom('operator_sessions').select('id').where('operator_id', '=', operator.id).execute()).toHaveLength(0);
  });

  it('keeps user and operator tokens apart', async () => {
    const operator = await signedInOperator(t, 'admin');
    const user = await signIn(t.app, t.clock);
    expect((await get('/me', user.token)).statusCode).toBe(401);
    expect((await get('/operators', user.token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(operator.token) })).statusCode).toBe(401);
  });

  it('ends a session idle for 15 minutes, not one in use', async () => {
    const operator = await signedInOperator(t, 'support');
    t.clock.advance(OPERATOR_IDLE_TIMEOUT_MS - MINUTE);
    expect((await get('/me', operator.token)).statusCode).toBe(200);
    t.clock.advance(OPERATOR_IDLE_TIMEOUT_MS - MINUTE);
    expect((await get('/me', operator.token)).statusCode).toBe(200);
    t.clock.advance(OPERATOR_IDLE_TIMEOUT_MS);
    const idle = await get('/me', operator.token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().errCode).toBe('TOKEN_EXPIRED');
  });

  it('lists sessions (an admin all, others their own) and ends them', async () => {
    const admin = await signedInOperator(t, 'admin');
    const support = await signedInOperator(t, 'support');
    const own = (await get('/sessions', support.token)).json().data as Array<{ id: string; address: string; current: boolean }>;
    expect(own.every((s) => s.address === support.address)).toBe(true);
    const all = (await get('/sessions', admin.token)).json().data as Array<{ id: string; address: string; current: boolean }>;
    const supportSession = all.find((s) => s.address === support.address)!;
    expect(all.find((s) => s.address === admin.address)?.current).toBe(true);
    // support cannot end the admin's session
    const adminSession = all.find((s) => s.address === admin.address)!;
    expect((await post('/sessions/revoke', support.token, { id: adminSession.id })).statusCode).toBe(404);
    expect((await post('/sessions/revoke', admin.token, { id: supportSession.id })).statusCode).toBe(200);
    expect((await get('/me', support.token)).statusCode).toBe(401);
    expect(await auditOf(`session:${supportSession.id}`)).toEqual([expect.objectContaining({ action: 'operator.session.revoke', actor: admin.address, role: 'admin', source: 'console' })]);
  });
});

describe('operators by four eyes', () => {
  it('adds an operator only when a second admin confirms; nobody confirms their own', async () => {
    const first = await signedInOperator(t, 'admin');
    const second = await signedInOperator(t, 'admin');
    const newcomer = Wallet.createRandom();
    const asked = await post('/operators', first.token, { address: newcomer.address.toLowerCase(), role: 'reviewer', reason: '新同事入职' });
    expect(asked.statusCode).toBe(200);
    const approval = asked.json().data.approval;
    expect(approval).toMatchObject({ action: 'operator.add', status: 'pending', requestedBy: first.address, payload: { address: newcomer.address, role: 'reviewer' } });
    expect((await postOperatorSignIn(t, newcomer)).statusCode).toBe(403);

    const twice = await post('/operators', second.token, { address: newcomer.address, role: 'finance', reason: '重复' });
    expect(twice.statusCode).toBe(409);

    const own = await post(`/approvals/${approval.id}/confirm`, first.token, { proof: await operatorProof(t, first, 'approval.confirm', approval.id) });
    expect(own.statusCode).toBe(409);
    expect(own.json().errMessage).toBe('发起人不能自己复核，需要另一位运营人员确认');

    const proof = await operatorProof(t, second, 'approval.confirm', approval.id);
    const confirmed = await post(`/approvals/${approval.id}/confirm`, second.token, { proof });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.approval).toMatchObject({ status: 'done', decidedBy: second.address });
    expect((await postOperatorSignIn(t, newcomer)).statusCode).toBe(200);

    const replayed = await post(`/approvals/${approval.id}/confirm`, second.token, { proof });
    expect(replayed.json().errCode).toBe('STEP_UP_INVALID');
    const again = await post(`/approvals/${approval.id}/confirm`, second.token, { proof: await operatorProof(t, second, 'approval.confirm', approval.id) });
    expect(again.statusCode).toBe(409);
    const entries = await auditOf(`operator:${newcomer.address}`);
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['operator.add.request', first.address],
      ['operator.add.confirm', second.address],
      ['operator.add', second.address],
    ]);
    expect(entries[0].reason).toBe('新同事入职');
    expect(entries.every((e) => e.request_id.length > 0 && e.source === 'console')).toBe(true);
  });

  it('disabling an operator (confirmed) ends their sessions; asking again for no change is refused', async () => {
    const a = await signedInOperator(t, 'admin');
    const b = await signedInOperator(t, 'admin');
    const victim = await signedInOperator(t, 'finance');
    const asked = (await post(`/operators/${victim.id}`, a.token, { enabled: false, reason: '离职' })).json().data.approval;
    expect((await get('/me', victim.token)).statusCode).toBe(200);
    expect((await post(`/approvals/${asked.id}/confirm`, b.token, { proof: await operatorProof(t, b, 'approval.confirm', asked.id) })).statusCode).toBe(200);
    expect((await get('/me', victim.token)).statusCode).toBe(401);
    expect((await postOperatorSignIn(t, victim.wallet)).statusCode).toBe(403);
    expect((await post(`/operators/${victim.id}`, a.token, { enabled: false, reason: '再次' })).statusCode).toBe(400);
  });

  it('a confirmation needs a fresh proof of this operator for this approval; a waiting action can be cancelled', async () => {
    const a = await signedInOperator(t, 'admin');
    const b = await signedInOperator(t, 'admin');
    const asked = (await post('/operators', a.token, { address: Wallet.createRandom().address, role: 'support', reason: '客服' })).json().data.approval;
    const none = await post(`/approvals/${asked.id}/confirm`, b.token, {});
    expect(none.statusCode).toBe(400);
    const other = await post(`/approvals/${asked.id}/confirm`, b.token, { proof: await operatorProof(t, b, 'approval.confirm', '999') });
    expect(other.statusCode).toBe(403);
    expect(other.json().errCode).toBe('STEP_UP_INVALID');
    const byA = await operatorProof(t, a, 'approval.confirm', asked.id);
    expect((await post(`/approvals/${asked.id}/confirm`, b.token, { proof: byA })).json().errCode).toBe('STEP_UP_INVALID');
    expect((await get(`/approvals?status=pending&action=operator.add`, b.token)).json().data.list.map((x: { id: string }) => x.id)).toContain(asked.id);
    const cancelled = await post(`/approvals/${asked.id}/cancel`, a.token, { reason: '不需要了' });
    expect(cancelled.json().data.approval.status).toBe('cancelled');
  });

  it('only admins manage operators', async () => {
    const reviewer = await signedInOperator(t, 'reviewer');
    expect((await get('/operators', reviewer.token)).statusCode).toBe(403);
    const refused = await post('/operators', reviewer.token, { address: Wallet.createRandom().address, role: 'admin', reason: '提权' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errMessage).toBe('你的角色没有权限执行此操作');
  });
});

describe('the audit log', () => {
  it('is filtered by actor, action prefix, target and time, newest first', async () => {
    const admin = await signedInOperator(t, 'admin');
    const finance = await signedInOperator(t, 'finance');
    await post('/operators', admin.token, { address: Wallet.createRandom().address, role: 'support', reason: '筛选一' });
    const page = (await get(`/audit?actor=${admin.address}&action=operator`, finance.token)).json().data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ action: 'operator.add.request', actor: admin.address, role: 'admin', reason: '筛选一' });
    const future = new Date(t.clock.now() + 60_000).toISOString();
    expect((await get(`/audit?from=${encodeURIComponent(future)}`, finance.token)).json().data.total).toBe(0);
    expect((await get('/audit', (await signedInOperator(t, 'support')).token)).statusCode).toBe(403);
  });

  it('refuses updates and deletes in the database', async () => {
    await expect(sql`update audit_log set reason = 'changed'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
  });
});
