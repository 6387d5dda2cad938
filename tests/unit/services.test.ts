/**
 * Every endpoint of the contract has a service function of the same name that sends the right
 * method to the right URL, forwards query/body and options, and resolves to the envelope's data.
 * The operator console's calls have services of their own (src/admin/services, tests/unit/admin-http.test.tsx).
 */
import { request } from '@umijs/max';
import { allEndpoints, fullPath } from '../../contract';
import * as services from '@/services';

jest.mock('@umijs/max', () => ({ request: jest.fn() }));
const requestMock = request as unknown as jest.Mock;

// No imported types below: with jest.mock, babel sees this file before its types are stripped.
type ServiceFn = (...args: unknown[]) => Promise<unknown>;
const modules: Record<string, Record<string, ServiceFn>> = {
  auth: services.authApi,
  user: services.userApi,
  account: services.accountApi,
  product: services.productApi,
  content: services.contentApi,
  invite: services.inviteApi,
  address: services.addressApi,
  mall: services.mallApi,
  features: services.featuresApi,
  withdraw: services.withdrawApi,
  market: services.marketApi,
  notification: services.notificationApi,
} as unknown as Record<string, Record<string, ServiceFn>>;

const options = { skipErrorHandler: true, headers: { 'Idempotency-Key': 'k-1' } };

beforeEach(() => requestMock.mockReset());

const userEndpoints = () => allEndpoints().filter((e) => e.domain !== 'admin');

describe.each(userEndpoints().map((e) => [`${e.domain}.${e.name}`, e] as const))('%s', (_label, { domain, name, endpoint }) => {
  it('calls the contract method and URL and unwraps the envelope data', async () => {
    const fn = modules[domain][name];
    expect(typeof fn).toBe('function');

    const payload = { page: 2, marker: name };
    const args: unknown[] = [];
    if (endpoint.params) args.push('42');
    if (endpoint.query || endpoint.body) args.push(payload);
    args.push(options);

    const data = { marker: `${domain}.${name}` };
    requestMock.mockResolvedValue({ success: true, data, errCode: '', errMessage: '', httpStatusCode: 200, code: 0, message: '', showType: 0 });

    await expect(fn(...args)).resolves.toBe(data);
    expect(requestMock).toHaveBeenCalledTimes(1);
    const [url, sent] = requestMock.mock.calls[0];
    expect(url).toBe(fullPath(endpoint).replace(':id', '42'));
    expect(sent.method).toBe(endpoint.method);
    expect(sent.skipErrorHandler).toBe(true);
    expect(sent.headers).toEqual(options.headers);
    if (endpoint.method === 'GET') {
      expect(sent.params).toEqual(endpoint.query ? payload : undefined);
      expect(sent.data).toBeUndefined();
    } else {
      expect(sent.data).toEqual(endpoint.body ? payload : undefined);
      expect(sent.params).toBeUndefined();
    }
  });
});

describe('service modules', () => {
  it('export exactly the endpoints of their contract domain', () => {
    for (const domain of Object.keys(modules)) {
      const expected = userEndpoints().filter((e) => e.domain === domain).map((e) => e.name).sort();
      expect(Object.keys(modules[domain]).sort()).toEqual(expected);
    }
  });

  it('encode path parameters', async () => {
    requestMock.mockResolvedValue({ success: true, data: null });
    await services.mallApi.logistics('a/b');
    expect(requestMock.mock.calls[0][0]).toBe('/api/v1/web/mall/order/a%2Fb/logistics');
  });

  it('pass request failures to the caller', async () => {
    requestMock.mockRejectedValue(new Error('boom'));
    await expect(services.userApi.profile()).rejects.toThrow('boom');
  });
});
