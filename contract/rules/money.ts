/**
 * Money, once, for the server, the browser and the mocks: decimal strings on the wire, bigint
 * units everywhere else, never a float. Every amount, price and percentage rate the database holds
 * is in units of 1e-8 whatever its currency (`UNIT` = 10^8 units make one coin, one USDT, one
 * percent point); `decimals` arguments (default 8) read and write other scales, such as a token's
 * on-chain decimals, and `convertDecimals` moves an amount between scales.
 *
 * - `toUnits` reads a plain decimal (`0|[1-9][0-9]*`, optionally `.` and 1..decimals ASCII digits)
 *   and throws a RangeError for anything else: no sign, exponent, space, leading zero, lone dot,
 *   hex or non-ASCII digit. `toSignedUnits` also takes one leading "-" (ledger deltas, internal
 *   figures; "-0" reads as 0), never "+". Requests carry amounts, never signs: use `toUnits` there.
 * - `fromUnits` writes the canonical form: no trailing zeros, no exponent, "-" for a negative.
 *   `fromUnits(toSignedUnits(s))` is `s` for every canonical `s`, and the reverse holds for every
 *   bigint. A screen that must not show a negative clamps at its call site (`maxSpendable`).
 * - `divide`, `multiply`, `ratio`, `percentOf`, `convertDecimals` round explicitly: 'down' toward
 *   −∞, 'up' toward +∞ (the default of the first four is 'down'). An exact result is never rounded.
 *
 * Below the arithmetic: the money form rules (an amount field, the pay password, a transfer
 * recipient) the browser and the server share. Display helpers: `./moneyDisplay`.
 */

export const AMOUNT_DECIMALS = 8;
/** The most whole digits an amount field (and the contract's `Amount`) takes. */
export const AMOUNT_WHOLE_DIGITS = 18;

/** 10^n, written out: a production build once turned `10n ** 8n` into Math.pow, which throws on bigint. */
export function powerOfTen(n: number): bigint {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`not a number of decimals: ${n}`);
  return BigInt(`1${'0'.repeat(n)}`);
}

/** units of 1e-8 in one whole coin / one USDT / one percent point */
export const UNIT = powerOfTen(AMOUNT_DECIMALS);

export type Rounding = 'down' | 'up';

/** sign, whole digits, fraction digits of a plain decimal (any number of fraction digits) */
const PLAIN_DECIMAL = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

interface Decimal {
  negative: boolean;
  whole: string;
  fraction: string;
}

function lex(text: string): Decimal | null {
  const match = PLAIN_DECIMAL.exec(text);
  return match ? { negative: match[1] === '-', whole: match[2], fraction: match[3] ?? '' } : null;
}

function read(text: string, decimals: number, signed: boolean): bigint {
  const decimal = lex(text);
  if (!decimal || (decimal.negative && !signed) || decimal.fraction.length > decimals) {
    throw new RangeError(`not a decimal amount with at most ${decimals} decimals: "${text}"`);
  }
  const units = BigInt(decimal.whole) * powerOfTen(decimals) + BigInt(decimal.fraction.padEnd(decimals, '0') || '0');
  return decimal.negative ? -units : units;
}

/** "12.5" → 1250000000n. Throws a RangeError unless `amount` is a plain decimal ≥ 0 with ≤ `decimals` decimals. */
export function toUnits(amount: string, decimals = AMOUNT_DECIMALS): bigint {
  return read(amount, decimals, false);
}

/** `toUnits` that also reads one leading "-": "-3.1" → -310000000n. For ledger and internal figures. */
export function toSignedUnits(amount: string, decimals = AMOUNT_DECIMALS): bigint {
  return read(amount, decimals, true);
}

/** 1250000000n → "12.5" (no trailing zeros, no exponent, "-" for a negative). */
export function fromUnits(units: bigint, decimals = AMOUNT_DECIMALS): string {
  const scale = powerOfTen(decimals);
  const abs = units < 0n ? -units : units;
  const fraction = decimals === 0 ? '' : (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const text = fraction ? `${abs / scale}.${fraction}` : `${abs / scale}`;
  return units < 0n ? `-${text}` : text;
}

/** n / d rounded toward −∞ ('down') or +∞ ('up'); d must be positive. */
export function divide(n: bigint, d: bigint, rounding: Rounding = 'down'): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const q = n / d; // toward zero
  if (n % d === 0n) return q;
  if (rounding === 'down') return n < 0n ? q - 1n : q;
  return n > 0n ? q + 1n : q;
}

