/**
 * The money core: ledger accounts and the append-only journal, idempotency keys, pay
 * password attempt guards, deposits, transfers, conversion quotes and conversions.
 * Journal rows can never be updated or deleted: a trigger refuses it on both engines.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../index';
import { withId } from './helpers';

async function appendOnlyTriggers(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    for (const action of ['update', 'delete']) {
      await sql
        .raw(`create trigger ledger_entries_no_${action} before ${action} on ledger_entries begin select raise(abort, 'ledger entries are append-only'); end`)
        .execute(db);
    }
    return;
  }
  await sql`create function ledger_entries_append_only() returns trigger language plpgsql as $$
    begin raise exception 'ledger entries are append-only' using errcode = 'P0001'; end $$`.execute(db);
  await sql`create trigger ledger_entries_no_change before update or delete on ledger_entries
    for each row execute function ledger_entries_append_only()`.execute(db);
  await sql`create trigger ledger_entries_no_truncate before truncate on ledger_entries
    for each statement execute function ledger_entries_append_only()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('ledger_accounts'))
    // "u<user id>" or "sys:<name>"; one account per owner and currency
    .addColumn('owner', 'varchar(48)', (col) => col.notNull())
    .addColumn('user_id', 'bigint', (col) => col.references('users.id'))
    .addColumn('currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('available', 'bigint', (col) => col.notNull())
    .addColumn('frozen', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    // the last line of defence: a user's balance never goes below zero (system accounts may)
    .addCheckConstraint('ledger_accounts_user_non_negative', sql`user_id is null or (available >= 0 and frozen >= 0)`)
    .execute();
  await db.schema.createIndex('ledger_accounts_owner_currency').unique().on('ledger_accounts').columns(['owner', 'currency']).execute();
  await db.schema.createIndex('ledger_accounts_user_id').on('ledger_accounts').column('user_id').execute();

  await withId(db, db.schema.createTable('ledger_transactions'))
    .addColumn('ref', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('ledger_entries'))
    .addColumn('transaction_id', 'bigint', (col) => col.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('ledger_accounts.id'))
    .addColumn('user_id', 'bigint')
    .addColumn('currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('bucket', 'varchar(10)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('balance_after', 'bigint', (col) => col.notNull())
    .addColumn('type', 'varchar(32)', (col) => col.notNull())
    .addColumn('remark', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_account_id').on('ledger_entries').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('ledger_entries_user_id').on('ledger_entries').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('ledger_entries_user_type').on('ledger_entries').columns(['user_id', 'type', 'id']).execute();
  await db.schema.createIndex('ledger_entries_transaction_id').on('ledger_entries').column('transaction_id').execute();
  await appendOnlyTriggers(db);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('key', 'varchar(128)', (col) => col.notNull())
    .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('response', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('pay_password_guards')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id'))
    .addColumn('failures', 'bigint', (col) => col.notNull())
    .addColumn('locked_until', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('deposits'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('network', 'varchar(16)', (col) => col.notNull())
    .addColumn('currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('tx_hash', 'varchar(80)', (col) => col.notNull())
    .addColumn('operator', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('deposits_network_tx').unique().on('deposits').columns(['network', 'tx_hash']).execute();
  await db.schema.createIndex('deposits_user_id').on('deposits').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('transfers'))
    .addColumn('from_user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('to_user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('fee', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('transfers_from_user').on('transfers').columns(['from_user_id', 'id']).execute();
  await db.schema.createIndex('transfers_to_user').on('transfers').columns(['to_user_id', 'id']).execute();

  await db.schema
    .createTable('convert_quotes')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('from_currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('to_currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('rate', 'bigint', (col) => col.notNull())
    .addColumn('fee', 'bigint', (col) => col.notNull())
    .addColumn('received', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('convert_quotes_expires_at').on('convert_quotes').column('expires_at').execute();

  await withId(db, db.schema.createTable('conversions'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('quote_id', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('from_currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('to_currency', 'varchar(10)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('rate', 'bigint', (col) => col.notNull())
    .addColumn('fee', 'bigint', (col) => col.notNull())
    .addColumn('received', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('conversions_user_id').on('conversions').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['conversions', 'convert_quotes', 'transfers', 'deposits', 'pay_password_guards', 'idempotency_keys', 'ledger_entries', 'ledger_transactions', 'ledger_accounts']) {
    await db.schema.dropTable(table).execute();
  }
  if (!isSqlite(db)) await sql`drop function ledger_entries_append_only()`.execute(db);
}
