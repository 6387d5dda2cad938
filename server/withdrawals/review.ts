/**
 * The operator's review, from the console and the command line (ops withdraw:list /
 * withdraw:approve / withdraw:reject) alike. A withdrawal in review is approved (→ processing: the
 * signer may send it) or rejected (→ rejected, amount + fee returned under the ledger reference
 * `withdraw:<id>:release`, postings.ts). A withdrawal already approved but not yet handed to the
 * signer (processing, no nonce) may still be rejected. Every decision names the operator and the
 * time on the withdrawal and is audited in its own transaction; repeating one changes nothing.
 *
 * Four eyes: in the console, a withdrawal above WITHDRAW_SECOND_APPROVAL_ABOVE of its currency is
 * approved by two different reviewers: the first one's approval is a pending approval, the
 * second one's (here, or through the approvals page) carries it out. The command line is the
 * server owner's break-glass path and approves at once. A frozen account's withdrawal is never
 * approved; rejecting it returns the money to the account, where it stays.
 */
import { fromUnits, toUnits } from '../../contract/rules/money';
import { WITHDRAW_SECOND_APPROVAL_ABOVE } from '../../contract/rules/withdraw';
import { isSqlite, type Db } from '../db';
import { ApiError } from '../http/errors';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import type { Trx } from '../ledger/post';
import { actorName, recordAct, type OperatorAct } from '../operators/actor';
import { completeApproval, pendingApproval, requestApproval, type ApprovalRow } from '../operators/approvals';
import { assertNotFrozen } from '../users/freeze';
import { notifyWithdrawal } from './notify';
import { postReturn } from './postings';
import { moveStatus } from './requests';
import type { WithdrawalRow } from './view';

export async function listWithdrawals(db: Db, status: string | null, limit = 100): Promise<WithdrawalRow[]> {
  let query = db.selectFrom('withdrawals').selectAll().orderBy('id', 'asc').limit(limit);
  query = status ? query.where('status', '=', status) : query.where('status', 'in', ['review', 'processing', 'broadcast', 'confirming']);
  return query.execute();
}

