/**
 * The console's operations calls: the dashboard, prices and their halts, feature flags switched at
 * run time, the reconciliation of the books with the chain, and the API document for operators.
 * The same figures as the ops commands (`prices:status`, `watcher:status`, `ledger:check`,
 * `reconcile`), from the same domain functions.
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from '../endpoint';
import { Timestamp } from '../common';
import { FEATURES } from '../features';
import { MARKET_CURRENCIES, PRICE_UNAVAILABLE_REASONS } from '../rules/prices';
import { AdminListQuery, AdminPage, Reason } from './common';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));
const Nullable = <T extends import('@sinclair/typebox').TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** a decimal amount, e.g. "65000.5" or "-3" */
const Decimal = Type.String({ pattern: '^-?\\d+(\\.\\d+)?$' });

export const MarketCurrencySchema = literals(MARKET_CURRENCIES);
export const FeatureNameSchema = literals(FEATURES);

/** Who stopped something, why and since when. */
export const HaltView = Type.Object({ operator: Type.String(), reason: Type.String(), since: Timestamp });
export type HaltViewType = Static<typeof HaltView>;

/** One market currency's price as `ops prices:status` shows it. */
export const PriceStatusView = Type.Object({
  currency: MarketCurrencySchema,
  /** the usable price in USDT, else the last agreed one (for information), or null */
  price: Nullable(Decimal),
  ageSeconds: Nullable(Type.Integer({ minimum: 0 })),
  usable: Type.Boolean(),
  /** why it is not usable */
  reason: Nullable(literals(PRICE_UNAVAILABLE_REASONS)),
  /** 'sources', 'none', or 'demo (…)' */
  feed: Type.String(),
  sources: Type.Array(Type.Object({ source: Type.String(), price: Nullable(Type.String()), error: Nullable(Type.String()) })),
  halted: Nullable(HaltView),
  /** the exchange desk's position in the currency (absolute) and its side */
  exchangePosition: Decimal,
  exchangeSide: literals(['long', 'short'] as const),
  exchangeBound: Nullable(Decimal),
});
export type PriceStatusViewType = Static<typeof PriceStatusView>;

export const PriceParams = Type.Object({ currency: MarketCurrencySchema });
export const PriceHaltBody = Type.Object({ reason: Reason });
export type PriceHaltBodyType = Static<typeof PriceHaltBody>;
/** `changed` false: it was halted (or running) already, and the first halt stands */
export const PriceHaltResult = Type.Object({ changed: Type.Boolean(), price: PriceStatusView });
export type PriceHaltResultType = Static<typeof PriceHaltResult>;

/** The withdrawal signer of one network: halted by an operator, and how its runs go. */
export const SignerStatusView = Type.Object({
  network: Type.String(),
  halted: Nullable(HaltView),
  failuresInARow: Type.Integer({ minimum: 0 }),
  failing: Type.Boolean(),
  lastError: Nullable(Type.String()),
  lastErrorAt: Nullable(Timestamp),
  lastOkAt: Nullable(Timestamp),
});
export type SignerStatusViewType = Static<typeof SignerStatusView>;

/** The deposit watcher of one network, as `ops watcher:status` shows it. */
export const WatcherStatusView = Type.Object({
  network: Type.String(),
  cursor: Type.Integer({ minimum: 0 }),
  head: Type.Integer({ minimum: 0 }),
  lag: Type.Integer({ minimum: 0 }),
  sinceLastRunMs: Type.Integer({ minimum: 0 }),
  stuck: Type.Boolean(),
  /** deposits seen on chain by status */
  deposits: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  oldestConfirmingBlock: Nullable(Type.Integer({ minimum: 0 })),
  failedRunsInARow: Type.Integer({ minimum: 0 }),
  lastError: Nullable(Type.String()),
});
export type WatcherStatusViewType = Static<typeof WatcherStatusView>;

/** One currency of a reconciliation run: what the platform holds on chain against what the ledger owes. */
export const ReconciliationRowView = Type.Object({
  currency: Type.String(),
  status: literals(['ok', 'shortfall', 'unavailable'] as const),
  /** null when a network carrying the currency could not be read */
  assets: Nullable(Decimal),
  liabilities: Decimal,
  difference: Nullable(Decimal),
  reason: Nullable(Type.String()),
  /** the figures per network and source, and the liabilities' parts */
  detail: Type.Unknown(),
});
export type ReconciliationRowViewType = Static<typeof ReconciliationRowView>;

/** One reconciliation run: every currency's row; ok only when every row is. */
export const ReconciliationRunView = Type.Object({
  runAt: Timestamp,
  ok: Type.Boolean(),
  rows: Type.Array(ReconciliationRowView),
});
export type ReconciliationRunViewType = Static<typeof ReconciliationRunView>;

export const ReconciliationsQuery = AdminListQuery({});
export type ReconciliationsQueryType = Static<typeof ReconciliationsQuery>;
export const ReconcileRunBody = Type.Object({ reason: Reason });
export type ReconcileRunBodyType = Static<typeof ReconcileRunBody>;

