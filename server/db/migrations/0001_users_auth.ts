/** Users, sign-in nonces, sessions and the meta table. */
import type { Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('uid', 'varchar(16)', (col) => col.notNull().unique())
    .addColumn('address', 'varchar(42)', (col) => col.notNull().unique())
    .addColumn('invite_code', 'varchar(16)', (col) => col.notNull().unique())
    .addColumn('inviter_id', 'bigint', (col) => col.references('users.id'))
    .addColumn('pay_password_hash', 'varchar(255)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_inviter_id').on('users').column('inviter_id').execute();

  await db.schema
    .createTable('auth_nonces')
    .addColumn('nonce', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('auth_nonces_expires_at').on('auth_nonces').column('expires_at').execute();

  await withId(db, db.schema.createTable('auth_sessions'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('auth_sessions_user_id').on('auth_sessions').column('user_id').execute();

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['app_meta', 'auth_sessions', 'auth_nonces', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
