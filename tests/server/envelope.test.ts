/** Every answer is the envelope, errors included, with the right status and a localised errMessage. */
import { Type } from '@sinclair/typebox';
import { defineEndpoint, type ErrorCode } from '../../contract';
import { ApiError } from '../../server/http/errors';
import { startTestApp, type TestApp } from './support/app';
import { addProbe } from './support/probe';
import { PROFILE_URL, SIGN_IN_URL } from './support/siwe';

const echoKeys = defineEndpoint({
  method: 'POST', prefix: 'web', path: '/test/echo-keys', auth: false, summary: 'probe',
  body: Type.Object({ name: Type.String({ minLength: 2, maxLength: 5 }), code: Type.String({ pattern: '^[a-z]+$' }), region: Type.Object({ city: Type.String({ minLength: 1 }) }) }),
  response: Type.Object({ keys: Type.Array(Type.String()), regionKeys: Type.Array(Type.String()) }),
});
const refuse = defineEndpoint({
  method: 'GET', prefix: 'web', path: '/test/refuse/:code', auth: false, summary: 'probe',
  params: Type.Object({ code: Type.String() }), response: Type.Null(),
});
const boom = defineEndpoint({ method: 'GET', prefix: 'web', path: '/test/boom', auth: false, summary: 'probe', response: Type.Null() });
const ENVELOPE_KEYS = ['code', 'data', 'errCode', 'errMessage', 'httpStatusCode', 'message', 'requestId', 'showType', 'success'];
/** an error also names the message key of errMessage and its parameters (tests/server/error-keys.test.ts) */
const ERROR_ENVELOPE_KEYS = [...ENVELOPE_KEYS, 'errKey', 'errParams'].sort();

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { bodyLimitBytes: 2048 } });
  addProbe(t.app, echoKeys, async (request) => ({ keys: Object.keys(request.body).sort(), regionKeys: Object.keys(request.body.region).sort() }));
  addProbe(t.app, refuse, async (request) => {
    throw new ApiError(request.params.code as ErrorCode);
  });
  addProbe(t.app, boom, async () => {
    throw new Error('connect ECONNREFUSED db-password=hunter2');
  });
});
afterAll(async () => t.close());

function expectEnvelope(response: { statusCode: number; json: () => Record<string, unknown>; headers: Record<string, unknown> }, status: number, errCode: string) {
  const body = response.json();
  expect(response.statusCode).toBe(status);
  expect(Object.keys(body).sort()).toEqual(ERROR_ENVELOPE_KEYS);
  expect(typeof body.errKey).toBe('string');
  expect(typeof body.errParams).toBe('object');
  expect(body).toMatchObject({ success: false, errCode, httpStatusCode: status, code: status });
  expect(typeof body.errMessage).toBe('string');
  expect((body.errMessage as string).length).toBeGreaterThan(0);
  expect(body.requestId).toBe(response.headers['x-request-id']);
  return body;
}

const validEcho = { name: 'abc', code: 'usdt', region: { city: '台北' } };

describe('success envelope', () => {
  it('wraps data with success true and a request id', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/web/test/echo-keys', payload: validEcho });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(ENVELOPE_KEYS);
    expect(body).toMatchObject({ success: true, errCode: '', errMessage: '', httpStatusCode: 200, code: 0, showType: 0 });
    expect(body.requestId).toBe(response.headers['x-request-id']);
  });

  it('refuses unknown fields, nested ones too, naming them (never silently dropped)', async () => {
    const top = await t.app.inject({ method: 'POST', url: '/api/v1/web/test/echo-keys', payload: { ...validEcho, isAdmin: true } });
    expect(expectEnvelope(top, 400, 'VALIDATION_FAILED').errMessage).toBe('不允許的欄位「isAdmin」');
    const nested = await t.app.inject({ method: 'POST', url: '/api/v1/web/test/echo-keys', payload: { ...validEcho, region: { city: '台北', hacked: 1 } } });
    expect(expectEnvelope(nested, 400, 'VALIDATION_FAILED').errMessage).toBe('不允許的欄位「region.hacked」');
  });

  it('keeps a well-formed X-Request-Id from a proxy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/content/link', headers: { 'x-request-id': 'lb-1234567890' } });
    expect(response.json().requestId).toBe('lb-1234567890');
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/web/content/link', headers: { 'x-request-id': 'bad id\u0000' } });
    // A malformed id is replaced by one of the server's own (a random UUID, which may well contain the letters "bad").
    expect(bad.json().requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bad.headers['x-request-id']).toBe(bad.json().requestId);
  });
});

