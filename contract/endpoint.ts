/**
 * How one API call is described, once, for the server, the mocks and the typed services.
 * `path` is relative to its prefix and uses Fastify/Umi style `:param` placeholders.
 */
import type { TSchema } from '@sinclair/typebox';
import type { Feature } from './features';

export const API_PREFIX = {
  base: '/api/v1/base',
  web: '/api/v1/web',
} as const;

export type ApiPrefix = keyof typeof API_PREFIX;
export type HttpMethod = 'GET' | 'POST';

export interface Endpoint<
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  P extends TSchema | undefined = TSchema | undefined,
  R extends TSchema = TSchema,
> {
  method: HttpMethod;
  prefix: ApiPrefix;
  path: string;
  summary: string;
  /** true when the caller must be signed in (Bearer token) */
  auth: boolean;
  /** true for POSTs that move money or create an order or record: they accept an Idempotency-Key and are rate limited */
  moneyMoving?: boolean;
  /** the admin feature flag this call belongs to: switched off → 403 FEATURE_DISABLED (DESIGN §5) */
  feature?: Feature;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
}

export function defineEndpoint<
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
>(endpoint: Endpoint<Q, B, P, R>): Endpoint<Q, B, P, R> {
  return endpoint;
}

/** The full URL pattern of an endpoint, e.g. `/api/v1/web/user/address/:id`. */
export function fullPath(endpoint: Pick<Endpoint, 'prefix' | 'path'>): string {
  return API_PREFIX[endpoint.prefix] + endpoint.path;
}
