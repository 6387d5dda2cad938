/**
 * The operator console's operations calls for `max dev` (contract/admin/operations.ts): a
 * dashboard with a little of everything to show (one signer halted, one watcher behind, a
 * reconciliation with a shortfall), prices that can be halted and resumed, feature flags that can
 * be switched (FEATURE_FLAGS shown forcing one), reconciliations that can be run, and the OpenAPI
 * document. State lives as long as the dev server, as in the other mocks.
 */
import featureDefaults from '../config/access';
import { adminOperationsEndpoints, type FeatureFlagViewType, type PriceStatusViewType, type ReconciliationRunViewType } from '../contract/admin/operations';
import { allEndpoints, fullPath } from '../contract';
import { FEATURES, type Feature } from '../contract/features';
import { MARKET_CURRENCIES } from '../contract/rules/prices';
import { PRICES_USDT } from '../contract/seed/catalogue';
import { mockRoutes, paginate } from './_kit';
import { now, timestamp } from './_time';
import dayjs from 'dayjs';

/** who the mocks' console acts as */
const OPERATOR = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';
const at = (ms: number) => timestamp(dayjs(ms));

const halts = new Map<string, { operator: string; reason: string; since: string }>();
const storedFlags = new Map<Feature, { enabled: boolean; updatedBy: string; updatedAt: string }>();
/** the dev server's FEATURE_FLAGS, as shown: invite forced on, whatever the console says */
const ENV_FLAGS: Partial<Record<Feature, boolean>> = { invite: true };

function price(currency: (typeof MARKET_CURRENCIES)[number]): PriceStatusViewType {
  const halted = halts.get(currency) ?? null;
  return {
    currency,
    price: PRICES_USDT[currency] ?? null,
    ageSeconds: 3,
    usable: !halted,
    reason: halted ? 'halted' : null,
    feed: currency === 'ETH' ? 'sources' : 'demo (walk)',
    sources: currency === 'ETH'
      ? [{ source: 'binance', price: PRICES_USDT.ETH, error: null }, { source: 'okx', price: PRICES_USDT.ETH, error: null }, { source: 'coinbase', price: null, error: 'timeout after 3000 ms' }]
      : [],
    halted,
    exchangePosition: currency === 'BTC' ? '0.35' : '0',
    exchangeSide: currency === 'BTC' ? 'short' : 'long',
    exchangeBound: currency === 'BTC' ? '20' : currency === 'ETH' ? '400' : '300000',
  };
}

const prices = () => MARKET_CURRENCIES.map(price);

function runOf(runAt: number, shortfall: boolean): ReconciliationRunViewType {
  const usdt = { currency: 'USDT', status: shortfall ? ('shortfall' as const) : ('ok' as const), assets: shortfall ? '182000' : '186400.5', liabilities: '184250', difference: shortfall ? '-2250' : '2150.5', reason: shortfall ? 'shortfall of 2250 USDT: 182000 on chain, 184250 owed' : null };
  const detail = (total: string) => ({ networks: [{ network: 'ERC20', block: 21_000_000, hot: total, cold: '0', deposits: '0', total }], liabilities: { users: '184250', inFlightWithdrawals: '0' } });
  return {
    runAt: at(runAt),
    ok: !shortfall,
    rows: [
      { ...usdt, detail: detail(usdt.assets) },
      { currency: 'ETH', status: 'ok', assets: '52.1', liabilities: '50', difference: '2.1', reason: null, detail: detail('52.1') },
    ],
  };
}

const runs: ReconciliationRunViewType[] = [runOf(now() - 3600_000, true), runOf(now() - 25 * 3600_000, false)];

function flag(name: Feature): FeatureFlagViewType {
  const stored = storedFlags.get(name) ?? null;
  const env = ENV_FLAGS[name] ?? null;
  return { name, default: featureDefaults[name], stored, env, file: null, effective: env ?? stored?.enabled ?? featureDefaults[name] };
}

function openApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { domain, name, endpoint } of allEndpoints()) {
    const path = fullPath(endpoint).replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: { operationId: `${domain}.${name}`, tags: [domain], summary: endpoint.summary } };
  }
  return { openapi: '3.1.0', info: { title: 'PowerFi API (mocks)', version: '1.0.0' }, paths };
}

export default mockRoutes(adminOperationsEndpoints, {
  dashboard: () => ({
    withdrawalsInReview: 3,
    depositsInReview: 1,
    approvalsPending: 2,
    signers: [
      { network: 'BEP20', halted: null, failuresInARow: 0, failing: false, lastError: null, lastErrorAt: null, lastOkAt: at(now() - 20_000) },
      { network: 'ERC20', halted: { operator: OPERATOR, reason: '熱錢包餘額不足，補充後恢復', since: at(now() - 2 * 3600_000) }, failuresInARow: 3, failing: true, lastError: 'NoQuorum: eth_getTransactionCount: 1 of 2 endpoints answered', lastErrorAt: at(now() - 60_000), lastOkAt: at(now() - 3 * 3600_000) },
    ],
    watchers: [
      { network: 'BEP20', cursor: 44_100_230, head: 44_100_245, lag: 15, sinceLastRunMs: 12_000, stuck: false, deposits: { confirming: 2, credited: 118, below_minimum: 1, dropped: 0, review: 1, rejected: 0 }, oldestConfirmingBlock: 44_100_229, failedRunsInARow: 0, lastError: null },
      { network: 'ERC20', cursor: 21_000_100, head: 21_000_260, lag: 160, sinceLastRunMs: 420_000, stuck: true, deposits: { confirming: 0, credited: 64, below_minimum: 0, dropped: 1, review: 0, rejected: 0 }, oldestConfirmingBlock: null, failedRunsInARow: 4, lastError: 'timeout after 15000 ms' },
    ],
    prices: prices(),
    reconciliation: runs[0] ?? null,
    ledger: { ok: true, entries: 5210, accounts: 842, currencySums: { USDT: '0', ETH: '0', BTC: '0', FIL: '0' }, systemBalances: { fees: { USDT: '1520.5' }, exchange: { BTC: '-0.35', USDT: '22750' } }, problems: [] },
    at: timestamp(),
  }),

  prices: () => prices(),

  haltPrice: ({ params, body }) => {
    const currency = (params as unknown as { currency: (typeof MARKET_CURRENCIES)[number] }).currency;
    const changed = !halts.has(currency);
    if (changed) halts.set(currency, { operator: OPERATOR, reason: body.reason, since: timestamp() });
    return { changed, price: price(currency) };
  },

  resumePrice: ({ params }) => {
    const currency = (params as unknown as { currency: (typeof MARKET_CURRENCIES)[number] }).currency;
    return { changed: halts.delete(currency), price: price(currency) };
  },

  features: () => ({ fileConfigured: false, propagationMs: 1000, list: FEATURES.map(flag) }),

  setFeature: ({ params, body }) => {
    const name = (params as unknown as { name: Feature }).name;
    storedFlags.set(name, { enabled: body.enabled, updatedBy: OPERATOR, updatedAt: timestamp() });
    return flag(name);
  },

  reconciliations: ({ query }) => {
    const page = paginate(runs, query);
    return { list: page.list, total: runs.length, page: page.page, pageSize: page.pageSize };
  },

  runReconcile: () => {
    const run = runOf(now(), false);
    runs.unshift(run);
    return run;
  },

  openApi: () => openApi(),
});
