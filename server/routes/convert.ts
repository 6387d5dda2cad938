/** Conversion: pairs and records, a short-lived quote, and converting at a quote (money-moving). */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { pageArgs, paginate, toPage } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { moneyRoute } from '../idempotency/moneyRoute';
import { convertAtQuote, convertPairs, createQuote, toConvertRecord } from '../ledger/conversions';

export default async function convertRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, time } = app.ctx;

  route(app, contract.account.convert, async (request) => {
    const { userId } = sessionOf(request);
    const args = pageArgs(request.query);
    const query = db.selectFrom('conversions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
    const { rows, total } = await paginate(query, args);
    return { pairs: await convertPairs(db), records: toPage(rows.map((row) => toConvertRecord(row, time)), total, args) };
  });

  route(app, contract.account.convertQuote, async (request) => createQuote(db, sessionOf(request).userId, request.query, clock.now(), time));

  moneyRoute(app, contract.account.convertCreate, ({ request, trx, userId, now }) => convertAtQuote(trx, userId, request.body.quoteId, now, time), {
    payPassword: true,
  });
}
