/**
 * Catalogue and content texts in the reader's language. The catalogue tables hold the zh-CN text;
 * the translations table holds the same field in zh-TW and en-US. A field with no translation, or
 * whose zh-CN text changed since it was translated, keeps its zh-CN text.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import { SOURCE_LOCALE, type Locale } from './index';

export type TranslatedEntity = 'content_links' | 'power_products' | 'finance_products' | 'mall_categories' | 'mall_goods' | 'mall_skus';

/**
 * For a select: the zh-CN text in `textColumn`, of the `entity` row whose id is in `idColumn`, in
 * `locale`. It is looked up by the translations' primary key in the statement that reads the rows,
 * so a list and its texts are one round trip. `textColumn` may hold an older copy of the text (an
 * order keeps its product's title as bought): the translation is of that same text or not used.
 * Both columns are named with their table or alias (`g.id`, `power_orders.title`).
 */
export function textIn(locale: Locale, entity: TranslatedEntity, field: string, idColumn: string, textColumn: string): RawBuilder<string> {
  const text = sql.ref(textColumn);
  if (locale === SOURCE_LOCALE) return sql<string>`${text}`;
  // aliased so that the outer query's own aliases (t, tr, …) cannot be shadowed by it
  return sql<string>`coalesce((select "translated"."text" from "translations" as "translated" where "translated"."entity" = ${entity} and "translated"."locale" = ${locale} and "translated"."entity_id" = ${sql.ref(idColumn)} and "translated"."field" = ${field} and "translated"."source" = ${text}), ${text})`;
}

/**
 * For a select from `table` that has a `title` column, a copy of the `entity` row's title (the
 * entity's own table, or its orders, which keep the title as bought): that title in `locale`, as
 * `title_in_locale`, beside the row's own.
 */
export function titleInLocale(locale: Locale, entity: TranslatedEntity, table: string = entity, idColumn = 'id') {
  return textIn(locale, entity, 'title', `${table}.${idColumn}`, `${table}.title`).as('title_in_locale');
}

/** A row read with `titleInLocale` beside its own `title`: that title in the reader's language. */
export function titledInLocale<Row extends { title: string; title_in_locale: string }>({ title_in_locale, ...row }: Row): Omit<Row, 'title_in_locale'> {
  return { ...row, title: title_in_locale };
}

/**
 * `rows` already read (an order made or moved, say) with the named text fields in `locale`, where a
 * translation of that same text exists: one query for them all.
 */
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
