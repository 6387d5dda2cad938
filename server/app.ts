/**
 * The PowerFi HTTP application: envelope everywhere, security headers, compression, rate limits,
 * the built SPA, the OpenAPI document and one plugin per API domain. No listen here: tests use
 * `app.inject`, server/main.ts listens.
 */
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { OPERATOR_IDLE_TIMEOUT_MS } from '../contract/rules/operators';
import { createAuthenticate } from './auth/authenticate';
import { flushIntervalFor, SessionTouches } from './auth/sessionTouches';
import { createOperatorAuthenticate } from './operators/authenticate';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import type { Db } from './db';
import { registerFeatureGuard } from './features/guard';
import { startFeatureSwitch } from './features/flags';
import { registerCompression } from './http/compression';
import { errorHandler } from './http/errorHandler';
import { registerFallbacks } from './http/fallbacks';
import { registerInputValidation } from './http/inputValidation';
import { registerJsonBody } from './http/jsonBody';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit } from './http/rateLimit';
import { registerResponseHeaders } from './http/security';
import { fastifyTrustProxy } from './http/trustProxy';
import { hasBuiltApp, registerStaticFiles } from './http/staticFiles';
import { isPageRenderRequest, startPageDocuments } from './prerender/pageDocuments';
import { registerJobs, serverJobs } from './jobs';
import { openPayPasswordKeys, type PayPasswordKeys } from './payPassword/pepper';
import { PriceBook } from './prices/market';
import accountRoutes from './routes/account';
import addressRoutes from './routes/address';
import authRoutes from './routes/auth';
import contentRoutes from './routes/content';
import featureRoutes from './routes/features';
import inviteRoutes from './routes/invite';
import mallRoutes from './routes/mall';
import marketRoutes from './routes/market';
import notificationRoutes from './routes/notification';
import adminCoreRoutes from './routes/admin/core';
import adminMoneyRoutes from './routes/admin/money';
import adminUsersRoutes from './routes/admin/users';
import adminMallRoutes from './routes/admin/mall';
import adminOperationsRoutes from './routes/admin/operations';
import productRoutes from './routes/product';
import userRoutes from './routes/user';
import withdrawRoutes from './routes/withdraw';
import { createTimeFormat, systemClock, type Clock } from './time';

export interface BuildAppOptions {
  db: Db;
  config: ServerConfig;
  clock?: Clock;
  /** overrides the pino options derived from config.logLevel (tests pass false) */
  logger?: FastifyServerOptions['logger'];
  /** run the scheduled jobs (server/jobs.ts), and write sessions' last uses on a timer, while the app is up: `npm start` does, tests do not (they are written at close) */
  jobs?: boolean;
  /** the pay-password pepper, when the caller opened it already (server/main.ts does, before anything else); else opened from config */
  payPasswordKeys?: PayPasswordKeys;
}

/**
 * The one list of domain plugins: server/routes/<domain>.ts serves contract/<domain>.ts, every
 * endpoint of it and nothing else (tests/server/route-layout.test.ts). Each gets its dependencies
 * (database, config, clock, time format, feature flags) as its plugin options.
 */
const DOMAIN_PLUGINS = [
  authRoutes, userRoutes, accountRoutes, productRoutes, contentRoutes, mallRoutes, inviteRoutes, addressRoutes, featureRoutes, withdrawRoutes, marketRoutes, notificationRoutes,
  adminCoreRoutes, adminMoneyRoutes, adminUsersRoutes, adminMallRoutes, adminOperationsRoutes,
];

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function buildApp({ db, config, clock = systemClock, logger, jobs = false, payPasswordKeys = openPayPasswordKeys(config.payPasswordPepper) }: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    logController: new LogController({ disableRequestLogging: isPageRenderRequest }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // a well-formed X-Request-Id from a proxy is kept, so one id follows a request end to end
    // the router's own refusals (bad URL encoding, over-long parameter) get the envelope too
    frameworkErrors: (error, request, reply) => void errorHandler(error, request, reply),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const features = startFeatureSwitch({ overrides: config.featureFlags, file: config.featureFlagsFile, pollMs: config.featureFlagsPollMs, log: app.log });
  // every process follows the flags admins switch in the console (defaults < console < FEATURE_FLAGS < file)
  app.addHook('onReady', () => features.followDatabase(db));
  app.addHook('onClose', async () => features.close());
  // sessions' last uses: written by a timer in a serving process (`jobs`), and at close in any
  const sessionTouches = {
    users: new SessionTouches(db, 'auth_sessions', flushIntervalFor(config.tokenIdleTtlMs)),
    operators: new SessionTouches(db, 'operator_sessions', flushIntervalFor(OPERATOR_IDLE_TIMEOUT_MS)),
  };
  if (jobs) for (const touches of Object.values(sessionTouches)) touches.start(app.log);
  app.addHook('onClose', async () => {
    await Promise.all(Object.values(sessionTouches).map((touches) => touches.close()));
  });
  const ctx: AppContext = { db, config, clock, time: createTimeFormat(config.displayUtcOffsetMinutes), features, prices: new PriceBook(config.prices), sessionTouches, payPasswordKeys };
  app.decorate('authenticate', createAuthenticate(ctx));
  app.decorate('authenticateOperator', createOperatorAuthenticate(ctx));
  app.decorateRequest('session', null);
  app.decorateRequest('operator', null);

  app.setErrorHandler(errorHandler);
  registerInputValidation(app);
  registerJsonBody(app);
  const spa = hasBuiltApp(config.distDir);
  registerFallbacks(app, { spa });
  registerResponseHeaders(app);
  registerFeatureGuard(app, features);
  registerCompression(app);
  registerRateLimit(app, config);
  if (spa) registerStaticFiles(app, config.distDir, features.current, startPageDocuments(app, config, app.log, features.current));
  registerOpenApi(app);
  for (const plugin of DOMAIN_PLUGINS) app.register(plugin, ctx);
  if (jobs) registerJobs(app, serverJobs(ctx, app.log));
  return app;
}