export async function withdrawalById(db: Db, id: bigint, lock = false): Promise<WithdrawalRow> {
  const row = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .$if(lock && !isSqlite(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', { messageKey: 'withdraw.notFound' });
  return row;
}

/** the approvals' and the audit log's name of a withdrawal */
export const withdrawalTarget = (id: bigint | string) => `withdrawal:${id}`;

/** the withdrawal id an approval's target names */
export function withdrawalIdOfTarget(target: string): bigint {
  const match = /^withdrawal:([1-9][0-9]{0,17})$/.exec(target);
  if (!match) throw new Error(`not a withdrawal target: ${target}`);
  return BigInt(match[1]);
}

/** above its currency's WITHDRAW_SECOND_APPROVAL_ABOVE: two reviewers approve it in the console */
export function needsSecondApproval(row: Pick<WithdrawalRow, 'currency' | 'amount'>): boolean {
  const above = WITHDRAW_SECOND_APPROVAL_ABOVE[row.currency];
  return above !== undefined && row.amount > toUnits(above);
}

const reviewState = (row: WithdrawalRow) => ({ status: row.status, operator: row.operator, reason: row.reason });

export interface Decision {
  row: WithdrawalRow;
  /** false when this step had been taken before (a repeat: nothing changed, nothing audited) */
  changed: boolean;
}

/** review → processing inside the caller's money transaction, audited 'withdraw.approve'. */
export async function approveWithdrawalIn(trx: Trx, id: bigint, act: OperatorAct): Promise<Decision> {
  const before = await withdrawalById(trx, id, true);
  if (before.status !== 'review') {
    if (before.status === 'processing' && before.operator !== null) return { row: before, changed: false };
    throw new ApiError('CONFLICT', { messageKey: 'withdraw.refused.approve' });
  }
  await assertNotFrozen(trx, before.user_id);
  const operator = actorName(act.actor);
  if (!(await moveStatus(trx, id, ['review'], { status: 'processing', operator, reviewed_at: BigInt(act.now) }, act.now))) {
    throw new ApiError('CONFLICT', { messageKey: 'withdraw.refused.approve' });
  }
  // approved from the command line while a first reviewer's approval waited: nothing is left to confirm
  const row = await auditDecision(trx, id, act, 'withdraw.approve', before);
  await notifyWithdrawal(trx, row, 'withdraw.approved', act.now);
  return { row, changed: true };
}

/** Approves at once (the command line, and every withdrawal at or below the four-eyes threshold). */
export async function approveWithdrawal(db: Db, id: bigint, act: OperatorAct): Promise<Decision> {
  return runMoneyTransaction(db, (trx) => approveWithdrawalIn(trx, id, act));
}

export interface ReviewApproval extends Decision {
  /** 'awaitingSecond': the first of two reviewers approved; nothing moved yet */
  outcome: 'approved' | 'awaitingSecond';
  /** the four-eyes approval asked (awaitingSecond) or completed (approved by the second reviewer) */
  approval: ApprovalRow | null;
}

/**
 * A reviewer's approval in the console: below the four-eyes threshold it is carried out; above it
 * the first reviewer's is recorded as a pending approval and a different reviewer's completes it
 * (the same reviewer twice: 409 admin.approval.sameOperator).
 */
export async function reviewApproveWithdrawal(db: Db, id: bigint, act: OperatorAct): Promise<ReviewApproval> {
  return runMoneyTransaction(db, async (trx) => {
    const row = await withdrawalById(trx, id, true);
    if (act.actor.source !== 'console' || !needsSecondApproval(row) || row.status !== 'review') {
      const decision = await approveWithdrawalIn(trx, id, act);
      return { ...decision, outcome: 'approved', approval: null };
    }
    await assertNotFrozen(trx, row.user_id);
    const target = withdrawalTarget(id);
    const pending = await pendingApproval(trx, 'withdraw.approve', target);
    if (!pending) {
      const approval = await requestApproval(trx, act, {
        action: 'withdraw.approve',
        target,
        payload: { withdrawal: String(id), uid: await uidOf(trx, row.user_id), currency: row.currency, network: row.network, address: row.address, amount: fromUnits(row.amount) },
      });
      return { row, changed: false, outcome: 'awaitingSecond', approval };
    }
    await completeApproval(trx, pending, act);
    const decision = await approveWithdrawalIn(trx, id, act);
    return { ...decision, outcome: 'approved', approval: await trx.selectFrom('approvals').selectAll().where('id', '=', pending.id).executeTakeFirstOrThrow() };
  });
}

async function uidOf(trx: Trx, userId: bigint): Promise<string> {
  return (await trx.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow()).uid;
}

/** The four-eyes executor: the second reviewer's confirmation (POST /admin/approvals/:id/confirm) approves the withdrawal. */
export async function confirmWithdrawalApproval(db: Db, approval: ApprovalRow, act: OperatorAct): Promise<Decision> {
  return runMoneyTransaction(db, async (trx) => {
    await completeApproval(trx, approval, act);
    return approveWithdrawalIn(trx, withdrawalIdOfTarget(approval.target), act);
  });
}

/** → rejected, amount + fee returned; a pending second approval of it is cancelled. Audited 'withdraw.reject'. */
export async function rejectWithdrawal(db: Db, id: bigint, act: OperatorAct): Promise<Decision> {
  return runMoneyTransaction(db, async (trx) => {
    const before = await withdrawalById(trx, id, true);
    if (before.status === 'rejected') return { row: before, changed: false };
    const operator = actorName(act.actor);
    const now = BigInt(act.now);
    const moved = await trx
      .updateTable('withdrawals')
      .set({ status: 'rejected', operator, reason: act.reason, reviewed_at: now, finished_at: now, updated_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('status', '=', 'review'), eb.and([eb('status', '=', 'processing'), eb('nonce', 'is', null)])]))
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new ApiError('CONFLICT', { messageKey: 'withdraw.refused.reject' });
    await postReturn(trx, before, act.now);
    await notifyWithdrawal(trx, before, 'withdraw.rejected', act.now);
    const row = await auditDecision(trx, id, act, 'withdraw.reject', before);
    return { row, changed: true };
  });
}

/** After a decision moved the withdrawal: a pending second approval of it is cancelled, the step audited; the row as it is now. */
async function auditDecision(trx: Trx, id: bigint, act: OperatorAct, action: 'withdraw.approve' | 'withdraw.reject', before: WithdrawalRow): Promise<WithdrawalRow> {
  const cancelled = await cancelPendingApproval(trx, id, act);
  const row = await withdrawalById(trx, id);
  await recordAct(trx, act, {
    action,
    target: withdrawalTarget(id),
    before: reviewState(before),
    after: { ...reviewState(row), ...(cancelled ? { cancelledApproval: String(cancelled) } : {}) },
  });
  return row;
}

/**
 * A first reviewer's approval still waiting for the second: turned down with the withdrawal, in its
 * transaction, audited '<action>.cancel' (the rejection's own entry spends the proof).
 */
async function cancelPendingApproval(trx: Trx, id: bigint, act: OperatorAct): Promise<bigint | null> {
  const pending = await pendingApproval(trx, 'withdraw.approve', withdrawalTarget(id));
  if (!pending) return null;
  const moved = await trx
    .updateTable('approvals')
    .set({ status: 'cancelled', decided_by: act.actor.source === 'console' ? act.actor.operatorId : null, decided_at: BigInt(act.now) })
    .where('id', '=', pending.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) return null;
  await recordAct(trx, { ...act, stepUp: undefined }, { action: `${pending.action}.cancel`, target: pending.target, after: { approval: String(pending.id) } });
  return pending.id;
}

/* ---------- what the console reads ---------- */

export interface WithdrawalFilters {
  status?: string;
  currency?: string;
  network?: string;
  userId?: bigint;
}

/** One page of withdrawals, newest first; filtered by status `review`, the queue: oldest first. */
export async function withdrawalPage(db: Db, filters: WithdrawalFilters, page: number, pageSize: number): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const { status, currency, network, userId } = filters;
  const filtered = db
    .selectFrom('withdrawals')
    .$if(status !== undefined, (qb) => qb.where('status', '=', status!))
    .$if(currency !== undefined, (qb) => qb.where('currency', '=', currency!))
    .$if(network !== undefined, (qb) => qb.where('network', '=', network!))
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!));
  const [{ total }] = await filtered.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const direction = status === 'review' ? 'asc' : 'desc';
  const rows = await filtered.selectAll().orderBy('created_at', direction).orderBy('id', direction).limit(pageSize).offset((page - 1) * pageSize).execute();
  return { rows, total: Number(total) };
}

