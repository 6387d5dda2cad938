/**
 * Which networks the deposit watcher follows, from the environment (read by server/config.ts):
 * for each network of contract/rules/wallet.ts DEPOSIT_NETWORKS, `CHAIN_<NETWORK>_RPC_URL` turns it
 * on: a comma-separated list of JSON-RPC endpoints, ideally of independent providers, of which
 * `CHAIN_<NETWORK>_RPC_QUORUM` (default a majority) must give the same answer before the server
 * acts on it (server/deposits/rpc.ts); in production only `https:` endpoints (`http:` to a loopback
 * address only); `CHAIN_<NETWORK>_TOKEN_ADDRESS` is the token contract whose Transfer logs are deposits of the
 * network's token currency (USDT); `CHAIN_<NETWORK>_CONFIRMATIONS` overrides the rule table's
 * confirmations; `CHAIN_<NETWORK>_START_BLOCK` is where a network never scanned before starts
 * (default: the first block since deposit addresses could be shown, server/deposits/watcher.ts);
 * `CHAIN_<NETWORK>_BLOCK_RANGE` bounds one eth_getLogs call
 * (default 500 blocks). The network's native coin (ETH on ERC20) is watched when the rule table
 * accepts it there. A network without an RPC URL is off; with none, the watcher is off.
 */
import { getAddress, isAddress } from 'ethers';
import { toUnits } from '../../contract/rules/money';
import { DEPOSIT_NETWORKS } from '../../contract/rules/wallet';
import { majority } from './rpc';
import { isLoopbackHost } from '../http/loopback';

/** the coin a network's transactions carry as value (the others are its tokens) */
export const NATIVE_COINS: Readonly<Record<string, string>> = { ERC20: 'ETH', BEP20: 'BNB' };

export interface WatchedCurrency {
  currency: string;
  /** ledger units: a deposit below it is recorded as below minimum, never credited */
  minDeposit: bigint;
}

export interface WatchedNetwork {
  network: string;
  /** the JSON-RPC endpoints, at least one */
  rpcUrls: string[];
  /** how many endpoints must agree */
  quorum: number;
  /** the token's contract (checksummed) and currency; null: no token watched */
  token: (WatchedCurrency & { address: string }) | null;
  /** the native coin, when deposits of it are accepted on this network */
  native: WatchedCurrency | null;
  /** a deposit is credited once its block has this many confirmations (its own block counts as one) */
  confirmations: number;
  /** the first block of a network never scanned before; null: the first since addresses could be shown */
  startBlock: number | null;
  /** the most blocks one range (one eth_getLogs) covers */
  blockRange: number;
}

type Env = Record<string, string | undefined>;

const DEFAULT_BLOCK_RANGE = 500;

function wholeNumber(env: Env, name: string, min: number): number | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (!/^[0-9]{1,12}$/.test(raw) || Number(raw) < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return Number(raw);
}

/** an http(s) URL; in production https, or http to a loopback address (a node on the same machine) */
function checkEndpoint(url: string, name: string, production: boolean): void {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || /\s/.test(url)) throw new Error(`${name} must be a comma separated list of http(s) JSON-RPC URLs, got "${url}"`);
  if (production && parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
    throw new Error(`${name}: in production an endpoint must be https (http only to a loopback address), got "${parsed.origin}"`);
  }
}

export function parseWatchedNetworks(env: Env): WatchedNetwork[] {
  const networks = [...new Set(DEPOSIT_NETWORKS.map((rule) => rule.network))];
  for (const name of Object.keys(env)) {
    const match = /^CHAIN_([A-Z0-9]+)_(RPC_URL|RPC_QUORUM|TOKEN_ADDRESS|CONFIRMATIONS|START_BLOCK|BLOCK_RANGE)$/.exec(name);
    if (match && env[name] && !networks.includes(match[1])) throw new Error(`${name}: ${match[1]} is not a deposit network (${networks.join(', ')})`);
  }
  const watched: WatchedNetwork[] = [];
  for (const network of networks) {
    const prefix = `CHAIN_${network}_`;
    const rpcUrls = (env[`${prefix}RPC_URL`] ?? '').split(',').map((url) => url.trim()).filter(Boolean);
    if (!rpcUrls.length) continue;
    for (const url of rpcUrls) checkEndpoint(url, `${prefix}RPC_URL`, env.NODE_ENV === 'production');
    if (new Set(rpcUrls).size !== rpcUrls.length) throw new Error(`${prefix}RPC_URL names one endpoint twice: a quorum needs different endpoints`);
    const quorum = wholeNumber(env, `${prefix}RPC_QUORUM`, 1) ?? majority(rpcUrls.length);
    if (quorum > rpcUrls.length) throw new Error(`${prefix}RPC_QUORUM (${quorum}) is more than the ${rpcUrls.length} endpoint(s) of ${prefix}RPC_URL`);
    const rules = DEPOSIT_NETWORKS.filter((rule) => rule.network === network);
    const nativeRule = rules.find((rule) => rule.currency === NATIVE_COINS[network]);
    const tokenRule = rules.find((rule) => rule.currency !== NATIVE_COINS[network]);
    const tokenAddress = env[`${prefix}TOKEN_ADDRESS`]?.trim() ?? '';
    if (tokenAddress && !isAddress(tokenAddress)) throw new Error(`${prefix}TOKEN_ADDRESS must be a contract address (0x and 40 hex digits), got "${tokenAddress}"`);
    if (tokenRule && !tokenAddress) throw new Error(`${prefix}TOKEN_ADDRESS is required: ${tokenRule.currency} deposits on ${network} are that token's Transfer logs`);
    if (tokenAddress && !tokenRule) throw new Error(`${prefix}TOKEN_ADDRESS is set, but ${network} accepts no token deposits`);
    const confirmations = wholeNumber(env, `${prefix}CONFIRMATIONS`, 1) ?? Math.max(...rules.map((rule) => rule.confirmations));
    watched.push({
      network,
      rpcUrls,
      quorum,
      token: tokenRule ? { currency: tokenRule.currency, minDeposit: toUnits(tokenRule.minDeposit), address: getAddress(tokenAddress) } : null,
      native: nativeRule ? { currency: nativeRule.currency, minDeposit: toUnits(nativeRule.minDeposit) } : null,
      confirmations,
      startBlock: wholeNumber(env, `${prefix}START_BLOCK`, 0),
      blockRange: wholeNumber(env, `${prefix}BLOCK_RANGE`, 1) ?? DEFAULT_BLOCK_RANGE,
    });
  }
  return watched;
}
