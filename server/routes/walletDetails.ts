/** GET /user/wallet/details: the signed-in user's ledger entries (never anyone else's). */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { route, sessionOf } from '../http/route';
import { walletDetails } from '../ledger/walletDetails';

export default async function walletDetailsRoutes(app: FastifyInstance): Promise<void> {
  const { db, time, config } = app.ctx;
  route(app, contract.user.walletDetails, async (request) =>
    walletDetails(db, sessionOf(request).userId, request.query, time, config.displayUtcOffsetMinutes),
  );
}
