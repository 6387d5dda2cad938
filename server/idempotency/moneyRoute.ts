/**
 * `moneyRoute`: registers a money-moving endpoint (contract `moneyMoving: true`). The handler runs
 * inside one money transaction (see ledger/moneyTransaction) together with the Idempotency-Key
 * bookkeeping; with `payPassword`, the body's pay password is verified first. Products and the
 * mall use it the same way as transfers and conversions.
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '../../contract';
import { route, sessionOf, type EndpointRequest, type RouteOptions } from '../http/route';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import type { Trx } from '../ledger/post';
import { verifyPayPassword } from '../payPassword/payPassword';
import { idempotencyKeyOf, replayOrClaim, requestHash, storeResponse, type IdempotentCall } from './idempotency';

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
}

export function moneyRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (call: MoneyCall<E>) => Promise<Static<E['response']>>,
  options: MoneyRouteOptions = {},
): void {
  const { db, clock } = app.ctx;
  route(app, endpoint, async (request) => {
    const { userId } = sessionOf(request);
    const now = clock.now();
    const key = idempotencyKeyOf(request);
    if (options.payPassword) {
      const { payPassword } = request.body as { payPassword: string };
      await verifyPayPassword(db, userId, payPassword, now);
    }
    const call: IdempotentCall | null = key ? { userId, key, hash: requestHash(endpoint, request.body) } : null;
    return runMoneyTransaction(db, async (trx) => {
      if (call) {
        const earlier = await replayOrClaim(trx, call, now);
        if (earlier !== undefined) return earlier as Static<E['response']>;
      }
      const data = await handler({ request, trx, userId, now });
      if (call) await storeResponse(trx, call, data);
      return data;
    });
  }, options);
}
