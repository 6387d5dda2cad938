/**
 * The price feed's settings, from the environment (read by server/config.ts):
 * - `PRICE_SOURCES_<CURRENCY>`: comma-separated sources of a market currency's USDT price, each
 *   `chainlink:<NETWORK>:<aggregator address>` (read through `CHAIN_<NETWORK>_RPC_URL`) or an
 *   `https://host/path#<JSON pointer>` answering JSON (`http:` only to a loopback host);
 * - `PRICE_MAX_AGE_SECONDS` (60), `PRICE_MIN_SOURCES` (2 in production,
 *   else 1), `PRICE_MAX_DEVIATION_PERCENT` (1), `PRICE_SOURCE_TIMEOUT_MS` (3000); the poll's
 *   interval is `PRICE_POLL_MS` (5000, server/jobSchedule.ts);
 * - `PRICE_DEMO`: `walk` (the default outside production: a moving demo price for currencies
 *   without sources), `fixed` (the seed price, still labelled demo: tests) or `off`; refused in
 *   production, where a currency without sources has no price at all;
 * - `CONVERT_QUOTE_TTL_SECONDS` (10), `EXCHANGE_MAX_POSITION_<CURRENCY>` (contract/rules/prices.ts).
 */
import { getAddress, isAddress } from 'ethers';
import { toUnits } from '../../contract/rules/money';
import { isLoopbackHost } from '../http/loopback';
import {
  DEFAULT_CONVERT_QUOTE_TTL_SECONDS, DEFAULT_PRICE_MAX_AGE_SECONDS, DEFAULT_PRICE_MAX_DEVIATION_PERCENT,
  EXCHANGE_MAX_POSITION, MARKET_CURRENCIES,
} from '../../contract/rules/prices';

export type PriceSource =
  | { kind: 'chainlink'; label: string; network: string; rpcUrl: string; aggregator: string }
  | { kind: 'http'; label: string; url: string; pointer: string };

export type DemoFeed = 'walk' | 'fixed' | 'off';

export interface PriceConfig {
  /** the sources of each market currency; a currency without any is priced by the demo feed or not at all */
  sources: Record<string, PriceSource[]>;
  /** a source's answer, and the agreed price, older than this is stale */
  maxAgeMs: number;
  minSources: number;
  /** percent in ledger units */
  maxDeviation: bigint;
  sourceTimeoutMs: number;
  demo: DemoFeed;
  quoteTtlMs: number;
  /** the exchange desk's bound per currency, in units */
  exchangeMaxPosition: Record<string, bigint>;
}

type Env = Record<string, string | undefined>;

function wholeNumber(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]{1,10}$/.test(raw) || Number(raw) < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return Number(raw);
}

function positiveDecimal(env: Env, name: string, fallback: string): bigint {
  const raw = env[name] || fallback;
  if (!/^[0-9]{1,18}(\.[0-9]{1,8})?$/.test(raw) || toUnits(raw) <= 0n) throw new Error(`${name} must be a positive number with at most 8 decimals, got "${raw}"`);
  return toUnits(raw);
}

/** `https://host/path#/json/pointer`, or http to a loopback host (tests, a local relay) */
function httpSource(raw: string, name: string): PriceSource {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name}: "${raw}" is not a URL`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new Error(`${name}: a price source must be https (http only to a loopback host), got "${url.origin}"`);
  }
  // a bare "#" (the whole answer is the price) leaves url.hash empty: tell it from no "#" by the text
  if (!url.hash.startsWith('#/') && !(url.hash === '' && raw.endsWith('#'))) throw new Error(`${name}: "${raw}" must end with the JSON pointer of the price, e.g. #/data/price`);
  const pointer = decodeURIComponent(url.hash.slice(1));
  url.hash = '';
  // the label is what ops and snapshots show: never the query, which may hold an API key
  return { kind: 'http', label: `${url.host}${url.pathname}#${pointer}`, url: url.toString(), pointer };
}

