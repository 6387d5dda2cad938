/**
 * With REDIS_URL set, rate limits are shared by every server process: two app instances on one
 * Redis count the same client together. Starts a private redis-server on a free loopback port.
 */
import { buildApp } from '../../server/app';
import type { FastifyInstance } from 'fastify';
import { testConfig } from './support/app';
import { FakeClock } from './support/clock';
import { createTestDb, type TestDb } from './support/db';
import { migrateToLatest } from '../../server/db/migrate';
import { startRedis, type PrivateRedis } from './support/redis';
import { NONCE_URL, TEST_HOST } from './support/siwe';

const LIMIT = 4;

let redis: PrivateRedis;
let testDb: TestDb;
let apps: FastifyInstance[];
beforeAll(async () => {
  redis = await startRedis();
  testDb = await createTestDb();
  await migrateToLatest(testDb.db);
  const config = testConfig({ redisUrl: redis.url, rateLimit: { authMax: LIMIT, moneyMax: LIMIT, windowMs: 60_000 } });
  apps = [0, 1].map(() => buildApp({ db: testDb.db, config, clock: new FakeClock(), logger: false }));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await testDb.cleanup();
  redis.stop();
});

describe('rate limits across processes (Redis)', () => {
  it('counts a client once over every process', async () => {
    const nonce = (app: FastifyInstance) => app.inject({ method: 'GET', url: NONCE_URL, remoteAddress: '10.9.9.9', headers: { host: TEST_HOST } });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i += 1) statuses.push((await nonce(apps[i % 2])).statusCode);
    expect(statuses).toEqual(Array(LIMIT).fill(200));
    for (const app of apps) {
      const limited = await nonce(app);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errCode).toBe('TOO_MANY_REQUESTS');
    }
  });
});
