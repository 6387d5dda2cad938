/**
 * Money form rules shared by the browser and the server: an amount is a plain decimal with at most
 * 8 decimals, greater than zero, within the call's minimum and maximum, and (with its fee) within
 * the balance; a pay password is exactly six digits. Pure functions, bigint units of 1e-8.
 */
export const AMOUNT_DECIMALS = 8;
export const PAY_PASSWORD_PATTERN = /^[0-9]{6}$/;

/** any number of decimals, so "too many decimals" can be told apart from "not a number" */
const DECIMAL_INPUT = /^(0|[1-9][0-9]{0,17})(?:\.([0-9]+))?$/;
/** 10^8 written out (a production build turns `**` on bigint into Math.pow) */
const UNIT = BigInt(`1${'0'.repeat(AMOUNT_DECIMALS)}`);

export interface AmountLimits {
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

/** "12.5" → 1250000000n; throws a RangeError unless it is a plain decimal with ≤ 8 decimals. */
export function amountUnits(value: string): bigint {
  const match = DECIMAL_INPUT.exec(value);
  if (!match || (match[2] ?? '').length > AMOUNT_DECIMALS) throw new RangeError(`not an amount: "${value}"`);
  return BigInt(match[1]) * UNIT + BigInt((match[2] ?? '').padEnd(AMOUNT_DECIMALS, '0'));
}

/** 1250000000n → "12.5" (no trailing zeros; negatives as 0, an amount never is one). */
export function unitsToAmount(units: bigint): string {
  const abs = units < 0n ? 0n : units;
  const fraction = (abs % UNIT).toString().padStart(AMOUNT_DECIMALS, '0').replace(/0+$/, '');
  return `${abs / UNIT}${fraction ? `.${fraction}` : ''}`;
}

/** The first rule `value` breaks, or null when it is a valid amount within `limits`. */
export function checkAmount(value: string, limits: AmountLimits = {}): AmountProblem | null {
  const match = DECIMAL_INPUT.exec(value.trim());
  if (!match) return { code: 'format' };
  if ((match[2] ?? '').length > AMOUNT_DECIMALS) return { code: 'tooManyDecimals', decimals: AMOUNT_DECIMALS };
  const units = amountUnits(value.trim());
  if (units <= 0n) return { code: 'notPositive' };
  if (limits.min !== undefined && units < amountUnits(limits.min)) return { code: 'belowMinimum', min: limits.min };
  if (limits.max !== undefined && units > amountUnits(limits.max)) return { code: 'aboveMaximum', max: limits.max };
  if (limits.available !== undefined) {
    const fee = limits.fee ?? '0';
    if (units + amountUnits(fee) > amountUnits(limits.available)) return { code: 'aboveBalance', available: limits.available, fee };
  }
  return null;
}

/** The largest amount `available` pays for with a flat `fee` on top ("0" when it cannot). */
export function maxSpendable(available: string, fee = '0'): string {
  return unitsToAmount(amountUnits(available) - amountUnits(fee));
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
