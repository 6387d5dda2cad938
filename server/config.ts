/**
 * Every server setting, read once from the environment, with defaults that run on a fresh clone.
 */
import path from 'node:path';
// COMMISSION_RATE when unset: 5 % (of power purchases and of finance interest paid; docs/invites.md)
import { DEFAULT_COMMISSION_RATE } from '../contract/rules/invites';
import { checkAmount, toUnits } from '../contract/rules/money';
import { parseFeatureFlagsEnv, type FeatureOverrides } from './features/flags';
import { parseTrustProxy, type TrustProxy } from './http/trustProxy';
import { parseJobSchedule, type JobSchedule } from './jobSchedule';
import { DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS, WITHDRAW_PLATFORM_HOURLY_LIMIT } from '../contract/rules/withdraw';
import { parseWatchedNetworks, type WatchedNetwork } from './deposits/networks';
import { parseSignerKey, type SignerKey } from './withdrawals/signerKey';
import { parseExplorerTxUrls } from './withdrawals/explorers';
import { parsePriceConfig, type PriceConfig } from './prices/config';
import { parseColdWallets, type ColdWallets } from './reconcile/config';
import { PEPPER_VARIABLE, type PepperSource } from './payPassword/pepper';

export interface RateLimitConfig {
  /** requests per window and client IP on the nonce and sign-in calls */
  authMax: number;
  /** requests per window and caller on every money-moving call */
  moneyMax: number;
  windowMs: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; empty → embedded SQLite */
  databaseUrl: string;
  /** PostgreSQL schema to use (search_path); empty → the server's default */
  databaseSchema: string;
  sqlitePath: string;
  /**
   * The site's origins (e.g. https://powerfi.example), from PUBLIC_ORIGIN: the only SIWE domains and
   * URIs accepted, never the request's Host; the first one builds invite links.
   */
  publicOrigins: string[];
  siweChainIds: number[];
  /** how long a sign-in nonce stays valid */
  nonceTtlMs: number;
  /** a SIWE message's issued-at may be at most this old */
  siweMaxAgeMs: number;
  /** tolerated clock difference between wallet and server */
  siweClockSkewMs: number;
  /** a session ends after this long without a request */
  tokenIdleTtlMs: number;
  /** a session ends this long after sign-in, whatever happens */
  tokenAbsoluteTtlMs: number;
  redisUrl: string;
  distDir: string;
  /** SERVER_BUNDLE_DIR: Umi's Node bundle of the app, which renders the prerendered pages with live data; empty → dist-server beside distDir */
  serverBundleDir: string;
  /** PAGE_RENDER_INTERVAL_MS (default 30 s): how often the prerendered pages' public answers are fetched again, each page rendered anew when they changed; 0 → never (the build's documents are sent) */
  pageRenderIntervalMs: number;
  logLevel: string;
  bodyLimitBytes: number;
  rateLimit: RateLimitConfig;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For/-Host/-Proto count (server/http/trustProxy.ts) */
  trustProxy: TrustProxy;
  /** minutes east of UTC for displayed timestamps (480 = UTC+8) */
  displayUtcOffsetMinutes: number;
  /** percent paid to the inviter of an invitee's power purchase price and finance interest paid (docs/invites.md), a decimal string ("5" = 5 %) */
  commissionRate: string;
  /** HD extended PUBLIC key the deposit addresses derive from; empty → one generated at first start */
  depositXpub: string;
  /** FEATURE_FLAGS overrides of config/access.ts, e.g. `transfer=false,mall=false` (server/features/flags.ts) */
  featureFlags: FeatureOverrides;
  /** FEATURE_FLAGS_FILE: a JSON file of flags an operator edits at run time; empty → none */
  featureFlagsFile: string;
  /** FEATURE_FLAGS_POLL_MS: how often that file is checked for changes */
  featureFlagsPollMs: number;
  /** when the server process runs its jobs (server/jobSchedule.ts: JOBS_OFF, SETTLEMENT_*_MS, MALL_SWEEP_*_MS) */
  jobs: JobSchedule;
  /** the networks the deposit watcher follows (CHAIN_<NETWORK>_RPC_URL, …: server/deposits/networks.ts); none → the watcher is off */
  chainNetworks: WatchedNetwork[];
  /** the withdrawal signer's hot-wallet key (WITHDRAW_SIGNER_KEY or _KEYSTORE: server/withdrawals/signerKey.ts); null → the signer is off */
  withdrawSignerKey: SignerKey | null;
  /** WITHDRAW_ADDRESS_DELAY_HOURS (default 24): a withdrawal address added without a wallet signature is usable this long after (contract/rules/withdraw.ts) */
  withdrawAddressDelayMs: number;
  /** WITHDRAW_PLATFORM_HOURLY_LIMIT_<CURRENCY>: all users' withdrawals of a currency in an hour past which every one is reviewed (ledger units; defaults in contract/rules/withdraw.ts) */
  withdrawPlatformHourlyLimit: Record<string, bigint>;
  /** WITHDRAW_REPLACE_AFTER_SECONDS (default 600): a sent withdrawal not mined this long is sent again on its nonce with a higher fee (server/withdrawals/signer.ts) */
  withdrawReplaceAfterMs: number;
  /** WITHDRAW_MAX_FEE_GWEI (default 500): the most a withdrawal transaction offers per gas (its maxFeePerGas), in wei; a replacement never goes past it */
  withdrawMaxFeePerGas: bigint;
  /** WITHDRAW_EXPLORER_TX_URL_<NETWORK>: the explorer page a withdrawal's hash links to, per network (server/withdrawals/explorers.ts) */
  withdrawExplorerTxUrls: Record<string, string>;
  /** the price feed: sources per currency, guards, the demo feed, quote lifetime, exchange bounds (PRICE_*, server/prices/config.ts) */
  prices: PriceConfig;
  /** COLD_WALLET_ADDRESSES_<NETWORK>: reserves held offline, counted by the reconciliation (server/reconcile/config.ts) */
  coldWallets: ColdWallets;
  /**
   * PAY_PASSWORD_PEPPER_FILE: the secret keys pay-password hashes are made with (server/payPassword/pepper.ts).
   * Outside production it defaults to data/pay-password-pepper, generated at first start; in production it is required.
   */
  payPasswordPepper: PepperSource;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return value;
}

