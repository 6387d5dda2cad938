/**
 * The mall's catalogue, read-only: goods by category and keyword with their lowest SKU price, and
 * one goods item with its SKUs, in the reader's language (a keyword matches the zh-CN title or the
 * title in that language). A SKU's stock as shown counts back what unpaid orders past their
 * pay window still hold: those units are free the moment the window ends, although the sweep
 * (jobs, or the next checkout of that SKU) has not returned them to the column yet.
 */
import { sql } from 'kysely';
import type { GoodsQueryType } from '../../contract/mall';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { paginate, type PageArgs } from '../http/paging';
import { fromUnits } from '../../contract/rules/money';
import { SOURCE_LOCALE, type Locale } from '../i18n';
import { textIn } from '../i18n/translations';

/** A LIKE pattern matching `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** active goods with their lowest SKU price, titled in `locale` */
const goodsWithPrice = (db: Db, locale: Locale) =>
  db
    .selectFrom('mall_goods as g')
    .select(['g.id', 'g.category_id', 'g.cover', 'g.sales'])
    .select(textIn(locale, 'mall_goods', 'title', 'g.id', 'g.title').as('title'))
    .select((eb) => eb.selectFrom('mall_skus as s').select((e) => e.fn.min('s.price').as('min_price')).whereRef('s.goods_id', '=', 'g.id').as('price'))
    .where('g.active', '=', 1n);

export async function listGoods(db: Db, query: Pick<GoodsQueryType, 'categoryId' | 'keyword'>, args: PageArgs, locale: Locale) {
  const { categoryId, keyword } = query;
  let goods = goodsWithPrice(db, locale).orderBy('g.sort').orderBy('g.id');
  if (categoryId) goods = goods.where('g.category_id', '=', BigInt(categoryId));
  if (keyword?.trim()) {
    const pattern = sql`${containsPattern(keyword.trim())} escape '\\'`;
    goods = goods.where((eb) =>
      eb.or([
        eb(sql`lower(g.title)`, 'like', pattern),
        ...(locale === SOURCE_LOCALE ? [] : [eb.exists(
          eb.selectFrom('translations as t').select('t.entity_id')
            .where('t.entity', '=', 'mall_goods').where('t.locale', '=', locale).whereRef('t.entity_id', '=', 'g.id').where('t.field', '=', 'title')
            .whereRef('t.source', '=', 'g.title').where(sql`lower(t.text)`, 'like', pattern),
        )]),
      ]),
    );
  }
  const { rows, total } = await paginate(goods, args);
  const categories = await db
    .selectFrom('mall_categories')
    .select(['id', textIn(locale, 'mall_categories', 'name', 'mall_categories.id', 'mall_categories.name').as('name')])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const list = rows.map((row) => ({
    id: String(row.id),
    categoryId: String(row.category_id),
    title: row.title,
    cover: row.cover,
    price: fromUnits(BigInt(row.price ?? 0n)),
    sales: Number(row.sales),
  }));
  return { list, total, categories: categories.map((c) => ({ id: String(c.id), name: c.name })) };
}

export async function goodsDetail(db: Db, id: bigint, now: number, locale: Locale) {
  const goods = await goodsWithPrice(db, locale)
    .select(['g.images', textIn(locale, 'mall_goods', 'description', 'g.id', 'g.description').as('description')])
    .where('g.id', '=', id)
    .executeTakeFirst();
  if (!goods) throw new ApiError('NOT_FOUND', { messageKey: 'goods.notFound' });
  const skus = await db
    .selectFrom('mall_skus as s')
    .select(['s.id', 's.price', 's.stock', textIn(locale, 'mall_skus', 'name', 's.id', 's.name').as('name')])
    .select((eb) =>
      eb
        .selectFrom('mall_orders as o')
        .select(sql<bigint>`cast(coalesce(sum(o.quantity), 0) as bigint)`.as('held'))
        .whereRef('o.sku_id', '=', 's.id')
        .where('o.status', '=', 'unpaid')
        .where('o.pay_deadline', '<=', BigInt(now))
        .as('expired_hold'),
    )
    .where('s.goods_id', '=', id)
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute();
  return {
    id: String(goods.id),
    categoryId: String(goods.category_id),
    title: goods.title,
    cover: goods.cover,
    price: fromUnits(BigInt(goods.price ?? 0n)),
    sales: Number(goods.sales),
    images: JSON.parse(goods.images) as string[],
    description: goods.description,
    skus: skus.map((sku) => ({ id: String(sku.id), name: sku.name, price: fromUnits(sku.price), stock: Number(sku.stock + BigInt(sku.expired_hold ?? 0)) })),
  };
}
