/**
 * Catalogue and content texts in the other interface languages. The tables keep their texts in
 * zh-CN (the source language); a row here gives one field of one row in zh-TW or en-US, together
 * with the zh-CN text it translates: once an operator rewrites that text, the stale translation
 * no longer applies and the new zh-CN text shows. Prices, amounts and ids never live here.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('translations')
    // the table the text belongs to: content_links, power_products, finance_products, mall_categories, mall_goods, mall_skus
    .addColumn('entity', 'varchar(32)', (col) => col.notNull())
    .addColumn('entity_id', 'bigint', (col) => col.notNull())
    .addColumn('field', 'varchar(32)', (col) => col.notNull())
    .addColumn('locale', 'varchar(8)', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('translations_pkey', ['entity', 'locale', 'entity_id', 'field'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('translations').execute();
}
