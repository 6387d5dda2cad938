/**
 * The operator console: operators and their roles, their sessions and step-up challenges, the
 * append-only audit log, second approvals (four eyes), frozen user accounts, and feature flags
 * switched at run time.
 * Audit rows can never be updated or deleted: a trigger refuses it on both engines, as for ledger entries.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../index';
import { withId } from './helpers';

async function appendOnlyAudit(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    for (const action of ['update', 'delete']) {
      await sql.raw(`create trigger audit_log_no_${action} before ${action} on audit_log begin select raise(abort, 'the audit log is append-only'); end`).execute(db);
    }
    return;
  }
  await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
    begin raise exception 'the audit log is append-only' using errcode = 'P0001'; end $$`.execute(db);
  await sql`create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('operators'))
    .addColumn('address', 'varchar(42)', (col) => col.notNull().unique())
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    .addColumn('enabled', 'bigint', (col) => col.notNull())
    .addColumn('added_by', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('operator_sessions'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('public_id', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('operator_id', 'bigint', (col) => col.notNull().references('operators.id'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('user_agent', 'varchar(200)', (col) => col.notNull())
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('operator_sessions_operator').on('operator_sessions').columns(['operator_id', 'last_used_at']).execute();

  await db.schema
    .createTable('operator_challenges')
    .addColumn('nonce', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('operator_id', 'bigint', (col) => col.notNull().references('operators.id'))
    .addColumn('action', 'varchar(32)', (col) => col.notNull())
    .addColumn('target', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('operator_challenges_expires_at').on('operator_challenges').column('expires_at').execute();

  await withId(db, db.schema.createTable('audit_log'))
    // 'console' (an operator's session) or 'cli' (npm run ops)
    .addColumn('source', 'varchar(8)', (col) => col.notNull())
    .addColumn('operator_id', 'bigint', (col) => col.references('operators.id'))
    // the operator's address, or the command line's --operator / OS user
    .addColumn('actor', 'varchar(64)', (col) => col.notNull())
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    .addColumn('action', 'varchar(48)', (col) => col.notNull())
    .addColumn('target', 'varchar(100)', (col) => col.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('reason', 'varchar(200)', (col) => col.notNull())
    .addColumn('request_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'created_at']).execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target', 'created_at']).execute();
  await appendOnlyAudit(db);

  await withId(db, db.schema.createTable('approvals'))
    .addColumn('action', 'varchar(32)', (col) => col.notNull())
    .addColumn('target', 'varchar(100)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    // pending → done (the second operator confirmed and it was carried out) | cancelled
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('requested_by', 'bigint', (col) => col.notNull().references('operators.id'))
    .addColumn('reason', 'varchar(200)', (col) => col.notNull())
    .addColumn('requested_at', 'bigint', (col) => col.notNull())
    .addColumn('decided_by', 'bigint', (col) => col.references('operators.id'))
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema.createIndex('approvals_status').on('approvals').columns(['status', 'id']).execute();
  // at most one pending approval of an action on a target
  await db.schema.createIndex('approvals_pending_target').unique().on('approvals').columns(['action', 'target']).where(sql.ref('status'), '=', 'pending').execute();

  await db.schema.alterTable('users').addColumn('frozen_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('frozen_reason', 'varchar(200)').execute();

  await db.schema
    .createTable('feature_flag_overrides')
    .addColumn('name', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('enabled', 'bigint', (col) => col.notNull())
    .addColumn('updated_by', 'varchar(64)', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feature_flag_overrides').execute();
  await db.schema.alterTable('users').dropColumn('frozen_reason').execute();
  await db.schema.alterTable('users').dropColumn('frozen_at').execute();
  await db.schema.dropTable('approvals').execute();
  await db.schema.dropTable('audit_log').execute();
  if (!isSqlite(db)) await sql`drop function audit_log_append_only() cascade`.execute(db);
  await db.schema.dropTable('operator_challenges').execute();
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operators').execute();
}
