/**
 * The reconciliation of the books with the chain (server/reconcile): one row per currency and run,
 * what the platform holds on chain (assets) against what the ledger owes its users (liabilities),
 * in ledger units like every amount, so that a shortfall found at night is still there to read in
 * the morning, and a later proof of reserves has its history. Rows are few (a run a day per
 * currency) and kept.
 */
import type { Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('reconciliations'))
    .addColumn('run_at', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('ok', 'smallint', (col) => col.notNull())
    .addColumn('assets', 'bigint')
    .addColumn('liabilities', 'bigint', (col) => col.notNull())
    .addColumn('difference', 'bigint')
    .addColumn('reason', 'varchar(1000)')
    .addColumn('detail', 'text', (col) => col.notNull())
    .execute();
  // one row per currency and run; also the way to the last run
  await db.schema.createIndex('reconciliations_run_currency').unique().on('reconciliations').columns(['run_at', 'currency']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reconciliations').execute();
}
