/**
 * Catalogue and content in the reader's language: X-Locale (the app's interface locale) wins,
 * else Accept-Language; a request naming no language reads the zh-CN texts as written. Prices and
 * ids never change with the language. Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import { CONTENT_LINKS, FINANCE_PRODUCTS, MALL_CATEGORIES, MALL_GOODS, POWER_PRODUCTS } from '../../contract/seed/catalogue';
import { SEED_TRANSLATIONS } from '../../contract/seed/translations';
import { seedIfEmpty, TRANSLATIONS_MARKER } from '../../server/seed';
import { startTestApp, type TestApp } from './support/app';
import { call, newUser, PAY_PASSWORD } from './products.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
});
afterAll(async () => t.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/web${url}`, headers });
  return { status: response.statusCode, body: response.json() };
};
const titles = (list: Array<{ title: string }>) => list.map((item) => item.title);
const EN = { 'x-locale': 'en-US', 'accept-language': 'zh-TW' };
const TW = { 'x-locale': 'zh-TW', 'accept-language': 'zh-TW' };
const CN = { 'x-locale': 'zh-CN', 'accept-language': 'zh-TW' };

describe('power and finance products', () => {
  it('titles them in X-Locale, over the Accept-Language the wire fixes', async () => {
    expect(titles((await get('/product/power', EN)).body.data.list)).toEqual([
      'BTC cloud hash power · S21 miner, 360 days', 'BTC cloud hash power · 180-day trial', 'ETH hash power · 90 days', 'FIL storage power · 540 days',
    ]);
    expect(titles((await get('/product/power', TW)).body.data.list)[0]).toBe('BTC 雲算力 · S21 礦機 360 天');
    expect(titles((await get('/product/power', CN)).body.data.list)).toEqual(POWER_PRODUCTS.map((p) => p.title));
    expect(titles((await get('/product/finance', EN)).body.data.list)).toEqual(['Steady Saver 7 days', 'Steady Saver 30 days', 'Quarterly Gain 90 days', 'Half-Year Plus 180 days']);
    expect(titles((await get('/product/finance', TW)).body.data.list)[0]).toBe('穩盈寶 7 天');
    expect(titles((await get('/product/finance', CN)).body.data.list)).toEqual(FINANCE_PRODUCTS.map((p) => p.title));
  });

  it('falls back to Accept-Language without a supported X-Locale, and to zh-CN without any language', async () => {
    expect(titles((await get('/product/finance', { 'accept-language': 'zh-TW' })).body.data.list)[0]).toBe('穩盈寶 7 天');
    expect(titles((await get('/product/finance', { 'accept-language': 'en-US,en;q=0.9' })).body.data.list)[0]).toBe('Steady Saver 7 days');
    expect(titles((await get('/product/finance', { 'x-locale': 'fr-FR', 'accept-language': 'zh-TW' })).body.data.list)[0]).toBe('穩盈寶 7 天');
    expect(titles((await get('/product/finance')).body.data.list)[0]).toBe('稳盈宝 7 天');
  });

  it('keeps prices, amounts and ids the same in every language', async () => {
    const strip = (list: Array<Record<string, unknown>>) => list.map(({ title: _title, ...rest }) => rest);
    const cn = (await get('/product/power', CN)).body.data.list;
    expect(strip((await get('/product/power', EN)).body.data.list)).toEqual(strip(cn));
    expect(strip((await get('/product/finance', EN)).body.data.list)).toEqual(strip((await get('/product/finance', CN)).body.data.list));
  });
});

describe('the caller\'s orders', () => {
  it('title a bought product in the reader\'s language', async () => {
    const buyer = await newUser(t, '1000');
    const bought = await call(t, buyer, 'POST', '/product/power-order/create', { productId: '1', units: 1, payPassword: PAY_PASSWORD });
    expect(bought.body).toMatchObject({ success: true });
    const subscribed = await call(t, buyer, 'POST', '/product/finance-order/create', { productId: '1', amount: '10', payPassword: PAY_PASSWORD });
    expect(subscribed.body).toMatchObject({ success: true });
    // the purchase's own answer reads in the caller's language too (the fixture sends Accept-Language zh-TW)
    expect(bought.body.data.title).toBe('BTC 雲算力 · S21 礦機 360 天');
    expect(subscribed.body.data.title).toBe('穩盈寶 7 天');
    const title = async (url: string, headers: Record<string, string>) => (await get(url, { authorization: `Bearer ${buyer.token}`, ...headers })).body.data.list[0].title;
    expect(await title('/product/power-order', EN)).toBe('BTC cloud hash power · S21 miner, 360 days');
    expect(await title('/product/power-order', TW)).toBe('BTC 雲算力 · S21 礦機 360 天');
    expect(await title('/product/power-order', CN)).toBe(POWER_PRODUCTS[0].title);
    expect(await title('/product/finance-order', EN)).toBe('Steady Saver 7 days');
    expect(await title('/product/finance-order', CN)).toBe(FINANCE_PRODUCTS[0].title);
  });
});

/** A new buyer with an address orders one of the seeded goods `goodsId` (its first SKU). */
async function buyGoods(goodsId: string) {
  const buyer = await newUser(t, '1000');
  const address = await call(t, buyer, 'POST', '/user/address/create', {
    receiver: '张三', phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山区' }, detail: '科技园南区 1 栋 101', isDefault: true,
  });
  const skuId = (await get(`/mall/goods/${goodsId}`, CN)).body.data.skus[0].id;
  const created = await call(t, buyer, 'POST', '/mall/order/create', { skuId, quantity: 1, addressId: address.body.data.id });
  return { buyer, created };
}

