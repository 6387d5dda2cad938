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
