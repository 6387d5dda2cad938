/**
 * The mocks answer catalogue and content texts in the reader's language as the server does
 * (tests/server/locale-content.test.ts): X-Locale, else Accept-Language, else zh-CN as written.
 */
import { fullPath, allEndpoints } from '../../contract';
import content from '../../mock/content';
import mall from '../../mock/mall';
import product from '../../mock/product';
import { invokeMock } from './mockInvoke';

const routes = { ...content, ...mall, ...product };

function data(domain: string, name: string, headers: Record<string, string>, input: { query?: Record<string, unknown>; params?: Record<string, string> } = {}): any {
  const endpoint = allEndpoints().find((e) => e.domain === domain && e.name === name)!.endpoint;
  const reply = invokeMock(routes[`${endpoint.method} ${fullPath(endpoint)}`], { headers: { host: 'localhost:8000', ...headers }, ...input });
  expect(reply.status).toBe(200);
  return reply.body.data;
}

const EN = { 'x-locale': 'en-US', 'accept-language': 'zh-TW' };
const TW = { 'x-locale': 'zh-TW', 'accept-language': 'zh-TW' };
const CN = { 'x-locale': 'zh-CN', 'accept-language': 'zh-TW' };
const titles = (list: Array<{ title: string }>) => list.map((item) => item.title);

describe('mock catalogue and content languages', () => {
  it('titles power and finance products in X-Locale, else Accept-Language, else zh-CN', () => {
    expect(titles(data('product', 'power', EN).list)[0]).toBe('BTC cloud hash power · S21 miner, 360 days');
    expect(titles(data('product', 'power', TW).list)[0]).toBe('BTC 雲算力 · S21 礦機 360 天');
    expect(titles(data('product', 'power', CN).list)[0]).toBe('BTC 云算力 · S21 矿机 360 天');
    expect(titles(data('product', 'finance', { 'accept-language': 'zh-TW' }).list)[0]).toBe('穩盈寶 7 天');
    expect(titles(data('product', 'finance', {}).list)[0]).toBe('稳盈宝 7 天');
    expect(data('product', 'finance', EN).list[1]).toMatchObject({ title: 'Steady Saver 30 days', annualRate: '8', minAmount: '100' });
  });

  it('titles banners and notices', () => {
    expect(titles(data('content', 'link', EN, { query: { type: 'notice' } }))[0]).toBe('PowerFi is live');
    expect(titles(data('content', 'link', TW, { query: { type: 'banner' } }))[0]).toBe('新人專享算力');
  });

  it('names mall categories, goods and SKUs, and finds goods by an English keyword', () => {
    const en = data('mall', 'goods', EN, { query: { pageSize: 100 } });
    expect(en.categories[1].name).toBe('Miner parts');
    expect(en.list[0]).toMatchObject({ title: 'Hardware cold wallet Pro', price: '89' });
    expect(data('mall', 'goods', TW, { query: { pageSize: 100 } }).categories[1].name).toBe('礦機配件');
    const detail = data('mall', 'goodsDetail', EN, { params: { id: '1' } });
    expect(detail.skus.map((s: { name: string }) => s.name)).toEqual(['Obsidian black', 'Glacier white', 'Limited gold']);
    expect(titles(data('mall', 'goods', EN, { query: { keyword: 'keyboard' } }).list)).toEqual(['87-key mechanical keyboard']);
  });
});
