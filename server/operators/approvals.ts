/**
 * Four eyes: an action in FOUR_EYES_ACTIONS is first asked for (a pending approval, audited), and
 * carried out only when a different operator holding the same permission confirms it. Nobody
 * confirms their own request, and an approval is decided once: the pending → done update is the
 * guard, inside the transaction that carries the action out.
 */
import { FOUR_EYES_PERMISSION, roleCan, type FourEyesAction } from '../../contract/rules/operators';
import type { Db } from '../db';
import type { ApprovalsTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { recordAct, type OperatorAct } from './actor';
import type { Selectable } from 'kysely';

export type ApprovalRow = Selectable<ApprovalsTable>;

export interface ApprovalRequest {
  action: FourEyesAction;
  /** what it acts on, e.g. 'withdrawal:12', 'operator:0x…' */
  target: string;
  /** what the confirming operator carries out (JSON) */
  payload: Record<string, unknown>;
}

function consoleOperator(act: OperatorAct): bigint {
  if (act.actor.source !== 'console') throw new Error('four-eyes actions are asked for and confirmed in the console');
  return act.actor.operatorId;
}

/** Asks for a four-eyes action in a transaction of its own (see `requestApproval`). */
export async function askApproval(db: Db, act: OperatorAct, request: ApprovalRequest): Promise<ApprovalRow> {
  return db.transaction().execute((trx) => requestApproval(trx, act, request));
}

/** Records the request (one pending per action and target) and its audit entry `<action>.request`; run inside a transaction. */
export async function requestApproval(trx: Db, act: OperatorAct, request: ApprovalRequest): Promise<ApprovalRow> {
  const requestedBy = consoleOperator(act);
  const pending = await pendingApproval(trx, request.action, request.target);
  if (pending) throw new ApiError('CONFLICT', { messageKey: 'admin.approval.alreadyPending' });
  const row = await trx
    .insertInto('approvals')
    .values({
      action: request.action, target: request.target, payload: JSON.stringify(request.payload), status: 'pending',
      requested_by: requestedBy, reason: act.reason.slice(0, 200), requested_at: BigInt(act.now), decided_by: null, decided_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAct(trx, act, { action: `${request.action}.request`, target: request.target, after: { approval: String(row.id), ...request.payload } });
  return row;
}

export async function pendingApproval(db: Db, action: FourEyesAction, target: string): Promise<ApprovalRow | undefined> {
  return db.selectFrom('approvals').selectAll().where('action', '=', action).where('target', '=', target).where('status', '=', 'pending').executeTakeFirst();
}

export async function approvalById(db: Db, id: bigint): Promise<ApprovalRow> {
  const row = await db.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', { messageKey: 'admin.approval.notFound' });
  return row;
}

/** Who may decide: a different operator (for confirming) whose role holds the action's permission. */
export function assertMayConfirm(approval: ApprovalRow, act: OperatorAct): void {
  const operatorId = consoleOperator(act);
  if (act.actor.source === 'console' && !roleCan(act.actor.role, FOUR_EYES_PERMISSION[approval.action as FourEyesAction])) {
    throw new ApiError('FORBIDDEN', { messageKey: 'admin.forbidden' });
  }
  if (approval.requested_by === operatorId) throw new ApiError('CONFLICT', { messageKey: 'admin.approval.sameOperator' });
}

/**
 * Marks the approval done by the second operator (inside the transaction that carries the action
 * out) and records `<action>.confirm`; refused when it is not pending any more (decided once) or the
 * confirming operator asked for it. The action's own audit entry is the caller's.
 */
export async function completeApproval(trx: Db, approval: ApprovalRow, act: OperatorAct): Promise<void> {
  assertMayConfirm(approval, act);
  const moved = await trx
    .updateTable('approvals')
    .set({ status: 'done', decided_by: consoleOperator(act), decided_at: BigInt(act.now) })
    .where('id', '=', approval.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) throw new ApiError('CONFLICT', { messageKey: 'admin.approval.notPending' });
  await writeConfirm(trx, approval, act);
}

async function writeConfirm(trx: Db, approval: ApprovalRow, act: OperatorAct): Promise<void> {
  // the step-up proof is spent by the action's own recordAct; this entry only names the second pair of eyes
  const { stepUp: _spentByTheAction, ...withoutProof } = act;
  await recordAct(trx, withoutProof, { action: `${approval.action}.confirm`, target: approval.target, after: { approval: String(approval.id) } });
}

/** Turns a pending approval down (the asker withdrawing it, or an operator allowed to confirm it). */
export async function cancelApproval(db: Db, approval: ApprovalRow, act: OperatorAct): Promise<void> {
  await db.transaction().execute((trx) => cancelIn(trx, approval, act));
}

async function cancelIn(trx: Db, approval: ApprovalRow, act: OperatorAct): Promise<void> {
  const operatorId = consoleOperator(act);
  if (approval.requested_by !== operatorId && act.actor.source === 'console' && !roleCan(act.actor.role, FOUR_EYES_PERMISSION[approval.action as FourEyesAction])) {
    throw new ApiError('FORBIDDEN', { messageKey: 'admin.forbidden' });
  }
  const moved = await trx
    .updateTable('approvals')
    .set({ status: 'cancelled', decided_by: operatorId, decided_at: BigInt(act.now) })
    .where('id', '=', approval.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) throw new ApiError('CONFLICT', { messageKey: 'admin.approval.notPending' });
  await recordAct(trx, act, { action: `${approval.action}.cancel`, target: approval.target, after: { approval: String(approval.id) } });
}

/**
 * Carries out a confirmed approval inside the transaction that marks it done: each four-eyes action's
 * executor (server/operators/approvalExecutors.ts) calls `completeApproval` then does the work.
 */
export type ApprovalExecutor = (db: Db, approval: ApprovalRow, act: OperatorAct) => Promise<void>;

/** A page of approvals, newest first, with the addresses of who asked and who decided. */
export async function listApprovals(db: Db, filters: { page?: number; pageSize?: number; status?: string; action?: string }) {
  const { page = 1, pageSize = 20, status, action } = filters;
  let query = db.selectFrom('approvals');
  if (status) query = query.where('status', '=', status);
  if (action) query = query.where('action', '=', action);
  const [{ total }] = await query.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await query.selectAll().orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
  return { list: await withAddresses(db, rows), total: Number(total), page, pageSize };
}

/** Approvals with the addresses of the operators who asked and decided. */
export async function withAddresses(db: Db, rows: ApprovalRow[]): Promise<Array<ApprovalRow & { requestedByAddress: string; decidedByAddress: string | null }>> {
  const ids = [...new Set(rows.flatMap((row) => (row.decided_by === null ? [row.requested_by] : [row.requested_by, row.decided_by])))];
  const names = new Map(
    ids.length ? (await db.selectFrom('operators').select(['id', 'address']).where('id', 'in', ids).execute()).map((row) => [row.id, row.address] as const) : [],
  );
  return rows.map((row) => ({
    ...row,
    requestedByAddress: names.get(row.requested_by) ?? '',
    decidedByAddress: row.decided_by === null ? null : (names.get(row.decided_by) ?? null),
  }));
}
