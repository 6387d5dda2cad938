/**
 * THE table of mall order statuses and what may happen in each (documented in docs/mall.md).
 * Each row lists the moves allowed in that status and the status they lead to. The buyer's moves
 * are the contract's MALL_ACTIONS (`logistics` only reads, so it keeps the status); `ship` and
 * `trace` are operator commands; `expire` and `autoConfirm` are the server's sweep.
 * `actions` in every order answer and every refusal (422) are computed from this table alone.
 */
import { MALL_ACTIONS, type MallOrderStatusType } from '../../contract/mall';
import { ApiError } from '../http/errors';

export type MallActionName = (typeof MALL_ACTIONS)[number];
export type MallMove = MallActionName | 'ship' | 'trace' | 'expire' | 'autoConfirm';

export const STATUS_TABLE: Record<MallOrderStatusType, Partial<Record<MallMove, MallOrderStatusType>>> = {
  unpaid: { pay: 'paid', cancel: 'cancelled', expire: 'cancelled' },
  paid: { cancel: 'cancelled', ship: 'shipped' },
  shipped: { confirm: 'completed', autoConfirm: 'completed', logistics: 'shipped', trace: 'shipped' },
  completed: { logistics: 'completed', trace: 'completed' },
  cancelled: {},
};

/** The moves someone may be refused (the sweep's moves are conditional updates, never refused). */
type RefusableMove = Exclude<MallMove, 'expire' | 'autoConfirm'>;

/** What the buyer may do with an order in `status`, in the contract's order. */
export function actionsFor(status: MallOrderStatusType): MallActionName[] {
  return MALL_ACTIONS.filter((action) => action in STATUS_TABLE[status]);
}

/** The status `move` leads to from `status`, or null when the table does not allow it. */
export function nextStatus(status: MallOrderStatusType, move: MallMove): MallOrderStatusType | null {
  return STATUS_TABLE[status][move] ?? null;
}

/** The status `move` leads to; 422 with the move's own message when the table does not allow it. */
export function requireMove(status: MallOrderStatusType, move: RefusableMove): MallOrderStatusType {
  const next = nextStatus(status, move);
  if (!next) throw new ApiError('BUSINESS_RULE', { messageKey: `mall.refused.${move}` });
  return next;
}
