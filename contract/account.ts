/** Balances, deposits, transfers, conversions and the power account (mined coin). */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { PriceUnavailable } from './market';
import {
  Amount, CurrencyCode, DateOnly, EvmAddress, Id, IdParams, Page, PageQuery, PayPassword, Timestamp,
} from './common';

/* ---------- balances ---------- */
export const AccountBalance = Type.Object({
  currency: CurrencyCode,
  available: Amount,
  frozen: Amount,
  /** price of one unit in USDT, from the market feed (docs/prices.md); null: no usable price now */
  priceUsdt: Type.Union([Amount, Type.Null()]),
  /** (available + frozen) × price, rounded down to 8 decimals; null without a usable price */
  valueUsdt: Type.Union([Amount, Type.Null()]),
  /** when that price was taken; null for USDT (1 by definition) and without a price */
  priceAt: Type.Union([Timestamp, Type.Null()]),
  /** the price comes from the demo feed (演示行情) */
  priceDemo: Type.Boolean(),
});
export type AccountBalanceType = Static<typeof AccountBalance>;

export const AccountQuery = Type.Object({ currency: Type.Optional(CurrencyCode) });
export const AccountOverview = Type.Object({
  /** the sum of the balances that have a usable price */
  totalUsdt: Amount,
  /** true when some balance above zero has no usable price, so the total leaves it out */
  totalPartial: Type.Boolean(),
  balances: Type.Array(AccountBalance),
});
export type AccountOverviewType = Static<typeof AccountOverview>;

/** A product title: product id 10000 is the basic product, labelled USDT. */
export const ProductTitle = Type.Object({ id: Id, title: Type.String(), currency: CurrencyCode });
export type ProductTitleType = Static<typeof ProductTitle>;

/* ---------- deposits ---------- */
export const DepositNetwork = Type.Object({
  network: Type.String(),
  currency: CurrencyCode,
  address: EvmAddress,
  minDeposit: Amount,
  confirmations: Type.Integer({ minimum: 1 }),
});
/**
 * A deposit record: 'credited' (in the balance: by the chain watcher or by hand), 'confirming' (seen
 * on chain, waiting for its confirmations), 'below_minimum' (seen, below the network's minimum,
 * never credited), 'review' (confirmed, above the review threshold: waiting for an operator) or
 * 'rejected' (an operator refused it; never credited). A deposit the watcher dropped (its block
 * left the chain before it was credited) is not listed: no money arrived, and if its transaction
 * is mined again the same record comes back as confirming (docs/deposits.md). `id` is the credited deposit's id for a credited record,
 * the seen deposit's otherwise (unique within each status).
 */
export const DepositRecordStatus = Type.Union([
  Type.Literal('confirming'), Type.Literal('credited'), Type.Literal('below_minimum'), Type.Literal('review'), Type.Literal('rejected'),
]);
export type DepositRecordStatusType = Static<typeof DepositRecordStatus>;
export const DepositRecord = Type.Object({
  id: Id,
  network: Type.String(),
  currency: CurrencyCode,
  amount: Amount,
  txHash: Type.String(),
  status: DepositRecordStatus,
  /** a deposit seen on chain (not credited by hand): blocks since its block, counting it, capped at requiredConfirmations */
  confirmations: Type.Optional(Type.Integer({ minimum: 0 })),
  /** the confirmations the network needs before the deposit is credited */
  requiredConfirmations: Type.Optional(Type.Integer({ minimum: 1 })),
  createdAt: Timestamp,
});
export type DepositRecordType = Static<typeof DepositRecord>;
export const RechargeQuery = Type.Composite([PageQuery, Type.Object({ currency: Type.Optional(CurrencyCode) })]);
export const RechargeResponse = Type.Object({
  networks: Type.Array(DepositNetwork),
  records: Page(DepositRecord),
});
export type RechargeResponseType = Static<typeof RechargeResponse>;

/* ---------- transfers between PowerFi users ---------- */
export const TransferOptions = Type.Object({
  currencies: Type.Array(Type.Object({ currency: CurrencyCode, fee: Amount, minAmount: Amount, available: Amount })),
  recentRecipients: Type.Array(Type.Object({ uid: Type.String(), address: EvmAddress })),
});
export type TransferOptionsType = Static<typeof TransferOptions>;

