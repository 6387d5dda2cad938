/**
 * Every error envelope names the message key of its errMessage and the parameters
 * (errKey, errParams; contract/envelope.ts), so the browser says it in its own language. The wire
 * keeps its text in the language of Accept-Language (zh-TW by default): filling the zh-TW text of
 * errKey with errParams gives errMessage exactly. Successes carry neither field.
 */
import { fillMessage } from '../../contract/messages/fill';
import { enUS } from '../../contract/messages/en-US';
import { zhCN } from '../../contract/messages/zh-CN';
import { zhTW, type MessageKey } from '../../contract/messages/zh-TW';
import { startTestApp, type TestApp } from './support/app';
import { deposit, newUser, transfer, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';

let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  alice = await newUser(t.app, t.db, t.clock);
  bob = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, '100');
});
afterAll(async () => t.close());

interface ErrorBody {
  success: boolean;
  errCode: string;
  errMessage: string;
  errKey: MessageKey;
  errParams: Record<string, string | number>;
}

const CATALOGUES = { 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS } as const;

/** The envelope's key and parameters give back its errMessage in `locale` (the body's own name for a schema failure on the body). */
function expectKeyed(body: ErrorBody, key: MessageKey, params: Record<string, string | number>, locale: keyof typeof CATALOGUES = 'zh-TW') {
  expect(body.success).toBe(false);
  expect({ errKey: body.errKey, errParams: body.errParams }).toEqual({ errKey: key, errParams: params });
  const catalogue = CATALOGUES[locale];
  const filled = key.startsWith('validation.') ? { ...params, field: params.field || catalogue['validation.body'] } : params;
  expect(body.errMessage).toBe(fillMessage(catalogue[key], filled));
}

describe('business refusals', () => {
  it('a wrong pay password: payPassword.wrong with the tries left, whatever the language asked', async () => {
    const wrong = await transfer(t.app, alice, { to: bob.uid, amount: '1', payPassword: '000000' });
    expect(wrong.statusCode).toBe(422);
    const body = wrong.json();
    expect(body.errCode).toBe('PAY_PASSWORD_WRONG');
    expect(body.errMessage).toBe('支付密碼錯誤，還可嘗試 4 次');
    expectKeyed(body, 'payPassword.wrong', { remaining: 4 });

    // another language changes errMessage only: the key and parameters are the same
    const inEnglish = await t.app.inject({
      method: 'POST',
      url: '/api/v1/web/account/transfer/create',
      headers: { ...bearer(alice.token), 'accept-language': 'en-US' },
      payload: { to: bob.uid, amount: '1', currency: 'USDT', payPassword: '000000' },
    });
    expect(inEnglish.json().errMessage).toBe('Wrong pay password, 3 tries left');
    expectKeyed(inEnglish.json(), 'payPassword.wrong', { remaining: 3 }, 'en-US');
  });

  it('an unknown recipient: the caller’s input in errParams is quoted like in errMessage', async () => {
    const response = await transfer(t.app, alice, { to: '<b>nobody', amount: '10' });
    expect(response.statusCode).toBe(422);
    expectKeyed(response.json(), 'transfer.unknownRecipient', { to: '%3Cb%3Enobody' });
  });

  it('an order that does not exist: mall.orderNotFound, no parameters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/mall/order/987654', headers: bearer(alice.token) });
    expect(response.statusCode).toBe(404);
    expect(response.json().errMessage).toBe('訂單不存在');
    expectKeyed(response.json(), 'mall.orderNotFound', {});
  });

  it('a call without a session: the code’s own key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/user/user/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json().errKey).toMatch(/^(UNAUTHORIZED|auth\.missingToken)$/);
    expectKeyed(response.json(), response.json().errKey, {});
  });
});

describe('schema failures and routing', () => {
  it('a path parameter of the wrong shape: validation.pattern naming the field', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/mall/goods/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errMessage).toBe('欄位「id」的格式不正確');
    expectKeyed(response.json(), 'validation.pattern', { field: 'id' });
  });

  it('a limit broken: the rule’s limit is a parameter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/product/power?pageSize=1000', headers: { 'accept-language': 'zh-CN' } });
    expectKeyed(response.json(), 'validation.maximum', { field: 'pageSize', limit: 100 }, 'zh-CN');
  });

  it('a missing body field: validation.required', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/web/account/transfer/create', headers: bearer(alice.token), payload: { to: bob.uid, currency: 'USDT', payPassword: '246810' } });
    expect(response.statusCode).toBe(400);
    expectKeyed(response.json(), 'validation.required', { field: 'amount' });
  });

  it('an unknown API path: http.notFound with the method and path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expectKeyed(response.json(), 'http.notFound', { method: 'GET', url: '/api/v1/web/no/such/thing' });
  });

  it('a success carries no errKey or errParams', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/content/link' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('errKey');
    expect(response.json()).not.toHaveProperty('errParams');
  });
});
