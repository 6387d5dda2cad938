/**
 * The wallet rule tables of contract/rules/wallet.ts (the one place they are written, shared
 * with the mocks) as bigint units, the way the ledger computes with them.
 */
import { toUnits } from '../../contract/rules/money';
import { CONVERT_FEE_RATE as FEE_RATE, CONVERT_LIMITS as LIMITS, TRANSFER_RULES as TRANSFERS } from '../../contract/rules/wallet';

export interface TransferRule {
  /** flat fee, paid by the sender on top of the amount */
  fee: bigint;
  minAmount: bigint;
}

const mapValues = <T, U>(table: Readonly<Record<string, T>>, f: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(table).map(([key, value]) => [key, f(value)]));

/** contract TRANSFER_RULES in units */
export const TRANSFER_RULES: Record<string, TransferRule> = mapValues(TRANSFERS, (r) => ({ fee: toUnits(r.fee), minAmount: toUnits(r.minAmount) }));

/** contract CONVERT_FEE_RATE in units (percent: "0.2" = 0.2 %) */
export const CONVERT_FEE_RATE = toUnits(FEE_RATE);

/** contract CONVERT_LIMITS in units */
export const CONVERT_LIMITS: Record<string, { minAmount: bigint; maxAmount: bigint }> = mapValues(LIMITS, (l) => ({
  minAmount: toUnits(l.minAmount),
  maxAmount: toUnits(l.maxAmount),
}));
