/** contract/market.ts: market prices with age, 24-hour change and history (public). */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { route } from '../http/route';

export default async function marketRoutes(app: FastifyInstance, deps: AppContext): Promise<void> {
  const { db, clock, time, prices } = deps;
  route(app, contract.market.prices, async () => ({ prices: await prices.market(db, clock.now(), time) }));
}
