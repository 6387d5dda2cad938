/**
 * Kysely's SQLite dialect with five changes:
 * - transactions start with `BEGIN IMMEDIATE`: the write lock is taken up front (waiting on
 *   busy_timeout) instead of failing when a read transaction later tries to write, which matters
 *   once several processes share the file;
 * - migrations run inside such a transaction (SQLite has transactional DDL), which makes the
 *   transaction the cross-process migration lock;
 * - prepared statements are cached by SQL text (Kysely prepares every query anew, a large share
 *   of a simple request's cost);
 * - the one connection goes to waiting queries and transactions in arrival order;
 * - transactions that follow one another share one commit (see commitGroup.ts).
 */
import type BetterSqlite3 from 'better-sqlite3';
import {
  type CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { CommitGroup, type CommitGroupLimits } from './commitGroup';
import { asLocalError } from './sqliteErrors';

const STATEMENT_CACHE_SIZE = 500;

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class CachingSqliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(private readonly sqlite: BetterSqlite3.Database) {}

  prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs a statement; `beforeWrite` runs first when the statement writes. */
  async executeQuery<R>(compiledQuery: CompiledQuery, beforeWrite?: () => void): Promise<QueryResult<R>> {
    try {
      const statement = this.prepare(compiledQuery.sql);
      const parameters = compiledQuery.parameters as unknown[];
      if (statement.reader) return { rows: statement.all(...parameters) as R[] };
      beforeWrite?.();
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

  get hasWaiters(): boolean {
    return this.waiters.length > 0;
  }

  get isHeld(): boolean {
    return this.locked;
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.locked = false;
  }
}

/**
 * What one acquireConnection handed out. Kysely runs a transaction's statements and its commit on
 * the lease it acquired; a committed member hands the connection on before its group commits, and
 * the lease then ignores Kysely's later release. Leases are reused (Kysely remembers every
 * connection object it sees in a WeakSet, which a new object per query would keep growing).
 */
class Lease implements DatabaseConnection {
  inTransaction = false;
  handedOn = false;
  private readonly commitGroup: () => void;

  constructor(
    private readonly connection: CachingSqliteConnection,
    group: CommitGroup,
  ) {
    this.commitGroup = () => group.commit();
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // a write outside a transaction must not join (nor be acknowledged before) an open group
    return this.connection.executeQuery<R>(compiledQuery, this.inTransaction ? undefined : this.commitGroup);
  }

  streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(compiledQuery);
  }
}

/** One better-sqlite3 connection shared in arrival order, transactions grouped into shared commits. */
class GroupCommitSqliteDriver implements Driver {
  private readonly connection: CachingSqliteConnection;
  private readonly lock = new FifoLock();
  private readonly group: CommitGroup;
  private readonly idleLeases: Lease[] = [];

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly options: SqliteDialectOptions,
  ) {
    this.connection = new CachingSqliteConnection(sqlite);
    this.group = new CommitGroup(sqlite, options.commitGroup);
  }

  async init(): Promise<void> {}

  async destroy(): Promise<void> {
    this.group.commit();
    await this.options.beforeClose?.();
    this.sqlite.close();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    const lease = this.idleLeases.pop() ?? new Lease(this.connection, this.group);
    lease.inTransaction = false;
    lease.handedOn = false;
    return lease;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.handedOn) this.handOn();
    this.idleLeases.push(lease);
  }

  /**
   * Passes the connection to the next waiter. A due group commits first. With nobody waiting, the
   * group commits after the requests that arrived meanwhile had their turn: they may bring more
   * members (the same idea as PostgreSQL's commit_delay, but one event-loop turn instead of a sleep).
   */
  private handOn(): void {
    if (this.group.isDue) this.group.commit();
    else if (!this.lock.hasWaiters && this.group.isOpen) this.commitSoon();
    this.lock.release();
  }

  private commitScheduled = false;

  private commitSoon(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    setImmediate(() => {
      this.commitScheduled = false;
      // a holder of the connection may be inside a member; its own hand-on commits or schedules again
      if (!this.lock.isHeld) this.group.commit();
    });
  }

  async beginTransaction(lease: DatabaseConnection): Promise<void> {
    this.group.begin();
    (lease as Lease).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const committed = this.group.release();
    lease.inTransaction = false;
    lease.handedOn = true;
    this.handOn();
    await committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // a member whose group failed to commit has nothing left to undo
    if (lease.handedOn) return;
    lease.inTransaction = false;
    this.group.rollback();
  }
}

export interface SqliteDialectOptions {
  /** runs when the database is destroyed, before the connection closes */
  beforeClose?: () => Promise<void>;
  /** how many transactions share a commit, and for how long (tests make groups small) */
  commitGroup?: CommitGroupLimits;
}

export function sqliteDialect(sqlite: BetterSqlite3.Database, options: SqliteDialectOptions = {}): Dialect {
  return {
    createAdapter: () => new TransactionalDdlSqliteAdapter(),
    createDriver: () => new GroupCommitSqliteDriver(sqlite, options),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    createIntrospector: (db: Kysely<any>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
