/**
 * Deposits too large to credit unseen (above DEPOSIT_REVIEW_ABOVE of contract/rules/wallet.ts).
 * When such a deposit has its confirmations the watcher holds it in `review` instead of crediting
 * it; the user sees it as in review. An operator then approves it (`ops deposit:approve`: credited
 * exactly as the watcher would have, naming the operator) or rejects it (`ops deposit:reject
 * --reason`: nothing credited, the coins stay on the deposit address for the operator to return).
 * Repeating a decision changes nothing and says so.
 */
import { DEPOSIT_REVIEW_ABOVE } from '../../contract/rules/wallet';
import { toUnits } from '../../contract/rules/money';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { creditChainDeposit } from './credit';
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

/** review → credited; → { row, changed }: changed false when an operator approved it before */
export async function approveDeposit(db: Db, id: bigint, operator: string, now: number): Promise<{ row: ChainDepositRow; changed: boolean }> {
  const before = await chainDepositById(db, id);
  if (before.status === 'credited' && before.operator !== null) return { row: before, changed: false };
  if (before.status !== 'review') throw new ApiError('CONFLICT', { messageKey: 'deposit.refused.approve' });
  const outcome = await creditChainDeposit(db, before, now, { from: 'review', operator });
  if (outcome === 'notConfirming') return approveDeposit(db, id, operator, now);
  return { row: await chainDepositById(db, id), changed: true };
}

/** review → rejected; → { row, changed }: changed false when it was rejected before */
export async function rejectDeposit(db: Db, id: bigint, operator: string, reason: string, now: number): Promise<{ row: ChainDepositRow; changed: boolean }> {
  const before = await chainDepositById(db, id);
  if (before.status === 'rejected') return { row: before, changed: false };
  const moved = await db
    .updateTable('chain_deposits')
    .set({ status: 'rejected', operator, reason, updated_at: BigInt(now) })
    .where('id', '=', id)
    .where('status', '=', 'review')
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) throw new ApiError('CONFLICT', { messageKey: 'deposit.refused.reject' });
  return { row: await chainDepositById(db, id), changed: true };
}
