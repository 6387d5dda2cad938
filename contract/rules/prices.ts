/**
 * THE price rules, for the server and the mocks alike: which currencies have a market price (every
 * price is in USDT, and USDT is 1 by definition), the defaults of the price feed's guards, the
 * exchange desk's position bounds, and the pure arithmetic of agreeing on a price: the median of
 * the fresh sources, usable only when enough are fresh and every one lies within the allowed
 * deviation of the median (docs/prices.md). Prices are ledger units (8 decimals) in bigint.
 */
import { multiply, percentOf } from './money';

/** the currencies priced by the market (the conversion pairs and the mined coins) */
export const MARKET_CURRENCIES = ['BTC', 'ETH', 'FIL'] as const;
export type MarketCurrency = (typeof MARKET_CURRENCIES)[number];

/** the currency every price is in */
export const PRICE_UNIT = 'USDT';

export const DEFAULT_PRICE_MAX_AGE_SECONDS = 60;
/** percent: every fresh source within this of the median, and a quote's price within this of the price at execution */
export const DEFAULT_PRICE_MAX_DEVIATION_PERCENT = '1';
export const DEFAULT_CONVERT_QUOTE_TTL_SECONDS = 10;

/** how long the price history is kept: every poll for a day, one sample a minute for 30 days */
export const PRICE_SNAPSHOTS_KEPT_MS = 24 * 3600 * 1000;
export const PRICE_SAMPLES_KEPT_MS = 30 * 24 * 3600 * 1000;

/** the 24-hour history the app draws: one point every half hour, oldest first */
export const SPARKLINE_WINDOW_MS = 24 * 3600 * 1000;
export const SPARKLINE_POINTS = 48;

/**
 * The most the `exchange` system account may hold long or short of each currency (decimal
 * strings, overridden by EXCHANGE_MAX_POSITION_<CURRENCY>): a conversion that would take the desk
 * past it, further from zero, is refused (EXCHANGE_LIMIT).
 */
export const EXCHANGE_MAX_POSITION: Readonly<Record<string, string>> = {
  USDT: '2000000',
  BTC: '20',
  ETH: '400',
  FIL: '300000',
};

/** why a currency has no usable price */
export type PriceUnavailableReason =
  /** no source configured, and no demo feed (production) */
  | 'noSource'
  /** no source has a fresh price (all down, timed out or stale), or the feed stopped: the last agreed price is older than the maximum age */
  | 'stale'
  /** some sources are fresh, but fewer than the minimum */
  | 'fewSources'
  /** a fresh source lies outside the allowed deviation of the median */
  | 'disagree'
  /** an operator halted it (ops prices:halt) */
  | 'halted';

export const PRICE_UNAVAILABLE_REASONS: readonly PriceUnavailableReason[] = ['noSource', 'stale', 'fewSources', 'disagree', 'halted'];

export interface SourceAnswer {
  source: string;
  /** units per whole coin, > 0; null when the source failed or is stale */
  price: bigint | null;
  /** why the source gave no fresh price */
  error?: string;
}

export interface AgreementRules {
  minSources: number;
  /** percent in ledger units (1 % = toUnits('1')) */
  maxDeviation: bigint;
}

export type Agreement =
  | { usable: true; price: bigint; fresh: number }
  | { usable: false; reason: 'stale' | 'fewSources' | 'disagree'; price: bigint | null; fresh: number };

/** the median of prices (the lower middle of an even count is averaged with the upper, rounded down) */
export function median(prices: readonly bigint[]): bigint {
  if (!prices.length) throw new Error('median of no prices');
  const sorted = [...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2n;
}

/** |price − reference| ≤ maxDeviation % of reference */
export function withinDeviation(price: bigint, reference: bigint, maxDeviation: bigint): boolean {
  const difference = price > reference ? price - reference : reference - price;
  return difference <= percentOf(reference, maxDeviation, 'down');
}

/** What the fresh sources agree on, if anything. */
export function agree(answers: readonly SourceAnswer[], rules: AgreementRules): Agreement {
  const fresh = answers.flatMap((answer) => (answer.price !== null && answer.price > 0n ? [answer.price] : []));
  if (!fresh.length) return { usable: false, reason: 'stale', price: null, fresh: 0 };
  if (fresh.length < rules.minSources) return { usable: false, reason: 'fewSources', price: median(fresh), fresh: fresh.length };
  const mid = median(fresh);
  if (!fresh.every((price) => withinDeviation(price, mid, rules.maxDeviation))) return { usable: false, reason: 'disagree', price: mid, fresh: fresh.length };
  return { usable: true, price: mid, fresh: fresh.length };
}

/** the change from `before` to `now` in percent, two decimals, signed ("-1.25"); null without a base */
export function changePercent(before: bigint | null, now: bigint | null): string | null {
  if (before === null || now === null || before <= 0n) return null;
  const hundredths = ((now - before) * 10_000n) / before;
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/* ---------- the demo feed: outside production, with no source configured ---------- */

/** a triangle wave from -amplitude to +amplitude over `period` (integers) */
function triangle(t: bigint, period: bigint, amplitude: bigint): bigint {
  const phase = ((t % period) + period) % period;
  const half = period / 2n;
  const rising = phase < half ? phase : period - phase;
  return (rising * 4n * amplitude) / period - amplitude;
}

/** a fixed pseudo-random step in [-range, range] for one minute of one currency */
function jitter(currency: string, minute: bigint, range: bigint): bigint {
  let h = 2166136261n;
  for (const ch of `${currency}:${minute}`) h = ((h ^ BigInt(ch.charCodeAt(0))) * 16777619n) & 0xffffffffn;
  return (h % (2n * range + 1n)) - range;
}

/**
 * The demo feed's price of `seed` at time `at` (ms): a deterministic walk around the seed price,
 * at most ±4 % (a six-hour swing of ±3 %, an eleven-minute one of ±0.6 %, and a per-minute
 * jitter of ±0.2 % eased from one minute to the next), so two processes, the mocks and a replay
 * all see the same price at the same moment. Integer arithmetic only.
 */
export function demoPrice(currency: string, seed: bigint, at: number): bigint {
  const t = BigInt(Math.floor(at / 1000));
  const minute = t / 60n;
  const into = t % 60n;
  // basis points × 100 (1 = 0.0001 %)
  const slow = triangle(t + BigInt(currency.length) * 3600n, 6n * 3600n, 30_000n);
  const fast = triangle(t, 11n * 60n, 6_000n);
  const eased = (jitter(currency, minute, 2_000n) * (60n - into) + jitter(currency, minute + 1n, 2_000n) * into) / 60n;
  return (seed * (1_000_000n + slow + fast + eased)) / 1_000_000n;
}

/** value of `amount` at `price`, rounded down: the one valuation rule */
export function valueAt(amount: bigint, price: bigint): bigint {
  return multiply(amount, price, 'down');
}
