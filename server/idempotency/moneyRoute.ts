/**
 * `moneyRoute`: registers a money-moving or order-creating endpoint (contract `moneyMoving: true`).
 * The handler runs inside one money transaction (see ledger/moneyTransaction) together with the
 * Idempotency-Key bookkeeping (see ./idempotency: the first outcome is kept, refusals included; a
 * replay says `Idempotent-Replayed: true`); with `payPassword`, the body's pay password is
 * verified first. Products, the mall and the address book use it like transfers and conversions.
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '../../contract';
import type { AppContext } from '../context';
import { route, sessionOf, type EndpointRequest, type RouteOptions } from '../http/route';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import type { Trx } from '../ledger/post';
import { verifyPayPassword } from '../payPassword/payPassword';
import {
  idempotencyKeyOf,
  isKeptRefusal,
  refusalOutcome,
  REPLAYED_HEADER,
  replayOrClaim,
  replayOutcome,
  requestHash,
  storeOutcome,
  type IdempotentCall,
  type StoredOutcome,
} from './idempotency';

export interface MoneyCall<E extends Endpoint> {
  request: EndpointRequest<E>;
  trx: Trx;
  userId: bigint;
  /** the clock's time when the request arrived */
  now: number;
}

export interface MoneyRouteOptions extends RouteOptions {
  /** verify `body.payPassword` before acting (every outgoing money movement) */
  payPassword?: boolean;
  /** runs (and commits) before the money transaction, after the pay password: e.g. the mall's sweep of the caller's overdue orders */
  before?: (userId: bigint, now: number) => Promise<void>;
}

export function moneyRoute<E extends Endpoint>(
  app: FastifyInstance,
  { db, clock, payPasswordKeys }: Pick<AppContext, 'db' | 'clock' | 'payPasswordKeys'>,
  endpoint: E,
  handler: (call: MoneyCall<E>) => Promise<Static<E['response']>>,
  options: MoneyRouteOptions = {},
): void {
  route(app, endpoint, async (request, reply) => {
    const { userId } = sessionOf(request);
    const now = clock.now();
    const key = idempotencyKeyOf(request);
    // a wrong pay password is an authentication failure, not an outcome the key keeps
    if (options.payPassword) {
      const { payPassword } = request.body as { payPassword: string };
      await verifyPayPassword(db, payPasswordKeys, userId, payPassword, now);
    }
    if (options.before) await options.before(userId, now);
    const act = (trx: Trx) => handler({ request, trx, userId, now });
    if (!key) return runMoneyTransaction(db, act);

    const call: IdempotentCall = { userId, key, hash: requestHash(endpoint, request.body) };
    const replay = (outcome: StoredOutcome) => {
      reply.header(REPLAYED_HEADER, 'true');
      return replayOutcome(outcome) as Static<E['response']>;
    };
    let earlier: StoredOutcome | undefined;
    try {
      const data = await runMoneyTransaction(db, async (trx) => {
        earlier = await replayOrClaim(trx, call, now);
        if (earlier) return undefined;
        const result = await act(trx);
        await storeOutcome(trx, call, { data: result });
        return result;
      });
      return earlier ? replay(earlier) : (data as Static<E['response']>);
    } catch (error) {
      if (!isKeptRefusal(error) || earlier) throw error;
      // the refusal rolled the claim back with everything else: keep it under the key on its own,
      // unless an identical call claimed the key meanwhile (then its outcome is the first one)
      const first = await runMoneyTransaction(db, async (trx) => {
        const stored = await replayOrClaim(trx, call, now);
        if (!stored) await storeOutcome(trx, call, refusalOutcome(error));
        return stored;
      });
      if (first) return replay(first);
      throw error;
    }
  }, options);
}
