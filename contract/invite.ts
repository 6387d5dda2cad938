/** Invitations: code, link, invitees and commission. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { Amount, Page, PageQuery, Timestamp } from './common';

export const InviteDetails = Type.Object({
  code: Type.String(),
  /** the site's `/login?invite=CODE` */
  link: Type.String(),
  inviteeCount: Type.Integer({ minimum: 0 }),
  commissionYesterday: Amount,
  commissionTotal: Amount,
  /** commission percentage of each invitee purchase, e.g. "5" */
  commissionRate: Type.String(),
  currency: Type.Literal('USDT'),
  inviter: Type.Union([Type.Object({ uid: Type.String(), address: Type.String() }), Type.Null()]),
});
export type InviteDetailsType = Static<typeof InviteDetails>;

export const Invitee = Type.Object({
  uid: Type.String(),
  /** shortened wallet address, e.g. 0x12ab…89cd */
  address: Type.String(),
  joinedAt: Timestamp,
  commission: Amount,
});
export type InviteeType = Static<typeof Invitee>;

export const InviteUpdateBody = Type.Object({ code: Type.String({ minLength: 4, maxLength: 32 }) });
export type InviteUpdateBodyType = Static<typeof InviteUpdateBody>;

export const inviteEndpoints = {
  invitees: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/user/invite', auth: true, feature: 'invite',
    summary: 'Users the caller invited', query: PageQuery, response: Page(Invitee),
  }),
  details: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/user/invite/details', auth: true, feature: 'invite',
    summary: 'Invite code, link and commission figures', response: InviteDetails,
  }),
  update: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/user/invite/update', auth: true, feature: 'invite',
    summary: 'Bind an inviter by code, once', body: InviteUpdateBody, response: InviteDetails,
  }),
};
