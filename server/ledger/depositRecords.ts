/** What the deposit page shows: the user's deposit address per network and their credited deposits. */
import type { RechargeResponseType } from '../../contract/account';
import { fromUnits } from '../../contract/rules/money';
import type { Db } from '../db';
import { paginate, toPage, type PageArgs } from '../http/paging';
import type { TimeFormat } from '../time';
import { DEPOSIT_NETWORKS } from './deposits';

export async function depositOverview(db: Db, userId: bigint, address: string, currency: string | undefined, args: PageArgs, time: TimeFormat): Promise<RechargeResponseType> {
  const networks = DEPOSIT_NETWORKS.filter((n) => !currency || n.currency === currency).map((n) => ({
    network: n.network,
    currency: n.currency,
    address,
    minDeposit: fromUnits(n.minDeposit),
    confirmations: n.confirmations,
  }));
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
}
