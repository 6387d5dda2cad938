/**
 * The address book over HTTP: the shared field rules, the 20-address limit, exactly one default,
 * and another user's address id answering 404 on every call.
 */
import type { AddressInputType, AddressType } from '../../contract/address';
import { MAX_ADDRESSES_PER_USER } from '../../contract/rules/address';
import { startTestApp, type TestApp } from './support/app';
import { bearer, signIn } from './support/siwe';

const BASE = '/api/v1/web/user/address';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const valid = (overrides: Partial<AddressInputType> = {}): AddressInputType => ({
  receiver: '张三',
  phone: '13800138000',
  region: { province: '广东省', city: '深圳市', district: '南山区' },
  detail: '科技园南区 1 栋 101',
  isDefault: false,
  ...overrides,
});

function call(token: string, method: 'GET' | 'POST', url: string, payload?: object, language = 'zh-TW') {
  return t.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': language }, ...(payload ? { payload } : {}) });
}

async function create(token: string, input: AddressInputType): Promise<AddressType> {
  const response = await call(token, 'POST', `${BASE}/create`, input);
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return response.json().data as AddressType;
}

async function list(token: string): Promise<AddressType[]> {
  const response = await call(token, 'GET', `${BASE}?pageSize=100`);
  expect(response.statusCode).toBe(200);
  return response.json().data.list as AddressType[];
}

const defaults = (addresses: AddressType[]) => addresses.filter((a) => a.isDefault).map((a) => a.id);

describe('address validation (same rules as the browser form)', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signIn(t.app, t.clock));
  });

  it.each([
    ['mainland China', '13912345678'],
    ['mainland China with separators', '139 1234-5678'],
    ['Hong Kong', '91234567'],
    ['Macau', '66123456'],
    ['Taiwan', '0912345678'],
    ['international', '+447911123456'],
  ])('accepts a %s phone number', async (_kind, phone) => {
    const response = await call(token, 'POST', `${BASE}/create`, valid({ phone }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.phone).toBe(phone.replace(/[\s-]/g, ''));
  });

  it.each([
    ['phone', { phone: '12345678901' }, '手機號碼格式不正確'],
    ['phone', { phone: '0812345678' }, '手機號碼格式不正確'],
    ['phone', { phone: '+0123456789' }, '手機號碼格式不正確'],
    ['phone', { phone: '1381234567' }, '手機號碼格式不正確'],
    ['receiver', { receiver: '   ' }, '請輸入收貨人姓名'],
    ['region.province', { region: { province: '火星省', city: '深圳市', district: '' } }, '請從列表中選擇省份/地區'],
    ['region.city', { region: { province: '广东省', city: '杭州市', district: '' } }, '所選城市不屬於該省份/地區'],
    ['detail', { detail: ' 1 ' }, '詳細地址至少 2 個字'],
  ])('refuses a bad %s with 400 and a clear message (%j)', async (field, overrides, message) => {
    const response = await call(token, 'POST', `${BASE}/create`, valid(overrides as Partial<AddressInputType>));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, errCode: 'VALIDATION_FAILED' });
    expect(body.errMessage).toContain(message);
    expect(body.data.fields).toEqual([{ field, message: expect.stringContaining(message) }]);
  });

  it('refuses over-long fields through the contract schema', async () => {
    for (const overrides of [{ receiver: '名'.repeat(33) }, { detail: '路'.repeat(121) }, { region: { province: '广东省', city: '深圳市', district: '区'.repeat(33) } }]) {
      const response = await call(token, 'POST', `${BASE}/create`, valid(overrides));
      expect(response.statusCode).toBe(400);
    }
  });

  it('answers in the requested language (Simplified Chinese, English)', async () => {
    const zhCN = await call(token, 'POST', `${BASE}/create`, valid({ phone: '12345678901' }), 'zh-CN');
    expect(zhCN.json().errMessage).toContain('手机号码格式不正确');
    const en = await call(token, 'POST', `${BASE}/create`, valid({ phone: '12345678901' }), 'en-US');
    expect(en.json().errMessage).toContain('Invalid phone number');
  });

  it('lists every problem of a form at once', async () => {
    const response = await call(token, 'POST', `${BASE}/create`, valid({ receiver: ' ', phone: 'abc12', detail: '  ' }));
    expect(response.json().data.fields.map((f: { field: string }) => f.field)).toEqual(['receiver', 'phone', 'detail']);
  });

  it('stores trimmed texts', async () => {
    const created = await create(token, valid({ receiver: '  李四 ', detail: '  中山路 8 号  ' }));
    expect(created).toMatchObject({ receiver: '李四', detail: '中山路 8 号' });
  });
});

