/** The mall's read-only catalogue: goods by category and keyword, and one goods item with its SKUs. Orders belong to issue 7. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { contract } from '../../contract';
import { ApiError } from '../http/errors';
import { pageArgs, paginate, toPage } from '../http/paging';
import { route } from '../http/route';
import { fromUnits } from '../money';

/** A LIKE pattern matching `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export default async function mallRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  const goodsWithPrice = () =>
    db
      .selectFrom('mall_goods as g')
      .select(['g.id', 'g.category_id', 'g.title', 'g.cover', 'g.sales', 'g.images', 'g.description'])
      .select((eb) =>
        eb.selectFrom('mall_skus as s').select((e) => e.fn.min('s.price').as('min_price')).whereRef('s.goods_id', '=', 'g.id').as('price'),
      )
      .where('g.active', '=', 1n);

  route(app, contract.mall.goods, async (request) => {
    const args = pageArgs(request.query);
    const { categoryId, keyword } = request.query;
    let query = goodsWithPrice().orderBy('g.sort').orderBy('g.id');
    if (categoryId) query = query.where('g.category_id', '=', BigInt(categoryId));
    if (keyword?.trim()) query = query.where(sql`lower(g.title)`, 'like', sql`${containsPattern(keyword.trim())} escape '\\'`);
    const [{ rows, total }, categories] = [
      await paginate(query, args),
      await db.selectFrom('mall_categories').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
    ];
    const list = rows.map((row) => ({
      id: String(row.id),
      categoryId: String(row.category_id),
      title: row.title,
      cover: row.cover,
      price: fromUnits(BigInt(row.price ?? 0n)),
      sales: Number(row.sales),
    }));
    return { ...toPage(list, total, args), categories: categories.map((c) => ({ id: String(c.id), name: c.name })) };
  });

  route(app, contract.mall.goodsDetail, async (request) => {
    const id = BigInt(request.params.id);
    const goods = await goodsWithPrice().where('g.id', '=', id).executeTakeFirst();
    if (!goods) throw new ApiError('NOT_FOUND', { messageKey: 'goods.notFound' });
    const skus = await db.selectFrom('mall_skus').select(['id', 'name', 'price', 'stock']).where('goods_id', '=', id).orderBy('sort').orderBy('id').execute();
    return {
      id: String(goods.id),
      categoryId: String(goods.category_id),
      title: goods.title,
      cover: goods.cover,
      price: fromUnits(BigInt(goods.price ?? 0n)),
      sales: Number(goods.sales),
      images: JSON.parse(goods.images) as string[],
      description: goods.description,
      skus: skus.map((sku) => ({ id: String(sku.id), name: sku.name, price: fromUnits(sku.price), stock: Number(sku.stock) })),
    };
  });
}
