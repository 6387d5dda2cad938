/** The signed-in user's profile. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { ApiError } from '../http/errors';
import { route, sessionOf } from '../http/route';
import { loadProfile } from '../users/users';

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db, time } = app.ctx;

  route(app, contract.user.profile, async (request) => {
    const profile = await loadProfile(db, sessionOf(request).userId, time);
    if (!profile) throw new ApiError('UNAUTHORIZED');
    return profile;
  });
}
