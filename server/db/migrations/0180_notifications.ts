/**
 * The message centre: one row per thing that happened to a user's account, written in the
 * transaction of the event itself. `kind` and `payload` (small JSON of decimal strings and ids)
 * only; the app words each kind in the reader's language, so no text is stored.
 */
import { sql, type Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    .addColumn('payload', 'varchar(1000)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  // the list, newest first by id, and the next page after a cursor
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  // the unread count reads only the unread rows
  await db.schema.createIndex('notifications_unread').on('notifications').column('user_id').where(sql.ref('read_at'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