/** the first reviewers' approvals waiting for a second one, by withdrawal target, with who asked */
export async function pendingApprovalsOf(db: Db, ids: bigint[]): Promise<Map<string, { id: bigint; address: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('approvals')
    .innerJoin('operators', 'operators.id', 'approvals.requested_by')
    .select(['approvals.id', 'approvals.target', 'operators.address'])
    .where('approvals.action', '=', 'withdraw.approve')
    .where('approvals.status', '=', 'pending')
    .where('approvals.target', 'in', ids.map(withdrawalTarget))
    .execute();
  return new Map(rows.map((row) => [row.target, { id: row.id, address: row.address }]));
}

/** the users the console names on its rows */
export async function userSummaryRows(db: Db, ids: bigint[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  return db.selectFrom('users').select(['id', 'uid', 'address', 'frozen_at', 'created_at']).where('id', 'in', unique).execute();
}

/** a UID's user id; null when there is no such user */
export async function userIdOfUid(db: Db, uid: string): Promise<bigint | null> {
  const row = await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst();
  return row ? row.id : null;
}

/** What a reviewer looks at besides the withdrawal: the user's balances, last entries and other withdrawals, and its approvals. */
export async function withdrawalContext(db: Db, row: WithdrawalRow, limits: { entries: number; withdrawals: number }) {
  const balances = await db
    .selectFrom('ledger_accounts')
    .select(['currency', 'available', 'frozen'])
    .where('user_id', '=', row.user_id)
    .orderBy('currency')
    .execute();
  const entries = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select([
      'ledger_entries.id', 'ledger_entries.type', 'ledger_entries.currency', 'ledger_entries.bucket', 'ledger_entries.amount',
      'ledger_entries.balance_after', 'ledger_entries.remark', 'ledger_entries.created_at', 'ledger_transactions.ref',
    ])
    .where('ledger_entries.user_id', '=', row.user_id)
    .orderBy('ledger_entries.id', 'desc')
    .limit(limits.entries)
    .execute();
  const others = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('user_id', '=', row.user_id)
    .where('id', '!=', row.id)
    .orderBy('id', 'desc')
    .limit(limits.withdrawals)
    .execute();
  const approvals = await db
    .selectFrom('approvals')
    .selectAll()
    .where('action', '=', 'withdraw.approve')
    .where('target', '=', withdrawalTarget(row.id))
    .orderBy('id', 'desc')
    .execute();
  return { balances, entries, others, approvals };
}
