/** What the withdraw services answer in the unit tests of /my/withdraw (tests/unit/withdraw-page.test.tsx). */
import type { WithdrawalType, WithdrawOptionsType, WithdrawAddressType } from '../../contract/withdraw';

export const COLD = '0x52908400098527886E0F7030069857D2E4169EE7';
export const OPTIONS: WithdrawOptionsType = {
  addressDelayHours: 24,
  options: [
    { currency: 'USDT', network: 'ERC20', decimals: 6, minAmount: '20', maxAmount: '50000', fee: '5', dailyLimit: '100000', dailyLeft: '100000', reviewAbove: '10000', available: '1000', maxNow: '995' },
  ],
};
export const ADDRESS: WithdrawAddressType = { id: '7', label: '冷钱包', network: 'ERC20', address: COLD, createdAt: '2026-01-05 08:00:00', usableFrom: '2026-01-05 08:00:00', usable: true };
export const withdrawal = (overrides: Partial<WithdrawalType>): WithdrawalType => ({
  id: '31', currency: 'USDT', network: 'ERC20', address: COLD, addressLabel: '冷钱包', amount: '100', fee: '5', status: 'processing', reviewReasons: [], reason: null,
  txHash: null, confirmations: 0, confirmationsNeeded: 12, createdAt: '2026-01-06 08:00:00', updatedAt: '2026-01-06 08:00:00', cancellable: false, ...overrides,
});
export const page = (list: WithdrawalType[]) => ({ list, total: list.length, page: 1, pageSize: 20, nextCursor: null });
