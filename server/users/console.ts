/**
 * What the operator console reads of users: the list (newest first, or one user by UID or
 * address), one user's balances, frozen state and live sessions, their ledger entries; and ending
 * one of their sessions (audited). Reads are offset-paged with a total, as every console list.
 */
import { getAddress } from 'ethers';
import { sql } from 'kysely';
import type {
  AdminLedgerEntryType, AdminLedgerQueryType, AdminUserDetailType, AdminUserRowType, AdminUsersQueryType,
} from '../../contract/admin/users';
import type { PageOf } from '../../contract/common';
import { fromUnits } from '../../contract/rules/money';
import { endSessionOf, listLiveSessions, type SessionTtl } from '../auth/sessions';
import type { SessionTouches } from '../auth/sessionTouches';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { recordAct, type OperatorAct } from '../operators/actor';
import type { TimeFormat } from '../time';
import { lockUserByUid, userNotFound } from './freeze';

type AdminPageOf<T> = Required<Pick<PageOf<T>, 'list' | 'total' | 'page' | 'pageSize'>>;

const USER_COLUMNS = ['u.id', 'u.uid', 'u.address', 'u.frozen_at', 'u.created_at', 'u.pay_password_hash', 'i.uid as inviter_uid'] as const;

function usersQuery(db: Db) {
  return db.selectFrom('users as u').leftJoin('users as i', 'i.id', 'u.inviter_id');
}

type UserRow = { id: bigint; uid: string; address: string; frozen_at: bigint | null; created_at: bigint; pay_password_hash: string | null; inviter_uid: string | null };

/** How many live sessions each of these users has: one grouped count for the whole page. */
async function liveSessionCounts(db: Db, userIds: bigint[], now: number, ttl: SessionTtl): Promise<Map<bigint, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom('auth_sessions')
    .select(['user_id', sql<bigint>`count(*)`.as('live')])
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', BigInt(now))
    .where('last_used_at', '>', BigInt(now - ttl.tokenIdleTtlMs))
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [BigInt(row.user_id), Number(row.live)]));
}

function toUserRow(row: UserRow, sessions: number, time: TimeFormat): AdminUserRowType {
  return {
    id: String(row.id),
    uid: row.uid,
    address: row.address,
    frozen: row.frozen_at !== null,
    createdAt: time.timestamp(row.created_at),
    inviterUid: row.inviter_uid,
    hasPayPassword: row.pay_password_hash !== null,
    sessions,
  };
}

/** A checksummed address whatever the letter case typed (addresses are stored EIP-55). */
function storedAddress(address: string): string {
  return getAddress(address.toLowerCase());
}

export async function listUsers(db: Db, query: AdminUsersQueryType, now: number, ttl: SessionTtl, time: TimeFormat): Promise<AdminPageOf<AdminUserRowType>> {
  const { page = 1, pageSize = 20, uid, address } = query;
  let filtered = usersQuery(db);
  if (uid !== undefined) filtered = filtered.where('u.uid', '=', uid);
  if (address !== undefined) filtered = filtered.where('u.address', '=', storedAddress(address));
  const { total } = await filtered.select(sql<bigint>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = await filtered.select(USER_COLUMNS).orderBy('u.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
  const sessions = await liveSessionCounts(db, rows.map((row) => row.id), now, ttl);
  return { list: rows.map((row) => toUserRow(row, sessions.get(row.id) ?? 0, time)), total: Number(total), page, pageSize };
}

/** The user with this UID (id and row), or 404. */
async function userByUid(db: Db, uid: string): Promise<UserRow & { invite_code: string; frozen_reason: string | null }> {
  const row = await usersQuery(db).select([...USER_COLUMNS, 'u.invite_code', 'u.frozen_reason']).where('u.uid', '=', uid).executeTakeFirst();
  if (!row) throw userNotFound();
  return row;
}

/** The user's id by UID, or 404. */
export async function userIdByUid(db: Db, uid: string): Promise<bigint> {
  return (await userByUid(db, uid)).id;
}

export async function userDetail(db: Db, uid: string, now: number, ttl: SessionTtl, time: TimeFormat, touches: SessionTouches): Promise<AdminUserDetailType> {
  const user = await userByUid(db, uid);
  const sessions = await listLiveSessions(db, user.id, now, ttl, touches);
  const accounts = await db.selectFrom('ledger_accounts').select(['currency', 'available', 'frozen']).where('user_id', '=', user.id).orderBy('currency').execute();
  return {
    user: toUserRow(user, sessions.length, time),
    inviteCode: user.invite_code,
    frozenAt: user.frozen_at === null ? null : time.timestamp(user.frozen_at),
    frozenReason: user.frozen_at === null ? null : user.frozen_reason,
    balances: accounts.map((account) => ({ currency: account.currency, available: fromUnits(account.available), frozen: fromUnits(account.frozen) })),
    sessions: sessions.map((session) => ({
      id: session.publicId,
      userAgent: session.userAgent,
      ip: session.ip,
      createdAt: time.timestamp(session.createdAt),
      lastUsedAt: time.timestamp(session.lastUsedAt),
    })),
  };
}

export async function userLedger(db: Db, uid: string, query: AdminLedgerQueryType, time: TimeFormat): Promise<AdminPageOf<AdminLedgerEntryType>> {
  const { page = 1, pageSize = 20, currency } = query;
  const userId = await userIdByUid(db, uid);
  let filtered = db.selectFrom('ledger_entries as e').where('e.user_id', '=', userId);
  if (currency !== undefined) filtered = filtered.where('e.currency', '=', currency);
  const { total } = await filtered.select(sql<bigint>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = await filtered
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select(['e.id', 'e.type', 'e.currency', 'e.bucket', 'e.amount', 'e.balance_after', 'e.remark', 'e.created_at', 't.ref'])
    .orderBy('e.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    list: rows.map((row) => ({
      id: String(row.id),
      type: row.type,
      currency: row.currency,
      bucket: row.bucket,
      amount: fromUnits(row.amount),
      balanceAfter: fromUnits(row.balance_after),
      remark: row.remark,
      ref: row.ref,
      createdAt: time.timestamp(row.created_at),
    })),
    total: Number(total),
    page,
    pageSize,
  };
}

/**
 * Ends one live session of the user by its public id (404 when the user has none such): its token
 * is refused (401) from the next request on, on every server process. Audited 'user.session.revoke'.
 */
export async function revokeUserSession(db: Db, uid: string, publicId: string, act: OperatorAct): Promise<void> {
  await runMoneyTransaction(db, async (trx) => {
    const user = await lockUserByUid(trx, uid);
    if (!(await endSessionOf(trx, user.id, publicId, act.now))) throw new ApiError('NOT_FOUND', { messageKey: 'admin.users.sessionNotFound' });
    await recordAct(trx, act, { action: 'user.session.revoke', target: `user:${user.uid}`, before: { session: publicId, live: true }, after: { session: publicId, live: false } });
  });
}
