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
 * - transactions that follow one another share one commit (see commitGroup.ts); a statement
 *   outside a transaction never runs inside an open group: a read goes to a second, read-only
 *   connection, which sees only committed data, and a write (or a read where there is no second
 *   connection) commits the group first;
 * - `destroy()` while a transaction runs undoes that transaction, commits the finished ones that
 *   wait for their group's commit, and fails every later statement.
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

  /**
   * True when the statement only reads. (Not `statement.reader`, which only says it returns rows:
   * an `insert … returning` is a reader and a write.)
   */
  isReadOnly(sql: string): boolean {
    try {
      return this.prepare(sql).readonly;
    } catch (error) {
      throw asLocalError(error);
    }
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

/** The connections of one database and its open commit group, shared by the driver and its leases. */
interface Connections {
  writer: CachingSqliteConnection;
  /** read-only, on the same file: sees only committed data; none for an in-memory database */
  reader: CachingSqliteConnection | null;
  group: CommitGroup;
  destroyed: boolean;
}

const DESTROYED = 'the database was destroyed';

/**
 * What one acquireConnection handed out. Kysely runs a transaction's statements and its commit on
 * the lease it acquired; a committed member hands the connection on before its group commits, and
 * the lease then ignores Kysely's later release. Leases are reused (Kysely remembers every
 * connection object it sees in a WeakSet, which a new object per query would keep growing).
 */
class Lease implements DatabaseConnection {
  inTransaction = false;
  handedOn = false;

  constructor(private readonly connections: Connections) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.connectionFor(compiledQuery.sql).executeQuery<R>(compiledQuery);
  }

  streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.connectionFor(compiledQuery.sql).streamQuery<R>(compiledQuery);
  }

  /**
   * Outside a transaction a statement must neither see nor join the open group's uncommitted work
   * (and be answered before that commit): reads go to the reader, anything else commits the group first.
   */
  private connectionFor(sql: string): CachingSqliteConnection {
    const { writer, reader, group, destroyed } = this.connections;
    if (destroyed) throw new Error(DESTROYED);
    if (this.inTransaction) return writer;
    if (reader && writer.isReadOnly(sql)) return reader;
    group.commit();
    return writer;
  }
}

/** One better-sqlite3 connection shared in arrival order, transactions grouped into shared commits. */
class GroupCommitSqliteDriver implements Driver {
  private readonly connections: Connections;
  private readonly lock = new FifoLock();
  private readonly idleLeases: Lease[] = [];
  /** the transaction that holds the connection now, if any */
  private running: Lease | null = null;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly options: SqliteDialectOptions,
  ) {
    this.connections = {
      writer: new CachingSqliteConnection(sqlite),
      reader: options.reader ? new CachingSqliteConnection(options.reader) : null,
      group: new CommitGroup(sqlite, options.commitGroup),
      destroyed: false,
    };
  }

  private get group(): CommitGroup {
    return this.connections.group;
  }

  async init(): Promise<void> {}

  /**
   * A transaction still running is undone (it is not finished, and its caller gets an error); the
   * finished ones waiting for their group are committed and answered; then the connections close.
   */
  async destroy(): Promise<void> {
    if (this.connections.destroyed) return;
    this.connections.destroyed = true;
    if (this.running) {
      this.running.inTransaction = false;
      this.running = null;
      this.group.rollback();
    }
    this.group.commit();
    this.options.reader?.close();
    this.sqlite.close();
    await this.options.beforeClose?.();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    const lease = this.idleLeases.pop() ?? new Lease(this.connections);
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
    if (this.connections.destroyed) throw new Error(DESTROYED);
    this.group.begin();
    (lease as Lease).inTransaction = true;
    this.running = lease as Lease;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // destroy() undid it already
    if (!lease.inTransaction) throw new Error(DESTROYED);
    const committed = this.group.release();
    lease.inTransaction = false;
    this.running = null;
    lease.handedOn = true;
    this.handOn();
    await committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // a member whose group failed to commit, or that destroy() undid, has nothing left to undo
    if (lease.handedOn || !lease.inTransaction) return;
    lease.inTransaction = false;
    this.running = null;
    this.group.rollback();
  }
}

export interface SqliteDialectOptions {
  /** runs when the database is destroyed, after the connections closed */
  beforeClose?: () => Promise<void>;
  /**
   * a read-only connection to the same file (WAL mode), for reads outside transactions; without
   * it such reads commit the open group first
   */
  reader?: BetterSqlite3.Database;
  /** how many transactions share a commit, and for how long (tests make groups small) */
  commitGroup?: CommitGroupLimits;
}

export function sqliteDialect(sqlite: BetterSqlite3.Database, options: SqliteDialectOptions = {}): Dialect {
  return {
    createAdapter: () => new TransactionalDdlSqliteAdapter(),
    createDriver: () => new GroupCommitSqliteDriver(sqlite, options),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Dialect interface declares it so
    createIntrospector: (db: Kysely<any>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
