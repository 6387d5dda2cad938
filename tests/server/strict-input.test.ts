/**
 * Written as the attacks: request input is strictly typed. Amounts are JSON strings
 * of at most 8 decimals (no number, array, exponent, sign or space), nothing in a body is coerced,
 * unknown and duplicate keys are refused, paging is bounded, dates are real, control characters
 * are refused everywhere, a stranger gets 401 before any validation, and error texts never carry
 * the caller's markup. Each attack is a 400 (401, 404) with a zh-TW text naming the field, and
 * changes nothing: balances, ledger, addresses and the pay password stay as they were.
 */
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { allEndpoints, fullPath, MAX_PAGE } from '../../contract';
import type { TestApp } from './support/app';
import {
  CONVERT_URL, PAY_PASS_URL, PAY_PASSWORD, TRANSFER_URL, newUser, startWithAliceAndBob, type MoneyUser,
} from './support/ledger';
import { signedInOperator } from './support/operators';
import { bearer, PROFILE_URL } from './support/siwe';

const WEB = '/api/v1/web';
const ADDRESS_CREATE_URL = `${WEB}/user/address/create`;

let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;
beforeAll(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob('100'));
});
afterAll(async () => t.close());

type Payload = object | string;

/** POST as alice; a string payload is sent as raw JSON text (duplicate keys, odd spellings). */
function post(url: string, payload: Payload, user: MoneyUser | null = alice) {
  return t.app.inject({
    method: 'POST', url,
    headers: { ...(user ? bearer(user.token) : {}), 'content-type': 'application/json', 'accept-language': 'zh-TW' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

function get(url: string, user: MoneyUser | null = alice) {
  return t.app.inject({ method: 'GET', url, headers: { ...(user ? bearer(user.token) : {}), 'accept-language': 'zh-TW' } });
}

async function balances(user: MoneyUser): Promise<Record<string, string>> {
  const response = await get(`${WEB}/account/account`, user);
  const list = response.json().data.balances as Array<{ currency: string; available: string; frozen: string }>;
  return Object.fromEntries(list.map((b) => [b.currency, `${b.available}/${b.frozen}`]));
}

/** Everything an attack must leave untouched. */
async function state() {
  const count = async (table: 'ledger_entries' | 'addresses' | 'transfers') =>
    String((await t.db.selectFrom(table).select(sql<bigint>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return {
    alice: await balances(alice),
    bob: await balances(bob),
    ledgerEntries: await count('ledger_entries'),
    transfers: await count('transfers'),
    addresses: await count('addresses'),
  };
}

/** Runs the attack, expects the refusal (status, zh-TW text) and that nothing changed. */
async function expectRefused(attack: () => Promise<LightMyRequestResponse>, status: number, message: string | RegExp) {
  const before = await state();
  const response = await attack();
  expect({ status: response.statusCode, message: response.json().errMessage }).toEqual({
    status,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
  expect(await state()).toEqual(before);
  return response;
}

const transferBody = (overrides: Record<string, unknown> = {}) => ({ to: bob.uid, currency: 'USDT', amount: '10', payPassword: PAY_PASSWORD, ...overrides });
const TYPE = (field: string) => `欄位「${field}」的類型不正確`;
const AMOUNT = (field: string) => `欄位「${field}」必須是最多 8 位小數的非負數字`;

describe('amounts are JSON strings of the currency\'s decimals', () => {
  it.each([
    ['a JSON number that rounds to 11 (10.9999999999999999)', '10.9999999999999999', TYPE('amount')],
    ['a JSON integer', '10', TYPE('amount')],
    ['an array holding the amount', '["10"]', TYPE('amount')],
    ['an object', '{"value":"10"}', TYPE('amount')],
    ['null', 'null', TYPE('amount')],
    ['true', 'true', TYPE('amount')],
    ['an exponent', '"1e1"', AMOUNT('amount')],
    ['a leading +', '"+10"', AMOUNT('amount')],
    ['a leading space', '" 10"', AMOUNT('amount')],
    ['a trailing space', '"10 "', AMOUNT('amount')],
    ['a negative amount', '"-10"', AMOUNT('amount')],
    ['a leading zero', '"010"', AMOUNT('amount')],
    ['nine decimals (USDT has eight)', '"10.000000001"', AMOUNT('amount')],
    ['a decimal comma', '"10,5"', AMOUNT('amount')],
    ['hex', '"0x10"', AMOUNT('amount')],
  ])('a transfer with %s as amount is refused', async (_name, amountJson, message) => {
    const raw = `{"to":"${bob.uid}","currency":"USDT","amount":${amountJson},"payPassword":"${PAY_PASSWORD}"}`;
    await expectRefused(() => post(TRANSFER_URL, raw), 400, message);
  });

  it.each([
    ['finance subscription', `${WEB}/product/finance-order/create`, { productId: '1', amount: 100, payPassword: PAY_PASSWORD }],
    ['power exchange', `${WEB}/account/power/exchange`, { coin: 'BTC', amount: 0.001, payPassword: PAY_PASSWORD }],
  ])('a %s with a JSON number as amount is refused', async (_name, url, body) => {
    await expectRefused(() => post(url, body), 400, TYPE('amount'));
  });

  it('the same transfer with the amount as a string goes through (the rule refuses only the shape)', async () => {
    const response = await post(TRANSFER_URL, transferBody({ amount: '10.5' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.amount).toBe('10.5');
  });
});

describe('no coercion anywhere in a body', () => {
  it.each([
    ['transfer', TRANSFER_URL, () => transferBody({ payPassword: Number(PAY_PASSWORD) })],
    ['conversion', CONVERT_URL, () => ({ quoteId: 'q1', payPassword: Number(PAY_PASSWORD) })],
    ['power exchange', `${WEB}/account/power/exchange`, () => ({ coin: 'BTC', amount: '1', payPassword: Number(PAY_PASSWORD) })],
    ['power order', `${WEB}/product/power-order/create`, () => ({ productId: '1', units: 1, payPassword: Number(PAY_PASSWORD) })],
    ['finance order', `${WEB}/product/finance-order/create`, () => ({ productId: '1', amount: '100', payPassword: Number(PAY_PASSWORD) })],
    ['mall payment', `${WEB}/mall/order/pay`, () => ({ id: '1', payPassword: Number(PAY_PASSWORD) })],
  ])('a numeric pay password on the %s call is refused', async (_name, url, body) => {
    await expectRefused(() => post(url, body()), 400, TYPE('payPassword'));
  });

  it('a pay password in an array is refused', async () => {
    await expectRefused(() => post(TRANSFER_URL, transferBody({ payPassword: [PAY_PASSWORD] })), 400, TYPE('payPassword'));
  });

  it('units as a string and a boolean as a string are refused', async () => {
    await expectRefused(() => post(`${WEB}/product/power-order/create`, { productId: '1', units: '1', payPassword: PAY_PASSWORD }), 400, TYPE('units'));
    const address = { receiver: '张三', phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山区' }, detail: '科技园南区 1 栋', isDefault: 'false' };
    await expectRefused(() => post(ADDRESS_CREATE_URL, address), 400, TYPE('isDefault'));
  });

  it('setting a pay password with a number is refused and sets nothing', async () => {
    const carol = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const response = await post(PAY_PASS_URL, { newPassword: 135790 }, carol);
    expect(response.statusCode).toBe(400);
    const profile = await get(PROFILE_URL, carol);
    expect(profile.json().data.hasPayPassword).toBe(false);
  });
});

describe('unknown and duplicate keys', () => {
  it('an unknown field is refused by name, at the top and nested', async () => {
    await expectRefused(() => post(TRANSFER_URL, transferBody({ fee: '0' })), 400, '不允許的欄位「fee」');
    const address = { receiver: '张三', phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山区', street: 'x' }, detail: '科技园南区 1 栋', isDefault: false };
    await expectRefused(() => post(ADDRESS_CREATE_URL, address), 400, '不允許的欄位「region.street」');
  });

  it('a key given twice is refused by name, whichever value comes last', async () => {
    const twice = `{"to":"${bob.uid}","currency":"USDT","amount":"10","amount":"90","payPassword":"${PAY_PASSWORD}"}`;
    await expectRefused(() => post(TRANSFER_URL, twice), 400, '欄位「amount」重複出現');
    const escaped = `{"to":"${bob.uid}","currency":"USDT","amount":"10","\\u0061mount":"90","payPassword":"${PAY_PASSWORD}"}`;
    await expectRefused(() => post(TRANSFER_URL, escaped), 400, '欄位「amount」重複出現');
    const nested = '{"receiver":"张三","phone":"13800138000","region":{"province":"广东省","city":"深圳市","city":"北京市","district":""},"detail":"科技园南区 1 栋","isDefault":false}';
    await expectRefused(() => post(ADDRESS_CREATE_URL, nested), 400, '欄位「region.city」重複出現');
  });

  it('still refuses prototype poisoning', async () => {
    const poisoned = `{"to":"${bob.uid}","currency":"USDT","amount":"10","payPassword":"${PAY_PASSWORD}","__proto__":{"isAdmin":true}}`;
    await expectRefused(() => post(TRANSFER_URL, poisoned), 400, '請求內容不是有效的 JSON');
  });
});

describe('paging is bounded and dates are real', () => {
  const paged = allEndpoints().filter(({ endpoint }) => endpoint.method === 'GET' && (endpoint.query as { properties?: Record<string, unknown> } | undefined)?.properties?.page);
  // the console's lists are read by an operator (an admin may read them all)
  let operator: MoneyUser;
  beforeAll(async () => {
    operator = { ...alice, token: (await signedInOperator(t, 'admin')).token };
  });
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url: url.replace(':uid', alice.uid), headers: { ...bearer(url.startsWith('/api/v1/admin/') ? operator.token : alice.token), 'accept-language': 'zh-TW' } });

  it('covers the 16 paged endpoints of the app and the console\'s', () => {
    expect(paged.filter(({ domain }) => domain !== 'admin').length).toBe(16);
    expect(paged.filter(({ domain }) => domain === 'admin').length).toBeGreaterThanOrEqual(8);
  });

  it.each(['99999999999999999999', String(MAX_PAGE + 1), '0', '-1', '1.5', 'x', '1&page=2'])('page=%s is a 400 naming page on every paged endpoint', async (page) => {
    for (const { name, endpoint } of paged) {
      const response = await get(`${fullPath(endpoint)}?page=${page}`);
      expect({ name, status: response.statusCode, message: response.json().errMessage }).toEqual({ name, status: 400, message: expect.stringContaining('「page」') });
    }
  });

  it('pageSize beyond 100 or below 1 is a 400; the largest page and size are served', async () => {
    for (const { name, endpoint } of paged) {
      for (const pageSize of ['101', '0', '99999999999999999999']) {
        const response = await get(`${fullPath(endpoint)}?pageSize=${pageSize}`);
        expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
        expect(response.json().errMessage).toContain('「pageSize」');
      }
      const last = await get(`${fullPath(endpoint)}?page=${MAX_PAGE}&pageSize=100`);
      expect({ name, status: last.statusCode }).toEqual({ name, status: 200 });
    }
  });

  it.each(['2024-13-45', '2023-02-29', '2024-04-31', '2024-00-10', '2024-1-5', '20240105'])('from=%s is a 400 naming the field', async (day) => {
    for (const url of [`${WEB}/user/wallet/details`, `${WEB}/account/power-bill`]) {
      const response = await get(`${url}?from=${day}`);
      expect({ url, status: response.statusCode, message: response.json().errMessage }).toEqual({ url, status: 400, message: '欄位「from」必須是有效的日期（YYYY-MM-DD）' });
    }
  });

  it('a real date, 29 February of a leap year included, is served', async () => {
    expect((await get(`${WEB}/user/wallet/details?from=2024-02-29&to=2024-12-31`)).statusCode).toBe(200);
  });
});

describe('control characters', () => {
  const address = (overrides: Record<string, unknown>) => ({
    receiver: '张三', phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山区' }, detail: '科技园南区 1 栋', isDefault: false, ...overrides,
  });

  it.each([
    ['NUL', '\u0000'], ['ESC', '\u001b'], ['tab', '\t'], ['line feed', '\n'], ['carriage return', '\r'], ['DEL', '\u007f'],
  ])('a %s in an address field is a 400 naming the field', async (_name, character) => {
    const message = (field: string) => `欄位「${field}」含有不允許的控制字元`;
    await expectRefused(() => post(ADDRESS_CREATE_URL, address({ receiver: `张${character}三` })), 400, message('receiver'));
    await expectRefused(() => post(ADDRESS_CREATE_URL, address({ detail: `科技园${character}南区 1 栋` })), 400, message('detail'));
    await expectRefused(() => post(ADDRESS_CREATE_URL, address({ region: { province: '广东省', city: `深圳${character}`, district: '' } })), 400, message('region.city'));
  });

  it('a NUL in a quote id, an invite code, a query or a path is a 400, not a database error', async () => {
    await expectRefused(() => post(CONVERT_URL, { quoteId: 'q\u0000', payPassword: PAY_PASSWORD }), 400, '欄位「quoteId」含有不允許的控制字元');
    await expectRefused(() => post(`${WEB}/user/invite/update`, { code: 'AB\u0000CD' }), 400, '欄位「code」含有不允許的控制字元');
    await expectRefused(() => get(`${WEB}/mall/goods?keyword=%00`, null), 400, '欄位「keyword」含有不允許的控制字元');
    await expectRefused(() => get(`${WEB}/mall/goods?keyword=a%1Fb`, null), 400, '欄位「keyword」含有不允許的控制字元');
    await expectRefused(() => get(`${WEB}/mall/goods/1%00`, null), 400, '欄位「id」含有不允許的控制字元');
  });

  it('a control character in a key is refused too', async () => {
    await expectRefused(() => post(TRANSFER_URL, { ...transferBody(), 'a\u0000': 'x' }), 400, '欄位「a%00」含有不允許的控制字元');
  });

  it('the sign-in message keeps its line feeds (the one multiline field), and sign-in still works', async () => {
    const carol = await newUser(t.app, t.db, t.clock, { payPassword: null });
    expect(carol.token).toBeTruthy();
  });
});

describe('authentication before validation', () => {
  it.each([
    ['an empty body', {}],
    ['a malformed amount', { to: 'x', currency: 'USDT', amount: 10, payPassword: 1 }],
    ['an unknown field', { hack: true }],
    ['a control character', { to: '\u0000' }],
  ])('a stranger posting %s to a money call gets 401, not a field error', async (_name, body) => {
    await expectRefused(() => post(TRANSFER_URL, body, null), 401, '請先登入');
  });

  it('a stranger with a bad query on a signed-in list gets 401', async () => {
    await expectRefused(() => get(`${WEB}/user/wallet/details?pageSize=1000&page=99999999999999999999&from=2024-13-45`, null), 401, '請先登入');
  });
});

describe('error texts and odd paths', () => {
  it('a field name made of markup comes back quoted, never as markup', async () => {
    const response = await expectRefused(() => post(TRANSFER_URL, transferBody({ '<img src=x onerror=alert(1)>': 1 })), 400, '不允許的欄位「%3Cimg src=x onerror=alert(1)%3E」');
    expect(response.body).not.toContain('<img');
  });

  it('a recipient or an invite code made of markup is named quoted in the refusal', async () => {
    const recipient = await expectRefused(() => post(TRANSFER_URL, transferBody({ to: '<b onclick="x">bob</b>' })), 422, '找不到收款人：%3Cb onclick=%22x%22%3Ebob%3C/b%3E（請輸入 PowerFi 使用者的 UID 或錢包地址）');
    expect(recipient.body).not.toContain('<b');
    const invite = await expectRefused(() => post(`${WEB}/user/invite/update`, { code: '<svg/onload=1>' }), 422, '邀請碼 %3CSVG/ONLOAD=1%3E 不存在，請核對後再輸入');
    expect(invite.body.toLowerCase()).not.toContain('<svg');
  });

  it('a 404 does not echo markup from the URL', async () => {
    const response = await get(`${WEB}/no/<script>alert(1)</script>`, null);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<script>');
    expect(response.json().errMessage).toContain('/api/v1/web/no/');
  });

  it('an over-long path parameter is a 404 envelope, not "GET is not supported here, use GET"', async () => {
    for (const url of [`${WEB}/mall/goods/${'1'.repeat(200)}`, `${WEB}/user/address/${'9'.repeat(500)}`, `${WEB}/mall/goods/<b>${'x'.repeat(200)}`]) {
      const response = await get(url);
      expect({ url, status: response.statusCode, errCode: response.json().errCode }).toEqual({ url, status: 404, errCode: 'NOT_FOUND' });
      expect(response.body).not.toContain('<b>');
    }
  });

  it('a known path with a trailing slash is a 404, not a 405 naming its own method', async () => {
    const response = await get(`${PROFILE_URL}/`);
    expect({ status: response.statusCode, errCode: response.json().errCode }).toEqual({ status: 404, errCode: 'NOT_FOUND' });
  });

  it('a broken percent-encoding in the path is a 400 envelope that does not echo it', async () => {
    const response = await get(`${WEB}/mall/goods/%E0%A4%A<i>`, null);
    expect({ status: response.statusCode, errCode: response.json().errCode }).toEqual({ status: 400, errCode: 'BAD_REQUEST' });
    expect(response.body).not.toContain('<i>');
  });
});