function chainlinkSource(raw: string, name: string, env: Env): PriceSource {
  const [, network = '', aggregator = ''] = raw.split(':');
  if (!/^[A-Z0-9]+$/.test(network) || !isAddress(aggregator)) throw new Error(`${name}: "${raw}" must be chainlink:<NETWORK>:<aggregator address>`);
  // the first endpoint of the network's list
  const rpcUrl = (env[`CHAIN_${network}_RPC_URL`] ?? '').split(',')[0].trim();
  if (!rpcUrl) throw new Error(`${name}: ${raw} reads through CHAIN_${network}_RPC_URL, which is not set`);
  const address = getAddress(aggregator);
  return { kind: 'chainlink', label: `chainlink:${network}:${address}`, network, rpcUrl, aggregator: address };
}

export function parsePriceConfig(env: Env): PriceConfig {
  const production = env.NODE_ENV === 'production';
  const sources: Record<string, PriceSource[]> = {};
  for (const name of Object.keys(env)) {
    const match = /^PRICE_SOURCES_([A-Z0-9]+)$/.exec(name);
    if (!match || !env[name]?.trim()) continue;
    const currency = match[1];
    if (!(MARKET_CURRENCIES as readonly string[]).includes(currency)) throw new Error(`${name}: ${currency} is not a market currency (${MARKET_CURRENCIES.join(', ')})`);
    const list = env[name]!.split(',').map((part) => part.trim()).filter(Boolean);
    sources[currency] = list.map((raw) => (raw.startsWith('chainlink:') ? chainlinkSource(raw, name, env) : httpSource(raw, name)));
    if (new Set(sources[currency].map((s) => s.label)).size !== list.length) throw new Error(`${name} names one source twice: each must be independent`);
  }
  const demoRaw = env.PRICE_DEMO || (production ? 'off' : 'walk');
  if (demoRaw !== 'walk' && demoRaw !== 'fixed' && demoRaw !== 'off') throw new Error(`PRICE_DEMO must be walk, fixed or off, got "${demoRaw}"`);
  if (production && demoRaw !== 'off') throw new Error('PRICE_DEMO is for development and tests: in production every price comes from PRICE_SOURCES_<CURRENCY>');
  const exchangeMaxPosition: Record<string, bigint> = {};
  for (const currency of Object.keys(EXCHANGE_MAX_POSITION)) {
    exchangeMaxPosition[currency] = positiveDecimal(env, `EXCHANGE_MAX_POSITION_${currency}`, EXCHANGE_MAX_POSITION[currency]);
  }
  const minSources = wholeNumber(env, 'PRICE_MIN_SOURCES', production ? 2 : 1, 1);
  const maxAgeMs = wholeNumber(env, 'PRICE_MAX_AGE_SECONDS', DEFAULT_PRICE_MAX_AGE_SECONDS, 1) * 1000;
  const sourceTimeoutMs = wholeNumber(env, 'PRICE_SOURCE_TIMEOUT_MS', 3000, 100);
  // a poll waits for its slowest source: one that hangs must not outlast the prices of every currency
  if (sourceTimeoutMs * 2 > maxAgeMs) throw new Error(`PRICE_SOURCE_TIMEOUT_MS (${sourceTimeoutMs}) must be at most half of PRICE_MAX_AGE_SECONDS (${maxAgeMs / 1000} s): one slow source would let every price go stale`);
  for (const [currency, list] of Object.entries(sources)) {
    if (list.length < minSources) throw new Error(`PRICE_SOURCES_${currency} names ${list.length} source(s), fewer than PRICE_MIN_SOURCES (${minSources}): ${currency} could never be priced`);
  }
  return {
    sources,
    maxAgeMs,
    minSources,
    maxDeviation: positiveDecimal(env, 'PRICE_MAX_DEVIATION_PERCENT', DEFAULT_PRICE_MAX_DEVIATION_PERCENT),
    sourceTimeoutMs,
    demo: demoRaw,
    quoteTtlMs: wholeNumber(env, 'CONVERT_QUOTE_TTL_SECONDS', DEFAULT_CONVERT_QUOTE_TTL_SECONDS, 1) * 1000,
    exchangeMaxPosition,
  };
}
