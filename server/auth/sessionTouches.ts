/**
 * A session's last use, recorded off the request path: a signed-in request only notes in memory
 * when its session was used; every `flushIntervalMs` the uses noted are written, hundreds to a
 * statement (never moving a last use back: another process may have written a later one), and
 * closing the app writes the rest. No GET writes to the database for it (tests/server/get-read-only.test.ts).
 *
 * The idle limit stays exact where it is checked: a process takes the later of the stored last use
 * and the one it noted. Another process sees a use only once it is written, at most one flush
 * interval (plus the write) after it, or never when the process that noted it dies first: a session
 * used through several processes can therefore end up to one flush interval before its idle limit
 * (the same tolerance as the former rule of writing a use only a minute after the last one written),
 * never after it. That is why the interval is a small part of the idle limit: at most a tenth of it,
 * and at most a minute. Lists of live sessions count the uses this process has not written yet;
 * "end my other sessions" widens its idle bound by `idleSlackMs`, so that a session kept alive by a
 * use another process has not written yet is ended too.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db';

type SessionTable = 'auth_sessions' | 'operator_sessions';

/** Uses written by one statement: two bound values each, far under either database's bound on them. */
export const USES_PER_STATEMENT = 500;

/**
 * Writes the uses given, each only over an earlier stored one, with one statement: a minute's uses
 * are thousands of sessions, and a statement each made a flush thousands of round trips long.
 * VALUES names its columns column1, column2 on both databases.
 */
function writeUses(db: Db, table: SessionTable, uses: Array<[bigint, number]>) {
  const rows = sql.join(uses.map(([id, at]) => sql`(cast(${id} as bigint), cast(${BigInt(at)} as bigint))`));
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return db
    .updateTable(table)
    .from(sql<{ column1: bigint; column2: bigint }>`(values ${rows})`.as('used'))
    .set({ last_used_at: sql<bigint>`used.column2` })
    .where(sql<boolean>`${column('id')} = used.column1 and ${column('last_used_at')} < used.column2`)
    .execute();
}

/** How often noted uses are written: a tenth of the idle limit, at most a minute (and at least a second, whatever the limit). */
export function flushIntervalFor(idleMs: number): number {
  return Math.max(1_000, Math.min(60_000, Math.floor(idleMs / 10)));
}

export class SessionTouches {
  /** session id → its latest use noted here and not yet written */
  private readonly pending = new Map<bigint, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly table: SessionTable,
    readonly flushIntervalMs: number,
  ) {}

  /** how far past the idle limit a stored last use may be while a use not yet written keeps the session alive */
  get idleSlackMs(): number {
    return 2 * this.flushIntervalMs;
  }

  /** records that the session was used at `at` (written by the next flush) */
  note(sessionId: bigint, at: number): void {
    if (at > (this.pending.get(sessionId) ?? Number.NEGATIVE_INFINITY)) this.pending.set(sessionId, at);
  }

  /** the session's last use: the stored one, or a later one noted here */
  lastUse(sessionId: bigint, stored: number): number {
    return Math.max(stored, this.pending.get(sessionId) ?? stored);
  }

  /** Writes every use noted so far; one flush at a time. A use noted meanwhile waits for the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => undefined).then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    const batch = [...this.pending];
    // each part on its own: a use written stays written whatever happens to the next part
    for (let start = 0; start < batch.length; start += USES_PER_STATEMENT) {
      const part = batch.slice(start, start + USES_PER_STATEMENT);
      await writeUses(this.db, this.table, part);
      // forgotten only once written, so that a request meanwhile still sees the use
      for (const [id, at] of part) if (this.pending.get(id) === at) this.pending.delete(id);
    }
  }

  /** flushes every `flushIntervalMs` until `close`; a failed flush keeps its uses for the next */
  start(log: FastifyBaseLogger): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.flush().catch((error: unknown) => log.error({ err: error, table: this.table }, 'writing sessions\' last use failed; retried at the next flush'));
    }, this.flushIntervalMs);
    this.timer.unref();
  }

  /** stops the timer and writes what is left (before the database closes) */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
