/**
 * The operator console's users calls for `max dev` (contract/admin/users.ts), over the mocks' own
 * users (mock/_state.ts): the list (by UID or address, any letter case), one user's balances and
 * live sessions, the ledger entries, ending a session (its token stops working), freezing and
 * unfreezing. With fewer than three users the first call adds demo users with a little history.
 */
import { adminUsersEndpoints, type AdminLedgerEntryType, type AdminUserDetailType, type AdminUserRowType } from '../contract/admin/users';
import { fromUnits } from '../contract/rules/money';
import { refusal } from './_errors';
import { mockRoutes, paginate } from './_kit';
import { createUser, state, type MockUser } from './_state';
import { welcome } from './_starter';
import { createOrder, payOrder } from './mall';
import { now, timestamp } from './_time';
import dayjs from 'dayjs';

const DEMO_ADDRESSES = [
  '0x4B20993Bc481177ec7E8f571ceCaE8A9e22C02db',
  '0x78731D3Ca6b7E34aC0F824c42a7cC18A495cabaB',
  '0x617F2E2fD72FD9D5503197092aC168c91465E7f2',
];

/** A demo user with an order paid and waiting to ship, so the console has one to ship. */
function withPaidOrder(user: MockUser): void {
  const goods = state.catalog.goods.find((g) => g.skus.some((s) => s.stock > 0));
  const sku = goods?.skus.find((s) => s.stock > 0);
  if (!sku || !user.addresses[0]) return;
  payOrder(user, createOrder(user, sku, 1, user.addresses[0]));
}

/** The users the console shows, newest first; demo users join a world with fewer than three. */
export function consoleUsers(): MockUser[] {
  for (const address of DEMO_ADDRESSES) {
    if (state.users.size >= 3) break;
    if (![...state.users.values()].some((u) => u.address === address)) withPaidOrder(welcome(createUser(address)));
  }
  return [...state.users.values()].reverse();
}

/** Accounts an operator froze: uid → when and why. */
export const frozenAccounts = new Map<string, { at: string; reason: string }>();

export function userByUid(uid: string): MockUser {
  consoleUsers();
  const user = state.users.get(uid);
  if (!user) throw refusal('NOT_FOUND', 'admin.users.notFound');
  return user;
}

export function userSummary(user: MockUser) {
  return { id: user.uid, uid: user.uid, address: user.address, frozen: frozenAccounts.has(user.uid), createdAt: user.createdAt };
}

function sessionsOf(user: MockUser) {
  return [...state.sessions.entries()]
    .filter(([, uid]) => uid === user.uid)
    .map(([token]) => ({ token, info: state.sessionInfo.get(token) }))
    .filter((s): s is { token: string; info: NonNullable<typeof s.info> } => s.info !== undefined);
}

function row(user: MockUser): AdminUserRowType {
  return { ...userSummary(user), inviterUid: user.inviterUid, hasPayPassword: user.payPassword !== null, sessions: sessionsOf(user).length };
}

function detail(user: MockUser): AdminUserDetailType {
  const frozen = frozenAccounts.get(user.uid) ?? null;
  return {
    user: row(user),
    inviteCode: user.inviteCode,
    frozenAt: frozen?.at ?? null,
    frozenReason: frozen?.reason ?? null,
    balances: [...user.balances.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, b]) => ({ currency, available: fromUnits(b.available), frozen: fromUnits(b.frozen) })),
    sessions: sessionsOf(user).map(({ info }) => ({
      id: info.id, userAgent: info.userAgent, ip: '127.0.0.1', createdAt: timestamp(dayjs(info.createdAt)), lastUsedAt: timestamp(dayjs(now())),
    })),
  };
}

const uidOf = (params: unknown) => (params as { uid: string }).uid;

export default mockRoutes(adminUsersEndpoints, {
  users: ({ query }) => {
    const wanted = query.address?.toLowerCase();
    const users = consoleUsers().filter((u) => (!query.uid || u.uid === query.uid) && (!wanted || u.address.toLowerCase() === wanted));
    const page = paginate(users.map(row), query);
    return { list: page.list, total: page.total ?? users.length, page: page.page, pageSize: page.pageSize };
  },

  userDetail: ({ params }) => detail(userByUid(uidOf(params))),

  userLedger: ({ params, query }) => {
    const user = userByUid(uidOf(params));
    const entries: AdminLedgerEntryType[] = [...user.entries]
      .reverse()
      .filter((e) => !query.currency || e.currency === query.currency)
      .map((e) => ({ id: e.id, type: e.type, currency: e.currency, bucket: 'available', amount: e.amount, balanceAfter: e.balanceAfter, remark: e.remark, ref: `${e.type}:${e.id}`, createdAt: e.createdAt }));
    const page = paginate(entries, query);
    return { list: page.list, total: page.total ?? entries.length, page: page.page, pageSize: page.pageSize };
  },

  revokeUserSession: ({ params, body }) => {
    const user = userByUid(uidOf(params));
    const session = sessionsOf(user).find(({ info }) => info.id === body.id);
    if (!session) throw refusal('NOT_FOUND', 'admin.users.sessionNotFound');
    state.sessions.delete(session.token);
    state.sessionInfo.delete(session.token);
    return null;
  },

  freezeUser: ({ params, body }) => {
    const user = userByUid(uidOf(params));
    if (frozenAccounts.has(user.uid)) throw refusal('CONFLICT', 'admin.users.alreadyFrozen');
    frozenAccounts.set(user.uid, { at: timestamp(), reason: body.reason });
    return detail(user);
  },

  unfreezeUser: ({ params }) => {
    const user = userByUid(uidOf(params));
    if (!frozenAccounts.delete(user.uid)) throw refusal('CONFLICT', 'admin.users.notFrozen');
    return detail(user);
  },
});
