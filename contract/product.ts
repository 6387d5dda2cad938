/** Mining-power (算力) and finance (理财) products and their orders. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { Amount, CurrencyCode, DateOnly, Id, Page, PageQuery, PayPassword, Timestamp } from './common';

export const PowerProduct = Type.Object({
  id: Id,
  title: Type.String(),
  coin: CurrencyCode,
  /** hashrate unit, e.g. TH/s */
  unit: Type.String(),
  /** USDT per unit */
  pricePerUnit: Amount,
  termDays: Type.Integer({ minimum: 1 }),
  /** estimated coin mined per unit per day, before fees */
  dailyOutputPerUnit: Amount,
  /** electricity fee per unit per day, in the mined coin */
  electricityFeePerUnit: Amount,
  /** management fee percentage of gross output, e.g. "5" */
  managementFeeRate: Type.String(),
  stock: Type.Integer({ minimum: 0 }),
  sold: Type.Integer({ minimum: 0 }),
  minUnits: Type.Integer({ minimum: 1 }),
  saleStart: Timestamp,
  saleEnd: Timestamp,
  status: Type.Union([Type.Literal('upcoming'), Type.Literal('on_sale'), Type.Literal('sold_out'), Type.Literal('ended')]),
});
export type PowerProductType = Static<typeof PowerProduct>;

export const PowerProductQuery = Type.Composite([PageQuery, Type.Object({ coin: Type.Optional(CurrencyCode) })]);

export const ORDER_STATES = ['pending', 'active', 'ended'] as const;
export const ProductOrderStatus = Type.Union(ORDER_STATES.map((s) => Type.Literal(s)));

export const PowerOrder = Type.Object({
  id: Id,
  productId: Id,
  title: Type.String(),
  coin: CurrencyCode,
  unit: Type.String(),
  units: Type.Integer({ minimum: 1 }),
  amountUsdt: Amount,
  startDate: DateOnly,
  endDate: DateOnly,
  outputTotal: Amount,
  status: ProductOrderStatus,
  createdAt: Timestamp,
});
export type PowerOrderType = Static<typeof PowerOrder>;

export const ProductOrderQuery = Type.Composite([PageQuery, Type.Object({ status: Type.Optional(ProductOrderStatus) })]);

export const PowerOrderCreateBody = Type.Object({ productId: Id, units: Type.Integer({ minimum: 1, maximum: 100000 }), payPassword: PayPassword });
export type PowerOrderCreateBodyType = Static<typeof PowerOrderCreateBody>;

export const FinanceProduct = Type.Object({
  id: Id,
  title: Type.String(),
  currency: CurrencyCode,
  /** annual rate percentage, e.g. "8.5" */
  annualRate: Type.String(),
  lockDays: Type.Integer({ minimum: 1 }),
  minAmount: Amount,
  maxAmount: Amount,
  quota: Amount,
  sold: Amount,
  status: Type.Union([Type.Literal('on_sale'), Type.Literal('sold_out'), Type.Literal('ended')]),
});
export type FinanceProductType = Static<typeof FinanceProduct>;

export const FinanceOrder = Type.Object({
  id: Id,
  productId: Id,
  title: Type.String(),
  currency: CurrencyCode,
  principal: Amount,
  annualRate: Type.String(),
  lockDays: Type.Integer(),
  startDate: DateOnly,
  maturityDate: DateOnly,
  interestEarned: Amount,
  status: ProductOrderStatus,
  createdAt: Timestamp,
});
export type FinanceOrderType = Static<typeof FinanceOrder>;

export const FinanceOrderCreateBody = Type.Object({ productId: Id, amount: Amount, payPassword: PayPassword });
export type FinanceOrderCreateBodyType = Static<typeof FinanceOrderCreateBody>;

export const FinanceCensus = Type.Object({
  currency: Type.Literal('USDT'),
  principalHeld: Amount,
  earnedYesterday: Amount,
  earnedTotal: Amount,
  activeOrders: Type.Integer({ minimum: 0 }),
});
export type FinanceCensusType = Static<typeof FinanceCensus>;

export const productEndpoints = {
  power: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/product/power', auth: false, feature: 'calculate',
    summary: 'Power products on offer', query: PowerProductQuery, response: Page(PowerProduct),
  }),
  powerOrders: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/product/power-order', auth: true, feature: 'calculate',
    summary: 'The caller\'s power orders', query: ProductOrderQuery, response: Page(PowerOrder),
  }),
  powerOrderCreate: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/product/power-order/create', auth: true, moneyMoving: true, feature: 'calculate',
    summary: 'Buy a power product', body: PowerOrderCreateBody, response: PowerOrder,
  }),
  finance: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/product/finance', auth: false, feature: 'calculate',
    summary: 'Finance products on offer', query: PageQuery, response: Page(FinanceProduct),
  }),
  financeOrders: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/product/finance-order', auth: true, feature: 'calculate',
    summary: 'The caller\'s finance orders', query: ProductOrderQuery, response: Page(FinanceOrder),
  }),
  financeCensus: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/product/finance-order/census', auth: true, feature: 'calculate',
    summary: 'Totals held and earned', query: Type.Object({}), response: FinanceCensus,
  }),
  financeOrderCreate: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/product/finance-order/create', auth: true, moneyMoving: true, feature: 'calculate',
    summary: 'Subscribe to a finance product', body: FinanceOrderCreateBody, response: FinanceOrder,
  }),
};
