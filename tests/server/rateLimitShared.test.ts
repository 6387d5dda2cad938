/**
 * With REDIS_URL set, rate limits are shared by every server process: two app instances on one
 * Redis count the same client together. Starts a private redis-server on a free loopback port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { buildApp } from '../../server/app';
import type { FastifyInstance } from 'fastify';
import { testConfig } from './support/app';
import { FakeClock } from './support/clock';
import { createTestDb, type TestDb } from './support/db';
import { migrateToLatest } from '../../server/db/migrate';
import { NONCE_URL, TEST_HOST } from './support/siwe';

const LIMIT = 4;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function startRedis(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    redis.on('error', reject);
    redis.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve(redis);
    });
  });
}

let redis: ChildProcess;
let testDb: TestDb;
let apps: FastifyInstance[];
beforeAll(async () => {
  const port = await freePort();
  redis = await startRedis(port);
  testDb = await createTestDb();
  await migrateToLatest(testDb.db);
  const config = testConfig({ redisUrl: `redis://127.0.0.1:${port}`, rateLimit: { authMax: LIMIT, moneyMax: LIMIT, windowMs: 60_000 } });
  apps = [0, 1].map(() => buildApp({ db: testDb.db, config, clock: new FakeClock(), logger: false }));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await testDb.cleanup();
  redis.kill();
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
