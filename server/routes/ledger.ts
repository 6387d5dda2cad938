/** The money core's endpoints (issue 4), one plugin per concern. */
import type { FastifyInstance } from 'fastify';
import balanceRoutes from './balances';
import convertRoutes from './convert';
import depositRoutes from './deposit';
import payPassRoutes from './payPass';
import transferRoutes from './transfer';
import walletDetailsRoutes from './walletDetails';

export default async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  for (const plugin of [balanceRoutes, depositRoutes, transferRoutes, convertRoutes, walletDetailsRoutes, payPassRoutes]) {
    await app.register(plugin);
  }
}
