/**
 * Group commit for the one SQLite connection.
 *
 * A commit writes every page the transaction changed to the write-ahead log: for a transfer about
 * 15 pages and a third of the request's database time. Transactions that queue for the connection
 * one after another therefore share one real transaction: each member runs inside its own
 * savepoint (`rollback to` undoes only that member), is released into the group when it is done,
 * and the group commits once, when no further transaction is waiting, when a writing statement
 * outside a transaction arrives, or when the group is full or old.
 *
 * Nothing is acknowledged before it is committed (with synchronous=FULL: on disk): a member's
 * commit resolves only when its group committed, and rejects when the group's commit failed (then
 * none of the group is kept). Statements outside a transaction never run inside an open group (see
 * sqliteDialect.ts). The app's schema defers no constraint to the commit, so a group's commit can
 * fail only for the database itself (I/O error, disk full), never because of one member's data.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { asLocalError } from './sqliteErrors';

export interface CommitGroupLimits {
  /** members per group; the next transaction starts a new group */
  maxMembers: number;
  /** a group older than this commits at the next opportunity (bounds latency and the write lock) */
  maxAgeMs: number;
}

export const DEFAULT_COMMIT_GROUP_LIMITS: CommitGroupLimits = { maxMembers: 64, maxAgeMs: 5 };

type Command = 'begin' | 'savepoint' | 'release' | 'rollbackTo' | 'commit' | 'rollback';

interface Member {
  resolve(): void;
  reject(error: unknown): void;
}

interface OpenGroup {
  members: Member[];
  startedAt: number;
}

export class CommitGroup {
  private open: OpenGroup | null = null;
  private readonly statements: Record<Command, BetterSqlite3.Statement>;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly limits: CommitGroupLimits = DEFAULT_COMMIT_GROUP_LIMITS,
  ) {
    this.statements = {
      begin: sqlite.prepare('begin immediate'),
      savepoint: sqlite.prepare('savepoint group_member'),
      release: sqlite.prepare('release group_member'),
      rollbackTo: sqlite.prepare('rollback to group_member'),
      commit: sqlite.prepare('commit'),
      rollback: sqlite.prepare('rollback'),
    };
  }

  get isOpen(): boolean {
    return this.open !== null;
  }

  /** True when the open group should commit rather than take another member. */
  get isDue(): boolean {
    return this.open !== null && (this.open.members.length >= this.limits.maxMembers || Date.now() - this.open.startedAt >= this.limits.maxAgeMs);
  }

  /** Starts a member: joins the open group, or begins a new one with BEGIN IMMEDIATE (the write lock up front). */
  begin(): void {
    if (this.isDue) this.commit();
    if (!this.open) {
      this.run('begin');
      this.open = { members: [], startedAt: Date.now() };
    }
    this.run('savepoint');
  }

  /** The member's work is done and joins the group; the promise settles when the group commits. */
  release(): Promise<void> {
    this.run('release');
    return new Promise((resolve, reject) => this.open!.members.push({ resolve, reject }));
  }

  /** Undoes the running member only. Where SQLite already ended the whole transaction, the group failed. */
  rollback(): void {
    if (this.sqlite.inTransaction) {
      this.run('rollbackTo');
      this.run('release');
      return;
    }
    this.settle({ error: new Error('SQLite rolled back the transaction this group shared') });
  }

  /** Commits the open group (if any) and settles its members. */
  commit(): void {
    if (!this.open) return;
    try {
      this.run('commit');
    } catch (error) {
      if (this.sqlite.inTransaction) this.run('rollback');
      this.settle({ error });
      return;
    }
    this.settle(null);
  }

  /** Runs one of the group's statements; its errors are of this realm, as the connection's are. */
  private run(command: Command): void {
    try {
      this.statements[command].run();
    } catch (error) {
      throw asLocalError(error);
    }
  }

  /** Ends the open group: resolves its members, or rejects them all with the failure. */
  private settle(failure: { error: unknown } | null): void {
    const members = this.open?.members ?? [];
    this.open = null;
    for (const member of members) {
      if (failure) member.reject(failure.error);
      else member.resolve();
    }
  }
}
