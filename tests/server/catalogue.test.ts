/** The seeded catalogue: seeding is idempotent and never overwrites data; the read-only endpoints serve it. */
import { seedIfEmpty } from '../../server/seed';
import { FINANCE_PRODUCTS, MALL_GOODS, POWER_PRODUCTS } from '../../contract/seed/catalogue';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
});
afterAll(async () => t.close());

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
};

async function counts() {
  const tables = ['prices', 'account_products', 'content_links', 'power_products', 'finance_products', 'mall_categories', 'mall_goods', 'mall_skus'] as const;
  const result: Record<string, number> = {};
  for (const table of tables) {
    const row = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

describe('catalogue endpoints', () => {
  it('serves content links, filtered by type', async () => {
    const all = await get('/api/v1/web/content/link');
    expect(all.status).toBe(200);
    expect(new Set(all.body.data.map((l: { type: string }) => l.type))).toEqual(new Set(['banner', 'notice', 'link']));
    const banners = await get('/api/v1/web/content/link?type=banner');
    expect(banners.body.data.length).toBeGreaterThan(0);
    expect(banners.body.data.every((l: { type: string; image: string }) => l.type === 'banner' && l.image.startsWith('data:image/svg+xml'))).toBe(true);
    expect((await get('/api/v1/web/content/link?type=popup')).status).toBe(400);
  });

  it('lists power products with decimal strings, paged and by coin', async () => {
    const page = await get('/api/v1/web/product/power?pageSize=2');
    expect(page.body.data).toMatchObject({ total: POWER_PRODUCTS.length, page: 1, pageSize: 2 });
    expect(page.body.data.list).toHaveLength(2);
    const first = page.body.data.list[0];
    expect(first).toMatchObject({ coin: 'BTC', unit: 'TH/s', pricePerUnit: '12.8', dailyOutputPerUnit: '0.00000062', managementFeeRate: '5', status: 'on_sale' });
    const fil = await get('/api/v1/web/product/power?coin=FIL');
    expect(fil.body.data.list.map((p: { coin: string }) => p.coin)).toEqual(['FIL']);
    expect(fil.body.data.total).toBe(1);
  });

  it('counts a short list on every page: the last one, one past the end, and a filter that matches nothing', async () => {
    const last = await get(`/api/v1/web/product/power?pageSize=3&page=${Math.ceil(POWER_PRODUCTS.length / 3)}`);
    expect(last.body.data.list).toHaveLength(POWER_PRODUCTS.length % 3 || 3);
    expect(last.body.data.total).toBe(POWER_PRODUCTS.length);
    const pastTheEnd = await get(`/api/v1/web/product/power?pageSize=3&page=${Math.ceil(POWER_PRODUCTS.length / 3) + 1}`);
    expect(pastTheEnd.body.data).toMatchObject({ list: [], total: POWER_PRODUCTS.length });
    const none = await get('/api/v1/web/product/power?coin=DOGE');
    expect(none.body.data).toMatchObject({ list: [], total: 0 });
  });

  it('reports upcoming, sold-out and ended power products', async () => {
    const now = BigInt(t.clock.now());
    const day = 86_400_000n;
    await t.db.updateTable('power_products').set({ sale_start: now + day }).where('id', '=', 2n).execute();
    await t.db.updateTable('power_products').set({ stock: 0n }).where('id', '=', 3n).execute();
    await t.db.updateTable('power_products').set({ sale_end: now - day }).where('id', '=', 4n).execute();
    const list = (await get('/api/v1/web/product/power')).body.data.list as Array<{ id: string; status: string }>;
    expect(Object.fromEntries(list.map((p) => [p.id, p.status]))).toEqual({ 1: 'on_sale', 2: 'upcoming', 3: 'sold_out', 4: 'ended' });
  });

  it('lists the goods with their lowest SKU price and the categories, by category and keyword', async () => {
    const all = await get('/api/v1/web/mall/goods?pageSize=100');
    expect(all.body.data.total).toBe(MALL_GOODS.length);
    expect(all.body.data.categories.length).toBeGreaterThan(0);
    const wallet = all.body.data.list.find((g: { title: string }) => g.title === '硬件冷钱包 Pro');
    expect(wallet.price).toBe('89');
    const category = all.body.data.categories.find((c: { name: string }) => c.name === '矿机配件');
    const inCategory = await get(`/api/v1/web/mall/goods?categoryId=${category.id}`);
    expect(inCategory.body.data.list.map((g: { title: string }) => g.title).sort()).toEqual(['矿机服务器电源 2000W', '矿机静音散热风扇']);
    const search = await get(`/api/v1/web/mall/goods?keyword=${encodeURIComponent('t 恤')}`);
    expect(search.body.data.list.map((g: { title: string }) => g.title)).toEqual(['PowerFi 纪念 T 恤']);
    const wildcard = await get(`/api/v1/web/mall/goods?keyword=${encodeURIComponent('%')}`);
    expect(wildcard.body.data.total).toBe(0);
  });

  it('shows one goods item with images and SKUs, and 404 for an unknown one', async () => {
    const detail = await get('/api/v1/web/mall/goods/1');
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: '1', title: '硬件冷钱包 Pro', price: '89' });
    expect(detail.body.data.skus.map((s: { name: string; price: string }) => [s.name, s.price])).toEqual([['曜石黑', '89'], ['冰川白', '89'], ['限量金', '129']]);
    expect(detail.body.data.images.length).toBeGreaterThan(0);
    const missing = await get('/api/v1/web/mall/goods/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, errCode: 'NOT_FOUND', errMessage: '商品不存在' });
    expect((await get('/api/v1/web/mall/goods/abc')).status).toBe(400);
  });

  it('titles the basic account product 10000 as USDT', async () => {
    const title = await get('/api/v1/web/account/account/product/title/10000');
    expect(title.body.data).toEqual({ id: '10000', title: 'USDT', currency: 'USDT' });
    expect((await get('/api/v1/web/account/account/product/title/12345')).status).toBe(404);
  });

  it('lists finance products with rates and limits as decimal strings', async () => {
    const page = await get('/api/v1/web/product/finance');
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(FINANCE_PRODUCTS.length);
    expect(page.body.data.list[1]).toMatchObject({ currency: 'USDT', annualRate: '8', lockDays: 30, minAmount: '100', sold: '0', status: 'on_sale' });
  });
});

describe('seeding', () => {
  it('seeds an empty database once; later calls change nothing', async () => {
    const before = await counts();
    expect(before.power_products).toBe(POWER_PRODUCTS.length);
    expect(before.mall_goods).toBe(MALL_GOODS.length);
    expect(await seedIfEmpty(t.db, t.clock.now())).toBe(false);
    expect(await seedIfEmpty(t.db, t.clock.now())).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('never re-seeds over data an operator changed or removed', async () => {
    await t.db.updateTable('content_links').set({ title: '運營修改的標題' }).where('id', '=', 1n).execute();
    await t.db.deleteFrom('mall_skus').execute();
    await t.db.deleteFrom('mall_goods').execute();
    expect(await seedIfEmpty(t.db, t.clock.now())).toBe(false);
    const link = await t.db.selectFrom('content_links').select('title').where('id', '=', 1n).executeTakeFirstOrThrow();
    expect(link.title).toBe('運營修改的標題');
    expect((await counts()).mall_goods).toBe(0);
  });
});
