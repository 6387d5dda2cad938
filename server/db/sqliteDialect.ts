/**
 * Kysely's SQLite dialect with four changes:
 * - transactions start with `BEGIN IMMEDIATE`: the write lock is taken up front (waiting on
 *   busy_timeout) instead of failing when a read transaction later tries to write, which matters
 *   once several processes share the file;
 * - migrations run inside such a transaction (SQLite has transactional DDL), which makes the
 *   transaction the cross-process migration lock;
 * - prepared statements are cached by SQL text (Kysely prepares every query anew, a large share
 *   of a simple request's cost);
 * - the one connection goes to waiting queries and transactions in arrival order.
 */
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Kysely,
  type QueryResult,
} from 'kysely';

const STATEMENT_CACHE_SIZE = 500;

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * better-sqlite3 registers its SqliteError class once per process, at its first load. Where
 * modules are loaded more than once per process (jest runs every test file in a fresh module
 * registry and realm) its errors are then not `instanceof Error` of the current realm; rethrow
 * those as a local Error with the same message and code.
 */
function asLocalError(error: unknown): unknown {
  if (error instanceof Error || typeof error !== 'object' || error === null) return error;
  const { message, code } = error as { message?: string; code?: string };
  return Object.assign(new Error(message ?? 'SQLite error', { cause: error }), { code });
}

class CachingSqliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(private readonly sqlite: BetterSqlite3.Database) {}

  private prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const statement = this.prepare(compiledQuery.sql);
      const parameters = compiledQuery.parameters as unknown[];
      if (statement.reader) return { rows: statement.all(...parameters) as R[] };
      const { changes, lastInsertRowid } = statement.run(...parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      throw asLocalError(error);
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.sqlite.prepare(compiledQuery.sql);
    for (const row of statement.iterate(...(compiledQuery.parameters as unknown[]))) yield { rows: [row as R] };
  }
}

/**
 * Hands the one connection out in arrival order. Kysely's own mutex wakes every waiter at each
 * release and lets them race for it again, which under load costs more than the queries.
 */
class FifoLock {
  private locked = false;
  private readonly waiters: Array<() => void> = [];

  acquire(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.locked = false;
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  private readonly connection: CachingSqliteConnection;
  private readonly lock = new FifoLock();

  constructor(
    sqlite: BetterSqlite3.Database,
    private readonly options: SqliteDialectOptions,
  ) {
    super({ database: sqlite });
    this.connection = new CachingSqliteConnection(sqlite);
  }

  override async destroy(): Promise<void> {
    await this.options.beforeClose?.();
    await super.destroy();
  }

  /** One connection for everything, as in the base class; ours caches statements. */
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return this.connection;
  }

  override async releaseConnection(): Promise<void> {
    this.lock.release();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export interface SqliteDialectOptions {
  /** runs when the database is destroyed, before the connection closes */
  beforeClose?: () => Promise<void>;
}

export function sqliteDialect(sqlite: BetterSqlite3.Database, options: SqliteDialectOptions = {}): Dialect {
  return {
    createAdapter: () => new TransactionalDdlSqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver(sqlite, options),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    createIntrospector: (db: Kysely<any>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
