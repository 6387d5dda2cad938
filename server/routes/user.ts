/**
 * contract/user.ts: the signed-in user's profile, their ledger entries (never anyone else's), and
 * setting or changing the pay password, which needs a fresh wallet signature for its purpose
 * (auth/stepUp.ts), not only the session token.
 */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route, sessionOf } from '../http/route';
import { walletDetails } from '../accountHistory/walletDetails';
import { changePayPassword } from '../payPassword/changeWithProof';
import { resetPayPassword } from '../payPassword/reset';
import { loadProfile } from '../users/users';

export default async function userRoutes(app: FastifyInstance, deps: AppContext): Promise<void> {
  const { db, config, clock, time, payPasswordKeys } = deps;

  route(app, contract.user.profile, async (request) => {
    const profile = await loadProfile(db, sessionOf(request).userId, time);
    if (!profile) throw new ApiError('UNAUTHORIZED');
    return profile;
  });

  route(app, contract.user.walletDetails, async (request) => walletDetails(db, sessionOf(request).userId, request.query, time, config.displayUtcOffsetMinutes));

  route(app, contract.user.payPass, async (request) => {
    await changePayPassword(db, config, payPasswordKeys, sessionOf(request).userId, request.body, clock.now());
    return { hasPayPassword: true };
  }, { rateLimit: 'money' });

  route(app, contract.user.payPassReset, async (request) => {
    const heldUntil = await resetPayPassword(db, config, payPasswordKeys, sessionOf(request).userId, request.body, clock.now(), time);
    return { hasPayPassword: true, withdrawHeldUntil: time.timestamp(heldUntil) };
  }, { rateLimit: 'money' });
}
