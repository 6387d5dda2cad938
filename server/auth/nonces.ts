/**
 * Sign-in nonces live in the database so that every server process accepts the nonces of the
 * others, and each is used at most once.
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../db';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 24 characters of a 62-letter alphabet: about 143 random bits (SIWE wants ≥ 8 alphanumerics) */
const NONCE_LENGTH = 24;

export function randomNonce(): string {
  let nonce = '';
  for (let i = 0; i < NONCE_LENGTH; i += 1) nonce += ALPHABET[randomInt(ALPHABET.length)];
  return nonce;
}

export async function issueNonce(db: Db, now: number, ttlMs: number): Promise<{ nonce: string; expiresAt: number }> {
  const nonce = randomNonce();
  const expiresAt = now + ttlMs;
  // one transaction: one commit, which on SQLite joins the group in flight (db/commitGroup.ts)
  await db.transaction().execute(async (trx) => {
    // expired nonces are worthless: clear them as new ones are handed out
    await trx.deleteFrom('auth_nonces').where('expires_at', '<', BigInt(now)).execute();
    await trx.insertInto('auth_nonces').values({ nonce, created_at: BigInt(now), expires_at: BigInt(expiresAt), used_at: null }).execute();
  });
  return { nonce, expiresAt };
}

/** Marks the nonce used; false when it is unknown, expired or already used. Call it inside the sign-in transaction. */
export async function consumeNonce(db: Db, nonce: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('auth_nonces')
    .set({ used_at: BigInt(now) })
    .where('nonce', '=', nonce)
    .where('used_at', 'is', null)
    .where('expires_at', '>', BigInt(now))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
