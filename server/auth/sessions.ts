/**
 * Session tokens: 256 random bits, handed out once, stored only as their SHA-256. A session ends
 * when idle too long, at its absolute expiry, or when revoked: by sign-out, or by the user ending
 * it from another session (/my/setting). Every request reads the session row, so a revocation
 * holds on every server process at once.
 */
import type { Db } from '../db';
import { preparedQuery, type ParamOf } from '../db/prepared';
import type { SessionInfo } from '../context';
import type { SessionTouches } from './sessionTouches';
import { hashToken, liveByLastUse, newSessionRow, storedUseFloor, touchIfLive, type SessionDevice } from './sessionCore';

export interface SessionTtl {
  tokenIdleTtlMs: number;
  tokenAbsoluteTtlMs: number;
}

export async function createSession(db: Db, userId: bigint, now: number, ttl: SessionTtl, device: SessionDevice): Promise<{ token: string; expiresAt: number }> {
  const { token, expiresAt, values } = newSessionRow(now, ttl.tokenAbsoluteTtlMs, device);
  await db
    .insertInto('auth_sessions')
    .values({ ...values, user_id: userId })
    .execute();
  return { token, expiresAt };
}

export type SessionLookup = { status: 'live'; session: SessionInfo } | { status: 'expired' } | { status: 'unknown' };

// runs for every signed-in request
const sessionByTokenHash = preparedQuery((db: Db, param: ParamOf<{ tokenHash: string }>) =>
  db.selectFrom('auth_sessions').select(['id', 'user_id', 'last_used_at', 'expires_at', 'revoked_at']).where('token_hash', '=', param('tokenHash')),
);

/**
 * Finds the session of a token and notes its use (written off the request path, `touches`);
 * expired and revoked sessions are refused.
 */
export async function useSession(db: Db, token: string, now: number, ttl: SessionTtl, touches: SessionTouches): Promise<SessionLookup> {
  const [row] = await sessionByTokenHash(db, { tokenHash: hashToken(token) });
  if (!row || row.revoked_at !== null) return { status: 'unknown' };
  if (!touchIfLive(row, now, ttl.tokenIdleTtlMs, touches)) return { status: 'expired' };
  return { status: 'live', session: { sessionId: row.id, userId: row.user_id } };
}

export async function revokeSession(db: Db, sessionId: bigint, now: number): Promise<void> {
  await db.updateTable('auth_sessions').set({ revoked_at: BigInt(now) }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export interface LiveSession {
  sessionId: bigint;
  publicId: string;
  userAgent: string;
  ip: string;
  createdAt: number;
  lastUsedAt: number;
}

/**
 * The user's sessions that still work (not revoked, not past their idle or absolute expiry), newest
 * use first, with the uses this process noted and has not written yet.
 */
export async function listLiveSessions(db: Db, userId: bigint, now: number, ttl: SessionTtl, touches: SessionTouches): Promise<LiveSession[]> {
  const rows = await db
    .selectFrom('auth_sessions')
    .select(['id', 'public_id', 'user_agent', 'ip', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', BigInt(now))
    .where('last_used_at', '>', storedUseFloor(now, ttl.tokenIdleTtlMs, touches))
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return liveByLastUse(rows, now, ttl.tokenIdleTtlMs, touches).map((row) => ({
    sessionId: row.id,
    publicId: row.public_id ?? '',
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: Number(row.created_at),
    lastUsedAt: row.lastUsedAt,
  }));
}

/** Ends one session of `userId` by its public id; false when the user has no such live session. */
export async function endSessionOf(db: Db, userId: bigint, publicId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: BigInt(now) })
    .where('public_id', '=', publicId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Ends every live session of `userId` but `keep`; how many it ended. Live by the stored last use
 * widened by `idleSlackMs`: a session kept alive by a use another process has not written yet is
 * ended too (one that died in that slack is ended, harmlessly, and counted).
 */
export async function endOtherSessions(db: Db, userId: bigint, keep: bigint, now: number, ttl: SessionTtl, touches: SessionTouches): Promise<number> {
  const result = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: BigInt(now) })
    .where('user_id', '=', userId)
    .where('id', '!=', keep)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', BigInt(now))
    .where('last_used_at', '>', storedUseFloor(now, ttl.tokenIdleTtlMs, touches))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
