/**
 * The operators: wallet addresses with a role. The first admin is added from the server's command
 * line (`npm run ops -- operator:add`); after that admins add and change operators in the console,
 * each change carried out when a second admin confirms it (four eyes). Disabling an operator or
 * changing the role ends their sessions; at least one enabled admin always remains.
 */
import { getAddress } from 'ethers';
import type { Selectable } from 'kysely';
import type { OperatorRole } from '../../contract/rules/operators';
import type { Db } from '../db';
import type { OperatorsTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { actorName, recordAct, type OperatorAct } from './actor';
import { revokeAllOperatorSessions } from './sessions';
import { askApproval, type ApprovalRow } from './approvals';

export type OperatorRow = Selectable<OperatorsTable>;

export function operatorTarget(address: string): string {
  return `operator:${address}`;
}

/** The checksummed form of an address, or a 400. */
export function checksummed(address: string): string {
  try {
    return getAddress(address);
  } catch {
    throw new ApiError('VALIDATION_FAILED', { messageKey: 'VALIDATION_FAILED' });
  }
}

export function describeOperator(row: OperatorRow) {
  return { id: String(row.id), address: row.address, role: row.role, enabled: row.enabled === 1n, addedBy: row.added_by, createdAt: Number(row.created_at) };
}

export async function listOperators(db: Db): Promise<OperatorRow[]> {
  return db.selectFrom('operators').selectAll().orderBy('id', 'asc').execute();
}

export async function operatorById(db: Db, id: bigint): Promise<OperatorRow> {
  const row = await db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', { messageKey: 'admin.operator.notFound' });
  return row;
}

export async function operatorByAddress(db: Db, address: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('address', '=', checksummed(address)).executeTakeFirst();
}

/** Refuses adding an address that already is an operator (before asking a second admin). */
export async function assertNewOperator(db: Db, address: string): Promise<void> {
  if (await operatorByAddress(db, address)) throw new ApiError('CONFLICT', { messageKey: 'admin.operator.exists' });
}

/** Adds an enabled operator, audited 'operator.add'; run inside a transaction. */
export async function addOperator(trx: Db, request: { address: string; role: OperatorRole }, act: OperatorAct): Promise<OperatorRow> {
  const address = checksummed(request.address);
  await assertNewOperator(trx, address);
  const row = await trx
    .insertInto('operators')
    .values({ address, role: request.role, enabled: 1n, added_by: actorName(act.actor), created_at: BigInt(act.now), updated_at: BigInt(act.now) })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAct(trx, act, { action: 'operator.add', target: operatorTarget(address), after: { role: row.role, enabled: true } });
  return row;
}

export interface OperatorChange {
  role?: OperatorRole;
  enabled?: boolean;
}

/** Asks for a new operator (four eyes): refused at once when the address already is one. */
export async function askToAddOperator(db: Db, request: { address: string; role: OperatorRole }, act: OperatorAct): Promise<ApprovalRow> {
  const address = checksummed(request.address);
  await assertNewOperator(db, address);
  return askApproval(db, act, { action: 'operator.add', target: operatorTarget(address), payload: { address, role: request.role } });
}

/** Asks for a change of an operator (four eyes): refused at once when it would change nothing. */
export async function askToUpdateOperator(db: Db, id: bigint, requested: OperatorChange, act: OperatorAct): Promise<ApprovalRow> {
  const { row, change } = await plannedChange(db, id, requested);
  return askApproval(db, act, { action: 'operator.update', target: operatorTarget(row.address), payload: { id: String(id), ...change } });
}

/** What a change would really change (nothing → 400), checked before a second admin is asked. */
export async function plannedChange(db: Db, id: bigint, change: OperatorChange): Promise<{ row: OperatorRow; change: OperatorChange }> {
  const row = await operatorById(db, id);
  const real: OperatorChange = {};
  if (change.role !== undefined && change.role !== row.role) real.role = change.role;
  if (change.enabled !== undefined && change.enabled !== (row.enabled === 1n)) real.enabled = change.enabled;
  if (real.role === undefined && real.enabled === undefined) throw new ApiError('BAD_REQUEST', { messageKey: 'admin.operator.noChange' });
  return { row, change: real };
}

/** Changes an operator's role or enabled state, audited 'operator.update'; ends their sessions. Run inside a transaction. */
export async function updateOperator(trx: Db, id: bigint, requested: OperatorChange, act: OperatorAct): Promise<OperatorRow> {
  const { row: before, change } = await plannedChange(trx, id, requested);
  const after = { role: change.role ?? before.role, enabled: change.enabled ?? before.enabled === 1n };
  if (before.role === 'admin' && before.enabled === 1n && (after.role !== 'admin' || !after.enabled)) {
    const admins = await trx.selectFrom('operators').select('id').where('role', '=', 'admin').where('enabled', '=', 1n).execute();
    if (admins.length <= 1) throw new ApiError('CONFLICT', { messageKey: 'admin.operator.lastAdmin' });
  }
  await trx.updateTable('operators').set({ role: after.role, enabled: after.enabled ? 1n : 0n, updated_at: BigInt(act.now) }).where('id', '=', id).execute();
  await revokeAllOperatorSessions(trx, id, act.now);
  await recordAct(trx, act, { action: 'operator.update', target: operatorTarget(before.address), before: { role: before.role, enabled: before.enabled === 1n }, after });
  return operatorById(trx, id);
}
