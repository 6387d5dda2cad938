/**
 * The mocks' market, as the server's demo feed serves it (server/prices/market.ts): each market
 * currency moves by contract/rules/prices.ts `demoPrice` around the seed's PRICES_USDT, labelled
 * demo; USDT is 1. So that `max dev` shows both states, FIL's feed stops for two minutes of every
 * MARKET_CYCLE_MS: its price freezes (its age grows to the maximum age) and then, for
 * STALE_PHASE_MS, it has no usable price (reason 'stale'). Everything priced in the mocks
 * (balances, conversions, the power exchange, the power products) reads `priceState`. The times
 * follow the mocks' clock (mock/_time.ts `now`), so tests pick a phase with `setMockNow`.
 */
import dayjs from 'dayjs';
import type { MarketPriceType } from '../contract/market';
import { UNIT, fromUnits, toUnits } from '../contract/rules/money';
import {
  changePercent, DEFAULT_PRICE_MAX_AGE_SECONDS, demoPrice, MARKET_CURRENCIES, PRICE_UNIT, SPARKLINE_POINTS, SPARKLINE_WINDOW_MS,
  type PriceUnavailableReason,
} from '../contract/rules/prices';
import { PRICES_USDT } from '../contract/seed/catalogue';
import { refusal } from './_errors';
import { now, timestamp } from './_time';

/** the currency whose feed stops in every cycle */
export const STALE_CURRENCY = 'FIL';
/**
 * 11 minutes, not 10: the sparkline's points are half an hour apart, which is a whole number of
 * 10-minute cycles (every point would fall in the same phase, all null or none); with 11 they
 * fall in every phase, so the line shows the odd gap as the server's would after an outage.
 */
export const MARKET_CYCLE_MS = 11 * 60_000;
const MAX_AGE_MS = DEFAULT_PRICE_MAX_AGE_SECONDS * 1000;
/** how long the price has no usable value, at the end of every cycle */
export const STALE_PHASE_MS = 60_000;
/** where in the cycle the feed stops: its last price is still usable for the maximum age, then stale */
const FEED_STOPS_AT = MARKET_CYCLE_MS - STALE_PHASE_MS - MAX_AGE_MS;

export type MockPrice =
  | { usable: true; currency: string; price: bigint; takenAt: number; demo: boolean }
  | { usable: false; currency: string; reason: PriceUnavailableReason; lastPrice: bigint | null; lastTakenAt: number | null };

const isMarketCurrency = (currency: string) => (MARKET_CURRENCIES as readonly string[]).includes(currency);

/** The stale phase of the cycle around `at` (ms): no usable price after `from`, until `to`. */
export function stalePhase(at: number = now()): { from: number; to: number } {
  const cycleStart = at - (((at % MARKET_CYCLE_MS) + MARKET_CYCLE_MS) % MARKET_CYCLE_MS);
  return { from: cycleStart + MARKET_CYCLE_MS - STALE_PHASE_MS, to: cycleStart + MARKET_CYCLE_MS };
}

/** A currency's price at `at`, or why there is none. */
export function priceState(currency: string, at: number = now()): MockPrice {
  if (currency === PRICE_UNIT) return { usable: true, currency, price: UNIT, takenAt: at, demo: false };
  const seed = toUnits(PRICES_USDT[currency] ?? '0');
  if (!isMarketCurrency(currency) || seed <= 0n) return { usable: false, currency, reason: 'noSource', lastPrice: null, lastTakenAt: null };
  const intoCycle = ((at % MARKET_CYCLE_MS) + MARKET_CYCLE_MS) % MARKET_CYCLE_MS;
  if (currency === STALE_CURRENCY && intoCycle >= FEED_STOPS_AT) {
    const stoppedAt = at - intoCycle + FEED_STOPS_AT;
    const last = demoPrice(currency, seed, stoppedAt);
    // the server's rule: usable while no older than the maximum age
    if (at - stoppedAt <= MAX_AGE_MS) return { usable: true, currency, price: last, takenAt: stoppedAt, demo: true };
    return { usable: false, currency, reason: 'stale', lastPrice: last, lastTakenAt: stoppedAt };
  }
  // the demo feed prices "now", to the second
  return { usable: true, currency, price: demoPrice(currency, seed, at), takenAt: at - (at % 1000), demo: true };
}

/** The usable price of `currency` now, or the server's PRICE_UNAVAILABLE refusal naming it. */
export function usablePrice(currency: string, at: number = now()): Extract<MockPrice, { usable: true }> {
  const state = priceState(currency, at);
  if (!state.usable) throw refusal('PRICE_UNAVAILABLE', 'price.unavailable', { currency }, { currency, reason: state.reason });
  return state;
}

/** the wire form of a time (ms) */
export const timeOf = (at: number) => timestamp(dayjs(at));

export const ageSeconds = (takenAt: number, at: number = now()) => Math.max(0, Math.floor((at - takenAt) / 1000));

/** Every market currency as GET /market/prices answers: price, age, 24-hour change and history. */
export function marketPrices(at: number = now()): MarketPriceType[] {
  const step = SPARKLINE_WINDOW_MS / SPARKLINE_POINTS;
  const from = at - SPARKLINE_WINDOW_MS;
  const usableAt = (currency: string, moment: number) => {
    const state = priceState(currency, moment);
    return state.usable ? state.price : null;
  };
  return MARKET_CURRENCIES.map((currency) => {
    const state = priceState(currency, at);
    const price = state.usable ? state.price : state.lastPrice;
    const takenAt = state.usable ? state.takenAt : state.lastTakenAt;
    // as the server's demo feed: one point at the end of every half hour, the last one now;
    // a moment without a usable price is a gap
    const sparkline = Array.from({ length: SPARKLINE_POINTS }, (_, i) => usableAt(currency, from + (i + 1) * step));
    return {
      currency,
      price: price === null ? null : fromUnits(price),
      usable: state.usable,
      reason: state.usable ? null : state.reason,
      takenAt: takenAt === null ? null : timeOf(takenAt),
      ageSeconds: takenAt === null ? null : ageSeconds(takenAt, at),
      change24h: state.usable ? changePercent(usableAt(currency, from), state.price) : null,
      demo: state.usable && state.demo,
      sparkline: sparkline.map((point) => (point === null ? null : fromUnits(point))),
    };
  });
}
