/** The read-mostly catalogue: prices, account products, content, power and finance products, mall goods. */
import { sql, type Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('prices')
    .addColumn('currency', 'varchar(10)', (col) => col.primaryKey())
    .addColumn('price_usdt', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('account_products')
    .addColumn('id', 'bigint', (col) => col.primaryKey())
    .addColumn('title', 'varchar(64)', (col) => col.notNull())
    .addColumn('currency', 'varchar(10)', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('content_links'))
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('title', 'varchar(128)', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('url', 'varchar(512)', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('sort', 'bigint', (col) => col.notNull())
    .addColumn('active', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('content_links_type_sort').on('content_links').columns(['type', 'sort']).execute();

  await withId(db, db.schema.createTable('power_products'))
    .addColumn('title', 'varchar(128)', (col) => col.notNull())
    .addColumn('coin', 'varchar(10)', (col) => col.notNull())
    .addColumn('unit', 'varchar(16)', (col) => col.notNull())
    .addColumn('price_per_unit', 'bigint', (col) => col.notNull())
    .addColumn('term_days', 'bigint', (col) => col.notNull())
    .addColumn('daily_output_per_unit', 'bigint', (col) => col.notNull())
    .addColumn('electricity_fee_per_unit', 'bigint', (col) => col.notNull())
    .addColumn('management_fee_rate', 'bigint', (col) => col.notNull())
    .addColumn('stock', 'bigint', (col) => col.notNull().check(sqlNonNegative('stock')))
    .addColumn('sold', 'bigint', (col) => col.notNull())
    .addColumn('min_units', 'bigint', (col) => col.notNull())
    .addColumn('sale_start', 'bigint', (col) => col.notNull())
    .addColumn('sale_end', 'bigint', (col) => col.notNull())
    .addColumn('sort', 'bigint', (col) => col.notNull())
    .addColumn('active', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('finance_products'))
    .addColumn('title', 'varchar(128)', (col) => col.notNull())
    .addColumn('currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('annual_rate', 'bigint', (col) => col.notNull())
    .addColumn('lock_days', 'bigint', (col) => col.notNull())
    .addColumn('min_amount', 'bigint', (col) => col.notNull())
    .addColumn('max_amount', 'bigint', (col) => col.notNull())
    .addColumn('quota', 'bigint', (col) => col.notNull())
    .addColumn('sold', 'bigint', (col) => col.notNull())
    .addColumn('sort', 'bigint', (col) => col.notNull())
    .addColumn('active', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('mall_categories'))
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('sort', 'bigint', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('mall_goods'))
    .addColumn('category_id', 'bigint', (col) => col.notNull().references('mall_categories.id'))
    .addColumn('title', 'varchar(128)', (col) => col.notNull())
    .addColumn('cover', 'text', (col) => col.notNull())
    .addColumn('images', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('sales', 'bigint', (col) => col.notNull())
    .addColumn('sort', 'bigint', (col) => col.notNull())
    .addColumn('active', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mall_goods_category_id').on('mall_goods').column('category_id').execute();

  await withId(db, db.schema.createTable('mall_skus'))
    .addColumn('goods_id', 'bigint', (col) => col.notNull().references('mall_goods.id'))
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('price', 'bigint', (col) => col.notNull())
    .addColumn('stock', 'bigint', (col) => col.notNull().check(sqlNonNegative('stock')))
    .addColumn('sort', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mall_skus_goods_id').on('mall_skus').column('goods_id').execute();
}

function sqlNonNegative(column: string) {
  return sql`${sql.ref(column)} >= 0`;
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['mall_skus', 'mall_goods', 'mall_categories', 'finance_products', 'power_products', 'content_links', 'account_products', 'prices']) {
    await db.schema.dropTable(table).execute();
  }
}
