/**
 * Showing money: pure string and bigint helpers for screens. Reading and arithmetic are in
 * `./money`; nothing here parses an amount.
 */
import { divide } from './money';

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
