/**
 * Deposits held for review (server/deposits/review.ts): who approved or rejected one and why it
 * was rejected, and an index to list those waiting across networks.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chain_deposits').addColumn('operator', 'varchar(64)').execute();
  await db.schema.alterTable('chain_deposits').addColumn('reason', 'varchar(200)').execute();
  await db.schema.createIndex('chain_deposits_review').on('chain_deposits').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chain_deposits_review').execute();
  await db.schema.alterTable('chain_deposits').dropColumn('reason').execute();
  await db.schema.alterTable('chain_deposits').dropColumn('operator').execute();
}
