/**
 * Idempotency-Key for money-moving and order-creating POSTs, as Stripe does it: the key, a hash of
 * the request and its outcome are stored in the same database transaction as the effect. Same key
 * + same request → the first outcome again, marked `Idempotent-Replayed: true`, without a second
 * effect; same key + another request → 409. The first outcome is kept whatever it was, business
 * refusals (403/404/409/422…) included: a key that once got "insufficient balance" keeps getting
 * it, even after a deposit. Outcomes of requests that never started executing are not kept (400
 * bad input, 401, a wrong pay password, 429, 5xx): those may be retried with the same key.
 * A key lives 24 hours; after that it counts as new.
 */
import { hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Endpoint, ErrorCode } from '../../contract';
import type { Db } from '../db';
import { firstRow, preparedQuery, type ParamOf } from '../db/prepared';
import { ApiError } from '../http/errors';
import type { MessageKey, MessageParams } from '../i18n';
import type { Trx } from '../ledger/post';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_LIFETIME_MS = 24 * 3600 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
/** body fields never hashed: a pay password must not be recoverable from the hash */
const SECRET_FIELDS = new Set(['payPassword', 'oldPassword', 'newPassword']);

/** The request's Idempotency-Key, or null when it sent none; 400 when malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY_PATTERN.test(key)) throw new ApiError('BAD_REQUEST', { messageKey: 'idempotency.badKey' });
  return key;
}

/** JSON with sorted keys and the secret fields left out, so equal requests hash equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([name, v]) => !SECRET_FIELDS.has(name) && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, v]) => `${JSON.stringify(name)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(endpoint: Pick<Endpoint, 'method' | 'prefix' | 'path'>, body: unknown): string {
  return hash('sha256', `${endpoint.method} ${endpoint.prefix}${endpoint.path}\n${canonical(body)}`, 'hex');
}

export interface IdempotentCall {
  userId: bigint;
  key: string;
  hash: string;
}

type KeyParams = { userId: bigint; key: string };

/** What a key remembers: the response data, or the refusal (re-translated on each replay). */
export type StoredOutcome =
  | { data: unknown }
  | { refused: { code: ErrorCode; messageKey?: MessageKey; params?: MessageParams; data?: unknown; status: number } };

/** A refusal by the endpoint's own rules, which the key keeps (Stripe: "the endpoint started executing"). */
export function isKeptRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  const status = error.statusCode;
  return status >= 402 && status < 500 && status !== 429 && error.code !== 'IDEMPOTENCY_CONFLICT';
}

export function refusalOutcome(error: ApiError): StoredOutcome {
  const { messageKey, params, data } = error.options;
  return { refused: { code: error.code, messageKey, params, data, status: error.statusCode } };
}

/** The stored outcome as the handler's answer: its data, or its refusal thrown again. */
export function replayOutcome(outcome: StoredOutcome): unknown {
  if ('data' in outcome) return outcome.data;
  const { code, status, ...options } = outcome.refused;
  throw new ApiError(code, { ...options, status });
}

// returns the row only when this call claimed the key: inserted it, or took over an expired one
// (created at or before `before`) as if it had been deleted first; a live key is left as it is
const claimKey = preparedQuery((db: Db, param: ParamOf<KeyParams & { hash: string; at: bigint; before: bigint }>) =>
  db
    .insertInto('idempotency_keys')
    .values({ user_id: param('userId'), key: param('key'), request_hash: param('hash'), response: '', created_at: param('at') })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key'])
        .doUpdateSet((eb) => ({ request_hash: eb.ref('excluded.request_hash'), response: eb.ref('excluded.response'), created_at: eb.ref('excluded.created_at') }))
        .where('idempotency_keys.created_at', '<=', param('before')),
    )
    .returning('user_id'),
);

const earlierCall = preparedQuery((db: Db, param: ParamOf<KeyParams>) =>
  db.selectFrom('idempotency_keys').select(['request_hash', 'response']).where('user_id', '=', param('userId')).where('key', '=', param('key')),
);

const setResponse = preparedQuery((db: Db, param: ParamOf<KeyParams & { response: string }>) =>
  db.updateTable('idempotency_keys').set({ response: param('response') }).where('user_id', '=', param('userId')).where('key', '=', param('key')),
);

/**
 * The stored outcome of an earlier identical call (then the caller must not act again), or
 * undefined when this call claimed the key. A key older than KEY_LIFETIME_MS counts as new: the
 * claim takes it over (one statement, as if it had been deleted first).
 * On PostgreSQL a concurrent transaction holding the same key makes this wait for it: the key is
 * claimed with a placeholder row first, so the second one sees the first's outcome.
 */
export async function replayOrClaim(trx: Trx, call: IdempotentCall, now: number): Promise<StoredOutcome | undefined> {
  const claimed = await claimKey(trx, { userId: call.userId, key: call.key, hash: call.hash, at: BigInt(now), before: BigInt(now - KEY_LIFETIME_MS) });
  if (claimed.length === 1) return undefined;
  const earlier = firstRow(await earlierCall(trx, { userId: call.userId, key: call.key }));
  if (earlier.request_hash !== call.hash) throw new ApiError('IDEMPOTENCY_CONFLICT');
  return JSON.parse(earlier.response) as StoredOutcome;
}

export async function storeOutcome(trx: Trx, call: IdempotentCall, outcome: StoredOutcome): Promise<void> {
  const stored = 'data' in outcome ? { data: outcome.data ?? null } : outcome;
  await setResponse(trx, { userId: call.userId, key: call.key, response: JSON.stringify(stored) });
}

