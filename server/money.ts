/**
 * Money on the server: decimal strings on the wire, integer units of 1e-8 (`bigint`) everywhere
 * else. No float ever touches an amount.
 */

export const DECIMALS = 8;
/** units in one whole coin / one USDT / one percent point */
export const UNIT = 100_000_000n;

const AMOUNT_PATTERN = /^(-)?(0|[1-9][0-9]*)(?:\.([0-9]{1,8}))?$/;

/** "12.5" → 1250000000n. Throws a RangeError for anything but a plain decimal with ≤ 8 decimals. */
export function toUnits(amount: string): bigint {
  const match = AMOUNT_PATTERN.exec(amount);
  if (!match) throw new RangeError(`not a decimal amount with at most ${DECIMALS} decimals: "${amount}"`);
  const [, minus, whole, fraction = ''] = match;
  const units = BigInt(whole) * UNIT + BigInt(fraction.padEnd(DECIMALS, '0'));
  return minus ? -units : units;
}

/** 1250000000n → "12.5" (no trailing zeros, no exponent, "-" for negatives). */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = (abs / UNIT).toString();
  const fraction = (abs % UNIT).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative ? `-${text}` : text;
}

export type Rounding = 'down' | 'up';

/** n / d rounded toward −∞ ('down') or +∞ ('up'); d must be positive. */
export function divide(n: bigint, d: bigint, rounding: Rounding = 'down'): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  if (rounding === 'down') return n < 0n ? q - 1n : q;
  return n > 0n ? q + 1n : q;
}

/** a × b for two unit amounts (e.g. quantity × price), back in units. */
export function multiply(a: bigint, b: bigint, rounding: Rounding = 'down'): bigint {
  return divide(a * b, UNIT, rounding);
}

/** `percent` (in units, e.g. toUnits("0.2") for 0.2 %) of `amount`. */
export function percentOf(amount: bigint, percent: bigint, rounding: Rounding = 'down'): bigint {
  return divide(amount * percent, 100n * UNIT, rounding);
}

/** Units for a whole number of coins/items, e.g. a quantity of 3 → 300000000n. */
export function wholeUnits(count: number | bigint): bigint {
  return BigInt(count) * UNIT;
}
