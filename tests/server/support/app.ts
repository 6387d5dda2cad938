/**
 * The real app on a test database: migrated, optionally seeded, with a fake clock and quiet logs.
 * Routes may be added before the first request (e.g. probe endpoints), then `app.inject`.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig, type ServerConfig } from '../../../server/config';
import type { Db } from '../../../server/db';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedIfEmpty } from '../../../server/seed';
import { FakeClock } from './clock';
import { TEST_HOST } from './siwe';
import { createTestDb, type TestDb } from './db';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  testDb: TestDb;
  clock: FakeClock;
  config: ServerConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<ServerConfig>;
  seed?: boolean;
  /** when given, the app's log lines (JSON, level info and up) are pushed here */
  logs?: string[];
}

/** Settings for tests: no built app unless asked, limits that ordinary tests never reach. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = loadConfig({});
  return {
    ...base,
    distDir: '/nonexistent-powerfi-dist',
    // the build's documents as they are, unless a test renders pages itself
    pageRenderIntervalMs: 0,
    // the site test messages are signed for (support/siwe.ts)
    publicOrigins: [`https://${TEST_HOST}`],
    logLevel: 'silent',
    rateLimit: { authMax: 10_000, moneyMax: 10_000, windowMs: 60_000 },
    // the seed's prices, held still (labelled demo), so amounts are known; tests of the feed set their own
    prices: { ...base.prices, demo: 'fixed' },
    ...overrides,
  };
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDb();
  const clock = new FakeClock();
  await migrateToLatest(testDb.db);
  if (options.seed) await seedIfEmpty(testDb.db, clock.now());
  const config = testConfig(options.config);
  const logs = options.logs;
  const logger = logs ? { level: 'info', stream: { write: (line: string) => logs.push(line) } } : false;
  const app = buildApp({ db: testDb.db, config, clock, logger });
  return {
    app,
    db: testDb.db,
    testDb,
    clock,
    config,
    close: async () => {
      await app.close();
      await testDb.cleanup();
    },
  };
}