/** `?to=` a UID or wallet address, checked as the sender types it */
export const TransferRecipientQuery = Type.Object({ to: Type.String({ minLength: 1, maxLength: 64 }) });
export type TransferRecipientQueryType = Static<typeof TransferRecipientQuery>;

/** Who a recipient is, masked: never the full address (enough for the sender to recognise it) */
export const TransferRecipient = Type.Object({
  /** e.g. `0x12…abcd`: the first 4 and the last 4 characters of the address */
  maskedAddress: Type.String(),
});
export type TransferRecipientType = Static<typeof TransferRecipient>;

export const TransferCreateBody = Type.Object({
  /** recipient UID or wallet address */
  to: Type.String({ minLength: 1, maxLength: 64 }),
  currency: CurrencyCode,
  amount: Amount,
  payPassword: PayPassword,
});
export type TransferCreateBodyType = Static<typeof TransferCreateBody>;

export const TransferRecord = Type.Object({
  id: Id,
  direction: Type.Union([Type.Literal('out'), Type.Literal('in')]),
  counterpartyUid: Type.String(),
  counterpartyAddress: EvmAddress,
  currency: CurrencyCode,
  amount: Amount,
  fee: Amount,
  status: Type.Union([Type.Literal('success')]),
  createdAt: Timestamp,
});
export type TransferRecordType = Static<typeof TransferRecord>;

/* ---------- conversion between currencies ---------- */
export const ConvertPair = Type.Object({
  from: CurrencyCode,
  to: CurrencyCode,
  /** units of `to` per unit of `from`; null while either currency has no usable price */
  rate: Type.Union([Amount, Type.Null()]),
  /** why there is no rate (market.ts PriceUnavailable), else null */
  unavailable: Type.Union([PriceUnavailable, Type.Null()]),
  /** when the older of the two prices was taken; null without a rate */
  priceAt: Type.Union([Timestamp, Type.Null()]),
  /** seconds since then, by the server's clock */
  priceAgeSeconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** the rate comes from the demo feed (演示行情) */
  demo: Type.Boolean(),
  /** fee percentage taken from the amount received, e.g. "0.2" */
  feeRate: Type.String(),
  minAmount: Amount,
  maxAmount: Amount,
});
export type ConvertPairType = Static<typeof ConvertPair>;

export const ConvertRecord = Type.Object({
  id: Id,
  from: CurrencyCode,
  to: CurrencyCode,
  amount: Amount,
  rate: Amount,
  fee: Amount,
  received: Amount,
  createdAt: Timestamp,
});
export type ConvertRecordType = Static<typeof ConvertRecord>;

export const ConvertResponse = Type.Object({ pairs: Type.Array(ConvertPair), records: Page(ConvertRecord) });
export type ConvertResponseType = Static<typeof ConvertResponse>;

export const ConvertQuoteBody = Type.Object({ from: CurrencyCode, to: CurrencyCode, amount: Amount });
export const ConvertQuote = Type.Object({
  quoteId: Type.String(),
  from: CurrencyCode,
  to: CurrencyCode,
  amount: Amount,
  rate: Amount,
  fee: Amount,
  /** exactly what will be credited */
  received: Amount,
  expiresAt: Timestamp,
  /** seconds the quote stays valid from when it was issued, so a countdown needs no clock agreement */
  expiresInSeconds: Type.Optional(Type.Integer({ minimum: 0 })),
  /** when the prices it was priced from were taken (the older of the two) */
  priceAt: Type.Optional(Timestamp),
  /** priced from the demo feed (演示行情) */
  demo: Type.Optional(Type.Boolean()),
});
export type ConvertQuoteType = Static<typeof ConvertQuote>;

export const ConvertCreateBody = Type.Object({ quoteId: Type.String({ minLength: 1 }), payPassword: PayPassword });
export type ConvertCreateBodyType = Static<typeof ConvertCreateBody>;

/* ---------- power account (mined coin) ---------- */
export const PowerCoin = Type.Object({
  coin: CurrencyCode,
  unit: Type.String(),
  hashrate: Amount,
  outputYesterday: Amount,
  outputTotal: Amount,
  /** mined coin not yet exchanged */
  available: Amount,
  /** power exchange terms (absent when the coin cannot be exchanged): USDT per coin, */
  exchangeRate: Type.Optional(Amount),
  /** fee in percent of the USDT value (rounded up), */
  exchangeFeeRate: Type.Optional(Amount),
  /** and the smallest amount one exchange accepts */
  exchangeMinimum: Type.Optional(Amount),
});
export const PowerDetail = Type.Object({ coins: Type.Array(PowerCoin) });
export type PowerDetailType = Static<typeof PowerDetail>;

