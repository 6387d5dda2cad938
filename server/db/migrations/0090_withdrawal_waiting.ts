/**
 * The withdrawal signer records why an approved withdrawal is not sent yet
 * (`waiting = 'hotWalletFunds'`: the hot wallet's balance, less what it sent and has not seen
 * mined, cannot pay it), so that `ops withdraw:list` shows the operator what to refill. Cleared when
 * the withdrawal is sent.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('withdrawals').addColumn('waiting', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('withdrawals').dropColumn('waiting').execute();
}
