/** Market prices: each priced currency's price in USDT, its age, whether it may be used, and its last 24 hours. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { Amount, CurrencyCode, Timestamp } from './common';

export const PriceUnavailable = Type.Union([
  Type.Literal('noSource'), Type.Literal('stale'), Type.Literal('fewSources'), Type.Literal('disagree'), Type.Literal('halted'),
]);

/**
 * One currency's price. `usable` false: nothing is priced with it (conversions and the power
 * exchange are refused, valuations left out) and `reason` says why; `price` is then the last one
 * agreed on, if any, for information only.
 */
export const MarketPrice = Type.Object({
  currency: CurrencyCode,
  price: Type.Union([Amount, Type.Null()]),
  usable: Type.Boolean(),
  reason: Type.Union([PriceUnavailable, Type.Null()]),
  /** when the price was taken (UTC+8 display time); null: never */
  takenAt: Type.Union([Timestamp, Type.Null()]),
  /** seconds since it was taken, by the server's clock (so "更新于 3 秒前" needs no clock agreement) */
  ageSeconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** percent change over 24 hours, two decimals, signed ("-1.25"); null without a price a day ago */
  change24h: Type.Union([Type.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$' }), Type.Null()]),
  /** the demo feed (outside production without sources): shown as 演示行情 */
  demo: Type.Boolean(),
  /** the last 24 hours, one point per half hour, oldest first; a point without a price is null */
  sparkline: Type.Array(Type.Union([Amount, Type.Null()])),
});
export type MarketPriceType = Static<typeof MarketPrice>;

export const MarketPrices = Type.Object({ prices: Type.Array(MarketPrice) });
export type MarketPricesType = Static<typeof MarketPrices>;

export const marketEndpoints = {
  prices: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/market/prices', auth: false,
    summary: 'Market prices in USDT with age, 24-hour change and history', response: MarketPrices,
  }),
};
