/**
 * Rate limits: per client IP on the sign-in calls, per caller (session token) on every
 * money-moving call. In memory for one process; in Redis when REDIS_URL is set, so every process
 * behind a load balancer shares the same counters.
 */
import { hash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { bearerToken } from '../auth/authenticate';
import type { RateLimitConfig, ServerConfig } from '../config';
import { ApiError } from './errors';

export type RateLimitKind = 'auth' | 'money';

/**
 * The caller: the session token as the session check parses it (so `bearer X`, `BEARER X` and
 * `Bearer  X` are one caller), hashed; without a token, the client IP.
 */
function callerKey(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) return `ip:${request.ip}`;
  return `token:${hash('sha256', token, 'hex').slice(0, 32)}`;
}

export function rateLimitFor(limits: RateLimitConfig, kind: RateLimitKind) {
  return kind === 'auth'
    ? { max: limits.authMax, timeWindow: limits.windowMs, keyGenerator: (r: FastifyRequest) => `ip:${r.ip}` }
    : { max: limits.moneyMax, timeWindow: limits.windowMs, keyGenerator: callerKey };
}

export function registerRateLimit(app: FastifyInstance, config: ServerConfig): void {
  // the limits route() applies to the endpoints that ask for one (server/http/route.ts)
  app.decorate('rateLimits', config.rateLimit);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'powerfi-rl:' } : {}),
    // a broken Redis must not take sign-in down; the limit is protection, not business logic
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new ApiError('TOO_MANY_REQUESTS', { params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) } }),
  });
}
