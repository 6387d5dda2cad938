/**
 * What every priced action and valuation asks: a currency's usable price now, or why there is
 * none. USDT is 1 by definition. A market currency is usable when it is not halted and either its
 * newest snapshot agreed on a price no older than PRICE_MAX_AGE_SECONDS (a currency with sources:
 * never the seed price, never an old one), or it has no sources and the demo feed prices it
 * (outside production only). Nothing else has a price.
 */
import { ApiError } from '../http/errors';
import type { Db } from '../db';
import type { Trx } from '../ledger/post';
import { UNIT, fromUnits } from '../../contract/rules/money';
import { changePercent, demoPrice, MARKET_CURRENCIES, PRICE_UNIT, SPARKLINE_POINTS, SPARKLINE_WINDOW_MS, type PriceUnavailableReason } from '../../contract/rules/prices';
import { PRICES_USDT } from '../../contract/seed/catalogue';
import { toUnits } from '../../contract/rules/money';
import type { MarketPriceType } from '../../contract/market';
import type { TimeFormat } from '../time';
import type { PriceConfig } from './config';
import { halfHourSamples, halts, lastUsableSnapshot, latestSnapshot, usablePriceAt, type Halt } from './store';

export interface UsablePrice {
  usable: true;
  currency: string;
  /** USDT units per whole unit */
  price: bigint;
  /** when it was taken (ms) */
  takenAt: number;
  /** the snapshot it comes from; null for USDT and the demo feed */
  snapshotId: bigint | null;
  demo: boolean;
}

export interface UnusablePrice {
  usable: false;
  currency: string;
  reason: PriceUnavailableReason;
  /** the last agreed price, for information only */
  lastPrice: bigint | null;
  lastTakenAt: number | null;
  demo: false;
}

export type PriceState = UsablePrice | UnusablePrice;

/** `read`'s promise, made at the first call and shared by the later ones */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= read());
}

export function isMarketCurrency(currency: string): boolean {
  return (MARKET_CURRENCIES as readonly string[]).includes(currency);
}

/** the demo feed's price of a currency at `at`, or null when the demo feed is off */
function demoAt(config: PriceConfig, currency: string, at: number): bigint | null {
  if (config.demo === 'off') return null;
  const seed = toUnits(PRICES_USDT[currency] ?? '0');
  if (seed <= 0n) return null;
  return config.demo === 'fixed' ? seed : demoPrice(currency, seed, at);
}

export class PriceBook {
  constructor(
    private readonly config: PriceConfig,
  ) {}

  get quoteTtlMs(): number {
    return this.config.quoteTtlMs;
  }

  get maxDeviation(): bigint {
    return this.config.maxDeviation;
  }

  /** whether a currency is priced by the demo feed rather than sources */
  private byDemo(currency: string): boolean {
    return !this.config.sources[currency]?.length && this.config.demo !== 'off';
  }

  /** A currency's price now, or why there is none. */
  state(db: Db | Trx, currency: string, now: number): Promise<PriceState> {
    return this.stateWith(db, currency, now, () => halts(db));
  }

