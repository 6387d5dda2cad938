/** Account products (10000 = USDT). Balances, deposits, transfers and conversions belong to issue 4. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { ApiError } from '../http/errors';
import { route } from '../http/route';

export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  route(app, contract.account.productTitle, async (request) => {
    const product = await db
      .selectFrom('account_products')
      .select(['id', 'title', 'currency'])
      .where('id', '=', BigInt(request.params.id))
      .executeTakeFirst();
    if (!product) throw new ApiError('NOT_FOUND', { messageKey: 'product.notFound' });
    return { id: String(product.id), title: product.title, currency: product.currency };
  });
}
