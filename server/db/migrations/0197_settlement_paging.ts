/**
 * Daily settlement reads a day's orders a page at a time, in (last day, start day, id) order
 * (server/settlement/settleDay.ts): these indexes keep the id in that order on PostgreSQL too, so
 * a page is a short range of one index (SQLite's indexes end in the rowid anyway). They replace
 * the (end_day, start_day) and (maturity_day, start_day) indexes of 0080, which are their prefix.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('power_orders_settle').on('power_orders').columns(['end_day', 'start_day', 'id']).execute();
  await db.schema.createIndex('finance_orders_settle').on('finance_orders').columns(['maturity_day', 'start_day', 'id']).execute();
  await db.schema.dropIndex('power_orders_end_day').execute();
  await db.schema.dropIndex('finance_orders_maturity_day').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('power_orders_end_day').on('power_orders').columns(['end_day', 'start_day']).execute();
  await db.schema.createIndex('finance_orders_maturity_day').on('finance_orders').columns(['maturity_day', 'start_day']).execute();
  await db.schema.dropIndex('finance_orders_settle').execute();
  await db.schema.dropIndex('power_orders_settle').execute();
}
