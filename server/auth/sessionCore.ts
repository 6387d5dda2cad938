/**
 * What user and operator sessions share: the token (256 random bits, stored only as its SHA-256),
 * the new row, and when a row is live (neither past its absolute expiry nor idle too long, counting
 * the uses this process noted and has not written yet). Each kind keeps its own table and limits.
 */
import { hash, randomBytes } from 'node:crypto';
import type { SessionTouches } from './sessionTouches';

/** base64url of 32 random bytes: 43 characters */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function looksLikeToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** What the user sees of the device that signed in. */
export interface SessionDevice {
  userAgent: string;
  ip: string;
}

export const USER_AGENT_MAX = 200;

/** A fresh token and the columns of its row that do not name the owner. */
export function newSessionRow(now: number, absoluteTtlMs: number, device: SessionDevice) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + absoluteTtlMs;
  return {
    token,
    expiresAt,
    values: {
      token_hash: hashToken(token),
      // 96 random bits: the id the user sees; knowing it grants nothing
      public_id: randomBytes(12).toString('base64url'),
      created_at: BigInt(now),
      last_used_at: BigInt(now),
      expires_at: BigInt(expiresAt),
      revoked_at: null,
      user_agent: device.userAgent.slice(0, USER_AGENT_MAX),
      ip: device.ip.slice(0, 64),
    },
  };
}

interface StoredUse {
  id: bigint;
  last_used_at: bigint;
  expires_at: bigint;
}

/** Whether a session that was not revoked still works at `now`; a live one has its use noted. */
export function touchIfLive(row: StoredUse, now: number, idleMs: number, touches: SessionTouches): boolean {
  if (now >= Number(row.expires_at) || now >= touches.lastUse(row.id, Number(row.last_used_at)) + idleMs) return false;
  touches.note(row.id, now);
  return true;
}

/**
 * The lowest stored last use a live session can have: a use another process has not written yet
 * may keep one alive up to `idleSlackMs` past it.
 */
export function storedUseFloor(now: number, idleMs: number, touches: SessionTouches): bigint {
  return BigInt(now - idleMs - touches.idleSlackMs);
}

/** Rows from a stored-use query, with the uses this process noted: only the live ones, newest use first (then newest id). */
export function liveByLastUse<T extends { id: bigint; last_used_at: bigint }>(rows: T[], now: number, idleMs: number, touches: SessionTouches): Array<T & { lastUsedAt: number }> {
  return rows
    .map((row) => ({ ...row, lastUsedAt: touches.lastUse(row.id, Number(row.last_used_at)) }))
    .filter((row) => row.lastUsedAt > now - idleMs)
    .sort((a, b) => b.lastUsedAt - a.lastUsedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}
