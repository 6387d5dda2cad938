/**
 * How one API call is described, once, for the server, the mocks and the typed services.
 * `path` is relative to its prefix and uses Fastify/Umi style `:param` placeholders.
 */
import type { TSchema } from '@sinclair/typebox';
import type { Feature } from './features';
import type { OperatorPermission } from './rules/operators';

export const API_PREFIX = {
  base: '/api/v1/base',
  web: '/api/v1/web',
  /** the operator console's calls (contract/admin.ts): operator sessions only, never a user's */
  admin: '/api/v1/admin',
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
  /**
   * operator endpoints (prefix `admin`): the permission the operator's role must hold, or `signedIn`
   * for any live operator session; a user's token is refused (401)
   */
  operator?: OperatorPermission | 'signedIn';
  /** true for POSTs that move money or create an order or record: they accept an Idempotency-Key and are rate limited */
  moneyMoving?: boolean;
  /** the admin feature flag this call belongs to: switched off → 403 FEATURE_DISABLED (config/access.ts, docs/decisions.md) */
  feature?: Feature;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
}

/**
 * Every endpoint is declared through here; its body comes out closed (see `closedBody`), so no
 * schema has to remember `additionalProperties: false` by hand.
 */
export function defineEndpoint<
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
>(endpoint: Endpoint<Q, B, P, R>): Endpoint<Q, B, P, R> {
  return endpoint.body ? { ...endpoint, body: closedBody(endpoint.body) } : endpoint;
}

const SUBSCHEMA_LISTS = ['anyOf', 'allOf', 'oneOf'] as const;

/**
 * A copy of a request body schema in which every object refuses properties it does not name
 * (`additionalProperties: false` unless the schema says otherwise): an unknown field in a body is
 * a 400 naming it, never silently dropped. Copies keep TypeBox's symbol keys (object spread does).
 */
export function closedBody<T extends TSchema>(schema: T): T {
  const copy: TSchema = { ...schema };
  if (schema.type === 'object') {
    copy.additionalProperties = schema.additionalProperties ?? false;
    if (schema.properties) {
      copy.properties = Object.fromEntries(
        Object.entries(schema.properties as Record<string, TSchema>).map(([key, property]) => [key, closedBody(property)]),
      );
    }
  }
  if (schema.items && !Array.isArray(schema.items)) copy.items = closedBody(schema.items as TSchema);
  for (const list of SUBSCHEMA_LISTS) {
    if (Array.isArray(schema[list])) copy[list] = (schema[list] as TSchema[]).map(closedBody);
  }
  return copy as T;
}

/** The full URL pattern of an endpoint, e.g. `/api/v1/web/user/address/:id`. */
export function fullPath(endpoint: Pick<Endpoint, 'prefix' | 'path'>): string {
  return API_PREFIX[endpoint.prefix] + endpoint.path;
}
