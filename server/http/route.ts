/**
 * Registers a contract endpoint: method, full path, input schemas, the enveloped response schema,
 * authentication (before validation), the control-character check and the rate limit, all taken
 * from the contract. The handler returns the envelope's `data`.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Envelope, fullPath, type Endpoint } from '../../contract';
import { ApiError } from './errors';
import { successEnvelope } from './envelope';
import { refuseControlCharacters } from './controlCharacters';
import { rateLimitFor, type RateLimitKind } from './rateLimit';
import type { SessionInfo } from '../context';

/** The static type of an optional input schema (`unknown` when the endpoint has none). */
type Input<S> = [Exclude<S, undefined>] extends [never] ? unknown : Exclude<S, undefined> extends TSchema ? Static<Exclude<S, undefined>> : unknown;

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Body: Input<E['body']>;
  Querystring: Input<E['query']>;
  Params: Input<E['params']>;
}>;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Static<E['response']>>;

export interface RouteOptions {
  /** extra rate limit; money-moving endpoints are always limited */
  rateLimit?: RateLimitKind;
}

export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, options: RouteOptions = {}): void {
  const limit = options.rateLimit ?? (endpoint.moneyMoving ? 'money' : undefined);
  app.route({
    method: endpoint.method,
    url: fullPath(endpoint),
    schema: {
      summary: endpoint.summary,
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: { 200: Envelope(endpoint.response) },
    },
    config: {
      endpoint,
      ...(limit ? { rateLimit: rateLimitFor(app.rateLimits, limit) } : {}),
    },
    // before validation: a stranger gets 401, not "field required"; then no control characters
    preValidation: endpoint.operator
      ? [app.authenticateOperator, refuseControlCharacters]
      : endpoint.auth ? [app.authenticate, refuseControlCharacters] : [refuseControlCharacters],
    handler: async (request, reply) => {
      const data = await handler(request as EndpointRequest<E>, reply);
      return successEnvelope(data, request.id);
    },
  });
}

/** The signed-in caller; only for handlers of `auth: true` endpoints (else 401). */
export function sessionOf(request: FastifyRequest): SessionInfo {
  if (!request.session) throw new ApiError('UNAUTHORIZED');
  return request.session;
}