/** The ledger's invariants, as `ops ledger:check` computes them. */
export const LedgerCheckView = Type.Object({
  ok: Type.Boolean(),
  entries: Type.Integer({ minimum: 0 }),
  accounts: Type.Integer({ minimum: 0 }),
  /** per currency, the sum of every entry: "0" when the books balance */
  currencySums: Type.Record(Type.String(), Decimal),
  /** what each system account holds per currency (fees earned, the exchange desk, …) */
  systemBalances: Type.Record(Type.String(), Type.Record(Type.String(), Decimal)),
  problems: Type.Array(Type.String()),
});
export type LedgerCheckViewType = Static<typeof LedgerCheckView>;

export const DashboardView = Type.Object({
  /** withdrawals waiting for an operator's review */
  withdrawalsInReview: Type.Integer({ minimum: 0 }),
  /** deposits seen on chain waiting for an operator's review */
  depositsInReview: Type.Integer({ minimum: 0 }),
  /** four-eyes actions waiting for a second operator */
  approvalsPending: Type.Integer({ minimum: 0 }),
  signers: Type.Array(SignerStatusView),
  watchers: Type.Array(WatcherStatusView),
  prices: Type.Array(PriceStatusView),
  /** the last reconciliation run, or null when none was recorded */
  reconciliation: Nullable(ReconciliationRunView),
  ledger: LedgerCheckView,
  /** when these figures were read */
  at: Timestamp,
});
export type DashboardViewType = Static<typeof DashboardView>;

/**
 * One feature flag and its layers, lowest first: the build default (config/access.ts), the value
 * set in this console (null: none), FEATURE_FLAGS and the FEATURE_FLAGS_FILE of the server's owner
 * (null: not set there), which both win over the console's, and the value in force.
 */
export const FeatureFlagView = Type.Object({
  name: FeatureNameSchema,
  default: Type.Boolean(),
  stored: Nullable(Type.Object({ enabled: Type.Boolean(), updatedBy: Type.String(), updatedAt: Timestamp })),
  env: Nullable(Type.Boolean()),
  /** null also when no FEATURE_FLAGS_FILE is configured (see `fileConfigured`) */
  file: Nullable(Type.Boolean()),
  effective: Type.Boolean(),
});
export type FeatureFlagViewType = Static<typeof FeatureFlagView>;

export const FeatureFlagsAdminView = Type.Object({
  /** true when the server follows a FEATURE_FLAGS_FILE */
  fileConfigured: Type.Boolean(),
  /** how long a change takes at most to reach every server process */
  propagationMs: Type.Integer({ minimum: 0 }),
  list: Type.Array(FeatureFlagView),
});
export type FeatureFlagsAdminViewType = Static<typeof FeatureFlagsAdminView>;

export const FeatureParams = Type.Object({ name: FeatureNameSchema });
export const FeatureSetBody = Type.Object({ enabled: Type.Boolean(), reason: Reason });
export type FeatureSetBodyType = Static<typeof FeatureSetBody>;

export const adminOperationsEndpoints = {
  dashboard: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/dashboard', auth: false, operator: 'console.read',
    summary: 'The day at a glance: reviews and approvals waiting, signers, watchers, prices, the last reconciliation, the ledger check',
    response: DashboardView,
  }),
  prices: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/prices', auth: false, operator: 'console.read',
    summary: 'Every market currency\'s price: usable or why not, age, sources, halt, the exchange desk\'s position',
    response: Type.Array(PriceStatusView),
  }),
  haltPrice: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/prices/:currency/halt', auth: false, operator: 'prices.halt',
    summary: 'Halt a currency\'s price (the manual circuit breaker): nothing is priced with it until resumed',
    params: PriceParams, body: PriceHaltBody, response: PriceHaltResult,
  }),
  resumePrice: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/prices/:currency/resume', auth: false, operator: 'prices.halt',
    summary: 'Lift a currency\'s price halt',
    params: PriceParams, body: PriceHaltBody, response: PriceHaltResult,
  }),
  features: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/features', auth: false, operator: 'features.manage',
    summary: 'Every feature flag: its default, the console\'s value, the server\'s overrides and the value in force',
    response: FeatureFlagsAdminView,
  }),
  setFeature: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/features/:name', auth: false, operator: 'features.manage',
    summary: 'Switch a feature on or off at run time (every server process follows within seconds)',
    params: FeatureParams, body: FeatureSetBody, response: FeatureFlagView,
  }),
  reconciliations: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/reconcile', auth: false, operator: 'console.read',
    summary: 'The reconciliations of the books with the chain, newest first',
    query: ReconciliationsQuery, response: AdminPage(ReconciliationRunView),
  }),
  runReconcile: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/reconcile/run', auth: false, operator: 'reconcile.run',
    summary: 'Reconcile the books with the chain now (reads every watched network) and record the run',
    body: ReconcileRunBody, response: ReconciliationRunView,
  }),
  openApi: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/openapi.json', auth: false, operator: 'console.read',
    summary: 'The OpenAPI document of the whole API (in production served to operators only)',
    response: Type.Record(Type.String(), Type.Unknown()),
  }),
};
