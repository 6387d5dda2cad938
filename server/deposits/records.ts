/**
 * What the deposit page shows: the user's deposit address per network, and one list of their
 * deposit records, newest first: credited deposits (`deposits`: by the chain watcher or by hand)
 * together with the deposits the watcher has seen and not credited (`chain_deposits` confirming,
 * below the minimum, in review or rejected). One UNION ALL query, ordered and paged in the database, so a page boundary
 * never splits or repeats a record. A dropped deposit (its block left the chain before it was
 * credited) is not listed: no money arrived, and if its transaction is mined again the same row
 * comes back as confirming. A credited chain row is listed through its `deposits` row, at the
 * time it was seen (`createdAt`: when the deposit arrived, not when its confirmations were complete).
 *
 * Confirmations of a confirming deposit: the head the watcher's last run saw on that network
 * (chain_cursors.head) - its block + 1, between 0 and the network's required confirmations.
 */
import { sql } from 'kysely';
import type { RechargeResponseType, DepositRecordStatusType } from '../../contract/account';
import { fromUnits } from '../../contract/rules/money';
import type { Db } from '../db';
import type { WatchedNetwork } from './networks';
import { paginate, toPage, type PageArgs, type SortKey } from '../http/paging';
import type { TimeFormat } from '../time';
import { DEPOSIT_NETWORKS } from './creditByHand';

/** the confirmations a network's deposits need: the watcher's (CHAIN_<N>_CONFIRMATIONS) when it follows the network, else the rule table's */
export function requiredConfirmations(watched: readonly WatchedNetwork[], network: string, currency: string): number {
  const byWatcher = watched.find((w) => w.network === network);
  if (byWatcher) return byWatcher.confirmations;
  return DEPOSIT_NETWORKS.find((n) => n.network === network && n.currency === currency)?.confirmations ?? 1;
}

export function confirmationsSeen(head: bigint | null, block: bigint, required: number): number {
  if (head === null) return 0;
  const seen = head - block + 1n;
  if (seen <= 0n) return 0;
  return seen >= BigInt(required) ? required : Number(seen);
}

/** newest first; a credited deposit after a seen one of the same millisecond (kind 1 before 0) */
const RECORD_ORDER: readonly SortKey[] = [
  { column: 'r.created_at', field: 'created_at', kind: 'integer' },
  { column: 'r.kind', field: 'kind', kind: 'integer' },
  { column: 'r.id', field: 'id', kind: 'integer' },
];

export async function depositOverview(
  db: Db, userId: bigint, address: string, currency: string | undefined, args: PageArgs, time: TimeFormat, watched: readonly WatchedNetwork[] = [],
): Promise<RechargeResponseType> {
  const networks = DEPOSIT_NETWORKS.filter((n) => !currency || n.currency === currency).map((n) => ({
    network: n.network,
    currency: n.currency,
    address,
    minDeposit: fromUnits(n.minDeposit),
    confirmations: requiredConfirmations(watched, n.network, n.currency),
  }));
  const credited = db
    .selectFrom('deposits')
    .select([
      'deposits.id as id', 'deposits.network as network', 'deposits.currency as currency', 'deposits.amount as amount',
      'deposits.tx_hash as tx_hash',
      // a deposit the watcher credited arrived when it was seen: it keeps its place in the list
      sql<bigint>`coalesce((select min(c.created_at) from chain_deposits c where c.deposit_id = deposits.id), deposits.created_at)`.as('created_at'),
      sql<string>`'credited'`.as('status'),
      sql<bigint | null>`null`.as('block_number'),
      // credited ones sort after seen ones created at the same millisecond
      sql<number>`0`.as('kind'),
    ])
    .where('deposits.user_id', '=', userId)
    .$if(Boolean(currency), (qb) => qb.where('deposits.currency', '=', currency!));
  const seen = db
    .selectFrom('chain_deposits')
    .select([
      'chain_deposits.id as id', 'chain_deposits.network as network', 'chain_deposits.currency as currency', 'chain_deposits.amount as amount',
      'chain_deposits.tx_hash as tx_hash', 'chain_deposits.created_at as created_at',
      'chain_deposits.status as status',
      'chain_deposits.block_number as block_number',
      sql<number>`1`.as('kind'),
    ])
    .where('chain_deposits.user_id', '=', userId)
    .where('chain_deposits.status', 'in', ['confirming', 'below_minimum', 'review', 'rejected'])
    .$if(Boolean(currency), (qb) => qb.where('chain_deposits.currency', '=', currency!));
  const query = db
    .selectFrom(credited.unionAll(seen).as('r'))
    .selectAll('r')
    .orderBy('r.created_at', 'desc')
    .orderBy('r.kind', 'desc')
    .orderBy('r.id', 'desc');
  const { rows, total, nextCursor } = await paginate(query, args, RECORD_ORDER);

  const names = [...new Set(rows.filter((row) => row.block_number !== null).map((row) => row.network))];
  const heads = new Map<string, bigint>();
  if (names.length) {
    const cursors = await db.selectFrom('chain_cursors').select(['network', 'head']).where('network', 'in', names).execute();
    for (const c of cursors) heads.set(c.network, BigInt(c.head));
  }
  const records = rows.map((row) => {
    const status = row.status as DepositRecordStatusType;
    const base = {
      id: String(row.id),
      network: row.network,
      currency: row.currency,
      amount: fromUnits(BigInt(row.amount)),
      txHash: row.tx_hash,
      status,
    };
    if (row.block_number === null) return { ...base, createdAt: time.timestamp(BigInt(row.created_at)) };
    const required = requiredConfirmations(watched, row.network, row.currency);
    return {
      ...base,
      confirmations: confirmationsSeen(heads.get(row.network) ?? null, BigInt(row.block_number), required),
      requiredConfirmations: required,
      createdAt: time.timestamp(BigInt(row.created_at)),
    };
  });
  return { networks, records: toPage(records, total, args, nextCursor) };
}