/** A percentage from 0 to 100 with at most 8 decimals, kept as its decimal string. */
function percent(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  if (!/^(100|[1-9]?[0-9])(\.[0-9]{1,8})?$/.test(raw) || Number(raw) > 100) throw new Error(`${name} must be a percentage from 0 to 100, got "${raw}"`);
  return raw;
}

/** One http(s) origin, without path, query or trailing slash; else a clear error. */
function platformHourlyLimits(env: Env): Record<string, bigint> {
  return Object.fromEntries(
    Object.entries(WITHDRAW_PLATFORM_HOURLY_LIMIT).map(([currency, fallback]) => {
      const name = `WITHDRAW_PLATFORM_HOURLY_LIMIT_${currency}`;
      const raw = env[name]?.trim() || fallback;
      if (checkAmount(raw)) throw new Error(`${name} must be a positive amount, e.g. ${fallback}`);
      return [currency, toUnits(raw)];
    }),
  );
}

function origin(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  let url: URL | null = null;
  try {
    url = new URL(trimmed);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== trimmed) {
    throw new Error(`PUBLIC_ORIGIN must be a comma separated list of http(s) origins such as https://powerfi.example, got "${raw.trim()}"`);
  }
  return url.origin;
}

/**
 * PUBLIC_ORIGIN, else (outside production) the local origins `npm start` listens on. In
 * production it must be set: taking the domain from the request's Host would let a phishing
 * relay sign users in with messages signed for its own site.
 */
