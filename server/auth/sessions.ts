/**
 * Session tokens: 256 random bits, handed out once, stored only as their SHA-256. A session ends
 * when idle too long, at its absolute expiry, or when revoked by sign-out.
 */
import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { preparedQuery, type ParamOf } from '../db/prepared';
import type { SessionInfo } from '../context';

export interface SessionTtl {
  tokenIdleTtlMs: number;
  tokenAbsoluteTtlMs: number;
}

/** base64url of 32 random bytes: 43 characters */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function looksLikeToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** Last-use times are written at most this often, so a burst of requests costs no writes. */
function touchIntervalMs(ttl: SessionTtl): number {
  return Math.min(60_000, Math.floor(ttl.tokenIdleTtlMs / 10));
}

export async function createSession(db: Db, userId: bigint, now: number, ttl: SessionTtl): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + ttl.tokenAbsoluteTtlMs;
  await db
    .insertInto('auth_sessions')
    .values({ token_hash: hashToken(token), user_id: userId, created_at: BigInt(now), last_used_at: BigInt(now), expires_at: BigInt(expiresAt), revoked_at: null })
    .execute();
  return { token, expiresAt };
}

export type SessionLookup = { status: 'live'; session: SessionInfo } | { status: 'expired' } | { status: 'unknown' };

// runs for every signed-in request
const sessionByTokenHash = preparedQuery((db: Db, param: ParamOf<{ tokenHash: string }>) =>
  db.selectFrom('auth_sessions').select(['id', 'user_id', 'last_used_at', 'expires_at', 'revoked_at']).where('token_hash', '=', param('tokenHash')),
);

/** Finds the session of a token and records its use; expired and revoked sessions are refused. */
export async function useSession(db: Db, token: string, now: number, ttl: SessionTtl): Promise<SessionLookup> {
  const [row] = await sessionByTokenHash(db, { tokenHash: hashToken(token) });
  if (!row || row.revoked_at !== null) return { status: 'unknown' };
  const lastUsed = Number(row.last_used_at);
  if (now >= Number(row.expires_at) || now >= lastUsed + ttl.tokenIdleTtlMs) return { status: 'expired' };
  if (now - lastUsed >= touchIntervalMs(ttl)) {
    await db.updateTable('auth_sessions').set({ last_used_at: BigInt(now) }).where('id', '=', row.id).execute();
  }
  return { status: 'live', session: { sessionId: row.id, userId: row.user_id } };
}

export async function revokeSession(db: Db, sessionId: bigint, now: number): Promise<void> {
  await db.updateTable('auth_sessions').set({ revoked_at: BigInt(now) }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}
