/**
 * The wallet's per-currency rules: which currencies a balance page always lists, transfer fees
 * and minimums, conversion pairs with their fee and limits. Amounts are decimal strings here and
 * bigint units everywhere they are used.
 */
import { toUnits } from '../../contract/rules/money';

/** listed on the assets page even at zero */
export const WALLET_CURRENCIES = ['USDT', 'BTC', 'ETH', 'FIL'] as const;

export interface TransferRule {
  /** flat fee, paid by the sender on top of the amount */
  fee: bigint;
  minAmount: bigint;
}

export const TRANSFER_RULES: Record<string, TransferRule> = {
  USDT: { fee: toUnits('1'), minAmount: toUnits('10') },
  BTC: { fee: toUnits('0.00002'), minAmount: toUnits('0.0002') },
  ETH: { fee: toUnits('0.0005'), minAmount: toUnits('0.005') },
  FIL: { fee: toUnits('0.05'), minAmount: toUnits('1') },
};

/** percent of the converted amount, in units ("0.2" = 0.2 %) */
export const CONVERT_FEE_RATE = toUnits('0.2');
export const QUOTE_TTL_MS = 30_000;

/** how much of a currency one conversion may spend */
export const CONVERT_LIMITS: Record<string, { minAmount: bigint; maxAmount: bigint }> = {
  USDT: { minAmount: toUnits('10'), maxAmount: toUnits('100000') },
  BTC: { minAmount: toUnits('0.0002'), maxAmount: toUnits('2') },
  ETH: { minAmount: toUnits('0.005'), maxAmount: toUnits('30') },
  FIL: { minAmount: toUnits('2'), maxAmount: toUnits('20000') },
};

/** every pair converts both ways through USDT */
export const CONVERT_PAIRS: Array<{ from: string; to: string }> = ['BTC', 'ETH', 'FIL'].flatMap((coin) => [
  { from: 'USDT', to: coin },
  { from: coin, to: 'USDT' },
]);
