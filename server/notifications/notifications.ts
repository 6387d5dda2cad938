/**
 * The message centre. A notification is written by `notify` inside the transaction of the event it
 * tells of (the deposit's credit, the withdrawal's move, the order's shipping, the settlement
 * batch, the sign-in, the pay-password change): it exists exactly when the event does, and a
 * rolled-back event leaves none. It carries the kind and the values its text names, never a text
 * (contract/notification.ts). A user reads and marks only their own.
 */
import type { NotificationKindType, NotificationPayloads, NotificationType } from '../../contract/notification';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { BY_ID, paginate, type PageArgs, type PageRows } from '../http/paging';
import type { Trx } from '../ledger/post';
import type { TimeFormat } from '../time';

export interface NotificationInput<K extends NotificationKindType = NotificationKindType> {
  userId: bigint;
  kind: K;
  payload: NotificationPayloads[K];
}

/** Writes notifications in the caller's transaction (one statement however many). */
export async function notifyAll(trx: Trx, notifications: NotificationInput[], now: number): Promise<void> {
  if (notifications.length === 0) return;
  await trx
    .insertInto('notifications')
    .values(notifications.map((n) => ({ user_id: n.userId, kind: n.kind, payload: JSON.stringify(n.payload), created_at: BigInt(now), read_at: null })))
    .execute();
}

/** Writes one notification in the caller's transaction. */
export async function notify<K extends NotificationKindType>(trx: Trx, userId: bigint, kind: K, payload: NotificationPayloads[K], now: number): Promise<void> {
  await notifyAll(trx, [{ userId, kind, payload }], now);
}

/** a stored payload as the contract's record of strings (anything else in it is dropped) */
function payloadOf(json: string): Record<string, string> {
  const parsed = JSON.parse(json) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The user's notifications, newest first, paged by cursor. */
export async function listNotifications(db: Db, userId: bigint, args: PageArgs, time: TimeFormat): Promise<PageRows<NotificationType>> {
  const query = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'payload', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc');
  const { rows, total, nextCursor } = await paginate(query, args, BY_ID());
  return {
    total,
    nextCursor,
    rows: rows.map((row) => ({
      id: String(row.id),
      kind: row.kind as NotificationKindType,
      payload: payloadOf(row.payload),
      createdAt: time.timestamp(row.created_at),
      read: row.read_at !== null,
    })),
  };
}

export async function unreadCount(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the user's notifications read; another user's, or none, is not found. Repeating it changes nothing. */
export async function markRead(db: Db, userId: bigint, id: bigint, now: number): Promise<void> {
  const mine = await db.selectFrom('notifications').select('read_at').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!mine) throw new ApiError('NOT_FOUND', { messageKey: 'notification.notFound' });
  if (mine.read_at !== null) return;
  await db.updateTable('notifications').set({ read_at: BigInt(now) }).where('id', '=', id).where('user_id', '=', userId).where('read_at', 'is', null).execute();
}

/** Marks every unread notification of the user read. */
export async function markAllRead(db: Db, userId: bigint, now: number): Promise<void> {
  await db.updateTable('notifications').set({ read_at: BigInt(now) }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
}
