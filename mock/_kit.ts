/**
 * Turns typed handlers into Umi mock routes: the contract's path and method, the envelope,
 * features switched off in config/access.ts, Bearer sessions, input validation against the
 * contract, the API's error statuses (contract/errors.ts) with zh-TW messages, and Idempotency-Key replays on
 * money-moving calls.
 */
import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import featureDefaults from '../config/access';
import { ERROR_STATUS, fullPath, type Endpoint } from '../contract';
import type { PageOf } from '../contract/common';
import { findControlCharacter } from '../contract/rules/text';
import type { BodyOf, DataOf, QueryOf } from '../src/services/types';
import { MockError, invalidField, zhTW } from './_errors';
import { contentLocale } from './_locale';
import { state, type MockUser } from './_state';

/** The parts of an Express request the mocks read. */
export interface MockRequest {
  headers: Record<string, string | string[] | undefined>;
  query?: unknown;
  body?: unknown;
  params?: Record<string, string>;
}

/** The parts of an Express response the mocks write. */
export interface MockResponse {
  status(code: number): MockResponse;
  json(body: unknown): unknown;
  /** Express's; test harnesses may leave it out */
  setHeader?(name: string, value: string): unknown;
}

export type MockHandler = (req: MockRequest, res: MockResponse) => void;

export interface HandlerContext<E extends Endpoint> {
  query: QueryOf<E>;
  body: BodyOf<E>;
  params: { id: string };
  /** the signed-in caller; reading it without a session refuses with 401 */
  readonly user: MockUser;
  /** the caller's session token, when one was sent */
  token: string | null;
  /** scheme and host the request came to, e.g. `http://localhost:8000` */
  origin: string;
  /** the language of catalogue and content texts (mock/_locale.ts) */
  locale: string;
}

export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => DataOf<E>;

export type Handlers<M extends Record<string, Endpoint>> = { [K in keyof M]: Handler<M[K]> };

let lastRequestId = 0;

/** The envelope; a refusal adds its message key and parameters (errKey, errParams) as the server does. */
function envelope(status: number, data: unknown, errCode = '', errMessage = '', ref?: { key: string; params: Record<string, string | number> }) {
  lastRequestId += 1;
  return {
    success: status < 400,
    data,
    errCode,
    errMessage,
    httpStatusCode: status,
    code: status < 400 ? 0 : status,
    message: errMessage,
    showType: status < 400 ? 0 : 2,
    requestId: `mock-${lastRequestId}`,
    ...(ref ? { errKey: ref.key, errParams: ref.params } : {}),
  };
}

function header(req: MockRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function bearerToken(req: MockRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '');
  return match ? match[1] : null;
}

/**
 * Refuses control characters (contract/rules/text.ts), coerces query strings, fills defaults and
 * checks `value` against `schema` (bodies are closed: unknown fields refused); 400 naming the field.
 */
