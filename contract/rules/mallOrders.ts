/**
 * THE table of mall order statuses and what may happen in each (documented in docs/mall.md),
 * with the mall's deadlines and limits, for the server (server/mall/) and the mocks alike.
 * Each row lists the moves allowed in that status and the status they lead to. The buyer's moves
 * are the contract's MALL_ACTIONS (`logistics` only reads, so it keeps the status); `ship` and
 * `trace` are operator commands; `expire` and `autoConfirm` are the server's sweep.
 * `actions` in every order answer and every refusal (422) are computed from this table alone.
 */
import { MALL_ACTIONS, type MallOrderStatusType } from '../mall';

export type MallActionName = (typeof MALL_ACTIONS)[number];
export type MallMove = MallActionName | 'ship' | 'trace' | 'expire' | 'autoConfirm';
/** The moves someone may be refused (the sweep's moves are conditional updates, never refused). */
export type RefusableMove = Exclude<MallMove, 'expire' | 'autoConfirm'>;

export const STATUS_TABLE: Readonly<Record<MallOrderStatusType, Partial<Record<MallMove, MallOrderStatusType>>>> = {
  unpaid: { pay: 'paid', cancel: 'cancelled', expire: 'cancelled' },
  paid: { cancel: 'cancelled', ship: 'shipped' },
  shipped: { confirm: 'completed', autoConfirm: 'completed', logistics: 'shipped', trace: 'shipped' },
  completed: { logistics: 'completed', trace: 'completed' },
  cancelled: {},
};

/** What the buyer may do with an order in `status`, in the contract's order. */
export function actionsFor(status: MallOrderStatusType): MallActionName[] {
  return MALL_ACTIONS.filter((action) => action in STATUS_TABLE[status]);
}

/** The status `move` leads to from `status`, or null when the table does not allow it. */
export function nextStatus(status: MallOrderStatusType, move: MallMove): MallOrderStatusType | null {
  return STATUS_TABLE[status][move] ?? null;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** an unpaid order cancels itself (stock returned) this long after checkout */
export const PAY_WINDOW_MS = 30 * MINUTE_MS;
/** a shipped order completes itself this long after shipping */
export const AUTO_CONFIRM_MS = 10 * DAY_MS;
/** unpaid orders one buyer may have at a time */
export const MAX_UNPAID_ORDERS = 3;
/** the currency mall orders are priced and paid in */
export const MALL_CURRENCY = 'USDT';
