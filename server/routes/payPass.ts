/** POST /user/user/pay-pass: set the first pay password, or change it with the current one. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { route, sessionOf } from '../http/route';
import { setPayPassword } from '../payPassword/payPassword';

export default async function payPassRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.ctx;
  route(app, contract.user.payPass, async (request) => {
    await setPayPassword(db, sessionOf(request).userId, request.body, clock.now());
    return { hasPayPassword: true };
  }, { rateLimit: 'money' });
}
