/**
 * The address book and invite commissions. At most one default address per user is
 * also guarded by a partial unique index; "exactly one when any exist" is kept by server/addresses.
 */
import { sql, type Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('addresses'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('receiver', 'varchar(32)', (col) => col.notNull())
    .addColumn('phone', 'varchar(20)', (col) => col.notNull())
    .addColumn('province', 'varchar(32)', (col) => col.notNull())
    .addColumn('city', 'varchar(32)', (col) => col.notNull())
    .addColumn('district', 'varchar(32)', (col) => col.notNull())
    .addColumn('detail', 'varchar(120)', (col) => col.notNull())
    .addColumn('is_default', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('addresses_user_id').on('addresses').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('addresses_one_default').unique().on('addresses').column('user_id').where(sql.ref('is_default'), '=', 1).execute();

  await withId(db, db.schema.createTable('invite_commissions'))
    .addColumn('inviter_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('invitee_id', 'bigint', (col) => col.notNull().references('users.id'))
    // the purchase that paid it, e.g. "power-order:12"; once per purchase
    .addColumn('ref', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('purchase_amount', 'bigint', (col) => col.notNull())
    /** percent in units of 1e-8 at the time of the purchase */
    .addColumn('rate', 'bigint', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('invite_commissions_inviter').on('invite_commissions').columns(['inviter_id', 'created_at']).execute();
  await db.schema.createIndex('invite_commissions_invitee').on('invite_commissions').columns(['invitee_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invite_commissions').execute();
  await db.schema.dropTable('addresses').execute();
}
