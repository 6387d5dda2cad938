/**
 * Records the statements the server sends, through the driver, while recording is on (the
 * server's code is not touched): query-plans.test.ts explains each one, keyset-paging.test.ts
 * checks which ran for a page.
 *
 * - `statements`: each statement that reads (select, update, delete, with) once, by its text,
 *   with the values of its first run. On SQLite a statement is recorded when it is prepared: the
 *   dialect caches statements by their text, so one prepared before recording started is not in
 *   it; SQLite plans do not depend on the values bound (no STAT4), so none are kept.
 * - `ran`: the text of every statement run while recording, in order, whatever it does, cached
 *   or not (PostgreSQL: each query sent; SQLite: each run of a prepared statement).
 * - `prepared` (SQLite): the text of every statement prepared while recording, each time it is.
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

export interface Statement {
  sql: string;
  parameters: unknown[];
}

/** statements whose plan reads tables (inserts are planned against their unique indexes only) */
const READS = /^\s*(select|update|delete|with)\b/i;

type StatementMethod = (this: BetterSqlite3.Statement, ...args: unknown[]) => unknown;
const RUNS = ['run', 'get', 'all', 'iterate'] as const;

export function recordStatements(kind: 'sqlite' | 'postgres') {
  const statements = new Map<string, Statement>();
  const ran: string[] = [];
  const prepared: string[] = [];
  let recording = false;
  const keep = (text: string, parameters: unknown[]) => {
    if (recording && READS.test(text) && !statements.has(text)) statements.set(text, { sql: text, parameters });
  };
  const run = (text: string) => {
    if (recording) ran.push(text);
  };
  let restore: () => void;
  if (kind === 'postgres') {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      // a text with its values, or a named statement's config (db/pgPool.ts)
      const [first, second] = args as [unknown, unknown];
      const config = typeof first === 'string' ? { text: first, values: second } : (first as { text?: unknown; values?: unknown } | null);
      if (typeof config?.text === 'string') {
        keep(config.text, Array.isArray(config.values) ? config.values : []);
        run(config.text);
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    restore = () => {
      pg.Client.prototype.query = original;
    };
  } else {
    const original = BetterSqlite3.prototype.prepare;
    BetterSqlite3.prototype.prepare = function (this: BetterSqlite3.Database, source: string) {
      keep(source, []);
      if (recording) prepared.push(source);
      return original.call(this, source);
    } as typeof original;
    // every database's statements share one prototype: a throwaway statement reaches it
    const probe = new BetterSqlite3(':memory:');
    const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<(typeof RUNS)[number], StatementMethod>;
    probe.close();
    const runs = RUNS.map((name) => [name, prototype[name]] as const);
    for (const [name, method] of runs) {
      prototype[name] = function (this: BetterSqlite3.Statement, ...args: unknown[]) {
        run(this.source);
        return method.apply(this, args);
      };
    }
    restore = () => {
      BetterSqlite3.prototype.prepare = original;
      for (const [name, method] of runs) prototype[name] = method;
    };
  }
  return {
    statements,
    ran,
    prepared,
    start: () => {
      recording = true;
    },
    stop: () => {
      recording = false;
      restore();
    },
  };
}

/** The text of every statement `call` ran, in order (`ran` of a recording around it). */
export async function statementsRunBy(kind: 'sqlite' | 'postgres', call: () => Promise<unknown>): Promise<string[]> {
  const recorder = recordStatements(kind);
  recorder.start();
  try {
    await call();
  } finally {
    recorder.stop();
  }
  return recorder.ran;
}

/**
 * The write statements among `ran` that ran outside a transaction. Each is a commit of its own: on
 * SQLite a disk flush on the event loop that no other transaction shares (db/commitGroup.ts).
 */
export function writesOutsideTransactions(ran: string[]): string[] {
  let open = false;
  const alone: string[] = [];
  for (const statement of ran.map((text) => text.trim().toLowerCase())) {
    if (/^begin\b/.test(statement)) open = true;
    else if (/^(commit|rollback)$/.test(statement)) open = false;
    else if (!open && /^(insert|update|delete)\b/.test(statement)) alone.push(statement);
  }
  return alone;
}
