/**
 * What the domain plugins need, handed to each as its plugin options
 * (`app.register(accountRoutes, deps)` in server/app.ts; no global service locator), and the
 * request's signed-in session (set by the auth pre-handler).
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitConfig, ServerConfig } from './config';
import type { Db } from './db';
import type { FeatureSwitch } from './features/flags';
import type { PayPasswordKeys } from './payPassword/pepper';
import type { Clock, TimeFormat } from './time';
import type { PriceBook } from './prices/market';
import type { SessionTouches } from './auth/sessionTouches';

export interface AppContext {
  db: Db;
  config: ServerConfig;
  clock: Clock;
  time: TimeFormat;
  /** the feature flags in force now (they change at run time) */
  features: FeatureSwitch;
  /** every priced action's and valuation's price (server/prices/market.ts) */
  prices: PriceBook;
  /** sessions' last uses, noted by requests and written off the request path (server/auth/sessionTouches.ts) */
  sessionTouches: { users: SessionTouches; operators: SessionTouches };
  /** the pepper keys pay-password hashes are made with (server/payPassword/pepper.ts) */
  payPasswordKeys: PayPasswordKeys;
}

/** The signed-in caller of a request. */
export interface SessionInfo {
  sessionId: bigint;
  userId: bigint;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the rate limits of `RATE_LIMIT_*`, for route() (decorated by registerRateLimit) */
    rateLimits: RateLimitConfig;
    /** pre-handler of every `auth: true` endpoint: 401 unless a live session token is sent */
    authenticate: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    session: SessionInfo | null;
  }
  interface FastifyContextConfig {
    /** the contract endpoint a route implements (absent for static files and docs) */
    endpoint?: import('../contract').Endpoint;
  }
}
