/**
 * The role × endpoint matrix: every operator endpoint refuses every role whose permissions lack
 * what it names (403, before reading the body), a user's token and no token (401); user endpoints
 * refuse an operator's token (401). Walks contract.admin, so a new endpoint is covered by being declared.
 */
import { contract, fullPath, type Endpoint } from '../../contract';
import { OPERATOR_ROLES, roleCan, type OperatorRole } from '../../contract/rules/operators';
import { allEndpoints } from '../../contract';
import { startTestApp, type TestApp } from './support/app';
import { bearer, signIn, TEST_HOST } from './support/siwe';
import { opHeaders, signedInOperator } from './support/operators';

let t: TestApp;
const tokens = {} as Record<OperatorRole, string>;
let userToken: string;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  for (const role of OPERATOR_ROLES) tokens[role] = (await signedInOperator(t, role)).token;
  userToken = (await signIn(t.app, t.clock)).token;
});
afterAll(async () => t.close());

const PARAM_VALUES: Record<string, string> = { id: '1', uid: '100001', currency: 'USDT', name: 'mall', network: 'ERC20' };
const urlOf = (endpoint: Endpoint) => fullPath(endpoint).replace(/:(\w+)/g, (_whole, name: string) => PARAM_VALUES[name] ?? '1');
const call = (endpoint: Endpoint, headers: Record<string, string>) =>
  t.app.inject({ method: endpoint.method, url: urlOf(endpoint), headers, ...(endpoint.method === 'POST' ? { payload: {} } : {}) });

const operatorEndpoints = Object.entries(contract.admin as Record<string, Endpoint>).filter(([, endpoint]) => endpoint.operator);

it('declares every admin endpoint under its own prefix, and all but sign-in for operators only', () => {
  for (const [name, endpoint] of Object.entries(contract.admin as Record<string, Endpoint>)) {
    expect(endpoint.prefix).toBe('admin');
    expect(endpoint.auth).toBe(false);
    if (!['nonce', 'signIn'].includes(name)) expect(endpoint.operator).toBeDefined();
  }
  expect(operatorEndpoints.length).toBeGreaterThan(20);
});

describe.each(operatorEndpoints)('%s', (name, endpoint) => {
  it('refuses no token and a user token (401)', async () => {
    expect((await call(endpoint, { host: TEST_HOST })).statusCode).toBe(401);
    expect((await call(endpoint, bearer(userToken))).statusCode).toBe(401);
  });

  const permission = endpoint.operator!;
  const refused = permission === 'signedIn' ? [] : OPERATOR_ROLES.filter((role) => !roleCan(role, permission));
  const allowed = OPERATOR_ROLES.filter((role) => !refused.includes(role));
  it(`refuses ${refused.join(', ') || 'no role'} (403); lets ${allowed.join(', ')} past the role check`, async () => {
    for (const role of refused) {
      const response = await call(endpoint, opHeaders(tokens[role]));
      expect([role, response.statusCode, response.json().errCode]).toEqual([role, 403, 'FORBIDDEN']);
    }
    for (const role of allowed) {
      // signing out ends the session: sign out a fresh one, keeping the shared tokens live
      const token = name === 'signOut' ? (await signedInOperator(t, role)).token : tokens[role];
      const response = await call(endpoint, opHeaders(token));
      expect([role, response.statusCode === 401 || response.json().errMessage === '你的角色沒有權限執行此操作']).toEqual([role, false]);
    }
  });
});

it('user endpoints refuse an operator token', async () => {
  const signedInOnly = allEndpoints().filter(({ endpoint }) => endpoint.auth);
  expect(signedInOnly.length).toBeGreaterThan(20);
  for (const { name, endpoint } of signedInOnly) {
    const response = await call(endpoint, opHeaders(tokens.admin));
    expect([name, response.statusCode]).toEqual([name, 401]);
  }
});
