/**
 * The database: embedded SQLite by default, PostgreSQL when DATABASE_URL is set. One Kysely query
 * code base for both. Every integer column is BIGINT and reads back as `bigint` on both engines
 * (SQLite: safeIntegers; PostgreSQL: INT8 parsed to BigInt).
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { poolEndingClientsInUse } from './pgPool';
import { sqliteDialect } from './sqliteDialect';
import { SAFETY_NET_PAGES, startWalCheckpointer } from './walCheckpointer';

export type { Database } from './schema';
export type Db = Kysely<Database>;

export interface DbOptions {
  databaseUrl: string;
  /** PostgreSQL only: put this schema first on the search_path (created if missing by the caller) */
  databaseSchema?: string;
  sqlitePath: string;
  /** PostgreSQL pool size */
  poolSize?: number;
}

const PG_INT8_OID = 20;
pg.types.setTypeParser(PG_INT8_OID, (value: string) => BigInt(value));

export function openSqlite(file: string): BetterSqlite3.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.defaultSafeIntegers(true);
  sqlite.pragma('journal_mode = WAL');
  // a commit returns only once the write-ahead log is on disk (NORMAL could lose the last commits
  // to a power cut or OS crash after they were answered)
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  // savepoint journals (every grouped transaction has one, see commitGroup.ts) in memory, not in temp files
  sqlite.pragma('temp_store = MEMORY');
  return sqlite;
}

/** The connection for reads outside transactions: it sees only committed data (see sqliteDialect.ts). */
export function openSqliteReader(file: string): BetterSqlite3.Database {
  const reader = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  reader.defaultSafeIntegers(true);
  reader.pragma('busy_timeout = 10000');
  return reader;
}

export function createDb(options: DbOptions): Db {
  if (!options.databaseUrl) {
    const sqlite = openSqlite(options.sqlitePath);
    if (options.sqlitePath === ':memory:') return new Kysely<Database>({ dialect: sqliteDialect(sqlite) });
    sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
    const checkpointer = startWalCheckpointer(path.resolve(options.sqlitePath));
    return new Kysely<Database>({ dialect: sqliteDialect(sqlite, { beforeClose: checkpointer.stop, reader: openSqliteReader(options.sqlitePath) }) });
  }
  // jit off: the server's statements are short index look-ups, and PostgreSQL's JIT, which its
  // cost estimate turns on for a count over a long list, spent ~100 ms compiling each time
  const settings = ['-c jit=off', ...(options.databaseSchema ? [`-c search_path=${quoteIdent(options.databaseSchema)}`] : [])];
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    options: settings.join(' '),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: poolEndingClientsInUse(pool) }) });
}

/** A schema name as a quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- asks about the engine only, so any schema will do (migrations pass Kysely<any>)
export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * One writing statement committed on its own. On SQLite inside a transaction, so that its commit
 * joins the commit group of the transactions in flight (commitGroup.ts) instead of flushing the disk
 * alone; on PostgreSQL the statement by itself, which PostgreSQL commits before answering (a BEGIN
 * and a COMMIT around it would cost two round trips and guarantee nothing more). `write` must send
 * exactly one statement: several would not be atomic on PostgreSQL.
 */
export function commitAlone<T>(db: Db, write: (db: Db) => Promise<T>): Promise<T> {
  return isSqlite(db) ? db.transaction().execute(write) : write(db);
}

/** True when `error` is a unique-constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
