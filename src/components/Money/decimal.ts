/**
 * Decimal strings as the API sends them (at most 8 decimals). Display keeps the digits as given;
 * comparisons and ratios go through bigint units of 1e-8, never through JS floats.
 */
const SCALE = 8;
/** 10^8 spelled out: the production build turns `10n ** 8n` into Math.pow, which throws on bigint */
const UNIT = BigInt(`1${'0'.repeat(SCALE)}`);
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `-1234567.5` → `-1,234,567.5` (digits kept as given). */
export function groupDigits(value: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** The value in units of 1e-8 (digits beyond the 8th decimal are dropped). */
export function toUnits(value: string): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(whole) * UNIT + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, '0'));
  return sign ? -units : units;
}

/** Whole percent of `part` in `whole`, clamped to 0..100 (0 when `whole` is zero). */
export function percentOf(part: string, whole: string): number {
  const total = toUnits(whole);
  if (total <= 0n) return 0;
  const percent = (toUnits(part) * 100n) / total;
  return Number(percent < 0n ? 0n : percent > 100n ? 100n : percent);
}

/** Units of 1e-8 back to a decimal string: 1250000000n → "12.5" (no trailing zeros). */
export function fromUnits(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(SCALE + 1, '0');
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  return `${sign}${digits.slice(0, -SCALE)}${fraction ? `.${fraction}` : ''}`;
}
