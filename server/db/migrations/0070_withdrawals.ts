/**
 * Withdrawals (server/withdrawals/).
 * - `withdrawal_addresses`: the user's saved withdrawal addresses (label, network, checksummed
 *   address), usable from `usable_from` (the new-address delay, or at once when a wallet signature
 *   named the address); one row per user, network and address.
 * - `withdrawals`: one row per request, with the amount and fee in ledger units (both frozen at
 *   the request), its status (review → processing → broadcast → confirming → completed, or
 *   rejected / failed / cancelled), why it waits for review, the operator's decision and reason,
 *   and what the signer recorded: its account, the nonce, the tx hash, the block.
 * - `withdrawal_txs`: the signer's intents, written BEFORE a transaction is broadcast (its nonce,
 *   fee caps and hash of the signed transaction), one per attempt: a replacement (same nonce,
 *   higher fee) is a second row; one nonce per signer account belongs to one withdrawal only.
 * - `users.pay_password_changed_at`: when the pay password was last set or changed (a recent
 *   security change sends withdrawals to review).
 */
import type { Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pay_password_changed_at', 'bigint').execute();

  await withId(db, db.schema.createTable('withdrawal_addresses'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('label', 'varchar(32)', (col) => col.notNull())
    .addColumn('network', 'varchar(16)', (col) => col.notNull())
    // EIP-55 checksummed
    .addColumn('address', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('usable_from', 'bigint', (col) => col.notNull())
    // 1: a wallet signature named it when it was added
    .addColumn('signed', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('withdrawal_addresses_user_network_address').unique().on('withdrawal_addresses').columns(['user_id', 'network', 'address']).execute();

  await withId(db, db.schema.createTable('withdrawals'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('network', 'varchar(16)', (col) => col.notNull())
    .addColumn('address', 'varchar(64)', (col) => col.notNull())
    .addColumn('address_label', 'varchar(32)', (col) => col.notNull())
    // ledger units (1e-8): what arrives, and the fee paid on top; both frozen at the request
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('fee', 'bigint', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    // why it waits for review: comma separated of amount, newAddress, securityChange; '' → none
    .addColumn('review_reasons', 'varchar(64)', (col) => col.notNull())
    // the operator's (or the signer's) reason for a rejection or failure
    .addColumn('reason', 'varchar(200)')
    .addColumn('operator', 'varchar(64)')
    // the Idempotency-Key of the request, when it came with one
    .addColumn('idempotency_key', 'varchar(128)')
    // the signer: its account, the nonce, the last broadcast transaction, where it was mined
    .addColumn('signer_address', 'varchar(64)')
    .addColumn('nonce', 'bigint')
    .addColumn('tx_hash', 'varchar(80)')
    .addColumn('block_number', 'bigint')
    .addColumn('confirmations', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('broadcast_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();
  await db.schema.createIndex('withdrawals_user_currency_created').on('withdrawals').columns(['user_id', 'currency', 'created_at']).execute();

  await withId(db, db.schema.createTable('withdrawal_txs'))
    .addColumn('withdrawal_id', 'bigint', (col) => col.notNull().references('withdrawals.id'))
    .addColumn('network', 'varchar(16)', (col) => col.notNull())
    .addColumn('signer_address', 'varchar(64)', (col) => col.notNull())
    .addColumn('nonce', 'bigint', (col) => col.notNull())
    // 0 for the first attempt, 1, 2, … for replacements (same nonce, higher fee)
    .addColumn('attempt', 'bigint', (col) => col.notNull())
    .addColumn('tx_hash', 'varchar(80)', (col) => col.notNull())
    // wei, decimal integers
    .addColumn('max_fee_per_gas', 'varchar(80)', (col) => col.notNull())
    .addColumn('max_priority_fee_per_gas', 'varchar(80)', (col) => col.notNull())
    // intent (written, not yet sent) | sent | mined | replaced
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('withdrawal_txs_nonce_attempt').unique().on('withdrawal_txs').columns(['network', 'signer_address', 'nonce', 'attempt']).execute();
  await db.schema.createIndex('withdrawal_txs_withdrawal').on('withdrawal_txs').columns(['withdrawal_id', 'attempt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('withdrawal_txs').execute();
  await db.schema.dropTable('withdrawals').execute();
  await db.schema.dropTable('withdrawal_addresses').execute();
  await db.schema.alterTable('users').dropColumn('pay_password_changed_at').execute();
}
