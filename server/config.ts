/**
 * Every server setting, read once from the environment, with defaults that run on a fresh clone.
 */
import path from 'node:path';

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
  /** e.g. https://powerfi.example; its host is the SIWE domain. Empty → the request's Host. */
  publicOrigin: string;
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
  logLevel: string;
  bodyLimitBytes: number;
  rateLimit: RateLimitConfig;
  /** true behind a reverse proxy / load balancer (X-Forwarded-For, -Host, -Proto) */
  trustProxy: boolean;
  /** minutes east of UTC for displayed timestamps (480 = UTC+8) */
  displayUtcOffsetMinutes: number;
  /** percent of each invitee purchase paid to the inviter, a decimal string ("5" = 5 %) */
  commissionRate: string;
  /** HD extended PUBLIC key the deposit addresses derive from; empty → one generated at first start */
  depositXpub: string;
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

export function loadConfig(env: Env = process.env): ServerConfig {
  const chainIds = (env.SIWE_CHAIN_IDS || '1,56,137,31337')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (chainIds.some((id) => !Number.isInteger(id) || id <= 0)) {
    throw new Error(`SIWE_CHAIN_IDS must be a comma separated list of chain ids, got "${env.SIWE_CHAIN_IDS}"`);
  }
  return {
    port: int(env, 'PORT', 8000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || '',
    databaseSchema: env.DATABASE_SCHEMA || '',
    sqlitePath: env.SQLITE_PATH || path.join('data', 'powerfi.sqlite'),
    publicOrigin: (env.PUBLIC_ORIGIN || '').replace(/\/+$/, ''),
    siweChainIds: chainIds,
    nonceTtlMs: int(env, 'NONCE_TTL_SECONDS', 600) * 1000,
    siweMaxAgeMs: 10 * 60 * 1000,
    siweClockSkewMs: 60 * 1000,
    tokenIdleTtlMs: int(env, 'TOKEN_IDLE_TTL_SECONDS', 24 * 3600) * 1000,
    tokenAbsoluteTtlMs: int(env, 'TOKEN_ABSOLUTE_TTL_SECONDS', 30 * 24 * 3600) * 1000,
    redisUrl: env.REDIS_URL || '',
    distDir: env.DIST_DIR || 'dist',
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 64 * 1024),
    rateLimit: {
      authMax: int(env, 'RATE_LIMIT_AUTH_MAX', 30),
      moneyMax: int(env, 'RATE_LIMIT_MONEY_MAX', 60),
      windowMs: int(env, 'RATE_LIMIT_WINDOW_SECONDS', 60) * 1000,
    },
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    displayUtcOffsetMinutes: int(env, 'DISPLAY_UTC_OFFSET_MINUTES', 480),
    commissionRate: percent(env, 'COMMISSION_RATE', '5'),
    depositXpub: env.DEPOSIT_XPUB || '',
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
