/**
 * Operator sessions: as users' (server/auth/sessions.ts: 256 random bits, stored as SHA-256, the
 * row read on every request) but in a table of their own, so a user's token opens no operator
 * endpoint and an operator's token no user endpoint; idle after 15 minutes.
 */
import { OPERATOR_IDLE_TIMEOUT_MS, OPERATOR_SESSION_MAX_MS, type OperatorRole } from '../../contract/rules/operators';
import type { Db } from '../db';
import { hashToken, liveByLastUse, newSessionRow, storedUseFloor, touchIfLive, type SessionDevice } from '../auth/sessionCore';
import type { SessionTouches } from '../auth/sessionTouches';
import { recordAct, type OperatorAct } from './actor';

/** The operator behind a request. */
export interface OperatorSessionInfo {
  sessionId: bigint;
  operatorId: bigint;
  address: string;
  role: OperatorRole;
}

export async function createOperatorSession(db: Db, operatorId: bigint, now: number, device: SessionDevice): Promise<{ token: string; expiresAt: number }> {
  const { token, expiresAt, values } = newSessionRow(now, OPERATOR_SESSION_MAX_MS, device);
  await db
    .insertInto('operator_sessions')
    .values({ ...values, operator_id: operatorId })
    .execute();
  return { token, expiresAt };
}

export type OperatorSessionLookup = { status: 'live'; session: OperatorSessionInfo } | { status: 'expired' } | { status: 'unknown' };

/**
 * The live session of a token, its use noted (written off the request path, `touches`, as for
 * users' sessions); a revoked session or a disabled operator is 'unknown'.
 */
export async function useOperatorSession(db: Db, token: string, now: number, touches: SessionTouches): Promise<OperatorSessionLookup> {
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id', 's.operator_id', 's.last_used_at', 's.expires_at', 's.revoked_at', 'o.address', 'o.role', 'o.enabled'])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.enabled !== 1n) return { status: 'unknown' };
  if (!touchIfLive(row, now, OPERATOR_IDLE_TIMEOUT_MS, touches)) return { status: 'expired' };
  return { status: 'live', session: { sessionId: row.id, operatorId: row.operator_id, address: row.address, role: row.role as OperatorRole } };
}

export interface OperatorSessionRow {
  id: bigint;
  publicId: string;
  operatorId: bigint;
  address: string;
  role: string;
  userAgent: string;
  ip: string;
  createdAt: number;
  lastUsedAt: number;
}

/** Live operator sessions, newest use first (this process's unwritten uses counted): one operator's, or everyone's (`operatorId` null). */
export async function listOperatorSessions(db: Db, operatorId: bigint | null, now: number, touches: SessionTouches): Promise<OperatorSessionRow[]> {
  let query = db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id', 's.public_id', 's.operator_id', 'o.address', 'o.role', 's.user_agent', 's.ip', 's.created_at', 's.last_used_at'])
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', BigInt(now))
    .where('s.last_used_at', '>', storedUseFloor(now, OPERATOR_IDLE_TIMEOUT_MS, touches))
    .orderBy('s.last_used_at', 'desc')
    .orderBy('s.id', 'desc');
  if (operatorId !== null) query = query.where('s.operator_id', '=', operatorId);
  const rows = await query.execute();
  return liveByLastUse(rows, now, OPERATOR_IDLE_TIMEOUT_MS, touches).map((row) => ({
    id: row.id, publicId: row.public_id, operatorId: row.operator_id, address: row.address, role: row.role,
    userAgent: row.user_agent, ip: row.ip, createdAt: Number(row.created_at), lastUsedAt: row.lastUsedAt,
  }));
}

/** Ends a session by its public id (of `operatorId` only, unless null); the session row as it was, or undefined when none was live. */
export async function revokeOperatorSession(db: Db, publicId: string, operatorId: bigint | null, now: number): Promise<{ operatorId: bigint } | undefined> {
  let query = db.updateTable('operator_sessions').set({ revoked_at: BigInt(now) }).where('public_id', '=', publicId).where('revoked_at', 'is', null);
  if (operatorId !== null) query = query.where('operator_id', '=', operatorId);
  const row = await query.returning('operator_id').executeTakeFirst();
  return row ? { operatorId: row.operator_id } : undefined;
}

/** Ends every session of an operator (disabled, or the role changed). */
export async function revokeAllOperatorSessions(db: Db, operatorId: bigint, now: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: BigInt(now) }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null).execute();
}

/** Sign-out: ends the session of the request. */
export async function endOperatorSession(db: Db, sessionId: bigint, now: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: BigInt(now) }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/**
 * Ends a live session by its public id (an admin any operator's, others their own), audited
 * 'operator.session.revoke'; false when there was no such live session.
 */
export async function revokeOperatorSessionAs(db: Db, publicId: string, act: OperatorAct & { actor: { source: 'console' } }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ended = await revokeOperatorSession(trx, publicId, act.actor.role === 'admin' ? null : act.actor.operatorId, act.now);
    if (!ended) return false;
    await recordAct(trx, act, { action: 'operator.session.revoke', target: `session:${publicId}`, after: { operatorId: String(ended.operatorId) } });
    return true;
  });
}
