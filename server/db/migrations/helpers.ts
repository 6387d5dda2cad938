/** Column helpers shared by migrations, so one migration file serves SQLite and PostgreSQL. */
import type { CreateTableBuilder, Kysely } from 'kysely';
import { isSqlite } from '../index';

/** An auto-increment BIGINT primary key named `id`. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isSqlite(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigserial', (col) => col.primaryKey());
}
