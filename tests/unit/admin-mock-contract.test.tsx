/**
 * @jest-environment ./tests/unit/walletEnvironment.js
 *
 * The console's mocks for `max dev` (mock/admin-*.ts) serve exactly the console's endpoints, and
 * every read answers what the contract says, for the operator the console's sign-in made.
 */
import { Value } from '@sinclair/typebox/value';
import { allEndpoints, Envelope, fullPath, type Endpoint } from '../../contract';
import { OPERATOR_SIGN_IN_STATEMENT } from '../../contract/rules/operators';
import adminCore from '../../mock/admin-core';
import adminMall from '../../mock/admin-mall';
import adminMoney from '../../mock/admin-money';
import adminOperations from '../../mock/admin-operations';
import adminUsers from '../../mock/admin-users';
import { buildSiweMessage } from '@/wallet/siweMessage';
import { invokeMock } from './mockInvoke';

const routes = { ...adminCore, ...adminMoney, ...adminUsers, ...adminMall, ...adminOperations };
const adminEndpoints = allEndpoints().filter((e) => e.domain === 'admin');
const key = (endpoint: Endpoint) => `${endpoint.method} ${fullPath(endpoint)}`;

/** an admin and a reviewer of the mock's demo operators: between them every read is allowed */
const OPERATORS = { admin: '0x976EA74026E726554dB657fA54763abd0C3a0aa9', reviewer: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' };

function signIn(address: string): string {
  const { nonce } = invokeMock(adminCore['GET /api/v1/admin/auth/nonce'], { headers: {} }).body.data;
  const message = buildSiweMessage({ domain: 'localhost:8000', address, statement: OPERATOR_SIGN_IN_STATEMENT, uri: 'http://localhost:8000', chainId: 1, nonce, issuedAt: new Date().toISOString() });
  return invokeMock(adminCore['POST /api/v1/admin/auth/sign-in'], { headers: {}, body: { message, signature: `0x${'ab'.repeat(65)}` } }).body.data.token;
}

it('serve every endpoint of the console\'s contract, and nothing else', () => {
  expect(Object.keys(routes).sort()).toEqual(adminEndpoints.map(({ endpoint }) => key(endpoint)).sort());
});

it('answer every read as the contract says', () => {
  const tokens = { admin: signIn(OPERATORS.admin), reviewer: signIn(OPERATORS.reviewer) };
  const first = (name: string, field: string) => {
    const endpoint = adminEndpoints.find((e) => e.name === name)!.endpoint;
    return String(invokeMock(routes[key(endpoint)], { headers: { authorization: `Bearer ${tokens.admin}` } }).body.data.list[0][field]);
  };
  const params: Record<string, Record<string, string>> = {
    withdrawalDetail: { id: first('withdrawals', 'id') },
    userDetail: { uid: first('users', 'uid') },
    userLedger: { uid: first('users', 'uid') },
    mallOrderDetail: { id: first('mallOrders', 'id') },
  };
  const reads = adminEndpoints.filter(({ endpoint }) => endpoint.method === 'GET');
  expect(reads.length).toBeGreaterThan(15);
  for (const { name, endpoint } of reads) {
    const token = endpoint.operator === 'console.read' || endpoint.operator === 'signedIn' ? tokens.reviewer : tokens.admin;
    const reply = invokeMock(routes[key(endpoint)], { headers: { authorization: `Bearer ${token}` }, params: params[name] ?? {} });
    const errors = [...Value.Errors(Envelope(endpoint.response), reply.body)].map((e) => `${e.path}: ${e.message}`);
    expect({ name, status: reply.status, errors }).toEqual({ name, status: 200, errors: [] });
  }
});
