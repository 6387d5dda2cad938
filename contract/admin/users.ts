/**
 * The console's users: find a user by UID or address, their balances, ledger entries and live
 * sessions; end a session; freeze and unfreeze the account (a frozen account moves no money out:
 * withdrawals and transfers are refused with ACCOUNT_FROZEN, money still comes in).
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from '../endpoint';
import { Amount, CurrencyCode, Empty, EvmAddress, SignedAmount, Timestamp } from '../common';
import { AdminListQuery, AdminPage, AdminUserSummary, Reason } from './common';

/** A user's public number (UID), as in the path of every user call of the console. */
export const AdminUid = Type.String({ pattern: '^[0-9]{1,20}$' });
export const AdminUidParams = Type.Object({ uid: AdminUid });
export type AdminUidParamsType = Static<typeof AdminUidParams>;

/** One row of the users list. */
export const AdminUserRow = Type.Composite([
  AdminUserSummary,
  Type.Object({
    inviterUid: Type.Union([Type.String(), Type.Null()]),
    hasPayPassword: Type.Boolean(),
    /** live sessions (signed in, neither ended nor expired) */
    sessions: Type.Integer({ minimum: 0 }),
  }),
]);
export type AdminUserRowType = Static<typeof AdminUserRow>;

export const AdminUsersQuery = AdminListQuery({
  /** exact */
  uid: Type.Optional(AdminUid),
  /** exact, any letter case */
  address: Type.Optional(EvmAddress),
});
export type AdminUsersQueryType = Static<typeof AdminUsersQuery>;

export const AdminBalance = Type.Object({
  currency: CurrencyCode,
  available: Amount,
  /** held by requests in progress (withdrawals waiting, …) */
  frozen: Amount,
});
export type AdminBalanceType = Static<typeof AdminBalance>;

export const AdminUserSession = Type.Object({
  /** public id (what revoking names), neither the token nor its hash */
  id: Type.String(),
  userAgent: Type.String(),
  ip: Type.String(),
  createdAt: Timestamp,
  lastUsedAt: Timestamp,
});
export type AdminUserSessionType = Static<typeof AdminUserSession>;

export const AdminUserDetail = Type.Object({
  user: AdminUserRow,
  inviteCode: Type.String(),
  /** when an operator froze the account, null when it is not frozen */
  frozenAt: Type.Union([Timestamp, Type.Null()]),
  frozenReason: Type.Union([Type.String(), Type.Null()]),
  /** every currency the user has an account in */
  balances: Type.Array(AdminBalance),
  /** live sessions, most recently used first */
  sessions: Type.Array(AdminUserSession),
});
export type AdminUserDetailType = Static<typeof AdminUserDetail>;

export const AdminLedgerQuery = AdminListQuery({ currency: Type.Optional(CurrencyCode) });
export type AdminLedgerQueryType = Static<typeof AdminLedgerQuery>;

export const AdminLedgerEntry = Type.Object({
  id: Type.String(),
  /** the ledger entry type, e.g. deposit, transfer_out, mall_refund */
  type: Type.String(),
  currency: CurrencyCode,
  /** which balance of the account moved */
  bucket: Type.Union([Type.Literal('available'), Type.Literal('frozen')]),
  /** signed: negative when the balance went down */
  amount: SignedAmount,
  balanceAfter: SignedAmount,
  remark: Type.String(),
  /** the ledger transaction's reference, e.g. withdrawal:12, mall-order:5:refund */
  ref: Type.String(),
  createdAt: Timestamp,
});
export type AdminLedgerEntryType = Static<typeof AdminLedgerEntry>;

export const AdminRevokeUserSessionBody = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }),
  reason: Reason,
});
export type AdminRevokeUserSessionBodyType = Static<typeof AdminRevokeUserSessionBody>;

export const AdminFreezeBody = Type.Object({ reason: Reason });
export type AdminFreezeBodyType = Static<typeof AdminFreezeBody>;

export const adminUsersEndpoints = {
  users: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/users', auth: false, operator: 'console.read',
    summary: 'Users, newest first, or the one with a UID or address', query: AdminUsersQuery, response: AdminPage(AdminUserRow),
  }),
  userDetail: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/users/:uid', auth: false, operator: 'console.read',
    summary: 'One user: balances, frozen state, live sessions', params: AdminUidParams, response: AdminUserDetail,
  }),
  userLedger: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/users/:uid/ledger', auth: false, operator: 'console.read',
    summary: 'The user\'s ledger entries, newest first', params: AdminUidParams, query: AdminLedgerQuery, response: AdminPage(AdminLedgerEntry),
  }),
  revokeUserSession: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/users/:uid/sessions/revoke', auth: false, operator: 'users.protect',
    summary: 'End one of the user\'s sessions (its token is refused from then on)', params: AdminUidParams, body: AdminRevokeUserSessionBody, response: Empty,
  }),
  freezeUser: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/users/:uid/freeze', auth: false, operator: 'users.protect',
    summary: 'Freeze the account: no money leaves it (withdrawals, transfers) until unfrozen; money still comes in',
    params: AdminUidParams, body: AdminFreezeBody, response: AdminUserDetail,
  }),
  unfreezeUser: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/users/:uid/unfreeze', auth: false, operator: 'users.protect',
    summary: 'Unfreeze the account', params: AdminUidParams, body: AdminFreezeBody, response: AdminUserDetail,
  }),
};
