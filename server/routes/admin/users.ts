/** The console's users calls (contract/admin/users.ts): read users, end a session, freeze and unfreeze. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../../contract';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { actorOf } from '../../operators/authenticate';
import { listUsers, revokeUserSession, userDetail, userLedger } from '../../users/console';
import { freezeUser, unfreezeUser } from '../../users/freeze';

export default async function adminUsersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, clock, time } = ctx;

  route(app, contract.admin.users, async (request) => listUsers(db, request.query, clock.now(), config, time));

  route(app, contract.admin.userDetail, async (request) => userDetail(db, request.params.uid, clock.now(), config, time, ctx.sessionTouches.users));

  route(app, contract.admin.userLedger, async (request) => userLedger(db, request.params.uid, request.query, time));

  route(app, contract.admin.revokeUserSession, async (request) => {
    await revokeUserSession(db, request.params.uid, request.body.id, { actor: actorOf(request), now: clock.now(), reason: request.body.reason });
    return null;
  });

  route(app, contract.admin.freezeUser, async (request) => {
    await freezeUser(db, request.params.uid, { actor: actorOf(request), now: clock.now(), reason: request.body.reason });
    return userDetail(db, request.params.uid, clock.now(), config, time, ctx.sessionTouches.users);
  });

  route(app, contract.admin.unfreezeUser, async (request) => {
    await unfreezeUser(db, request.params.uid, { actor: actorOf(request), now: clock.now(), reason: request.body.reason });
    return userDetail(db, request.params.uid, clock.now(), config, time, ctx.sessionTouches.users);
  });
}