  /** `state`, with the halts read by `haltsNow` (only for a market currency) */
  private async stateWith(db: Db | Trx, currency: string, now: number, haltsNow: () => Promise<Map<string, Halt>>): Promise<PriceState> {
    if (currency === PRICE_UNIT) return { usable: true, currency, price: UNIT, takenAt: now, snapshotId: null, demo: false };
    if (!isMarketCurrency(currency)) return { usable: false, currency, reason: 'noSource', lastPrice: null, lastTakenAt: null, demo: false };
    const halt = (await haltsNow()).get(currency);
    if (this.byDemo(currency)) {
      const price = demoAt(this.config, currency, now);
      if (price === null) return { usable: false, currency, reason: 'noSource', lastPrice: null, lastTakenAt: null, demo: false };
      if (halt) return { usable: false, currency, reason: 'halted', lastPrice: price, lastTakenAt: now, demo: false };
      return { usable: true, currency, price, takenAt: now - (now % 1000), snapshotId: null, demo: true };
    }
    if (!this.config.sources[currency]?.length) return { usable: false, currency, reason: 'noSource', lastPrice: null, lastTakenAt: null, demo: false };
    const latest = await latestSnapshot(db, currency);
    const fresh = latest !== null && now - latest.takenAt <= this.config.maxAgeMs;
    if (!halt && latest?.usable && fresh && latest.price !== null) {
      return { usable: true, currency, price: latest.price, takenAt: latest.takenAt, snapshotId: latest.id, demo: false };
    }
    const reason: PriceUnavailableReason = halt ? 'halted' : !latest || !fresh ? 'stale' : (latest.reason ?? 'stale');
    const last = latest?.usable ? latest : await lastUsableSnapshot(db, currency);
    return { usable: false, currency, reason, lastPrice: last?.price ?? null, lastTakenAt: last?.takenAt ?? null, demo: false };
  }

  /** The usable price of a currency, or PRICE_UNAVAILABLE naming it. */
  async usable(db: Db | Trx, currency: string, now: number): Promise<UsablePrice> {
    const state = await this.state(db, currency, now);
    if (!state.usable) throw new ApiError('PRICE_UNAVAILABLE', { messageKey: 'price.unavailable', params: { currency }, data: { currency, reason: state.reason } });
    return state;
  }

  /** Several currencies' states: the halts read once for all of them, each currency's price once. */
  async states(db: Db | Trx, currencies: readonly string[], now: number): Promise<Map<string, PriceState>> {
    const haltsNow = once(() => halts(db));
    const states = await Promise.all([...new Set(currencies)].map((currency) => this.stateWith(db, currency, now, haltsNow)));
    return new Map(states.map((state) => [state.currency, state]));
  }

  /** Every market currency as the app shows it: price, age, 24-hour change and history. */
  async market(db: Db, now: number, time: TimeFormat): Promise<MarketPriceType[]> {
    const haltsNow = once(() => halts(db));
    return Promise.all(
      MARKET_CURRENCIES.map(async (currency) => {
        const state = await this.stateWith(db, currency, now, haltsNow);
        const price = state.usable ? state.price : state.lastPrice;
        const takenAt = state.usable ? state.takenAt : state.lastTakenAt;
        const step = SPARKLINE_WINDOW_MS / SPARKLINE_POINTS;
        const from = now - SPARKLINE_WINDOW_MS;
        let dayAgo: bigint | null;
        let sparkline: Array<bigint | null>;
        if (this.byDemo(currency)) {
          dayAgo = demoAt(this.config, currency, from);
          sparkline = Array.from({ length: SPARKLINE_POINTS }, (_, i) => demoAt(this.config, currency, from + (i + 1) * step));
        } else {
          // the price a day ago: the sample nearest before, at most one half hour off
          dayAgo = await usablePriceAt(db, currency, from, step);
          const samples = await halfHourSamples(db, currency, from, now + 1);
          sparkline = Array.from({ length: SPARKLINE_POINTS }, (_, i) => {
            const start = from + i * step;
            return samples.find((s) => s.takenAt >= start && s.takenAt < start + step)?.price ?? null;
          });
        }
        return {
          currency,
          price: price === null ? null : fromUnits(price),
          usable: state.usable,
          reason: state.usable ? null : state.reason,
          takenAt: takenAt === null ? null : time.timestamp(BigInt(takenAt)),
          ageSeconds: takenAt === null ? null : Math.max(0, Math.floor((now - takenAt) / 1000)),
          change24h: state.usable ? changePercent(dayAgo, state.price) : null,
          demo: state.usable && state.demo,
          sparkline: sparkline.map((p) => (p === null ? null : fromUnits(p))),
        };
      }),
    );
  }
}