describe('400 validation', () => {
  const post = (payload: unknown, language?: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/web/test/echo-keys', payload: payload as object, headers: language ? { 'accept-language': language } : {} });

  it('names the missing field in zh-TW by default', async () => {
    const body = expectEnvelope(await post({ name: 'abc', code: 'x' }), 400, 'VALIDATION_FAILED');
    expect(body.errMessage).toBe('缺少必填欄位「region」');
    expect(body.data).toEqual({ fields: [{ field: 'region', message: '缺少必填欄位「region」' }] });
  });

  it('names nested fields and explains the rule broken', async () => {
    expect(expectEnvelope(await post({ ...validEcho, region: { city: '' } }), 400, 'VALIDATION_FAILED').errMessage).toBe('欄位「region.city」至少需要 1 個字元');
    expect(expectEnvelope(await post({ ...validEcho, name: 'toolong' }), 400, 'VALIDATION_FAILED').errMessage).toBe('欄位「name」最多 5 個字元');
    expect(expectEnvelope(await post({ ...validEcho, code: 'USDT!' }), 400, 'VALIDATION_FAILED').errMessage).toBe('欄位「code」的格式不正確');
  });

  it('speaks zh-CN and en-US when asked, zh-TW otherwise', async () => {
    const payload = { name: 'abc', code: 'x' };
    expect((await post(payload, 'zh-CN,zh;q=0.9')).json().errMessage).toBe('缺少必填字段「region」');
    expect((await post(payload, 'en-US,en;q=0.8')).json().errMessage).toBe('Field "region" is required');
    expect((await post(payload, 'zh-TW')).json().errMessage).toBe('缺少必填欄位「region」');
    expect((await post(payload, 'fr-FR')).json().errMessage).toBe('缺少必填欄位「region」');
  });

  it('validates query strings of real endpoints', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/product/power?pageSize=1000' });
    expect(expectEnvelope(response, 400, 'VALIDATION_FAILED').errMessage).toBe('欄位「pageSize」不能大於 100');
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.app.inject({ method: 'POST', url: SIGN_IN_URL, headers: { 'content-type': 'application/json' }, payload: '{"message":' });
    expectEnvelope(response, 400, 'BAD_REQUEST');
  });
});

describe('error statuses', () => {
  it('401 on a signed-in endpoint without a session', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: PROFILE_URL }), 401, 'UNAUTHORIZED');
  });

  it('404 on an unknown API route, in every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const body = expectEnvelope(await t.app.inject({ method, url: '/api/v1/web/no/such/thing' }), 404, 'NOT_FOUND');
      expect(body.errMessage).toContain('/api/v1/web/no/such/thing');
    }
  });

  it('405 with Allow on a known path called with another method', async () => {
    const response = await t.app.inject({ method: 'POST', url: PROFILE_URL });
    const body = expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toContain('GET');
    expect(body.errMessage).toContain('POST');
    expectEnvelope(await t.app.inject({ method: 'GET', url: SIGN_IN_URL }), 405, 'METHOD_NOT_ALLOWED');
    expectEnvelope(await t.app.inject({ method: 'DELETE', url: '/api/v1/web/mall/goods/12' }), 405, 'METHOD_NOT_ALLOWED');
  });

  it('413 on a body over the limit', async () => {
    const response = await t.app.inject({ method: 'POST', url: SIGN_IN_URL, payload: { message: 'x'.repeat(4000), signature: '0x00' } });
    expectEnvelope(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('the status of each error code a handler throws (403, 409, 422, 423)', async () => {
    const cases: Array<[ErrorCode, number, string]> = [
      ['FORBIDDEN', 403, '沒有權限執行此操作'],
      ['IDEMPOTENCY_CONFLICT', 409, '相同的冪等鍵已用於不同的請求內容'],
      ['INSUFFICIENT_BALANCE', 422, '餘額不足'],
      ['PAY_PASSWORD_LOCKED', 423, '支付密碼錯誤次數過多，請稍後再試'],
    ];
    for (const [code, status, text] of cases) {
      const body = expectEnvelope(await t.app.inject({ method: 'GET', url: `/api/v1/web/test/refuse/${code}` }), status, code);
      expect(body.errMessage).toBe(text);
    }
  });

  it('500 without internals, with the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/test/boom', headers: { 'accept-language': 'en-US' } });
    const body = expectEnvelope(response, 500, 'INTERNAL_ERROR');
    expect(body.errMessage).toBe('Server error, please try again later');
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('ECONNREFUSED');
  });
});
