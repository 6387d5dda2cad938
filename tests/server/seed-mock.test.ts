/**
 * The mocks serve the catalogue of a freshly seeded server, with the same ids: what a seeded
 * database answers for products, finance products, goods (with SKUs), categories, content links,
 * account product titles and the seed's reference prices equals the mocks' catalogue
 * (mock/_catalog.ts), so a link such as /shopping/goods/1 shows the same thing on both. Only the
 * sale window's timestamps and the coin's market price now differ (each side has its own clock and
 * feed).
 */
import { accountProducts, createCatalog, priceUsdt } from '../../mock/_catalog';
import { fromUnits } from '../../contract/rules/money';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
});
afterAll(async () => t.close());

const data = async (url: string): Promise<any> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/web${url}` });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

const mock = createCatalog();
const withoutSaleWindow = <T extends { saleStart: string; saleEnd: string }>({ saleStart: _s, saleEnd: _e, ...rest }: T) => rest;

describe('the mocks serve the seeded catalogue, ids included', () => {
  it('power products', async () => {
    const { list } = await data('/product/power?pageSize=100');
    expect(list.map((p: { saleStart: string; saleEnd: string }) => withoutSaleWindow(p))).toEqual(mock.powerProducts.map((p) => withoutSaleWindow(p)));
  });

  it('finance products', async () => {
    expect((await data('/product/finance?pageSize=100')).list).toEqual(mock.financeProducts);
  });

  it('goods, categories and every goods item with its SKUs', async () => {
    const { list, categories } = await data('/mall/goods?pageSize=100');
    expect(categories).toEqual(mock.categories);
    expect(list).toEqual(mock.goods.map(({ id, categoryId, title, cover, price, sales }) => ({ id, categoryId, title, cover, price, sales })));
    for (const goods of mock.goods) expect(await data(`/mall/goods/${goods.id}`)).toEqual(goods);
  });

  it('content links, in the same order', async () => {
    expect(await data('/content/link')).toEqual([...mock.content].sort((a, b) => a.sort - b.sort || Number(a.id) - Number(b.id)));
  });

  it('account product titles', async () => {
    for (const product of accountProducts()) expect(await data(`/account/account/product/title/${product.id}`)).toEqual(product);
  });

  it('prices', async () => {
    const rows = await t.db.selectFrom('prices').select(['currency', 'price_usdt']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(fromUnits(priceUsdt(row.currency))).toBe(fromUnits(row.price_usdt));
  });
});
