/**
 * The pre-handler of operator endpoints (`operator` in the contract): `Authorization: Bearer` of a
 * live operator session (else 401: a user's token is not one), then the permission the endpoint
 * names must be the role's (else 403).
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { roleCan, type OperatorPermission } from '../../contract/rules/operators';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { bearerToken } from '../auth/authenticate';
import { looksLikeToken } from '../auth/sessionCore';
import type { Actor } from './actor';
import { useOperatorSession, type OperatorSessionInfo } from './sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** pre-handler of every operator endpoint: 401 unless a live operator session token is sent, 403 unless the role may */
    authenticateOperator: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    operator: OperatorSessionInfo | null;
  }
}

export function createOperatorAuthenticate(ctx: AppContext): preHandlerAsyncHookHandler {
  return async function authenticateOperator(request) {
    const token = bearerToken(request);
    if (!token || !looksLikeToken(token)) throw new ApiError('UNAUTHORIZED', { messageKey: 'auth.missingToken' });
    const found = await useOperatorSession(ctx.db, token, ctx.clock.now(), ctx.sessionTouches.operators);
    if (found.status === 'expired') throw new ApiError('TOKEN_EXPIRED');
    if (found.status === 'unknown') throw new ApiError('UNAUTHORIZED');
    request.operator = found.session;
    const permission = request.routeOptions.config.endpoint?.operator;
    if (permission && permission !== 'signedIn' && !roleCan(found.session.role, permission)) {
      throw new ApiError('FORBIDDEN', { messageKey: 'admin.forbidden' });
    }
  };
}

/** The signed-in operator of an operator endpoint's request. */
export function operatorOf(request: FastifyRequest): OperatorSessionInfo {
  if (!request.operator) throw new ApiError('UNAUTHORIZED');
  return request.operator;
}

/** The operator of the request as the actor of an audited action. */
export function actorOf(request: FastifyRequest): Actor & { source: 'console' } {
  const operator = operatorOf(request);
  return { source: 'console', operatorId: operator.operatorId, address: operator.address, role: operator.role, sessionId: operator.sessionId, requestId: request.id };
}

/** 403 unless the operator's role holds `permission` (for endpoints whose permission depends on what they act on). */
export function requirePermission(operator: OperatorSessionInfo, permission: OperatorPermission): void {
  if (!roleCan(operator.role, permission)) throw new ApiError('FORBIDDEN', { messageKey: 'admin.forbidden' });
}
