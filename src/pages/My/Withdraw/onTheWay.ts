/**
 * Withdrawals on their way (审核中, 处理中, 已广播, 确认中 n/12): asked for again every 5 s while there
 * are any, never while the page is hidden, so a list that shows them follows them to the end
 * without a reload. /my/withdraw's history and /my/records use it.
 */
import { useInterval } from 'ahooks';
import type { WithdrawalType } from '../../../../contract/withdraw';

export const ON_ITS_WAY = new Set<WithdrawalType['status']>(['review', 'processing', 'broadcast', 'confirming']);
export const WITHDRAWAL_POLL_MS = 5000;

export function isOnItsWay(withdrawal: Pick<WithdrawalType, 'status'>): boolean {
  return ON_ITS_WAY.has(withdrawal.status);
}

/** calls `refresh` every WITHDRAWAL_POLL_MS while `moving`, skipping the beats the page is hidden */
export function usePollWhileMoving(moving: boolean, refresh: () => void): void {
  useInterval(
    () => {
      if (document.visibilityState !== 'hidden') refresh();
    },
    moving ? WITHDRAWAL_POLL_MS : undefined,
  );
}

