/** GET /account/account: balances per currency with their USDT value and the total. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { route, sessionOf } from '../http/route';
import { balanceOverview } from '../ledger/balances';

export default async function balanceRoutes(app: FastifyInstance): Promise<void> {
  route(app, contract.account.account, async (request) => balanceOverview(app.ctx.db, sessionOf(request).userId, request.query.currency));
}
