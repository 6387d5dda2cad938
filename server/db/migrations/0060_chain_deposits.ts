/**
 * Deposits the chain watcher sees (server/deposits/). `chain_deposits` holds every
 * deposit seen on chain from the moment it is seen (confirming, credited, below_minimum,
 * dropped), keyed by network + tx hash + log index (a native-coin deposit, which has no log, by
 * log index -1: its transaction's own value). `chain_cursors` holds, per network, the last block
 * scanned completely and its hash (a reorg shows as a different hash there).
 * `deposits` stays the table of credited deposits (the user's records, `ops deposit:credit`): it
 * gains `log_index` (-1: by hand, for the whole transaction, or a native-coin deposit) and
 * `source` ('ops' or 'watcher'), and its unique key becomes network + tx hash + log index, so two
 * Transfer logs of one transaction are two credited deposits.
 */
import type { Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deposits').addColumn('log_index', 'bigint', (col) => col.notNull().defaultTo(-1)).execute();
  await db.schema.alterTable('deposits').addColumn('source', 'varchar(16)', (col) => col.notNull().defaultTo('ops')).execute();
  await db.schema.dropIndex('deposits_network_tx').execute();
  await db.schema.createIndex('deposits_network_tx_log').unique().on('deposits').columns(['network', 'tx_hash', 'log_index']).execute();

  await withId(db, db.schema.createTable('chain_deposits'))
    .addColumn('network', 'varchar(16)', (col) => col.notNull())
    .addColumn('currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('tx_hash', 'varchar(80)', (col) => col.notNull())
    // the log's index in its block; -1 for a native-coin deposit (the transaction's value)
    .addColumn('log_index', 'bigint', (col) => col.notNull())
    .addColumn('block_number', 'bigint', (col) => col.notNull())
    .addColumn('block_hash', 'varchar(80)', (col) => col.notNull())
    .addColumn('address', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    // in ledger units (1e-8), rounded down from the on-chain amount
    .addColumn('amount', 'bigint', (col) => col.notNull())
    // the on-chain amount in the token's (or coin's) smallest unit, as a decimal integer
    .addColumn('chain_amount', 'varchar(80)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('deposit_id', 'bigint', (col) => col.references('deposits.id'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('credited_at', 'bigint')
    .execute();
  await db.schema.createIndex('chain_deposits_key').unique().on('chain_deposits').columns(['network', 'tx_hash', 'log_index']).execute();
  await db.schema.createIndex('chain_deposits_status').on('chain_deposits').columns(['network', 'status', 'block_number']).execute();
  await db.schema.createIndex('chain_deposits_user').on('chain_deposits').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('chain_cursors')
    .addColumn('network', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('block_number', 'bigint', (col) => col.notNull())
    .addColumn('block_hash', 'varchar(80)', (col) => col.notNull())
    // the chain head the last run saw (the lag is head - block_number)
    .addColumn('head', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chain_cursors').execute();
  await db.schema.dropTable('chain_deposits').execute();
  await db.schema.dropIndex('deposits_network_tx_log').execute();
  await db.schema.createIndex('deposits_network_tx').unique().on('deposits').columns(['network', 'tx_hash']).execute();
  for (const column of ['source', 'log_index']) {
    await db.schema.alterTable('deposits').dropColumn(column).execute();
  }
}
