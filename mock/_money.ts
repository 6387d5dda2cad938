/**
 * Money in the mocks: decimal strings on the wire, `bigint` units of 1e-8 inside, never floats.
 * ethers' fixed-point helpers do the parsing and formatting.
 */
import { formatUnits, parseUnits } from 'ethers';

export const UNIT = 100_000_000n;

/** "12.5" → 1250000000n */
export function units(amount: string): bigint {
  return parseUnits(amount, 8);
}

/** 1250000000n → "12.5", 100000000n → "1" */
export function amount(value: bigint): string {
  return formatUnits(value, 8).replace(/\.0$/, '');
}

/** a × b of two unit amounts, rounded down */
export function times(a: bigint, b: bigint): bigint {
  return (a * b) / UNIT;
}

/** `rate` percent (a decimal string such as "0.2") of a unit amount, rounded down */
export function percent(value: bigint, rate: string): bigint {
  return (value * units(rate)) / (100n * UNIT);
}
