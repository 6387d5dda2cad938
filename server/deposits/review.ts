/**
 * Deposits too large to credit unseen (above DEPOSIT_REVIEW_ABOVE of contract/rules/wallet.ts).
 * When such a deposit has its confirmations the watcher holds it in `review` instead of crediting
 * it; the user sees it as in review. An operator then approves it (the console, or `ops
 * deposit:approve`: credited exactly as the watcher would have, naming the operator) or rejects it
 * (`ops deposit:reject --reason`: nothing credited, the coins stay on the deposit address for the
 * operator to return). Each decision is audited in its transaction; repeating one changes nothing and says so.
 */
import { DEPOSIT_REVIEW_ABOVE } from '../../contract/rules/wallet';
import { fromUnits, toUnits } from '../../contract/rules/money';
import { sql } from 'kysely';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { lockDepositTransaction } from './creditByHand';
import { creditClaimedRow } from './credit';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { actorName, recordAct, type OperatorAct } from '../operators/actor';
import type { ChainDepositRow } from './store';

const REVIEW_ABOVE = new Map(Object.entries(DEPOSIT_REVIEW_ABOVE).map(([currency, amount]) => [currency, toUnits(amount)]));

/** whether a deposit of `amount` ledger units of `currency` waits for an operator */
export function needsReview(currency: string, amount: bigint): boolean {
  const limit = REVIEW_ABOVE.get(currency);
  return limit !== undefined && amount > limit;
}

export async function listChainDeposits(db: Db, status: string, limit: number): Promise<ChainDepositRow[]> {
  return db.selectFrom('chain_deposits').selectAll().where('status', '=', status).orderBy('id', 'asc').limit(limit).execute();
}

async function chainDepositById(db: Db, id: bigint): Promise<ChainDepositRow> {
  const row = await db.selectFrom('chain_deposits').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', { messageKey: 'deposit.notFound' });
  return row;
}

/** the audit log's name of a deposit seen on chain (the id deposit:list and the console show) */
export const seenDepositTarget = (id: bigint | string) => `deposit:${id}`;

const decisionState = (row: ChainDepositRow) => ({ status: row.status, operator: row.operator, reason: row.reason });

export interface DepositDecision {
  row: ChainDepositRow;
  /** false when it had been decided so before (a repeat: nothing changed, nothing audited) */
  changed: boolean;
}

/**
 * review → credited, exactly as the watcher would have credited it (per log, source 'watcher'),
 * naming the operator; one money transaction with the tx hash's lock the watcher and the credit by
 * hand share, audited 'deposit.approve'.
 */
export async function approveDeposit(db: Db, id: bigint, act: OperatorAct): Promise<DepositDecision> {
  const seen = await chainDepositById(db, id);
  return runMoneyTransaction(db, async (trx) => {
    await lockDepositTransaction(trx, seen.network, seen.tx_hash);
    const before = await chainDepositById(trx, id);
    if (before.status === 'credited' && before.operator !== null) return { row: before, changed: false };
    if (before.status !== 'review') throw new ApiError('CONFLICT', { messageKey: 'deposit.refused.approve' });
    const operator = actorName(act.actor);
    const claimed = await trx
      .updateTable('chain_deposits')
      .set({ status: 'credited', operator, credited_at: BigInt(act.now), updated_at: BigInt(act.now) })
      .where('id', '=', id)
      .where('status', '=', 'review')
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) throw new ApiError('CONFLICT', { messageKey: 'deposit.refused.approve' });
    const { depositId } = await creditClaimedRow(trx, before, { from: 'review', operator }, act.now);
    const row = await chainDepositById(trx, id);
    await recordAct(trx, act, {
      action: 'deposit.approve',
      target: seenDepositTarget(id),
      before: decisionState(before),
      after: { ...decisionState(row), deposit: String(depositId), amount: fromUnits(row.amount), currency: row.currency },
    });
    return { row, changed: true };
  });
}

