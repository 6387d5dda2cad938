/** Invitations: code, link, invitees and one level of commission. */
import { contract } from '../contract';
import { fromUnits, percentOf, toUnits } from '../contract/rules/money';
import { DEFAULT_COMMISSION_RATE as COMMISSION_RATE } from '../contract/rules/invites';
import { refusal } from './_errors';
import { mockRoutes, paginate } from './_kit';
import { book, findUserByInviteCode, state, type MockUser } from './_state';
import { day, daysFromNow, timestamp } from './_time';

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Pays the buyer's inviter their commission on a power purchase of `paid` USDT (never on a finance principal: docs/invites.md). */
export function payCommission(buyer: MockUser, paid: bigint, at = timestamp()): void {
  const inviter = buyer.inviterUid ? state.users.get(buyer.inviterUid) : undefined;
  const commission = percentOf(paid, toUnits(COMMISSION_RATE), 'down');
  if (!inviter || commission === 0n) return;
  book(inviter, 'commission', 'USDT', commission, `好友 UID ${buyer.uid} 購買佣金`, at);
  inviter.commissions.push({ fromUid: buyer.uid, amount: commission, day: at.slice(0, 10) });
}

function details(user: MockUser, origin: string) {
  const yesterday = day(daysFromNow(-1));
  const sum = (list: MockUser['commissions']) => list.reduce((total, c) => total + c.amount, 0n);
  const inviter = user.inviterUid ? state.users.get(user.inviterUid) : undefined;
  return {
    code: user.inviteCode,
    link: `${origin}/login?invite=${user.inviteCode}`,
    inviteeCount: [...state.users.values()].filter((u) => u.inviterUid === user.uid).length,
    commissionYesterday: fromUnits(sum(user.commissions.filter((c) => c.day === yesterday))),
    commissionTotal: fromUnits(sum(user.commissions)),
    commissionRate: COMMISSION_RATE,
    currency: 'USDT' as const,
    inviter: inviter ? { uid: inviter.uid, address: shortAddress(inviter.address) } : null,
  };
}

export default mockRoutes(contract.invite, {
  invitees: ({ user, query }) => {
    const invitees = [...state.users.values()]
      .filter((u) => u.inviterUid === user.uid)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((u) => ({
        uid: u.uid,
        address: shortAddress(u.address),
        joinedAt: u.createdAt,
        commission: fromUnits(user.commissions.filter((c) => c.fromUid === u.uid).reduce((total, c) => total + c.amount, 0n)),
      }));
    return paginate(invitees, query, (invitee) => invitee.uid);
  },

  details: ({ user, origin }) => details(user, origin),

  update: ({ user, body, origin }) => {
    if (user.inviterUid) throw refusal('BUSINESS_RULE', 'invite.alreadyBound');
    const inviter = findUserByInviteCode(body.code);
    if (!inviter) throw refusal('BUSINESS_RULE', 'invite.unknownCode', { code: body.code.trim().toUpperCase() });
    if (inviter === user) throw refusal('BUSINESS_RULE', 'invite.self');
    if (inviter.inviterUid === user.uid) throw refusal('BUSINESS_RULE', 'invite.cycle');
    user.inviterUid = inviter.uid;
    return details(user, origin);
  },
});
