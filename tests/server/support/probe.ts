/**
 * Probe endpoints for tests of the HTTP layer: registered through the same `route` helper as the
 * real endpoints, in a plugin so that they load after the rate limiter like every domain plugin.
 */
import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '../../../contract';
import { route, type EndpointHandler } from '../../../server/http/route';

export function addProbe<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void {
  app.register(async (scope) => route(scope, endpoint, handler));
}