/** review → rejected, nothing credited; audited 'deposit.reject' with the act's reason */
export async function rejectDeposit(db: Db, id: bigint, act: OperatorAct): Promise<DepositDecision> {
  const seen = await chainDepositById(db, id);
  return runMoneyTransaction(db, async (trx) => {
    await lockDepositTransaction(trx, seen.network, seen.tx_hash);
    const before = await chainDepositById(trx, id);
    if (before.status === 'rejected') return { row: before, changed: false };
    const moved = await trx
      .updateTable('chain_deposits')
      .set({ status: 'rejected', operator: actorName(act.actor), reason: act.reason, updated_at: BigInt(act.now) })
      .where('id', '=', id)
      .where('status', '=', 'review')
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new ApiError('CONFLICT', { messageKey: 'deposit.refused.reject' });
    const row = await chainDepositById(trx, id);
    await recordAct(trx, act, { action: 'deposit.reject', target: seenDepositTarget(id), before: decisionState(before), after: decisionState(row) });
    return { row, changed: true };
  });
}

/* ---------- what the console reads ---------- */

export interface DepositFilters {
  /** a chain_deposits status, or 'credited' (the deposits table) */
  status?: string;
  network?: string;
  currency?: string;
  userId?: bigint;
}

/** A deposit as the console lists it: credited (`kind` 0, a deposits row) or seen and not credited (1, a chain_deposits row). */
export interface DepositListRow {
  id: bigint;
  kind: number | bigint;
  user_id: bigint;
  network: string;
  currency: string;
  amount: bigint;
  tx_hash: string;
  log_index: bigint;
  status: string;
  source: string | null;
  operator: string | null;
  reason: string | null;
  block_number: bigint | null;
  created_at: bigint;
}

/**
 * Deposits credited (`deposits`) and seen but not credited (`chain_deposits` in any other status)
 * in one UNION ALL; a credited chain row is listed through its `deposits` row.
 */
function depositRows(db: Db, filters: DepositFilters) {
  const { status, network, currency, userId } = filters;
  const credited = db
    .selectFrom('deposits')
    .select([
      'deposits.id as id', sql<number>`0`.as('kind'), 'deposits.user_id as user_id', 'deposits.network as network', 'deposits.currency as currency',
      'deposits.amount as amount', 'deposits.tx_hash as tx_hash', 'deposits.log_index as log_index', sql<string>`'credited'`.as('status'),
      sql<string | null>`deposits.source`.as('source'), sql<string | null>`deposits.operator`.as('operator'), sql<string | null>`null`.as('reason'),
      sql<bigint | null>`null`.as('block_number'), 'deposits.created_at as created_at',
    ])
    .$if(status !== undefined && status !== 'credited', (qb) => qb.where(sql<boolean>`1 = 0`))
    .$if(network !== undefined, (qb) => qb.where('deposits.network', '=', network!))
    .$if(currency !== undefined, (qb) => qb.where('deposits.currency', '=', currency!))
    .$if(userId !== undefined, (qb) => qb.where('deposits.user_id', '=', userId!));
  const seen = db
    .selectFrom('chain_deposits')
    .select([
      'chain_deposits.id as id', sql<number>`1`.as('kind'), 'chain_deposits.user_id as user_id', 'chain_deposits.network as network',
      'chain_deposits.currency as currency', 'chain_deposits.amount as amount', 'chain_deposits.tx_hash as tx_hash', 'chain_deposits.log_index as log_index',
      'chain_deposits.status as status', sql<string | null>`null`.as('source'), 'chain_deposits.operator as operator', 'chain_deposits.reason as reason',
      'chain_deposits.block_number as block_number', 'chain_deposits.created_at as created_at',
    ])
    .where('chain_deposits.status', '!=', 'credited')
    .$if(status !== undefined, (qb) => qb.where('chain_deposits.status', '=', status!))
    .$if(network !== undefined, (qb) => qb.where('chain_deposits.network', '=', network!))
    .$if(currency !== undefined, (qb) => qb.where('chain_deposits.currency', '=', currency!))
    .$if(userId !== undefined, (qb) => qb.where('chain_deposits.user_id', '=', userId!));
  return db.selectFrom(credited.unionAll(seen).as('r'));
}

/** One page of deposits, newest first (a seen one before a credited one of the same millisecond). */
export async function depositPage(db: Db, filters: DepositFilters, page: number, pageSize: number): Promise<{ rows: DepositListRow[]; total: number }> {
  const [{ total }] = await depositRows(db, filters).select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await depositRows(db, filters)
    .selectAll('r')
    .orderBy('r.created_at', 'desc')
    .orderBy('r.kind', 'desc')
    .orderBy('r.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows: rows as DepositListRow[], total: Number(total) };
}

/** a seen deposit's row as the list shows it */
export function seenDepositListRow(row: ChainDepositRow): DepositListRow {
  return { ...row, kind: 1, source: null };
}
