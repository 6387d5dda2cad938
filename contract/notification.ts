/**
 * The message centre: what happened to the caller's account (a deposit credited, a withdrawal's
 * progress, an order shipped, earnings paid, a sign-in, a pay-password change). A notification
 * carries its kind and the values it names, never a text: the app words each kind in the reader's
 * language (src/locales/<locale>/notifications.ts), so a message reads right after a language
 * switch and no user's text ever reaches another's screen.
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { Empty, Id, Page, PageQuery, Timestamp } from './common';

/** What each kind names; every value a string (amounts as decimal strings, ids as decimal strings). */
export interface NotificationPayloads {
  'deposit.credited': { depositId: string; coin: string; amount: string; network: string };
  'withdraw.approved': WithdrawalPayload;
  'withdraw.sent': WithdrawalPayload;
  'withdraw.completed': WithdrawalPayload;
  'withdraw.rejected': WithdrawalPayload;
  'withdraw.failed': WithdrawalPayload;
  'mall.shipped': { orderId: string; orderNo: string };
  /** a settlement day's net output of the user's power orders in one coin (one settlement batch) */
  'earnings.power': { day: string; coin: string; amount: string; orders: string };
  /** a settlement day's interest of the user's finance orders (one settlement batch) */
  'earnings.interest': { day: string; coin: string; amount: string; orders: string };
  /** a finance order paid back, principal and interest */
  'finance.redeemed': { orderId: string; coin: string; amount: string };
  'signin.new': Record<string, never>;
  'payPassword.set': Record<string, never>;
  'payPassword.changed': Record<string, never>;
  /** reset by a wallet signature (忘记支付密码): withdrawals wait until the time named */
  'payPassword.reset': { withdrawHeldUntil: string };
}

interface WithdrawalPayload {
  withdrawalId: string;
  coin: string;
  amount: string;
}

export type NotificationKindType = keyof NotificationPayloads;

export const NOTIFICATION_KINDS = [
  'deposit.credited',
  'withdraw.approved',
  'withdraw.sent',
  'withdraw.completed',
  'withdraw.rejected',
  'withdraw.failed',
  'mall.shipped',
  'earnings.power',
  'earnings.interest',
  'finance.redeemed',
  'signin.new',
  'payPassword.set',
  'payPassword.changed',
  'payPassword.reset',
] as const satisfies readonly NotificationKindType[];

export const NotificationKind = Type.Union(NOTIFICATION_KINDS.map((kind) => Type.Literal(kind)));

export const Notification = Type.Object({
  id: Id,
  kind: NotificationKind,
  /** the values the kind's text names (NotificationPayloads) */
  payload: Type.Record(Type.String({ maxLength: 32 }), Type.String({ maxLength: 100 })),
  createdAt: Timestamp,
  read: Type.Boolean(),
});
export type NotificationType = Static<typeof Notification>;

/** A page of notifications, newest first: follow `nextCursor` (the page size is bounded by PageQuery). */
export const NotificationListQuery = PageQuery;

export const UnreadCount = Type.Object({ unread: Type.Integer({ minimum: 0 }) });
export type UnreadCountType = Static<typeof UnreadCount>;

export const NotificationIdBody = Type.Object({ id: Id });

export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/user/notification/list', auth: true,
    summary: "The caller's notifications, newest first", query: NotificationListQuery, response: Page(Notification),
  }),
  unreadCount: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/user/notification/unread-count', auth: true,
    summary: "How many of the caller's notifications are unread", response: UnreadCount,
  }),
  markRead: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/user/notification/read', auth: true,
    summary: 'Mark one of the caller\'s notifications read', body: NotificationIdBody, response: Empty,
  }),
  markAllRead: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/user/notification/read-all', auth: true,
    summary: "Mark all the caller's notifications read", response: UnreadCount,
  }),
};
