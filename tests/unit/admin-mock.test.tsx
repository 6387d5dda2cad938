/**
 * @jest-environment ./tests/unit/walletEnvironment.js
 *
 * The console's core mocks for `max dev` (mock/admin-core.ts), called as Umi's dev server would:
 * sign-in with the console's statement (any signature), the role's permissions, step-up, an
 * operator added by one admin and confirmed by another (not by the asker), the audit log, and
 * refusals for a missing or a user's token and for a role without the permission.
 */
import { OPERATOR_SIGN_IN_STATEMENT, ROLE_PERMISSIONS } from '../../contract/rules/operators';
import adminCore from '../../mock/admin-core';
import auth from '../../mock/auth';
import { buildSiweMessage } from '@/wallet/siweMessage';
import { invokeMock } from './mockInvoke';

const ADMIN_B = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
const REVIEWER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const SIGNATURE = `0x${'ab'.repeat(65)}`;

const call = (route: string, token: string | null, input: { query?: Record<string, unknown>; body?: unknown; params?: Record<string, string> } = {}) =>
  invokeMock(adminCore[route], { headers: token ? { authorization: `Bearer ${token}` } : {}, ...input });

function message(address: string, nonce: string, statement: string): string {
  return buildSiweMessage({ domain: 'localhost:8000', address, statement, uri: 'http://localhost:8000', chainId: 1, nonce, issuedAt: new Date().toISOString() });
}

function signIn(address: string): string {
  const { nonce } = call('GET /api/v1/admin/auth/nonce', null).body.data;
  const reply = call('POST /api/v1/admin/auth/sign-in', null, { body: { message: message(address, nonce, OPERATOR_SIGN_IN_STATEMENT), signature: SIGNATURE } });
  expect(reply.status).toBe(200);
  return reply.body.data.token;
}

function proof(token: string, address: string, action: string, target: string) {
  const challenge = call('POST /api/v1/admin/step-up/challenge', token, { body: { action, target } }).body.data;
  return { message: message(address, challenge.nonce, challenge.statement), signature: SIGNATURE };
}

it('signs an operator in with the console\'s statement and answers the role\'s permissions', () => {
  const token = signIn(REVIEWER);
  const me = call('GET /api/v1/admin/me', token).body.data;
  expect(me.operator).toMatchObject({ address: REVIEWER, role: 'reviewer' });
  expect(me.permissions).toEqual([...ROLE_PERMISSIONS.reviewer]);
});

it('refuses a user\'s sign-in message, a missing token, a user\'s token and a role without the permission', () => {
  const { nonce } = call('GET /api/v1/admin/auth/nonce', null).body.data;
  const userMessage = call('POST /api/v1/admin/auth/sign-in', null, { body: { message: message(REVIEWER, nonce, 'Sign in to PowerFi'), signature: SIGNATURE } });
  expect(userMessage.status).toBe(401);
  expect(call('GET /api/v1/admin/me', null).status).toBe(401);

  const userNonce = invokeMock(auth['GET /api/v1/base/web/auth/nonce'], { headers: {} }).body.data.nonce;
  const { Wallet } = jest.requireActual('ethers');
  const wallet = Wallet.createRandom();
  const text = message(wallet.address, userNonce, 'Sign in to PowerFi');
  const userToken = invokeMock(auth['POST /api/v1/base/web/auth/sign-in/wallet'], { headers: {}, body: { message: text, signature: wallet.signMessageSync(text) } }).body.data.token;
  expect(call('GET /api/v1/admin/me', userToken).status).toBe(401);

  const reviewer = signIn(REVIEWER);
  const refused = call('GET /api/v1/admin/operators', reviewer);
  expect(refused.status).toBe(403);
  expect(refused.body.errKey).toBe('admin.forbidden');
});

it('an operator added by one admin is carried out when another confirms it with a fresh signature, and audited', () => {
  const newAdmin = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';
  const first = signIn(newAdmin);
  const second = signIn(ADMIN_B);
  const added = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

  const asked = call('POST /api/v1/admin/operators', first, { body: { address: added, role: 'finance', reason: '新同事' } });
  expect(asked.status).toBe(200);
  const approvalId = asked.body.data.approval.id;
  expect(call('GET /api/v1/admin/approvals', second, { query: { status: 'pending' } }).body.data.list.map((a: { id: string }) => a.id)).toContain(approvalId);

  const own = call(`POST /api/v1/admin/approvals/:id/confirm`, first, { params: { id: approvalId }, body: { proof: proof(first, newAdmin, 'approval.confirm', approvalId) } });
  expect(own.status).toBe(403);
  expect(own.body.errKey).toBe('admin.approval.sameOperator');

  const wrongTarget = call(`POST /api/v1/admin/approvals/:id/confirm`, second, { params: { id: approvalId }, body: { proof: proof(second, ADMIN_B, 'approval.confirm', '999') } });
  expect(wrongTarget.status).toBe(403);

  const confirmed = call(`POST /api/v1/admin/approvals/:id/confirm`, second, { params: { id: approvalId }, body: { proof: proof(second, ADMIN_B, 'approval.confirm', approvalId) } });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.data.approval).toMatchObject({ status: 'done', decidedBy: ADMIN_B });
  expect(call('GET /api/v1/admin/operators', second).body.data).toEqual(expect.arrayContaining([expect.objectContaining({ address: added, role: 'finance' })]));

  const audit = call('GET /api/v1/admin/audit', second, { query: { action: 'operator.add' } }).body.data;
  expect(audit.list.map((entry: { action: string; actor: string }) => [entry.action, entry.actor])).toEqual([
    ['operator.add.confirm', ADMIN_B],
    ['operator.add.request', newAdmin],
  ]);
});

it('lists the operator\'s sessions and ends one', () => {
  const token = signIn(REVIEWER);
  const own = call('GET /api/v1/admin/sessions', token).body.data;
  const current = own.find((session: { current: boolean }) => session.current);
  expect(current).toMatchObject({ address: REVIEWER, role: 'reviewer' });
  expect(call('POST /api/v1/admin/sessions/revoke', token, { body: { id: current.id } }).status).toBe(200);
  expect(call('GET /api/v1/admin/me', token).status).toBe(401);
});
