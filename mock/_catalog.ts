/**
 * What a new PowerFi installation offers, in the mocks: the server's seed (contract/seed/), with
 * the ids a freshly seeded database gives it, so `/shopping/goods/1` is the same goods item on
 * both. Created fresh by `createCatalog()` so tests can start over. The rule tables (fees,
 * minimums, limits) are the server's too: contract/rules/.
 */
import type { ConvertPairType } from '../contract/account';
import type { ContentLinkType } from '../contract/content';
import type { GoodsCategoryType, GoodsDetailType } from '../contract/mall';
import type { FinanceProductType, PowerProductType } from '../contract/product';
import { fromUnits, ratio, toUnits } from '../contract/rules/money';
import { CONVERT_FEE_RATE, CONVERT_LIMITS, CONVERT_PAIRS } from '../contract/rules/wallet';
import {
  ACCOUNT_PRODUCTS, CONTENT_LINKS, FINANCE_PRODUCTS, MALL_CATEGORIES, MALL_GOODS, POWER_PRODUCTS, PRICES_USDT, seededId,
} from '../contract/seed/catalogue';
import { goodsPicture } from '../contract/seed/pictures';
import { ageSeconds, priceState, timeOf, type MockPrice } from './_market';
import { daysFromNow, now, timestamp } from './_time';

type Usable = Extract<MockPrice, { usable: true }>;

/** The seed's price of a currency in units (what a fresh database starts with; the centre of the demo feed's walk, mock/_market.ts). */
export function priceUsdt(currency: string): bigint {
  return toUnits(PRICES_USDT[currency] ?? '0');
}

/** units of `to` per unit of `from`, rounded down, as the server's */
export const rateOf = (from: Usable, to: Usable): bigint => ratio(from.price, to.price, 'down');

/**
 * The conversion pairs of contract/rules/wallet.ts at the market's prices now, as the server lists
 * them: a pair either of whose currencies has no usable price has no rate, and says why.
 */
export function convertPairs(at: number = now()): ConvertPairType[] {
  return CONVERT_PAIRS.map(({ from, to }): ConvertPairType => {
    const terms = { from, to, feeRate: CONVERT_FEE_RATE, minAmount: CONVERT_LIMITS[from].minAmount, maxAmount: CONVERT_LIMITS[from].maxAmount };
    const a = priceState(from, at);
    const b = priceState(to, at);
    if (!a.usable) return { ...terms, rate: null, unavailable: a.reason, priceAt: null, priceAgeSeconds: null, demo: false };
    if (!b.usable) return { ...terms, rate: null, unavailable: b.reason, priceAt: null, priceAgeSeconds: null, demo: false };
    // the older of the two prices
    const takenAt = Math.min(a.takenAt, b.takenAt);
    return {
      ...terms, rate: fromUnits(rateOf(a, b)), unavailable: null, priceAt: timeOf(takenAt), priceAgeSeconds: ageSeconds(takenAt, at), demo: a.demo || b.demo,
    };
  });
}

/** The account products (10000 = USDT) whose titles the account pages show. */
export const accountProducts = () => ACCOUNT_PRODUCTS.map(({ id, title, currency }) => ({ id: String(id), title, currency }));

export function createCatalog() {
  // as server/seed: on sale from a day before the seeding until a year after it
  const saleStart = timestamp(daysFromNow(-1));
  const saleEnd = timestamp(daysFromNow(365));
  const powerProducts: PowerProductType[] = POWER_PRODUCTS.map((p, index) => ({
    id: seededId(index), ...p, sold: 0, saleStart, saleEnd, status: p.stock > 0 ? 'on_sale' : 'sold_out',
  }));
  const financeProducts: FinanceProductType[] = FINANCE_PRODUCTS.map((p, index) => ({
    id: seededId(index), ...p, sold: '0', status: 'on_sale',
  }));
  const categories: GoodsCategoryType[] = MALL_CATEGORIES.map((name, index) => ({ id: seededId(index), name }));
  let skuIndex = 0;
  const goods: GoodsDetailType[] = MALL_GOODS.map((g, index) => {
    const cover = goodsPicture(...g.colors);
    const lowest = g.skus.map((sku) => toUnits(sku.price)).reduce((a, b) => (b < a ? b : a));
    return {
      id: seededId(index),
      categoryId: seededId(MALL_CATEGORIES.indexOf(g.category)),
      title: g.title, cover, price: fromUnits(lowest), sales: g.sales, description: g.description,
      images: [cover, goodsPicture(g.colors[1], g.colors[0])],
      skus: g.skus.map((sku) => ({ id: seededId(skuIndex++), name: sku.name, price: fromUnits(toUnits(sku.price)), stock: sku.stock })),
    };
  });
  const content: ContentLinkType[] = CONTENT_LINKS.map((link, index) => ({ id: seededId(index), ...link, sort: index }));
  return { powerProducts, financeProducts, categories, goods, content };
}
