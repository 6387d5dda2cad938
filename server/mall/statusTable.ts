/**
 * Refusals by the mall's status table. The table itself (statuses, moves, what each leads to) is
 * contract/rules/mallOrders.ts, shared with the mocks; this adds the server's 422 refusal.
 */
import { nextStatus, type RefusableMove } from '../../contract/rules/mallOrders';
import type { MallOrderStatusType } from '../../contract/mall';
import { ApiError } from '../http/errors';

export type { MallMove } from '../../contract/rules/mallOrders';

/** The status `move` leads to; 422 with the move's own message when the table does not allow it. */
export function requireMove(status: MallOrderStatusType, move: RefusableMove): MallOrderStatusType {
  const next = nextStatus(status, move);
  if (!next) throw new ApiError('BUSINESS_RULE', { messageKey: `mall.refused.${move}` });
  return next;
}
