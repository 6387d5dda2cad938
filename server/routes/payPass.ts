/**
 * POST /user/user/pay-pass: set the first pay password, or change it with the current one; either
 * needs a fresh wallet signature for its purpose (auth/stepUp.ts), not only the session token.
 */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { checkStepUp } from '../auth/stepUp';
import { route, sessionOf } from '../http/route';
import { hasPayPassword, setPayPassword } from '../payPassword/payPassword';

export default async function payPassRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, clock } = app.ctx;
  route(app, contract.user.payPass, async (request) => {
    const { userId } = sessionOf(request);
    const now = clock.now();
    const { proof, ...passwords } = request.body;
    const purpose = (await hasPayPassword(db, userId)) ? 'payPassword.change' : 'payPassword.set';
    const consumeProof = await checkStepUp(db, config, { userId, purpose, proof, now });
    await setPayPassword(db, userId, passwords, now, consumeProof);
    return { hasPayPassword: true };
  }, { rateLimit: 'money' });
}
