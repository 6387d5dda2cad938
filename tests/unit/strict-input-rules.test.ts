/**
 * @jest-environment node
 *
 * The shared input rules (contract/): real dates, control characters (line feeds
 * only in `x-multiline` fields), bodies closed by defineEndpoint; and the mocks applying them like
 * the server.
 */
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { contract, DateOnly, defineEndpoint, fullPath, MultilineText } from '../../contract';
import { isRealDate } from '../../contract/rules/dates';
import { findControlCharacter } from '../../contract/rules/text';
import type { MockHandler } from '../../mock/_kit';
import auth from '../../mock/auth';
import mall from '../../mock/mall';

describe('isRealDate', () => {
  it.each(['2024-02-29', '2023-12-31', '0001-01-01', '2000-02-29'])('%s is a date', (day) => {
    expect(isRealDate(day)).toBe(true);
  });
  it.each(['2024-13-45', '2023-02-29', '1900-02-29', '2024-04-31', '2024-00-01', '2024-1-5', '2024-01-05 ', 'x'])('%s is not', (day) => {
    expect(isRealDate(day)).toBe(false);
  });
  it('is the `date` format TypeBox checks DateOnly with', () => {
    expect(Value.Check(DateOnly, '2024-02-29')).toBe(true);
    expect(Value.Check(DateOnly, '2023-02-29')).toBe(false);
  });
});

describe('findControlCharacter', () => {
  const schema = Type.Object({ message: MultilineText(), name: Type.String(), tags: Type.Array(Type.String()) });
  it('finds the first control character anywhere, by path', () => {
    expect(findControlCharacter({ name: 'ok', tags: ['a', 'b\u0000'] }, schema)).toEqual(['tags', '1']);
    expect(findControlCharacter({ nested: { deep: 'x\u007f' } })).toEqual(['nested', 'deep']);
    expect(findControlCharacter({ 'k\u001b': 'v' })).toEqual(['k\u001b']);
    expect(findControlCharacter('\t')).toEqual([]);
    expect(findControlCharacter({ name: '張三 Ünïcode ✓', n: 1, b: true, z: null })).toBeNull();
  });
  it('lets a multiline field hold line feeds and nothing else', () => {
    expect(findControlCharacter({ message: 'line 1\nline 2' }, schema)).toBeNull();
    expect(findControlCharacter({ message: 'line 1\r\nline 2' }, schema)).toEqual(['message']);
    expect(findControlCharacter({ name: 'line 1\nline 2' }, schema)).toEqual(['name']);
  });
});

describe('defineEndpoint closes request bodies', () => {
  const endpoint = defineEndpoint({
    method: 'POST', prefix: 'web', path: '/x', auth: false, summary: 'probe', response: Type.Null(),
    body: Type.Object({ a: Type.String(), inner: Type.Object({ b: Type.Optional(Type.String()) }), list: Type.Array(Type.Object({ c: Type.String() })) }),
  });
  it('refuses unknown keys at every depth and keeps TypeBox working', () => {
    const body = endpoint.body!;
    expect(Value.Check(body, { a: 'x', inner: {}, list: [{ c: 'y' }] })).toBe(true);
    expect(Value.Check(body, { a: 'x', inner: {}, list: [], extra: 1 })).toBe(false);
    expect(Value.Check(body, { a: 'x', inner: { b: 'y', extra: 1 }, list: [] })).toBe(false);
    expect(Value.Check(body, { a: 'x', inner: {}, list: [{ c: 'y', extra: 1 }] })).toBe(false);
  });
  it('every body of the contract is closed', () => {
    const open = Object.values(contract)
      .flatMap((domain) => Object.entries(domain))
      .filter(([, e]) => e.body && e.body.type === 'object' && e.body.additionalProperties !== false)
      .map(([name]) => name);
    expect(open).toEqual([]);
  });
});

describe('the mocks apply the same rules', () => {
  function call(route: string, routes: Record<string, MockHandler>, input: { query?: object; body?: unknown; params?: Record<string, string> }) {
    let status = 0;
    let body: { errMessage?: string } = {};
    const res = {
      status(code: number) {
        status = code;
        return res;
      },
      json(value: { errMessage?: string }) {
        body = value;
        return res;
      },
    };
    routes[route]({ headers: { host: 'localhost:8000' }, query: {}, params: {}, ...input }, res);
    return { status, message: body.errMessage };
  }
  const SIGN_IN = `POST ${fullPath(contract.auth.signInWallet)}`;
  const GOODS = `GET ${fullPath(contract.mall.goods)}`;

  it('refuse an unknown body field, a control character and a page beyond the bound', () => {
    const signIn = { message: 'x', signature: `0x${'ab'.repeat(65)}` };
    expect(call(SIGN_IN, auth, { body: { ...signIn, isAdmin: true } })).toEqual({ status: 400, message: '欄位「isAdmin」的值無效' });
    expect(call(SIGN_IN, auth, { body: { ...signIn, invite: 'A\u0000' } })).toEqual({ status: 400, message: '欄位「invite」的值無效' });
    expect(call(GOODS, mall, { query: { keyword: 'a\u0000' } })).toEqual({ status: 400, message: '欄位「keyword」的值無效' });
    expect(call(GOODS, mall, { query: { page: '10001' } })).toEqual({ status: 400, message: '欄位「page」的值無效' });
    expect(call(GOODS, mall, { query: { page: '10000' } }).status).toBe(200);
  });
});
