/** Pure helpers for showing market prices: relative age, decimals to show, sign of a change, reasons in words. */
import type { PriceUnavailableReason } from '../../../contract/rules/prices';
import { toSignedUnits, toUnits } from '../../../contract/rules/money';

/** below this many seconds a price reads "just now" */
export const JUST_NOW_SECONDS = 3;

/** The message (id and values) of an age: 刚刚 / N 秒前 / N 分钟前. */
export function relativeAge(seconds: number): { id: string; values?: Record<string, number> } {
  if (seconds < JUST_NOW_SECONDS) return { id: 'market.age.justNow' };
  if (seconds < 60) return { id: 'market.age.seconds', values: { n: Math.floor(seconds) } };
  return { id: 'market.age.minutes', values: { n: Math.floor(seconds / 60) } };
}

/** Decimals a price is shown to (rounded down, as Money `places`): 2 from 1000 up, 4 from 1 up, all below. */
export function pricePlaces(price: string): number {
  const units = toUnits(price);
  if (units >= toUnits('1000')) return 2;
  if (units >= toUnits('1')) return 4;
  return 8;
}

/** The direction of a signed percent change ("-1.25"), without reading it as a float. */
export function changeDirection(change: string): 'up' | 'down' | 'flat' {
  const units = toSignedUnits(change);
  return units > 0n ? 'up' : units < 0n ? 'down' : 'flat';
}

/** The message id of why a currency has no usable price (行情已过期, 行情源不一致, …). */
export const reasonMessage = (reason: PriceUnavailableReason | null | undefined): string => `market.reason.${reason ?? 'noSource'}`;
