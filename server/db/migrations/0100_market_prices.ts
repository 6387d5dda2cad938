/**
 * Prices from the market (docs/prices.md): every poll of the price feed is a snapshot (the agreed
 * price if any, whether it may be used and why not, each source's answer), kept a day in full and
 * as one sample a minute (`sample` 1; 2 also marks the first of its half hour, the history the app
 * draws) for 30 days; an operator's halt of a currency; and what a quote, a conversion and a power
 * exchange were priced from.
 */
import type { Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('price_snapshots'))
    .addColumn('currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('price_usdt', 'bigint')
    .addColumn('usable', 'smallint', (col) => col.notNull())
    .addColumn('reason', 'varchar(16)')
    .addColumn('sources', 'text', (col) => col.notNull())
    .addColumn('sample', 'smallint', (col) => col.notNull())
    .addColumn('taken_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('price_snapshots_currency_taken').on('price_snapshots').columns(['currency', 'taken_at']).execute();
  await db.schema.createIndex('price_snapshots_taken').on('price_snapshots').columns(['taken_at']).execute();

  await db.schema
    .createTable('price_halts')
    .addColumn('currency', 'varchar(10)', (col) => col.primaryKey())
    .addColumn('operator', 'varchar(64)', (col) => col.notNull())
    .addColumn('reason', 'varchar(200)', (col) => col.notNull())
    .addColumn('halted_at', 'bigint', (col) => col.notNull())
    .execute();

  for (const column of ['price_from', 'price_to', 'priced_at', 'snapshot_from', 'snapshot_to']) {
    await db.schema.alterTable('convert_quotes').addColumn(column, 'bigint').execute();
  }
  await db.schema.alterTable('convert_quotes').addColumn('demo', 'smallint', (col) => col.notNull().defaultTo(0)).execute();
  for (const column of ['snapshot_from', 'snapshot_to']) {
    await db.schema.alterTable('conversions').addColumn(column, 'bigint').execute();
  }
  await db.schema.alterTable('power_exchanges').addColumn('snapshot_id', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('power_exchanges').dropColumn('snapshot_id').execute();
  for (const column of ['snapshot_from', 'snapshot_to']) await db.schema.alterTable('conversions').dropColumn(column).execute();
  for (const column of ['price_from', 'price_to', 'priced_at', 'snapshot_from', 'snapshot_to', 'demo']) await db.schema.alterTable('convert_quotes').dropColumn(column).execute();
  await db.schema.dropTable('price_halts').execute();
  await db.schema.dropTable('price_snapshots').execute();
}
