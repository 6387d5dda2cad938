/**
 * Every user's deposit address (server/ledger/depositAddresses.ts: child 0/<user id> of the xpub),
 * by address, so that a Transfer log or a transaction is matched to its user without asking the
 * database. Users are read once, then only those who joined since (ids are increasing); deriving
 * an address is a few elliptic-curve operations, done once per user and process.
 */
import type { Db } from '../db';
import type { DepositAddressBook } from '../ledger/depositAddresses';

export interface DepositOwner {
  userId: bigint;
  uid: string;
  /** checksummed */
  address: string;
}

export class DepositAddressIndex {
  private readonly byAddress = new Map<string, DepositOwner>();
  private lastUserId = 0n;

  constructor(private readonly book: DepositAddressBook) {}

  /** Adds the users who joined since the last refresh. */
  async refresh(db: Db): Promise<void> {
    for (;;) {
      const users = await db.selectFrom('users').select(['id', 'uid']).where('id', '>', this.lastUserId).orderBy('id').limit(5000).execute();
      if (!users.length) return;
      for (const user of users) {
        const address = this.book.addressOf(user.id);
        this.byAddress.set(address.toLowerCase(), { userId: user.id, uid: user.uid, address });
        this.lastUserId = user.id;
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
