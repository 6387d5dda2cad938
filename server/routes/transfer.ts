/** Transfers between PowerFi users: options, history and the (money-moving) create call. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { contract } from '../../contract';
import { pageArgs, paginate, toPage } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { moneyRoute } from '../idempotency/moneyRoute';
import { TRANSFER_RULES } from '../ledger/currencyRules';
import { createTransfer } from '../ledger/transfers';
import { fromUnits } from '../../contract/rules/money';

const RECENT_RECIPIENTS = 5;

export default async function transferRoutes(app: FastifyInstance): Promise<void> {
  const { db, time } = app.ctx;

  route(app, contract.account.transferOptions, async (request) => {
    const { userId } = sessionOf(request);
    const accounts = await db.selectFrom('ledger_accounts').select(['currency', 'available']).where('user_id', '=', userId).execute();
    const available = new Map(accounts.map((a) => [a.currency, a.available]));
    const recent = await db
      .selectFrom('transfers as t')
      .innerJoin('users as u', 'u.id', 't.to_user_id')
      .select(['u.uid', 'u.address', sql<bigint>`max(t.id)`.as('last_id')])
      .where('t.from_user_id', '=', userId)
      .groupBy(['u.uid', 'u.address'])
      .orderBy('last_id', 'desc')
      .limit(RECENT_RECIPIENTS)
      .execute();
    return {
      currencies: Object.entries(TRANSFER_RULES).map(([currency, rule]) => ({
        currency,
        fee: fromUnits(rule.fee),
        minAmount: fromUnits(rule.minAmount),
        available: fromUnits(available.get(currency) ?? 0n),
      })),
      recentRecipients: recent.map((r) => ({ uid: r.uid, address: r.address })),
    };
  });

  route(app, contract.account.transfers, async (request) => {
    const { userId } = sessionOf(request);
    const args = pageArgs(request.query);
    const query = db
      .selectFrom('transfers as t')
      .innerJoin('users as f', 'f.id', 't.from_user_id')
      .innerJoin('users as r', 'r.id', 't.to_user_id')
      .select(['t.id', 't.from_user_id', 't.currency', 't.amount', 't.fee', 't.created_at', 'f.uid as from_uid', 'f.address as from_address', 'r.uid as to_uid', 'r.address as to_address'])
      .where((eb) => eb.or([eb('t.from_user_id', '=', userId), eb('t.to_user_id', '=', userId)]))
      .orderBy('t.id', 'desc');
    const { rows, total } = await paginate(query, args);
    const list = rows.map((row) => {
      const out = row.from_user_id === userId;
      return {
        id: String(row.id),
        direction: out ? ('out' as const) : ('in' as const),
        counterpartyUid: out ? row.to_uid : row.from_uid,
        counterpartyAddress: out ? row.to_address : row.from_address,
        currency: row.currency,
        amount: fromUnits(row.amount),
        fee: fromUnits(out ? row.fee : 0n),
        status: 'success' as const,
        createdAt: time.timestamp(row.created_at),
      };
    });
    return toPage(list, total, args);
  });

  moneyRoute(app, contract.account.transferCreate, ({ request, trx, userId, now }) => createTransfer(trx, userId, request.body, now, time), {
    payPassword: true,
  });
}
