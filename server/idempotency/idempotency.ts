/**
 * Idempotency-Key for money-moving POSTs: the key, a hash of the request and the response are
 * stored in the same database transaction as the effect. Same key + same request → the first
 * response again, without a second effect; same key + another request → 409.
 * Only successful responses are stored: a refused request changed nothing, so it may be retried
 * with the same key (e.g. after a mistyped pay password).
 */
import { hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '../../contract';
import type { Db } from '../db';
import { firstRow, preparedQuery, type ParamOf } from '../db/prepared';
import { ApiError } from '../http/errors';
import type { Trx } from '../ledger/post';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
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

// returns the row only when this call inserted it
const claimKey = preparedQuery((db: Db, param: ParamOf<KeyParams & { hash: string; at: bigint }>) =>
  db
    .insertInto('idempotency_keys')
    .values({ user_id: param('userId'), key: param('key'), request_hash: param('hash'), response: '', created_at: param('at') })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('user_id'),
);

const earlierCall = preparedQuery((db: Db, param: ParamOf<KeyParams>) =>
  db.selectFrom('idempotency_keys').select(['request_hash', 'response']).where('user_id', '=', param('userId')).where('key', '=', param('key')),
);

const setResponse = preparedQuery((db: Db, param: ParamOf<KeyParams & { response: string }>) =>
  db.updateTable('idempotency_keys').set({ response: param('response') }).where('user_id', '=', param('userId')).where('key', '=', param('key')),
);

/**
 * The stored response of an earlier identical call (then the caller must not act again), or
 * undefined. On PostgreSQL a concurrent transaction holding the same key makes this wait for it:
 * the key is claimed with a placeholder row first, so the second one sees the first's result.
 */
export async function replayOrClaim(trx: Trx, call: IdempotentCall, now: number): Promise<unknown | undefined> {
  const claimed = await claimKey(trx, { userId: call.userId, key: call.key, hash: call.hash, at: BigInt(now) });
  if (claimed.length === 1) return undefined;
  const earlier = firstRow(await earlierCall(trx, { userId: call.userId, key: call.key }));
  if (earlier.request_hash !== call.hash) throw new ApiError('IDEMPOTENCY_CONFLICT');
  return JSON.parse(earlier.response) as unknown;
}

export async function storeResponse(trx: Trx, call: IdempotentCall, response: unknown): Promise<void> {
  await setResponse(trx, { userId: call.userId, key: call.key, response: JSON.stringify(response ?? null) });
}
