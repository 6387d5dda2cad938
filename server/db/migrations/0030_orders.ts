/**
 * Product orders and their daily settlement: power orders with one bill per order and
 * day, finance orders with one interest row per order and day, power exchanges, and the days the
 * settlement has completed. The unique (order, day) indexes make settlement exactly-once.
 * Days are `YYYY-MM-DD` in the display time zone, so they compare as text.
 */
import type { Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('power_orders'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('product_id', 'bigint', (col) => col.notNull().references('power_products.id'))
    // the product's terms when bought: later product edits never change an order
    .addColumn('title', 'varchar(128)', (col) => col.notNull())
    .addColumn('coin', 'varchar(10)', (col) => col.notNull())
    .addColumn('unit', 'varchar(16)', (col) => col.notNull())
    .addColumn('units', 'bigint', (col) => col.notNull())
    .addColumn('amount_usdt', 'bigint', (col) => col.notNull())
    .addColumn('daily_output_per_unit', 'bigint', (col) => col.notNull())
    .addColumn('electricity_fee_per_unit', 'bigint', (col) => col.notNull())
    .addColumn('management_fee_rate', 'bigint', (col) => col.notNull())
    .addColumn('start_day', 'varchar(10)', (col) => col.notNull())
    .addColumn('end_day', 'varchar(10)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('power_orders_user').on('power_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('power_orders_days').on('power_orders').columns(['start_day', 'end_day']).execute();

  await withId(db, db.schema.createTable('power_bills'))
    .addColumn('order_id', 'bigint', (col) => col.notNull().references('power_orders.id'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('coin', 'varchar(10)', (col) => col.notNull())
    .addColumn('gross', 'bigint', (col) => col.notNull())
    .addColumn('electricity_fee', 'bigint', (col) => col.notNull())
    .addColumn('management_fee', 'bigint', (col) => col.notNull())
    .addColumn('net', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('power_bills_order_day').unique().on('power_bills').columns(['order_id', 'day']).execute();
  await db.schema.createIndex('power_bills_user_day').on('power_bills').columns(['user_id', 'day']).execute();

  await withId(db, db.schema.createTable('finance_orders'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('product_id', 'bigint', (col) => col.notNull().references('finance_products.id'))
    .addColumn('title', 'varchar(128)', (col) => col.notNull())
    .addColumn('currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('principal', 'bigint', (col) => col.notNull())
    .addColumn('annual_rate', 'bigint', (col) => col.notNull())
    .addColumn('lock_days', 'bigint', (col) => col.notNull())
    .addColumn('start_day', 'varchar(10)', (col) => col.notNull())
    // the last day that earns interest; its settlement returns principal and interest
    .addColumn('maturity_day', 'varchar(10)', (col) => col.notNull())
    .addColumn('redeemed_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('finance_orders_user').on('finance_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('finance_orders_days').on('finance_orders').columns(['start_day', 'maturity_day']).execute();

  await withId(db, db.schema.createTable('finance_interest'))
    .addColumn('order_id', 'bigint', (col) => col.notNull().references('finance_orders.id'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('finance_interest_order_day').unique().on('finance_interest').columns(['order_id', 'day']).execute();
  await db.schema.createIndex('finance_interest_user_day').on('finance_interest').columns(['user_id', 'day']).execute();

  await withId(db, db.schema.createTable('power_exchanges'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('coin', 'varchar(10)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('rate', 'bigint', (col) => col.notNull())
    .addColumn('fee', 'bigint', (col) => col.notNull())
    .addColumn('received', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('power_exchanges_user').on('power_exchanges').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('settled_days')
    .addColumn('day', 'varchar(10)', (col) => col.primaryKey())
    .addColumn('settled_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['settled_days', 'power_exchanges', 'finance_interest', 'finance_orders', 'power_bills', 'power_orders']) {
    await db.schema.dropTable(table).execute();
  }
}
