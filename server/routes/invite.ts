/** Invitations: details (code, link, figures), the invitees, binding an inviter by code. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { pageArgs, toPage } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { bindInviter } from '../invites/binding';
import { inviteDetails, listInvitees } from '../invites/inviteDetails';

export default async function inviteRoutes(app: FastifyInstance, deps: AppContext): Promise<void> {
  const { db, config, clock, time } = deps;

  const detailsFor = (request: FastifyRequest) =>
    inviteDetails(db, sessionOf(request).userId, {
      // the first configured origin, never the request's Host
      origin: config.publicOrigins[0],
      rate: config.commissionRate,
      now: clock.now(),
      utcOffsetMinutes: config.displayUtcOffsetMinutes,
    });

  route(app, contract.invite.details, async (request) => detailsFor(request));

  route(app, contract.invite.invitees, async (request) => {
    const args = pageArgs(request.query);
    const { rows, total, nextCursor } = await listInvitees(db, sessionOf(request).userId, args, time);
    return toPage(rows, total, args, nextCursor);
  });

  route(app, contract.invite.update, async (request) => {
    await bindInviter(db, sessionOf(request).userId, request.body.code);
    return detailsFor(request);
  });
}
