/**
 * The console's HTTP client and services: each console endpoint of the contract has a service of
 * its name sending its method to its URL; the operator's token goes on console calls and the
 * user's never does; a 401 drops the operator token and opens /admin/login with the way back; a
 * refusal reaches the page with the server's envelope (its text).
 */
import { history } from '@umijs/max';
import { adminCoreEndpoints } from '../../contract/admin/core';
import { adminMallEndpoints } from '../../contract/admin/mall';
import { adminMoneyEndpoints } from '../../contract/admin/money';
import { adminOperationsEndpoints } from '../../contract/admin/operations';
import { adminUsersEndpoints } from '../../contract/admin/users';
import { contract, fullPath } from '../../contract';
import { adminErrorText } from '@/admin/errors';
import { AdminApiError } from '@/admin/http';
import { coreApi, mallApi, moneyApi, operationsApi, usersApi } from '@/admin/services';
import { ADMIN_TOKEN_KEY, adminLoginPath, adminRedirectTarget } from '@/admin/session';

jest.mock('@umijs/max', () => {
  const replaced: Record<string, unknown> = { history: { location: { pathname: '/admin/withdrawals', search: '?status=review', hash: '' }, replace: jest.fn() } };
  // read lazily: Umi's exports load in a cycle through src/app.tsx
  return new Proxy(replaced, { get: (target, key: string) => (key in target ? target[key] : jest.requireActual('@umijs/max')[key]) });
});

type ServiceFn = (...args: unknown[]) => Promise<unknown>;
const AREAS = [
  ['core', adminCoreEndpoints, coreApi],
  ['money', adminMoneyEndpoints, moneyApi],
  ['users', adminUsersEndpoints, usersApi],
  ['mall', adminMallEndpoints, mallApi],
  ['operations', adminOperationsEndpoints, operationsApi],
] as const;

const fetchMock = jest.fn();
function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValue({ status, ok: status < 400, json: async () => body });
}
const ok = (data: unknown) => answer(200, { success: true, data, errCode: '', errMessage: '', httpStatusCode: 200, code: 0, message: '', showType: 0 });

beforeEach(() => {
  fetchMock.mockReset();
  (history.replace as jest.Mock).mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  localStorage.clear();
  sessionStorage.clear();
});

describe('services', () => {
  it('every console endpoint has a service, and every service an endpoint', () => {
    expect(Object.keys(contract.admin).length).toBeGreaterThan(40);
    for (const [, endpoints, services] of AREAS) expect(Object.keys(services).sort()).toEqual(Object.keys(endpoints).sort());
  });

  const cases = AREAS.flatMap(([area, endpoints, services]) =>
    Object.entries(endpoints).map(([name, endpoint]) => [`${area}.${name}`, endpoint, (services as unknown as Record<string, ServiceFn>)[name]] as const),
  );

  it.each(cases)('%s sends its method to its URL and resolves to the data', async (_label, endpoint, service) => {
    sessionStorage.setItem(ADMIN_TOKEN_KEY, 'op-token');
    ok({ marker: 1 });
    const args: unknown[] = [];
    if (endpoint.params) args.push('42');
    const payload = { page: 2, pageSize: 20, status: 'review' };
    if (endpoint.query || endpoint.body) args.push(payload);
    await expect(service(...args)).resolves.toEqual({ marker: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    const expected = fullPath(endpoint).replace(/:[a-zA-Z]+/, '42');
    if (endpoint.method === 'GET') {
      expect(url).toBe(endpoint.query ? `${expected}?page=2&pageSize=20&status=review` : expected);
      expect(init.body).toBeUndefined();
    } else {
      expect(url).toBe(expected);
      expect(init.body).toBe(endpoint.body ? JSON.stringify(payload) : undefined);
    }
    expect(init.method).toBe(endpoint.method);
    expect(init.headers.Authorization).toBe('Bearer op-token');
  });
});

describe('tokens', () => {
  it('never sends the user\'s token, with or without an operator token', async () => {
    localStorage.setItem('token', 'user-token');
    sessionStorage.setItem('token', 'user-token');
    ok({ nonce: 'n' });
    await coreApi.nonce();
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBeUndefined();
    localStorage.setItem(ADMIN_TOKEN_KEY, 'op-token');
    await coreApi.me();
    expect(fetchMock.mock.calls[1][1].headers.Authorization).toBe('Bearer op-token');
  });

  it('leaves blank filters out of the query string', async () => {
    ok({ list: [], total: 0, page: 1, pageSize: 20 });
    await coreApi.audit({ page: 1, pageSize: 20, actor: '', action: undefined });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/admin/audit?page=1&pageSize=20');
  });
});

describe('refusals', () => {
  it('a 401 drops the operator token and opens the console\'s sign-in with the way back', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'op-token');
    sessionStorage.setItem(ADMIN_TOKEN_KEY, 'op-token');
    localStorage.setItem('token', 'user-token');
    answer(401, { success: false, data: null, errCode: 'UNAUTHORIZED', errMessage: '請先登入', httpStatusCode: 401 });
    await expect(coreApi.me()).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem('token')).toBe('user-token');
    expect(history.replace).toHaveBeenCalledWith(`/admin/login?redirect=${encodeURIComponent('/admin/withdrawals?status=review')}`);
  });

  it('the sign-in page keeps its 401 to itself', async () => {
    answer(401, { success: false, data: null, errCode: 'SIWE_SIGNATURE_INVALID', errMessage: '簽名無效', httpStatusCode: 401 });
    await expect(coreApi.signIn({ message: 'm', signature: '0x' }, { keepOn401: true })).rejects.toBeInstanceOf(AdminApiError);
    expect(history.replace).not.toHaveBeenCalled();
  });

  it('a refusal carries the server\'s text to the operator', async () => {
    answer(409, { success: false, data: null, errCode: 'CONFLICT', errMessage: '這個操作已在等待另一位營運人員覆核', httpStatusCode: 409 });
    const error = await moneyApi.approveWithdrawal('12', { proof: { message: 'm', signature: '0x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminApiError);
    const intl = { locale: 'zh-TW', formatMessage: ({ id }: { id: string }) => id };
    expect(await adminErrorText(error, intl)).toBe('這個操作已在等待另一位營運人員覆核');
  });

  it('no answer at all is said as a network problem', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await coreApi.me().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0 });
    expect(await adminErrorText(error, { locale: 'zh-CN', formatMessage: ({ id }: { id: string }) => id })).toBe('admin.error.network');
  });
});

describe('the way back after signing in', () => {
  it('returns to a console page only', () => {
    expect(adminLoginPath({ pathname: '/admin/audit', search: '?action=withdraw' })).toBe(`/admin/login?redirect=${encodeURIComponent('/admin/audit?action=withdraw')}`);
    expect(adminRedirectTarget(`?redirect=${encodeURIComponent('/admin/audit?action=withdraw')}`)).toBe('/admin/audit?action=withdraw');
    expect(adminRedirectTarget('?redirect=%2Fmy%2Fassets')).toBe('/admin/dashboard');
    expect(adminRedirectTarget('?redirect=%2F%2Fevil.example%2Fadmin')).toBe('/admin/dashboard');
    expect(adminRedirectTarget('?redirect=https%3A%2F%2Fevil.example%2Fadmin')).toBe('/admin/dashboard');
    expect(adminRedirectTarget('?redirect=%2Fadmin%2Flogin')).toBe('/admin/dashboard');
    expect(adminRedirectTarget('')).toBe('/admin/dashboard');
  });
});
