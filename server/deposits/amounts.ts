/**
 * On-chain amounts (integers in the token's or coin's smallest unit: 6 decimals for USDT on
 * Ethereum, 18 on BSC and for ETH) into ledger units (8 decimals, contract/rules/money.ts), with
 * bigint only. Digits beyond the ledger's 8 decimals are rounded down (floor): the user is
 * credited what the ledger can hold, the on-chain amount is kept in chain_deposits.chain_amount,
 * and the dust (under 1e-8 of a coin) stays on the deposit address. Refusing such a deposit would
 * strand a user's real money for a remainder worth nothing.
 */
import { AMOUNT_DECIMALS, convertDecimals } from '../../contract/rules/money';

export function chainToLedgerUnits(chainAmount: bigint, decimals: number): bigint {
  if (chainAmount < 0n) throw new RangeError('an on-chain amount is never negative');
  return convertDecimals(chainAmount, decimals, AMOUNT_DECIMALS, 'down');
}

/** no real deposit is this large: the value of a forged or broken token's Transfer */
export const MAX_CHAIN_AMOUNT = 2n ** 128n;
/** the most a ledger amount column holds (signed 64-bit) */
const MAX_LEDGER_UNITS = 2n ** 63n - 1n;

/**
 * Why an on-chain amount cannot be a real deposit, or null when it can: above 2^128, above the
 * token's `totalSupply()` (null for a native coin, which has none), or more than the ledger can
 * hold. Such a transfer is logged and skipped by the watcher, never stored or credited.
 */
export function impossibleAmount(chainAmount: bigint, decimals: number, totalSupply: bigint | null): string | null {
  if (chainAmount > MAX_CHAIN_AMOUNT) return 'above 2^128';
  if (totalSupply !== null && chainAmount > totalSupply) return `above the token's totalSupply() ${totalSupply}`;
  if (chainToLedgerUnits(chainAmount, decimals) > MAX_LEDGER_UNITS) return 'more than a ledger amount holds';
  return null;
}
