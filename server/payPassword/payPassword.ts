/**
 * The 6-digit pay password: set once, then changed with the old one; required by every outgoing
 * money movement. Five wrong tries in a row lock it for 15 minutes (contract/rules/payPassword.ts).
 *
 * Every try is counted BEFORE the check and forgiven when it succeeds, so parallel guesses cannot
 * outrun the lock. Verification runs before (not inside) the money transaction: a failed try must
 * stay counted although the money transaction never happens, and a hash of the earlier scheme
 * (scrypt, slow) must not hold SQLite's write lock. Identical concurrent tries share one check,
 * and a verified password is remembered briefly in this process (keyed by an HMAC with a
 * per-process secret, never the password) so that a burst of transfers writes no try each.
 * A stored hash under an older pepper key or scrypt is made again under the current key after a
 * successful check (./hash.ts, ./pepper.ts).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { ConsumeStepUp } from '../auth/stepUp';
import { commitAlone, type Db } from '../db';
import { preparedQuery, type ParamOf } from '../db/prepared';
import { ApiError } from '../http/errors';
import { notify } from '../notifications/notifications';
import { checkPayPassword, hashPayPassword } from './hash';
import type { PayPasswordKeys } from './pepper';
import { PAY_PASSWORD_LOCK_MS as LOCK_MS, PAY_PASSWORD_MAX_FAILURES as MAX_FAILURES, lockMinutesLeft } from '../../contract/rules/payPassword';

const VERIFIED_TTL_MS = 10 * 60 * 1000;
const VERIFIED_MAX = 10_000;

const processSecret = randomBytes(32);
/** cache key → time it was verified */
const verified = new Map<string, number>();
const inFlight = new Map<string, Promise<string>>();

function cacheKey(userId: bigint, storedHash: string, password: string): string {
  return createHmac('sha256', processSecret).update(`${userId}\n${storedHash}\n${password}`).digest('base64url');
}

function lockedError(lockedUntil: bigint, now: number): ApiError {
  const minutes = lockMinutesLeft(Number(lockedUntil), now);
  return new ApiError('PAY_PASSWORD_LOCKED', { messageKey: 'payPassword.locked', params: { minutes }, data: { retryAfterMinutes: minutes } });
}

async function storedHashOf(db: Db, userId: bigint): Promise<string | null> {
  const row = await db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.pay_password_hash ?? null;
}

// the statements of every checked try, compiled once (server/db/prepared.ts): one runs before
// every outgoing money movement whose password is not remembered
type TryParams = { userId: bigint; at: bigint };

// the user's first try inserts the guard with it, a later one counts it on the existing guard
// unless that refuses it (locked, or MAX_FAILURES tries counted already)
const countTry = preparedQuery((db: Db, param: ParamOf<TryParams>) =>
  db
    .insertInto('pay_password_guards')
    .values({ user_id: param('userId'), failures: 1n, locked_until: 0n, updated_at: param('at') })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({
          failures: sql<bigint>`case when ${sql.ref('pay_password_guards.locked_until')} > 0 then 1 else ${sql.ref('pay_password_guards.failures')} + 1 end`,
          locked_until: 0n,
          updated_at: param('at'),
        })
        .where('pay_password_guards.locked_until', '<=', param('at'))
        .where((eb) => eb.or([eb('pay_password_guards.locked_until', '>', 0n), eb('pay_password_guards.failures', '<', BigInt(MAX_FAILURES))])),
    )
    .returning('user_id'),
);

const clearTries = preparedQuery((db: Db, param: ParamOf<TryParams>) =>
  db.updateTable('pay_password_guards').set({ failures: 0n, locked_until: 0n, updated_at: param('at') }).where('user_id', '=', param('userId')),
);

/**
 * Counts one try up front (atomically). Refused while locked, and while MAX_FAILURES tries are
 * already counted (failed or still being checked). An expired lock starts a fresh count.
 */
async function takeTry(db: Db, userId: bigint, now: number): Promise<void> {
  const at = BigInt(now);
  // one statement, committed before the check
  const taken = await commitAlone(db, (alone) => countTry(alone, { userId, at }));
  if (taken.length === 1) return;
  const guard = await db.selectFrom('pay_password_guards').select('locked_until').where('user_id', '=', userId).executeTakeFirstOrThrow();
  throw lockedError(guard.locked_until > at ? guard.locked_until : at + BigInt(LOCK_MS), now);
}

/** A right code clears the count with one statement; a wrong one reads it and may lock, in one transaction. */
async function settleTry(db: Db, userId: bigint, ok: boolean, now: number): Promise<bigint> {
  const at = BigInt(now);
  if (ok) {
    await commitAlone(db, (alone) => clearTries(alone, { userId, at }));
    return 0n;
  }
  // (a transaction on SQLite too, so that its commit joins the group in flight)
  return db.transaction().execute(async (trx) => {
    const guard = await trx.selectFrom('pay_password_guards').select('failures').where('user_id', '=', userId).executeTakeFirstOrThrow();
    if (guard.failures >= BigInt(MAX_FAILURES)) {
      await trx.updateTable('pay_password_guards').set({ locked_until: at + BigInt(LOCK_MS), updated_at: at }).where('user_id', '=', userId).execute();
    }
    return guard.failures;
  });
}