/** a × b of two amounts in units (quantity × price, amount × rate), back in units. */
export function multiply(a: bigint, b: bigint, rounding: Rounding = 'down', decimals = AMOUNT_DECIMALS): bigint {
  return divide(a * b, powerOfTen(decimals), rounding);
}

/** a ÷ b of two amounts in units (a price over a price: a rate), back in units; b must be positive. */
export function ratio(a: bigint, b: bigint, rounding: Rounding = 'down', decimals = AMOUNT_DECIMALS): bigint {
  return divide(a * powerOfTen(decimals), b, rounding);
}

/** `percent` (in units: toUnits("0.2") for 0.2 %) of `amount`. */
export function percentOf(amount: bigint, percent: bigint, rounding: Rounding = 'down'): bigint {
  return divide(amount * percent, 100n * UNIT, rounding);
}

/** Units for a whole number of coins/items: a quantity of 3 → 300000000n. */
export function wholeUnits(count: number | bigint, decimals = AMOUNT_DECIMALS): bigint {
  return BigInt(count) * powerOfTen(decimals);
}

/**
 * The same amount at another scale: a token's on-chain units (USDT: 6 decimals on Ethereum, 18
 * on BSC) ⇄ ledger units (8). Widening is exact; narrowing rounds as told.
 */
export function convertDecimals(units: bigint, fromDecimals: number, toDecimals: number, rounding: Rounding): bigint {
  if (toDecimals >= fromDecimals) return units * powerOfTen(toDecimals - fromDecimals);
  return divide(units, powerOfTen(fromDecimals - toDecimals), rounding);
}

// ---- money form rules: an amount is a plain decimal with at most 8 decimals (and 18 whole digits),
// greater than zero, within the call's minimum and maximum, and (with its fee) within the balance;
// a pay password is exactly six digits.

export const PAY_PASSWORD_PATTERN = /^[0-9]{6}$/;

export interface AmountLimits {
  /** the most decimals the currency has here (default: the ledger's 8) */
  decimals?: number;
  /** smallest allowed amount */
  min?: string;
  /** largest allowed amount */
  max?: string;
  /** the balance the amount (plus fee) is paid from */
  available?: string;
  /** a flat fee paid on top of the amount */
  fee?: string;
}

export type AmountProblem =
  | { code: 'format' }
  | { code: 'tooManyDecimals'; decimals: number }
  | { code: 'notPositive' }
  | { code: 'belowMinimum'; min: string }
  | { code: 'aboveMaximum'; max: string }
  | { code: 'aboveBalance'; available: string; fee: string };

/** The first rule `value` breaks, or null when it is a valid amount within `limits`. */
export function checkAmount(value: string, limits: AmountLimits = {}): AmountProblem | null {
  const text = value.trim();
  const decimal = lex(text);
  // "too many decimals" is told apart from "not a number"
  if (!decimal || decimal.negative || decimal.whole.length > AMOUNT_WHOLE_DIGITS) return { code: 'format' };
  const decimals = Math.min(limits.decimals ?? AMOUNT_DECIMALS, AMOUNT_DECIMALS);
  if (decimal.fraction.length > decimals) return { code: 'tooManyDecimals', decimals };
  const units = toUnits(text);
  if (units <= 0n) return { code: 'notPositive' };
  if (limits.min !== undefined && units < toUnits(limits.min)) return { code: 'belowMinimum', min: limits.min };
  if (limits.max !== undefined && units > toUnits(limits.max)) return { code: 'aboveMaximum', max: limits.max };
  if (limits.available !== undefined) {
    const fee = limits.fee ?? '0';
    if (units + toUnits(fee) > toUnits(limits.available)) return { code: 'aboveBalance', available: limits.available, fee };
  }
  return null;
}

/** The largest amount `available` pays for with a flat `fee` on top ("0" when it cannot). */
export function maxSpendable(available: string, fee = '0'): string {
  const left = toUnits(available) - toUnits(fee);
  return fromUnits(left < 0n ? 0n : left);
}

export function isPayPassword(value: string): boolean {
  return PAY_PASSWORD_PATTERN.test(value);
}

/** A transfer recipient is named by a wallet address (any letter case) or by a UID. */
export const RECIPIENT_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const RECIPIENT_UID = /^[0-9]{1,16}$/;

export function isTransferRecipient(value: string): boolean {
  const wanted = value.trim();
  return RECIPIENT_ADDRESS.test(wanted) || RECIPIENT_UID.test(wanted);
}
