/**
 * The PostgreSQL pool Kysely gets.
 *
 * Ending: pg's `Pool.end()` waits for the clients in use to come back, so a transaction running at
 * `db.destroy()` would go on and commit after it. This pool ends them instead: from `end()` on, a
 * client in use refuses new queries, and once the query it is running is answered its connection
 * is closed, which makes PostgreSQL roll back whatever it had open.
 *
 * Named statements: a statement with values is sent under a name, one per SQL text on each
 * connection, so that PostgreSQL parses it once per connection and, after five runs, may keep a
 * plan made without the values instead of planning every run (most of its CPU for the server's
 * short statements). Such a plan must still read by index: tests/server/query-plans.test.ts checks
 * the plan of every statement made so. A connection names its first NAMED_PER_CONNECTION texts;
 * any further one (a list of a length not seen before, say) is sent unnamed, as before, so a
 * connection's memory for them stays bounded.
 */
import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

export const NAMED_PER_CONNECTION = 500;
const DESTROYED = 'the database was destroyed';

class ClientInUse {
  /** settles when the last query sent on this client is answered (pg runs them in order) */
  private lastQuery: Promise<unknown> = Promise.resolve();
  private closing = false;
  private released = false;
  /** the name of each SQL text this connection has been sent with values */
  private readonly names = new Map<string, string>();

  constructor(
    private readonly client: pg.PoolClient,
    private readonly inUse: Set<ClientInUse>,
  ) {}

  reuse(): this {
    this.closing = false;
    this.released = false;
    this.inUse.add(this);
    return this;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (this.closing) return Promise.reject(new Error(DESTROYED));
    const values = [...parameters];
    const name = values.length > 0 ? this.nameOf(sql) : undefined;
    const result = (name ? this.client.query({ name, text: sql, values }) : this.client.query(sql, values)) as unknown as Promise<PostgresQueryResult<R>>;
    this.lastQuery = result.catch(() => undefined);
    return result;
  }

  private nameOf(sql: string): string | undefined {
    let name = this.names.get(sql);
    if (!name && this.names.size < NAMED_PER_CONNECTION) {
      name = `powerfi_${this.names.size + 1}`;
      this.names.set(sql, name);
    }
    return name;
  }

  /** Refuses further queries and closes the connection once the running query is answered. */
  close(): Promise<void> {
    this.closing = true;
    return this.lastQuery.then(() => this.releaseOnce(new Error(DESTROYED)));
  }

  release(): void {
    this.releaseOnce();
  }

  /** With an error pg closes the connection instead of pooling it. */
  private releaseOnce(error?: Error): void {
    if (this.released) return;
    this.released = true;
    this.inUse.delete(this);
    this.client.release(error);
  }
}

export function poolEndingClientsInUse(pool: pg.Pool): PostgresPool {
  const inUse = new Set<ClientInUse>();
  const wrappers = new WeakMap<pg.PoolClient, ClientInUse>();
  let ending = false;
  return {
    async connect() {
      if (ending) throw new Error(DESTROYED);
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = new ClientInUse(client, inUse);
        wrappers.set(client, wrapper);
      }
      return wrapper.reuse() as unknown as PostgresPoolClient;
    },
    async end() {
      ending = true;
      await Promise.all([...inUse].map((client) => client.close()));
      await pool.end();
    },
  };
}
