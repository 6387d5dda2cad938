/**
 * Mall orders: one row per order with the goods, SKU and address copied at checkout (later
 * edits of the catalogue or the address book never change an order), its status and the time of
 * each step; and the logistics traces an operator adds. Indexes serve the buyer's lists by status
 * and the sweep (unpaid orders past their pay deadline, shipped orders past their confirm deadline).
 */
import type { Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('mall_orders'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('order_no', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('goods_id', 'bigint', (col) => col.notNull().references('mall_goods.id'))
    .addColumn('sku_id', 'bigint', (col) => col.notNull().references('mall_skus.id'))
    .addColumn('title', 'varchar(128)', (col) => col.notNull())
    .addColumn('sku_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('cover', 'text', (col) => col.notNull())
    .addColumn('price', 'bigint', (col) => col.notNull())
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('total', 'bigint', (col) => col.notNull())
    // the receiver as chosen at checkout
    .addColumn('address_id', 'bigint', (col) => col.notNull())
    .addColumn('receiver', 'varchar(32)', (col) => col.notNull())
    .addColumn('phone', 'varchar(20)', (col) => col.notNull())
    .addColumn('province', 'varchar(32)', (col) => col.notNull())
    .addColumn('city', 'varchar(32)', (col) => col.notNull())
    .addColumn('district', 'varchar(32)', (col) => col.notNull())
    .addColumn('detail', 'varchar(120)', (col) => col.notNull())
    .addColumn('address_is_default', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('pay_deadline', 'bigint', (col) => col.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('shipped_at', 'bigint')
    .addColumn('confirm_deadline', 'bigint')
    .addColumn('completed_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    // 'buyer' | 'timeout'
    .addColumn('cancel_reason', 'varchar(16)')
    .addColumn('carrier', 'varchar(64)')
    .addColumn('tracking_no', 'varchar(64)')
    // the operator who shipped it (ops command)
    .addColumn('shipped_by', 'varchar(64)')
    .execute();
  await db.schema.createIndex('mall_orders_user_status').on('mall_orders').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('mall_orders_status_pay_deadline').on('mall_orders').columns(['status', 'pay_deadline']).execute();
  await db.schema.createIndex('mall_orders_status_confirm_deadline').on('mall_orders').columns(['status', 'confirm_deadline']).execute();

  await withId(db, db.schema.createTable('mall_traces'))
    .addColumn('order_id', 'bigint', (col) => col.notNull().references('mall_orders.id'))
    .addColumn('text', 'varchar(200)', (col) => col.notNull())
    .addColumn('location', 'varchar(100)', (col) => col.notNull())
    .addColumn('delivered', 'bigint', (col) => col.notNull())
    .addColumn('operator', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  // the same trace added twice (a repeated ops command) is one trace
  await db.schema.createIndex('mall_traces_order_text_location').unique().on('mall_traces').columns(['order_id', 'text', 'location']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mall_traces').execute();
  await db.schema.dropTable('mall_orders').execute();
}
