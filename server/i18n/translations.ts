/**
 * Catalogue and content texts in the reader's language. The catalogue tables hold the zh-CN text;
 * the translations table holds the same field in zh-TW and en-US. A field with no translation, or
 * whose zh-CN text changed since it was translated, keeps its zh-CN text.
 */
import type { Db } from '../db';
import { SOURCE_LOCALE, type Locale } from './index';

export type TranslatedEntity = 'content_links' | 'power_products' | 'finance_products' | 'mall_categories' | 'mall_goods' | 'mall_skus';

/** `rows` with the named text fields in `locale` where a translation exists (one query). */
export async function translated<Row extends { id: bigint }, Field extends keyof Row & string>(
  db: Db,
  locale: Locale,
  entity: TranslatedEntity,
  fields: readonly Field[],
  rows: Row[],
): Promise<Row[]> {
  if (locale === SOURCE_LOCALE || rows.length === 0) return rows;
  const found = await db
    .selectFrom('translations')
    .select(['entity_id', 'field', 'text', 'source'])
    .where('entity', '=', entity)
    .where('locale', '=', locale)
    .where('entity_id', 'in', [...new Set(rows.map((row) => row.id))])
    .where('field', 'in', [...fields])
    .execute();
  const texts = new Map(found.map((t) => [`${t.entity_id}:${t.field}`, t]));
  return rows.map((row) => {
    const copy = { ...row };
    for (const field of fields) {
      const translation = texts.get(`${row.id}:${field}`);
      if (translation && translation.source === row[field]) (copy as Record<string, unknown>)[field] = translation.text;
    }
    return copy;
  });
}
