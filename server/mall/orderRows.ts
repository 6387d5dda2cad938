/**
 * Reading and moving one order. Another user's order is "not found", never "forbidden", so ids
 * reveal nothing. A move locks the row (PostgreSQL: FOR UPDATE; SQLite: the transaction's write
 * lock), asks the status table, and updates on the status it read.
 */
import type { Updateable } from 'kysely';
import { isSqlite, type Db } from '../db';
import type { MallOrdersTable } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Trx } from '../ledger/post';
import type { MallOrderRow } from './orderView';
import { requireMove, type MallMove } from './statusTable';

export const orderNotFound = () => new ApiError('NOT_FOUND', { messageKey: 'mall.orderNotFound' });

/** The caller's order, or 404. */
export async function ownOrder(db: Db | Trx, userId: bigint, id: bigint): Promise<MallOrderRow> {
  const row = await db.selectFrom('mall_orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw orderNotFound();
  return row;
}

/** The order with that id (or user_id too when given), locked for the transaction, or 404. */
export async function lockOrder(trx: Trx, id: bigint, userId?: bigint): Promise<MallOrderRow> {
  const row = await trx
    .selectFrom('mall_orders')
    .selectAll()
    .where('id', '=', id)
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
    .$if(!isSqlite(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw orderNotFound();
  return row;
}

/** Applies `move` to a locked order (422 when its status does not allow it) with `changes`. */
export async function moveOrder(trx: Trx, order: MallOrderRow, move: Exclude<MallMove, 'expire' | 'autoConfirm' | 'logistics'>, changes: Updateable<MallOrdersTable> = {}): Promise<MallOrderRow> {
  const status = requireMove(order.status, move);
  return trx
    .updateTable('mall_orders')
    .set({ ...changes, status })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .returningAll()
    .executeTakeFirstOrThrow();
}
