/**
 * Every user's deposit address (server/deposits/addresses.ts: child 0/<user id> of the xpub),
 * by address, so that a Transfer log or a transaction is matched to its user without asking the
 * database. Users are read once, then only those who joined since (ids are increasing); deriving
 * an address is a few elliptic-curve operations (about 2 ms), done once per user and process (one
 * index serves every network), a batch at a time with the event loop free in between, so that
 * a first run over many users never stalls the server's requests.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Db } from '../db';
import type { DepositAddressBook } from './addresses';

export interface DepositOwner {
  userId: bigint;
  uid: string;
  /** checksummed */
  address: string;
}

/** addresses derived between two turns of the event loop (about 50 ms of work) */
const DERIVE_BATCH = 25;

export class DepositAddressIndex {
  private readonly byAddress = new Map<string, DepositOwner>();
  private lastUserId = 0n;

  constructor(private readonly book: DepositAddressBook) {}

  private refreshing: Promise<void> | null = null;

  /**
   * Adds the users who joined since the last refresh (concurrent callers share one refresh); stops
   * between two batches once `signal` aborts (what was derived is kept, the next refresh goes on).
   */
  refresh(db: Db, signal?: AbortSignal): Promise<void> {
    this.refreshing ??= this.readNewUsers(db, signal).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async readNewUsers(db: Db, signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) return;
      const users = await db.selectFrom('users').select(['id', 'uid']).where('id', '>', this.lastUserId).orderBy('id').limit(5000).execute();
      if (!users.length) return;
      for (let i = 0; i < users.length; i += 1) {
        const user = users[i];
        const address = this.book.addressOf(user.id);
        this.byAddress.set(address.toLowerCase(), { userId: user.id, uid: user.uid, address });
        this.lastUserId = user.id;
        if (i % DERIVE_BATCH === DERIVE_BATCH - 1) {
          await yieldToEventLoop();
          if (signal?.aborted) return;
        }
      }
    }
  }

  /** the user whose deposit address this is (any letter case) */
  owner(address: string): DepositOwner | undefined {
    return this.byAddress.get(address.toLowerCase());
  }

  get size(): number {
    return this.byAddress.size;
  }
}
