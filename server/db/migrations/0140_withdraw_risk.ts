/**
 * Withdrawal risk rules (contract/rules/withdraw.ts `withdrawReviewReasons`):
 * - `withdrawals_currency_created` (currency, created_at): the platform's circuit breaker sums every
 *   user's withdrawals of a currency in the last hour; without it each request read every withdrawal;
 * - `withdrawal_halts`: a network whose signer an operator stopped (`ops withdraw:halt`), a row per network;
 * - `review_reasons` holds more reasons now: wider on PostgreSQL (SQLite does not enforce a length).
 */
import type { Kysely } from 'kysely';
import { isSqlite } from '../index';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('withdrawals_currency_created').on('withdrawals').columns(['currency', 'created_at']).execute();
  await db.schema
    .createTable('withdrawal_halts')
    .addColumn('network', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('operator', 'varchar(64)', (col) => col.notNull())
    .addColumn('reason', 'varchar(200)', (col) => col.notNull())
    .addColumn('halted_at', 'bigint', (col) => col.notNull())
    .execute();
  if (!isSqlite(db)) await db.schema.alterTable('withdrawals').alterColumn('review_reasons', (col) => col.setDataType('varchar(200)')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) await db.schema.alterTable('withdrawals').alterColumn('review_reasons', (col) => col.setDataType('varchar(64)')).execute();
  await db.schema.dropTable('withdrawal_halts').execute();
  await db.schema.dropIndex('withdrawals_currency_created').execute();
}
