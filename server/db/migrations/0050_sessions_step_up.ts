/**
 * What a user sees of their sessions (a public id that is neither the token nor its
 * hash, the device's user agent and IP at sign-in), and the step-up challenges: one-time nonces of
 * a fresh wallet signature, each bound to a user and a purpose (e.g. setting the pay password).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_sessions').addColumn('public_id', 'varchar(32)').execute();
  await db.schema.alterTable('auth_sessions').addColumn('user_agent', 'varchar(200)', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('auth_sessions').addColumn('ip', 'varchar(64)', (col) => col.notNull().defaultTo('')).execute();
  // sessions signed in before this migration get a public id too
  const existing = await db.selectFrom('auth_sessions').select('id').where('public_id', 'is', null).execute();
  for (const { id } of existing) {
    await db.updateTable('auth_sessions').set({ public_id: randomBytes(12).toString('base64url') }).where('id', '=', id).execute();
  }
  await db.schema.createIndex('auth_sessions_public_id').unique().on('auth_sessions').column('public_id').execute();

  await db.schema
    .createTable('step_up_challenges')
    .addColumn('nonce', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('purpose', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('step_up_challenges_expires_at').on('step_up_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('step_up_challenges').execute();
  await db.schema.dropIndex('auth_sessions_public_id').execute();
  for (const column of ['ip', 'user_agent', 'public_id']) {
    await db.schema.alterTable('auth_sessions').dropColumn(column).execute();
  }
}
