/**
 * Showing money: pure string and bigint helpers for screens. Reading and arithmetic are in
 * `./money`; nothing here parses an amount.
 */
import { AMOUNT_DECIMALS, convertDecimals, divide, fromUnits, toSignedUnits } from './money';

const DISPLAY_DECIMAL = /^(-?)([0-9]+)(\.[0-9]+)?$/;

/** `-1234567.5` → `-1,234,567.5`: the digits kept as given; anything but a decimal comes back unchanged. */
export function groupDigits(value: string): string {
  const match = DISPLAY_DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** Whole percent of `part` in `whole` (both in units) for a progress bar: rounded down, clamped to 0..100, 0 when `whole` ≤ 0. */
export function wholePercent(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  const percent = divide(part * 100n, whole, 'down');
  return Number(percent < 0n ? 0n : percent > 100n ? 100n : percent);
}

/**
 * A fiat-like figure (a USDT total, an estimate) shown to exactly `places` decimals, rounded down:
 * "998.12345678" → "998.12", "9478.8" → "9478.80", the same figure everywhere it shows. Exact
 * amounts (balances, ledger entries) are not for this. Anything but a decimal comes back unchanged.
 */
export function roundDownForDisplay(value: string, places: number): string {
  let units: bigint;
  try {
    units = toSignedUnits(value.trim());
  } catch {
    return value;
  }
  const negative = units < 0n;
  const shown = convertDecimals(negative ? -units : units, AMOUNT_DECIMALS, places, 'down');
  const text = fromUnits(shown, places);
  const [whole, fraction = ''] = text.split('.');
  const fixed = places > 0 ? `${whole}.${fraction.padEnd(places, '0')}` : whole;
  return `${negative && shown > 0n ? '-' : ''}${fixed}`;
}

/**
 * The text of an amount on screen, in a sentence or beside its currency: digits grouped, an exact
 * amount as given, a fiat-like figure to `places` decimals (roundDownForDisplay).
 */
export function displayAmount(value: string, places?: number): string {
  return groupDigits(places === undefined ? value : roundDownForDisplay(value, places));
}
