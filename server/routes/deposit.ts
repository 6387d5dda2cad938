/** GET /account/recharge: the user's deposit address per network, and their credited deposits. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { pageArgs, paginate, toPage } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { openDepositAddressBook } from '../ledger/depositAddresses';
import { DEPOSIT_NETWORKS } from '../ledger/deposits';
import { fromUnits } from '../../contract/rules/money';

export default async function depositRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, clock, time } = app.ctx;
  const addresses = await openDepositAddressBook(db, config.depositXpub, clock.now());

  route(app, contract.account.recharge, async (request) => {
    const { userId } = sessionOf(request);
    const { currency } = request.query;
    const address = addresses.addressOf(userId);
    const networks = DEPOSIT_NETWORKS.filter((n) => !currency || n.currency === currency).map((n) => ({
      network: n.network,
      currency: n.currency,
      address,
      minDeposit: fromUnits(n.minDeposit),
      confirmations: n.confirmations,
    }));
    const args = pageArgs(request.query);
    const query = db
      .selectFrom('deposits')
      .select(['id', 'network', 'currency', 'amount', 'tx_hash', 'created_at'])
      .where('user_id', '=', userId)
      .$if(Boolean(currency), (qb) => qb.where('currency', '=', currency!))
      .orderBy('id', 'desc');
    const { rows, total } = await paginate(query, args);
    const records = rows.map((row) => ({
      id: String(row.id),
      network: row.network,
      currency: row.currency,
      amount: fromUnits(row.amount),
      txHash: row.tx_hash,
      status: 'credited' as const,
      createdAt: time.timestamp(row.created_at),
    }));
    return { networks, records: toPage(records, total, args) };
  });
}