/** Stores `password` under the current key in place of `storedHash` unless that changed meanwhile; returns the hash stored now. */
async function rehash(db: Db, keys: PayPasswordKeys, userId: bigint, storedHash: string, password: string): Promise<string> {
  const fresh = hashPayPassword(keys, password);
  const updated = await db.updateTable('users').set({ pay_password_hash: fresh }).where('id', '=', userId).where('pay_password_hash', '=', storedHash).executeTakeFirst();
  return updated.numUpdatedRows === 1n ? fresh : storedHash;
}

/** Returns the hash stored after the check (a new one when the old was outdated). */
async function checkOnce(db: Db, keys: PayPasswordKeys, userId: bigint, storedHash: string, password: string, now: number): Promise<string> {
  await takeTry(db, userId, now);
  const { matches: ok, outdated } = await checkPayPassword(keys, password, storedHash);
  const failures = await settleTry(db, userId, ok, now);
  if (!ok && failures >= BigInt(MAX_FAILURES)) throw lockedError(BigInt(now + LOCK_MS), now);
  if (!ok) {
    throw new ApiError('PAY_PASSWORD_WRONG', {
      messageKey: 'payPassword.wrong',
      params: { remaining: MAX_FAILURES - Number(failures) },
      data: { remainingTries: MAX_FAILURES - Number(failures) },
    });
  }
  return outdated ? rehash(db, keys, userId, storedHash, password) : storedHash;
}

function remember(key: string, now: number): void {
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(key, now);
}

// one query for the hash and the lock: this runs before every outgoing money movement
const hashAndGuard = preparedQuery((db: Db, param: ParamOf<{ userId: bigint }>) =>
  db
    .selectFrom('users as u')
    .leftJoin('pay_password_guards as g', 'g.user_id', 'u.id')
    .select(['u.pay_password_hash', 'g.locked_until', 'g.failures'])
    .where('u.id', '=', param('userId')),
);

/**
 * Throws 422 PAY_PASSWORD_REQUIRED (none set), 423 PAY_PASSWORD_LOCKED or 422 PAY_PASSWORD_WRONG
 * (with the tries left); returns when `password` is the user's pay password, with the hash stored
 * now (made again under the current key when it was outdated).
 */
export async function verifyPayPassword(db: Db, keys: PayPasswordKeys, userId: bigint, password: string, now: number): Promise<string> {
  const [row] = await hashAndGuard(db, { userId });
  const storedHash = row?.pay_password_hash;
  if (!storedHash) throw new ApiError('PAY_PASSWORD_REQUIRED', { messageKey: 'payPassword.notSet' });
  const key = cacheKey(userId, storedHash, password);
  const verifiedAt = verified.get(key);
  if (verifiedAt !== undefined && now - verifiedAt < VERIFIED_TTL_MS && now >= verifiedAt) {
    if (row.locked_until != null && row.locked_until > BigInt(now)) throw lockedError(row.locked_until, now);
    // a right password ends a run of wrong ones, remembered or not
    if (row.failures) await settleTry(db, userId, true, now);
    return storedHash;
  }
  let pending = inFlight.get(key);
  if (!pending) {
    pending = checkOnce(db, keys, userId, storedHash, password, now).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const stored = await pending;
  remember(cacheKey(userId, stored, password), now);
  return stored;
}

export async function hasPayPassword(db: Db, userId: bigint): Promise<boolean> {
  return (await storedHashOf(db, userId)) !== null;
}

/**
 * Sets the first pay password, or changes it when `oldPassword` is the current one. `consumeProof`
 * spends the fresh wallet proof (auth/stepUp.ts) in the transaction of the change.
 */
export async function setPayPassword(
  db: Db,
  keys: PayPasswordKeys,
  userId: bigint,
  input: { oldPassword?: string; newPassword: string },
  now: number,
  consumeProof: ConsumeStepUp,
): Promise<void> {
  let current = await storedHashOf(db, userId);
  if (current) {
    if (!input.oldPassword) throw new ApiError('BUSINESS_RULE', { messageKey: 'payPassword.oldRequired' });
    // the check may have stored the old password under the current key: that is no change by someone else
    current = await verifyPayPassword(db, keys, userId, input.oldPassword, now);
    if (input.oldPassword === input.newPassword) throw new ApiError('BUSINESS_RULE', { messageKey: 'payPassword.sameAsOld' });
  }
  const hash = hashPayPassword(keys, input.newPassword);
  await db.transaction().execute(async (trx) => {
    await consumeProof(trx);
    // compare-and-set: a concurrent first setting or change wins once, the other is refused
    const updated = await trx
      .updateTable('users')
      .set({ pay_password_hash: hash, pay_password_changed_at: BigInt(now) })
      .where('id', '=', userId)
      .where((eb) => (current ? eb('pay_password_hash', '=', current) : eb('pay_password_hash', 'is', null)))
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw new ApiError('CONFLICT', { messageKey: 'payPassword.changedMeanwhile' });
    await notify(trx, userId, current ? 'payPassword.changed' : 'payPassword.set', {}, now);
  });
}
