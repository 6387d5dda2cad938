/**
 * The operator's review (ops withdraw:list / withdraw:approve / withdraw:reject). A withdrawal in
 * review is approved (→ processing: the signer may send it) or rejected (→ rejected, amount + fee
 * returned under the ledger reference `withdraw:<id>:reject:<operator>`). A withdrawal already
 * approved but not yet handed to the signer (processing, no nonce) may still be rejected. Every
 * decision names the operator and the time on the withdrawal; repeating one changes nothing.
 */
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { postReturn } from './ledger';
import { moveStatus } from './requests';
import type { WithdrawalRow } from './view';

export async function listWithdrawals(db: Db, status: string | null, limit = 100): Promise<WithdrawalRow[]> {
  let query = db.selectFrom('withdrawals').selectAll().orderBy('id', 'asc').limit(limit);
  query = status ? query.where('status', '=', status) : query.where('status', 'in', ['review', 'processing', 'broadcast', 'confirming']);
  return query.execute();
}

async function withdrawalById(db: Db, id: bigint): Promise<WithdrawalRow> {
  const row = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', { messageKey: 'withdraw.notFound' });
  return row;
}

/** → { row, changed }: changed false when it was already approved by this step (a repeat). */
export async function approveWithdrawal(db: Db, id: bigint, operator: string, now: number): Promise<{ row: WithdrawalRow; changed: boolean }> {
  return runMoneyTransaction(db, async (trx) => {
    const before = await withdrawalById(trx, id);
    if (before.status !== 'review') {
      if (before.status === 'processing' && before.operator !== null) return { row: before, changed: false };
      throw new ApiError('CONFLICT', { messageKey: 'withdraw.refused.approve' });
    }
    if (!(await moveStatus(trx, id, ['review'], { status: 'processing', operator, reviewed_at: BigInt(now) }, now))) throw new ApiError('CONFLICT', { messageKey: 'withdraw.refused.approve' });
    return { row: await withdrawalById(trx, id), changed: true };
  });
}

export async function rejectWithdrawal(db: Db, id: bigint, operator: string, reason: string, now: number): Promise<{ row: WithdrawalRow; changed: boolean }> {
  return runMoneyTransaction(db, async (trx) => {
    const before = await withdrawalById(trx, id);
    if (before.status === 'rejected') return { row: before, changed: false };
    const moved = await trx
      .updateTable('withdrawals')
      .set({ status: 'rejected', operator, reason, reviewed_at: BigInt(now), finished_at: BigInt(now), updated_at: BigInt(now) })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('status', '=', 'review'), eb.and([eb('status', '=', 'processing'), eb('nonce', 'is', null)])]))
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new ApiError('CONFLICT', { messageKey: 'withdraw.refused.reject' });
    await postReturn(trx, before, `reject:${operator}`, now);
    return { row: await withdrawalById(trx, id), changed: true };
  });
}