export const PowerExchangeBody = Type.Object({ coin: CurrencyCode, amount: Amount, payPassword: PayPassword });
export type PowerExchangeBodyType = Static<typeof PowerExchangeBody>;

export const PowerExchangeRecord = Type.Object({
  id: Id,
  coin: CurrencyCode,
  amount: Amount,
  rate: Amount,
  fee: Amount,
  received: Amount,
  createdAt: Timestamp,
});
export type PowerExchangeRecordType = Static<typeof PowerExchangeRecord>;

export const PowerBill = Type.Object({
  id: Id,
  orderId: Id,
  day: DateOnly,
  coin: CurrencyCode,
  gross: Amount,
  /** electricityFee + managementFee */
  fee: Amount,
  electricityFee: Amount,
  managementFee: Amount,
  net: Amount,
});
export type PowerBillType = Static<typeof PowerBill>;
export const PowerBillQuery = Type.Composite([
  PageQuery,
  Type.Object({ orderId: Type.Optional(Id), coin: Type.Optional(CurrencyCode), from: Type.Optional(DateOnly), to: Type.Optional(DateOnly) }),
]);

export const accountEndpoints = {
  account: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/account/account', auth: true,
    summary: 'Balances per currency with USDT valuation', query: AccountQuery, response: AccountOverview,
  }),
  productTitle: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/account/account/product/title/:id', auth: false,
    summary: 'The title of an account product (10000 = USDT)', params: IdParams, response: ProductTitle,
  }),
  recharge: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/account/recharge', auth: true, feature: 'deposit',
    summary: 'Deposit addresses and deposit records', query: RechargeQuery, response: RechargeResponse,
  }),
  transferOptions: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/account/transfer/options', auth: true, feature: 'transfer',
    summary: 'Transferable currencies, fees and recent recipients', response: TransferOptions,
  }),
  transferRecipient: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/account/transfer/recipient', auth: true, feature: 'transfer',
    summary: 'Check a transfer recipient (UID or address): their masked address; 404 for an unknown one or oneself (rate limited)',
    query: TransferRecipientQuery, response: TransferRecipient,
  }),
  transfers: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/account/transfer', auth: true, feature: 'transfer',
    summary: 'Transfer history', query: PageQuery, response: Page(TransferRecord),
  }),
  transferCreate: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/account/transfer/create', auth: true, moneyMoving: true, feature: 'transfer',
    summary: 'Send to another PowerFi user', body: TransferCreateBody, response: TransferRecord,
  }),
  convert: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/account/convert', auth: true,
    summary: 'Conversion pairs and records', query: PageQuery, response: ConvertResponse,
  }),
  convertQuote: defineEndpoint({
    // a POST: issuing a quote stores it (single use, accepted by every server process), and a GET never writes
    method: 'POST', prefix: 'web', path: '/account/convert/quote', auth: true,
    summary: 'Issue a short-lived conversion quote', body: ConvertQuoteBody, response: ConvertQuote,
  }),
  convertCreate: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/account/convert/create', auth: true, moneyMoving: true,
    summary: 'Convert at a quote', body: ConvertCreateBody, response: ConvertRecord,
  }),
  exchange: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/account/exchange', auth: true, feature: 'calculate',
    summary: 'Power exchange records', query: PageQuery, response: Page(PowerExchangeRecord),
  }),
  powerDetail: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/account/power/detail', auth: true, feature: 'calculate',
    summary: 'Hashrate held and output per coin', response: PowerDetail,
  }),
  powerExchange: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/account/power/exchange', auth: true, moneyMoving: true, feature: 'calculate',
    summary: 'Exchange mined coin to USDT', body: PowerExchangeBody, response: PowerExchangeRecord,
  }),
  powerBill: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/account/power-bill', auth: true, feature: 'calculate',
    summary: 'Daily power bills', query: PowerBillQuery, response: Page(PowerBill),
  }),
};