describe('the default address', () => {
  it('is the first address, whatever it asked for', async () => {
    const { token } = await signIn(t.app, t.clock);
    const first = await create(token, valid({ isDefault: false }));
    expect(first.isDefault).toBe(true);
    const second = await create(token, valid({ receiver: '王五' }));
    expect(second.isDefault).toBe(false);
    expect(defaults(await list(token))).toEqual([first.id]);
  });

  it('moves when another address is created or updated as the default, and is listed first', async () => {
    const { token } = await signIn(t.app, t.clock);
    const a = await create(token, valid({ receiver: 'A' }));
    const b = await create(token, valid({ receiver: 'B', isDefault: true }));
    expect(defaults(await list(token))).toEqual([b.id]);
    const c = await create(token, valid({ receiver: 'C' }));
    const { id: _id, createdAt: _at, ...aInput } = a;
    const updated = await call(token, 'POST', `${BASE}/update`, { ...aInput, id: a.id, isDefault: true });
    expect(updated.json().data.isDefault).toBe(true);
    const listed = await list(token);
    expect(listed.map((x) => x.id)).toEqual([a.id, c.id, b.id]);
    expect(defaults(listed)).toEqual([a.id]);
  });

  it('stays on the default address when an update asks to unset it', async () => {
    const { token } = await signIn(t.app, t.clock);
    const a = await create(token, valid());
    await create(token, valid({ receiver: 'B' }));
    const response = await call(token, 'POST', `${BASE}/update`, { ...valid({ receiver: 'A2', isDefault: false }), id: a.id });
    expect(response.json().data).toMatchObject({ receiver: 'A2', isDefault: true });
    expect(defaults(await list(token))).toEqual([a.id]);
  });

  it('passes to the newest address left when the default is deleted, and to nobody when none is left', async () => {
    const { token } = await signIn(t.app, t.clock);
    const a = await create(token, valid({ receiver: 'A' }));
    const b = await create(token, valid({ receiver: 'B' }));
    const c = await create(token, valid({ receiver: 'C' }));
    expect((await call(token, 'POST', `${BASE}/delete`, { id: a.id })).statusCode).toBe(200);
    expect(defaults(await list(token))).toEqual([c.id]);
    await call(token, 'POST', `${BASE}/delete`, { id: b.id });
    expect(defaults(await list(token))).toEqual([c.id]);
    await call(token, 'POST', `${BASE}/delete`, { id: c.id });
    expect(await list(token)).toEqual([]);
  });

  it('stays single under concurrent creates asking to be the default', async () => {
    const { token } = await signIn(t.app, t.clock);
    await Promise.all(Array.from({ length: 6 }, (_, i) => create(token, valid({ receiver: `并发${i}`, isDefault: true }))));
    const listed = await list(token);
    expect(listed).toHaveLength(6);
    expect(defaults(listed)).toHaveLength(1);
    expect(listed[0].isDefault).toBe(true);
  });
});

describe('the limit', () => {
  it(`keeps at most ${MAX_ADDRESSES_PER_USER} addresses per user, also under concurrent creates`, async () => {
    const { token } = await signIn(t.app, t.clock);
    for (let i = 0; i < MAX_ADDRESSES_PER_USER - 3; i += 1) await create(token, valid({ receiver: `收件人${i}` }));
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => call(token, 'POST', `${BASE}/create`, valid({ receiver: `并发${i}` }))));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ errCode: 'BUSINESS_RULE', errMessage: `最多只能儲存 ${MAX_ADDRESSES_PER_USER} 個收貨地址` });
    }
    expect(await list(token)).toHaveLength(MAX_ADDRESSES_PER_USER);
  });
});

describe('ownership', () => {
  it("answers 404 for another user's address on every call and changes nothing", async () => {
    const owner = await signIn(t.app, t.clock);
    const other = await signIn(t.app, t.clock);
    const mine = await create(owner.token, valid());
    const theirs = await create(other.token, valid({ receiver: '别人' }));

    const attempts = [
      call(owner.token, 'GET', `${BASE}/${theirs.id}`),
      call(owner.token, 'POST', `${BASE}/update`, { ...valid({ receiver: '改掉', isDefault: true }), id: theirs.id }),
      call(owner.token, 'POST', `${BASE}/delete`, { id: theirs.id }),
      call(owner.token, 'GET', `${BASE}/999999999`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, errCode: 'NOT_FOUND', errMessage: '收貨地址不存在' });
    }
    expect(await list(other.token)).toEqual([theirs]);
    expect((await list(owner.token)).map((a) => a.id)).toEqual([mine.id]);
  });

  it('answers every call only with a session', async () => {
    const calls = [['GET', BASE, undefined], ['GET', `${BASE}/1`, undefined], ['POST', `${BASE}/create`, valid()], ['POST', `${BASE}/update`, { ...valid(), id: '1' }], ['POST', `${BASE}/delete`, { id: '1' }]] as const;
    for (const [method, url, payload] of calls) {
      const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(401);
    }
  });

  it('gets one of its own addresses', async () => {
    const { token } = await signIn(t.app, t.clock);
    const created = await create(token, valid());
    const response = await call(token, 'GET', `${BASE}/${created.id}`);
    expect(response.json().data).toEqual(created);
  });
});