function publicOrigins(env: Env, port: number): string[] {
  const raw = env.PUBLIC_ORIGIN?.trim();
  if (raw) return [...new Set(raw.split(',').filter((part) => part.trim()).map(origin))];
  if (env.NODE_ENV === 'production') {
    throw new Error('PUBLIC_ORIGIN is required in production: set it to the origin(s) users open the site at, e.g. PUBLIC_ORIGIN=https://powerfi.example');
  }
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

function payPasswordPepper(env: Env): PepperSource {
  const production = env.NODE_ENV === 'production';
  // in production the key file is never generated: it must be placed apart from the database (and its backups)
  return { file: env[PEPPER_VARIABLE]?.trim() || (production ? '' : path.join('data', 'pay-password-pepper')), generate: !production };
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const chainIds = (env.SIWE_CHAIN_IDS || '1,56,137,31337')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (chainIds.some((id) => !Number.isInteger(id) || id <= 0)) {
    throw new Error(`SIWE_CHAIN_IDS must be a comma separated list of chain ids, got "${env.SIWE_CHAIN_IDS}"`);
  }
  const port = int(env, 'PORT', 8000);
  const chainNetworks = parseWatchedNetworks(env);
  const withdrawSignerKey = parseSignerKey(env);
  if (withdrawSignerKey && !chainNetworks.length) {
    throw new Error(`${withdrawSignerKey.source} is set, but no network is: the withdrawal signer sends through CHAIN_<NETWORK>_RPC_URL (and _TOKEN_ADDRESS)`);
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || '',
    databaseSchema: env.DATABASE_SCHEMA || '',
    sqlitePath: env.SQLITE_PATH || path.join('data', 'powerfi.sqlite'),
    publicOrigins: publicOrigins(env, port),
    siweChainIds: chainIds,
    nonceTtlMs: int(env, 'NONCE_TTL_SECONDS', 600) * 1000,
    siweMaxAgeMs: 10 * 60 * 1000,
    siweClockSkewMs: 60 * 1000,
    tokenIdleTtlMs: int(env, 'TOKEN_IDLE_TTL_SECONDS', 24 * 3600) * 1000,
    tokenAbsoluteTtlMs: int(env, 'TOKEN_ABSOLUTE_TTL_SECONDS', 30 * 24 * 3600) * 1000,
    redisUrl: env.REDIS_URL || '',
    distDir: env.DIST_DIR || 'dist',
    serverBundleDir: env.SERVER_BUNDLE_DIR || '',
    pageRenderIntervalMs: int(env, 'PAGE_RENDER_INTERVAL_MS', 30_000),
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 64 * 1024),
    rateLimit: {
      authMax: int(env, 'RATE_LIMIT_AUTH_MAX', 30),
      moneyMax: int(env, 'RATE_LIMIT_MONEY_MAX', 60),
      windowMs: int(env, 'RATE_LIMIT_WINDOW_SECONDS', 60) * 1000,
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    displayUtcOffsetMinutes: int(env, 'DISPLAY_UTC_OFFSET_MINUTES', 480),
    commissionRate: percent(env, 'COMMISSION_RATE', DEFAULT_COMMISSION_RATE),
    depositXpub: env.DEPOSIT_XPUB || '',
    featureFlags: parseFeatureFlagsEnv(env.FEATURE_FLAGS ?? ''),
    featureFlagsFile: env.FEATURE_FLAGS_FILE || '',
    featureFlagsPollMs: int(env, 'FEATURE_FLAGS_POLL_MS', 1000),
    jobs: parseJobSchedule(env),
    chainNetworks,
    withdrawSignerKey,
    withdrawAddressDelayMs: int(env, 'WITHDRAW_ADDRESS_DELAY_HOURS', DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS) * 3600 * 1000,
    withdrawPlatformHourlyLimit: platformHourlyLimits(env),
    withdrawReplaceAfterMs: int(env, 'WITHDRAW_REPLACE_AFTER_SECONDS', 600) * 1000,
    withdrawMaxFeePerGas: BigInt(int(env, 'WITHDRAW_MAX_FEE_GWEI', 500)) * 1_000_000_000n,
    withdrawExplorerTxUrls: parseExplorerTxUrls(env),
    prices: parsePriceConfig(env),
    coldWallets: parseColdWallets(env, chainNetworks),
    payPasswordPepper: payPasswordPepper(env),
  };
}

/** "sqlite data/powerfi.sqlite" or "postgresql 127.0.0.1:5432/test" (no password), for the start-up line. */
export function describeDatabase(config: ServerConfig): string {
  if (!config.databaseUrl) return `sqlite ${config.sqlitePath}`;
  try {
    const url = new URL(config.databaseUrl);
    return `postgresql ${url.host}${url.pathname}${config.databaseSchema ? ` schema ${config.databaseSchema}` : ''}`;
  } catch {
    return 'postgresql';
  }
}
