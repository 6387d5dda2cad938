/**
 * The 6-digit pay password: set once, then changed with the old one; required by every outgoing
 * money movement. Five wrong tries in a row lock it for 15 minutes (contract/rules/payPassword.ts).
 *
 * Every try is counted BEFORE the slow scrypt check and forgiven when it succeeds, so parallel
 * guesses cannot outrun the lock. Verification runs before (not inside) the money transaction:
 * scrypt must not hold SQLite's write lock, and a failed try must stay counted although the
 * money transaction never happens. Identical concurrent tries share one scrypt run, and a
 * verified password is remembered briefly in this process (keyed by an HMAC with a per-process
 * secret, never the password) so that a burst of transfers costs one scrypt, not one each.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { ConsumeStepUp } from '../auth/stepUp';
import type { Db } from '../db';
import { preparedQuery, type ParamOf } from '../db/prepared';
import { ApiError } from '../http/errors';
import { notify } from '../notifications/notifications';
import { hashPayPassword, payPasswordMatches } from './hash';
import { PAY_PASSWORD_LOCK_MS as LOCK_MS, PAY_PASSWORD_MAX_FAILURES as MAX_FAILURES, lockMinutesLeft } from '../../contract/rules/payPassword';

const VERIFIED_TTL_MS = 10 * 60 * 1000;
const VERIFIED_MAX = 10_000;

const processSecret = randomBytes(32);
/** cache key → time it was verified */
const verified = new Map<string, number>();
const inFlight = new Map<string, Promise<boolean>>();

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

/**
 * Counts one try up front (atomically). Refused while locked, and while MAX_FAILURES tries are
 * already counted (failed or still being checked). An expired lock starts a fresh count.
 */
async function takeTry(db: Db, userId: bigint, now: number): Promise<void> {
  const at = BigInt(now);
  await db
    .insertInto('pay_password_guards')
    .values({ user_id: userId, failures: 0n, locked_until: 0n, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const taken = await db
    .updateTable('pay_password_guards')
    .set({ failures: sql<bigint>`case when locked_until > 0 then 1 else failures + 1 end`, locked_until: 0n, updated_at: at })
    .where('user_id', '=', userId)
    .where('locked_until', '<=', at)
    .where((eb) => eb.or([eb('locked_until', '>', 0n), eb('failures', '<', BigInt(MAX_FAILURES))]))
    .executeTakeFirst();
  if (taken.numUpdatedRows === 1n) return;
  const guard = await db.selectFrom('pay_password_guards').select('locked_until').where('user_id', '=', userId).executeTakeFirstOrThrow();
  throw lockedError(guard.locked_until > at ? guard.locked_until : at + BigInt(LOCK_MS), now);
}

async function settleTry(db: Db, userId: bigint, ok: boolean, now: number): Promise<bigint> {
  const at = BigInt(now);
  if (ok) {
    await db.updateTable('pay_password_guards').set({ failures: 0n, locked_until: 0n, updated_at: at }).where('user_id', '=', userId).execute();
    return 0n;
  }
  const guard = await db.selectFrom('pay_password_guards').select('failures').where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (guard.failures >= BigInt(MAX_FAILURES)) {
    await db.updateTable('pay_password_guards').set({ locked_until: at + BigInt(LOCK_MS), updated_at: at }).where('user_id', '=', userId).execute();
  }
  return guard.failures;
}

async function checkOnce(db: Db, userId: bigint, storedHash: string, password: string, now: number): Promise<boolean> {
  await takeTry(db, userId, now);
  const ok = await payPasswordMatches(password, storedHash);
  const failures = await settleTry(db, userId, ok, now);
  if (!ok && failures >= BigInt(MAX_FAILURES)) throw lockedError(BigInt(now + LOCK_MS), now);
  if (!ok) {
    throw new ApiError('PAY_PASSWORD_WRONG', {
      messageKey: 'payPassword.wrong',
      params: { remaining: MAX_FAILURES - Number(failures) },
      data: { remainingTries: MAX_FAILURES - Number(failures) },
    });
  }
  return ok;
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
 * (with the tries left); returns when `password` is the user's pay password.
 */
export async function verifyPayPassword(db: Db, userId: bigint, password: string, now: number): Promise<void> {
  const [row] = await hashAndGuard(db, { userId });
  const storedHash = row?.pay_password_hash;
  if (!storedHash) throw new ApiError('PAY_PASSWORD_REQUIRED', { messageKey: 'payPassword.notSet' });
  const key = cacheKey(userId, storedHash, password);
  const verifiedAt = verified.get(key);
  if (verifiedAt !== undefined && now - verifiedAt < VERIFIED_TTL_MS && now >= verifiedAt) {
    if (row.locked_until != null && row.locked_until > BigInt(now)) throw lockedError(row.locked_until, now);
    // a right password ends a run of wrong ones, remembered or not
    if (row.failures) await settleTry(db, userId, true, now);
    return;
  }
  let pending = inFlight.get(key);
  if (!pending) {
    pending = checkOnce(db, userId, storedHash, password, now).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  await pending;
  remember(key, now);
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
  userId: bigint,
  input: { oldPassword?: string; newPassword: string },
  now: number,
  consumeProof: ConsumeStepUp,
): Promise<void> {
  const current = await storedHashOf(db, userId);
  if (current) {
    if (!input.oldPassword) throw new ApiError('BUSINESS_RULE', { messageKey: 'payPassword.oldRequired' });
    await verifyPayPassword(db, userId, input.oldPassword, now);
    if (input.oldPassword === input.newPassword) throw new ApiError('BUSINESS_RULE', { messageKey: 'payPassword.sameAsOld' });
  }
  const hash = await hashPayPassword(input.newPassword);
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
