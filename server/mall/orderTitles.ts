/**
 * A mall order keeps its goods' title and SKU name as bought (zh-CN). Shown to the buyer, each
 * reads in the buyer's language while the goods' translation is of that same text; an order
 * bought before an operator renamed the goods keeps its own words.
 */
import type { Db } from '../db';
import type { Locale } from '../i18n';
import { translated } from '../i18n/translations';
import type { MallOrderRow } from './orderView';

export async function inLocale(db: Db, locale: Locale, rows: MallOrderRow[]): Promise<MallOrderRow[]> {
  const titles = await translated(db, locale, 'mall_goods', ['title'], rows.map((row) => ({ id: row.goods_id, title: row.title })));
  const skuNames = await translated(db, locale, 'mall_skus', ['name'], rows.map((row) => ({ id: row.sku_id, name: row.sku_name })));
  return rows.map((row, index) => ({ ...row, title: titles[index].title, sku_name: skuNames[index].name }));
}

/** One order in the buyer's language (see inLocale). */
export async function oneInLocale(db: Db, locale: Locale, row: MallOrderRow): Promise<MallOrderRow> {
  const [localised] = await inLocale(db, locale, [row]);
  return localised;
}
