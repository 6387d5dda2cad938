/**
 * Binding an inviter after sign-up, by code: once, only while none is bound, never yourself and
 * never anyone you invited, directly or further down (that would make a cycle). Bindings run one
 * at a time (PostgreSQL: a transaction-level advisory lock; SQLite: one writer), so two
 * concurrent bindings cannot close a cycle together.
 */
import { sql } from 'kysely';
import { isSqlite, type Db } from '../db';
import { ApiError } from '../http/errors';
import type { Trx } from '../ledger/post';

/** an arbitrary constant naming the lock ("invite" in ASCII) */
const BINDING_LOCK = 0x696e76697465;

const refuse = (messageKey: 'invite.self' | 'invite.alreadyBound' | 'invite.cycle' | 'invite.unknownCode', params = {}) =>
  new ApiError('BUSINESS_RULE', { messageKey, params });

/** True when `userId` is an ancestor of `start` in the inviter chain (or `start` itself). */
async function isInChain(trx: Trx, start: bigint, userId: bigint): Promise<boolean> {
  const seen = new Set<bigint>();
  for (let current: bigint | null = start; current !== null && !seen.has(current); ) {
    if (current === userId) return true;
    seen.add(current);
    const row: { inviter_id: bigint | null } | undefined = await trx.selectFrom('users').select('inviter_id').where('id', '=', current).executeTakeFirst();
    current = row?.inviter_id ?? null;
  }
  return false;
}

export function bindInviter(db: Db, userId: bigint, rawCode: string): Promise<void> {
  const code = rawCode.trim().toUpperCase();
  return db.transaction().execute(async (trx) => {
    if (!isSqlite(trx)) await sql`select pg_advisory_xact_lock(${BINDING_LOCK})`.execute(trx);
    const me = await trx.selectFrom('users').select('inviter_id').where('id', '=', userId).executeTakeFirstOrThrow();
    if (me.inviter_id !== null) throw refuse('invite.alreadyBound');
    const inviter = await trx.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst();
    if (!inviter) throw refuse('invite.unknownCode', { code });
    if (inviter.id === userId) throw refuse('invite.self');
    // the inviter's own chain reaching me means I (or someone below me) invited them
    if (await isInChain(trx, inviter.id, userId)) throw refuse('invite.cycle');
    await trx.updateTable('users').set({ inviter_id: inviter.id }).where('id', '=', userId).where('inviter_id', 'is', null).execute();
  });
}