describe('the buyer\'s mall orders', () => {
  it('name the goods and SKU bought in the reader\'s language, in the answers to buying and in the lists', async () => {
    const { buyer, created } = await buyGoods('1');
    expect(created.body.data).toMatchObject({ title: '硬體冷錢包 Pro' });
    const auth = { authorization: `Bearer ${buyer.token}` };
    const order = async (url: string, headers: Record<string, string>) => (await get(url, { ...auth, ...headers })).body.data;
    expect((await order('/mall/order?type=0', EN)).list[0]).toMatchObject({ title: 'Hardware cold wallet Pro', skuName: 'Obsidian black', price: '89' });
    expect(await order(`/mall/order/${created.body.data.id}`, EN)).toMatchObject({ title: 'Hardware cold wallet Pro', skuName: 'Obsidian black' });
    expect(await order(`/mall/order/${created.body.data.id}`, CN)).toMatchObject({ title: MALL_GOODS[0].title });
  });

  it('keep the words bought when the goods were renamed since', async () => {
    const { buyer, created } = await buyGoods('2');
    await t.db.updateTable('mall_orders').set({ title: '旧的商品名' }).where('id', '=', BigInt(created.body.data.id)).execute();
    expect((await get(`/mall/order/${created.body.data.id}`, { authorization: `Bearer ${buyer.token}`, ...EN })).body.data.title).toBe('旧的商品名');
  });
});

