/** The pre-handler of signed-in endpoints: `Authorization: Bearer <token>` of a live session, else 401. */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { useSession } from './sessions';
import { looksLikeToken } from './sessionCore';

/**
 * The one parser of `Authorization: Bearer <token>` (scheme in any case, any spacing), used by the
 * session check and by the rate limit's caller key, so both see the same token.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

export function createAuthenticate(ctx: AppContext): preHandlerAsyncHookHandler {
  return async function authenticate(request) {
    const token = bearerToken(request);
    if (!token || !looksLikeToken(token)) throw new ApiError('UNAUTHORIZED', { messageKey: 'auth.missingToken' });
    const found = await useSession(ctx.db, token, ctx.clock.now(), ctx.config, ctx.sessionTouches.users);
    if (found.status === 'expired') throw new ApiError('TOKEN_EXPIRED');
    if (found.status === 'unknown') throw new ApiError('UNAUTHORIZED');
    request.session = found.session;
  };
}
