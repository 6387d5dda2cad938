/**
 * Per-user deposit addresses, derived deterministically from an HD extended public key
 * (`DEPOSIT_XPUB`, child 0/<user id>): whoever holds the matching private key offline can sweep
 * them; the server can only derive addresses. Without DEPOSIT_XPUB, the first start generates a
 * key pair, keeps ONLY the xpub in app_meta and forgets the private key (fine for development:
 * coins sent there are unrecoverable, so production must configure its own xpub).
 *
 * The first time a book of an xpub is opened (a server start, before any address can be shown) is
 * recorded once (`since`), so the deposit watcher's first run on a network can start at the block
 * of that moment and miss no deposit sent before it first ran (server/deposits/watcher.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { HDNodeVoidWallet, HDNodeWallet } from 'ethers';
import type { Db } from '../db';

export const DEPOSIT_XPUB_META_KEY = 'deposit_xpub';
const ADDRESS_CACHE_MAX = 50_000;

function publicNode(xpub: string): HDNodeVoidWallet {
  const node = HDNodeWallet.fromExtendedKey(xpub);
  if (!(node instanceof HDNodeVoidWallet)) throw new Error('DEPOSIT_XPUB must be an extended PUBLIC key (xpub…), never a private one');
  return node;
}

async function storedOrGeneratedXpub(db: Db, now: number): Promise<string> {
  const generated = HDNodeWallet.fromSeed(randomBytes(32)).derivePath("m/44'/60'/0'").neuter().extendedKey;
  await db
    .insertInto('app_meta')
    .values({ key: DEPOSIT_XPUB_META_KEY, value: generated, updated_at: BigInt(now) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', DEPOSIT_XPUB_META_KEY).executeTakeFirstOrThrow();
  return row.value;
}

export interface DepositAddressBook {
  addressOf(userId: bigint): string;
  /** when addresses of this xpub could first be shown (ms) */
  since: number;
}

/** the first opening of the book of `xpub`, recorded once even under races */
async function servedSince(db: Db, xpub: string, now: number): Promise<number> {
  const key = `deposit_addresses_since:${createHash('sha256').update(xpub).digest('hex').slice(0, 16)}`;
  await db.insertInto('app_meta').values({ key, value: String(now), updated_at: BigInt(now) }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return Number(row.value);
}

/** The configured xpub, else the stored one, else a new one (stored once, even under races). */
export async function openDepositAddressBook(db: Db, configuredXpub: string, now: number): Promise<DepositAddressBook> {
  const xpub = configuredXpub || (await storedOrGeneratedXpub(db, now));
  const externalChain = publicNode(xpub).deriveChild(0);
  const cache = new Map<bigint, string>();
  const since = await servedSince(db, xpub, now);
  return {
    since,
    addressOf(userId) {
      let address = cache.get(userId);
      if (!address) {
        address = externalChain.deriveChild(Number(userId)).address;
        if (cache.size >= ADDRESS_CACHE_MAX) cache.clear();
        cache.set(userId, address);
      }
      return address;
    },
  };
}