describe('content', () => {
  it('titles banners, notices and links, and their texts, in the reader\'s language', async () => {
    const en = (await get('/content/link?type=notice', EN)).body.data;
    expect(en.map((l: { title: string; content: string }) => [l.title, l.content])[0]).toEqual([
      'PowerFi is live', 'PowerFi is now live: one-tap wallet sign-in, hash power, savings and the mall.',
    ]);
    expect(titles((await get('/content/link?type=banner', TW)).body.data)).toEqual(['新人專享算力', '穩盈寶 年化 8%', '邀請好友賺佣金']);
    expect(titles((await get('/content/link', CN)).body.data)).toEqual(CONTENT_LINKS.map((l) => l.title));
  });

  it('seeds banner and goods pictures without words of their own: the names shown with them are the translated ones', async () => {
    const banners = CONTENT_LINKS.filter((link) => link.type === 'banner').map((link) => link.image!);
    const goods = (await get('/mall/goods/1', EN)).body.data;
    const pictures = [...banners, goods.cover, ...goods.images];
    expect(pictures.length).toBeGreaterThan(banners.length);
    for (const picture of pictures) {
      const svg = decodeURIComponent(picture.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
      expect(svg).toMatch(/^<svg /);
      expect(svg).not.toMatch(/<text/);
    }
  });
});

describe('mall catalogue', () => {
  it('names categories, goods and SKUs in the reader\'s language, at the same prices', async () => {
    const en = (await get('/mall/goods?pageSize=100', EN)).body.data;
    expect(en.categories.map((c: { name: string }) => c.name)).toEqual(['Digital accessories', 'Miner parts', 'Everyday goods', 'PowerFi merchandise']);
    expect(en.list[0]).toMatchObject({ id: '1', title: 'Hardware cold wallet Pro', price: '89' });
    const tw = (await get('/mall/goods?pageSize=100', TW)).body.data;
    expect(tw.categories[1].name).toBe('礦機配件');
    expect(tw.list[0].title).toBe('硬體冷錢包 Pro');
    expect((await get('/mall/goods?pageSize=100', CN)).body.data.categories.map((c: { name: string }) => c.name)).toEqual(MALL_CATEGORIES);
    const detail = (await get('/mall/goods/1', EN)).body.data;
    expect(detail).toMatchObject({ title: 'Hardware cold wallet Pro', description: 'Offline signing for BTC, ETH and other major chains; Bluetooth and USB-C.', price: '89' });
    expect(detail.skus.map((s: { name: string; price: string }) => [s.name, s.price])).toEqual([['Obsidian black', '89'], ['Glacier white', '89'], ['Limited gold', '129']]);
    expect((await get('/mall/goods/1', TW)).body.data.description).toBe('離線簽名，支援 BTC、ETH 等主流公鏈，藍牙與 USB-C 雙連接。');
  });

  it('finds goods by a keyword in the reader\'s language or in zh-CN', async () => {
    expect(titles((await get(`/mall/goods?keyword=${encodeURIComponent('keyboard')}`, EN)).body.data.list)).toEqual(['87-key mechanical keyboard']);
    expect(titles((await get(`/mall/goods?keyword=${encodeURIComponent('键盘')}`, EN)).body.data.list)).toEqual(['87-key mechanical keyboard']);
    expect((await get(`/mall/goods?keyword=${encodeURIComponent('keyboard')}`, CN)).body.data.total).toBe(0);
  });
});

describe('error texts', () => {
  it('answer in X-Locale, else in Accept-Language', async () => {
    expect((await get('/mall/goods/999999', EN)).body).toMatchObject({ errCode: 'NOT_FOUND', errMessage: 'Goods not found' });
    expect((await get('/mall/goods/999999', { 'accept-language': 'en-US' })).body.errMessage).toBe('Goods not found');
    expect((await get('/mall/goods/999999', TW)).body.errMessage).toBe('商品不存在');
  });
});

describe('translations', () => {
  it('cover every seeded text in zh-TW and en-US', () => {
    const texts = [
      ...CONTENT_LINKS.flatMap((l) => [l.title, l.content]), ...POWER_PRODUCTS.map((p) => p.title), ...FINANCE_PRODUCTS.map((p) => p.title),
      ...MALL_CATEGORIES, ...MALL_GOODS.flatMap((g) => [g.title, g.description, ...g.skus.map((s) => s.name)]),
    ];
    // sizes read the same in every language
    const missing = texts.filter((text) => !/^(S|M|L|XL)$/.test(text) && !(SEED_TRANSLATIONS[text]?.['zh-TW'] && SEED_TRANSLATIONS[text]?.['en-US']));
    expect(missing).toEqual([]);
  });

  it('stop applying once an operator rewrites the zh-CN text', async () => {
    await t.db.updateTable('finance_products').set({ title: '稳盈宝 14 天' }).where('id', '=', 1n).execute();
    expect(titles((await get('/product/finance', EN)).body.data.list)[0]).toBe('稳盈宝 14 天');
    await t.db.updateTable('finance_products').set({ title: FINANCE_PRODUCTS[0].title }).where('id', '=', 1n).execute();
    expect(titles((await get('/product/finance', EN)).body.data.list)[0]).toBe('Steady Saver 7 days');
  });

  it('are written once into a database seeded before they existed', async () => {
    await t.db.deleteFrom('translations').execute();
    await t.db.deleteFrom('app_meta').where('key', '=', TRANSLATIONS_MARKER).execute();
    expect(titles((await get('/product/power', EN)).body.data.list)[0]).toBe(POWER_PRODUCTS[0].title);
    expect(await seedIfEmpty(t.db, t.clock.now())).toBe(false);
    expect(titles((await get('/product/power', EN)).body.data.list)[0]).toBe('BTC cloud hash power · S21 miner, 360 days');
    const count = async () => Number((await t.db.selectFrom('translations').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n);
    const written = await count();
    await seedIfEmpty(t.db, t.clock.now());
    expect(await count()).toBe(written);
  });
});