function validated(schema: TSchema | undefined, value: unknown, coerce: boolean): unknown {
  if (!schema) return undefined;
  let input: unknown = value ?? {};
  const controlCharacterAt = findControlCharacter(input, schema);
  if (controlCharacterAt) throw invalidField(controlCharacterAt.join('.'), false);
  if (coerce) input = Value.Convert(schema, Value.Clone(input));
  input = Value.Default(schema, input);
  const error = Value.Errors(schema, input).First();
  if (error) throw invalidField(error.path.replace(/^\//, '').replace(/\//g, '.'), error.value === undefined);
  return input;
}

function handle<E extends Endpoint>(endpoint: E, handler: Handler<E>, req: MockRequest): { status: number; body: unknown } {
  const token = bearerToken(req);
  const uid = token ? state.sessions.get(token) : undefined;
  const caller = uid ? state.users.get(uid) : undefined;
  try {
    if (endpoint.feature && !featureDefaults[endpoint.feature]) throw new MockError('FEATURE_DISABLED', `featureDisabled.${endpoint.feature}`);
    if (endpoint.auth && !caller) throw new MockError('UNAUTHORIZED');
    const ctx: HandlerContext<E> = {
      query: validated(endpoint.query, req.query, true) as QueryOf<E>,
      body: validated(endpoint.body, req.body, false) as BodyOf<E>,
      params: validated(endpoint.params, req.params, true) as { id: string },
      token,
      origin: `${header(req, 'x-forwarded-proto') ?? 'http'}://${header(req, 'host') ?? 'localhost:8000'}`,
      locale: contentLocale(header(req, 'x-locale'), header(req, 'accept-language')),
      get user() {
        if (!caller) throw new MockError('UNAUTHORIZED');
        return caller;
      },
    };
    return { status: 200, body: envelope(200, handler(ctx)) };
  } catch (error) {
    if (!(error instanceof MockError)) throw error;
    const status = ERROR_STATUS[error.code];
    return { status, body: envelope(status, error.data, error.code, error.message, { key: error.key, params: error.params }) };
  }
}

/** Same key + same body → the first reply again (refusals too), marked replayed; same key + another body → 409. */
function idempotent(key: string, request: string, run: () => { status: number; body: unknown }): { status: number; body: unknown; replayed?: boolean } {
  const earlier = state.idempotency.get(key);
  if (!earlier) {
    const reply = run();
    state.idempotency.set(key, { request, ...reply });
    return reply;
  }
  if (earlier.request === request) return { status: earlier.status, body: earlier.body, replayed: true };
  const status = ERROR_STATUS.IDEMPOTENCY_CONFLICT;
  return { status, body: envelope(status, null, 'IDEMPOTENCY_CONFLICT', zhTW.IDEMPOTENCY_CONFLICT, { key: 'IDEMPOTENCY_CONFLICT', params: {} }) };
}

/**
 * `{ 'GET /api/v1/web/…': handler, … }` for every endpoint of a contract domain; the type makes
 * a missing handler a compile error.
 */
export function mockRoutes<M extends Record<string, Endpoint>>(endpoints: M, handlers: Handlers<M>): Record<string, MockHandler> {
  const routes: Record<string, MockHandler> = {};
  for (const name of Object.keys(endpoints) as Array<keyof M & string>) {
    const endpoint = endpoints[name];
    const handler = handlers[name];
    routes[`${endpoint.method} ${fullPath(endpoint)}`] = (req, res) => {
      const key = header(req, 'idempotency-key');
      const token = bearerToken(req);
      const reply = endpoint.moneyMoving && key
        ? idempotent(`${token}:${name}:${key}`, JSON.stringify(req.body ?? null), () => handle(endpoint, handler, req))
        : handle(endpoint, handler, req);
      if ('replayed' in reply && reply.replayed) res.setHeader?.('Idempotent-Replayed', 'true');
      res.status(reply.status).json(reply.body);
    };
  }
  return routes;
}

/**
 * One page of `items` (already in display order), as the server pages (server/http/paging.ts):
 * - by `page`/`pageSize`, with the list's `total`;
 * - a list that grows with time passes `keyOf` (its rows' ids): each page also answers `nextCursor`
 *   (the key of the page's last row; null on the last page), and `cursor` starts the page right
 *   after that row, with no `total` (the server does not count a page asked by cursor), nor does a
 *   page asked with `count=false`;
 * - a list without `keyOf` refuses a cursor, as the server's lists without a sort key do. So does a
 *   cursor that names no row of the list (the server's cursor is the sort key itself and needs no
 *   such row; the mocks' ids do not follow the display order, so the row must be found).
 */
export function paginate<T>(items: T[], query: { page?: number; pageSize?: number; cursor?: string; count?: boolean | string }, keyOf?: (item: T) => string): PageOf<T> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const from = query.cursor === undefined ? (page - 1) * pageSize : afterCursor(items, query.cursor, keyOf);
  const list = items.slice(from, from + pageSize);
  const last = list[list.length - 1];
  const nextCursor = keyOf ? (items.length > from + pageSize && last !== undefined ? keyOf(last) : null) : undefined;
  return {
    list,
    // the query string's "false" (the mocks get it unparsed)
    ...(!keyOf || (query.cursor === undefined && String(query.count) !== 'false') ? { total: items.length } : {}),
    page,
    pageSize,
    ...(nextCursor === undefined ? {} : { nextCursor }),
  };
}

/** where the page after `cursor` starts in `items`; a 400 as the server's for a cursor that does not fit */
function afterCursor<T>(items: T[], cursor: string, keyOf: ((item: T) => string) | undefined): number {
  const at = keyOf ? items.findIndex((item) => keyOf(item) === cursor) : -1;
  if (at < 0) throw new MockError('VALIDATION_FAILED', 'validation.cursor');
  return at + 1;
}

/** the key of the rows of a list that grows with time, for paginate's cursor */
export const byId = (row: { id: string }) => row.id;

/** Newest first by `createdAt`, later-added first among equals; the stored order is kept. */
export function newestFirst<T extends { createdAt: string }>(items: T[]): T[] {
  return [...items].reverse().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
