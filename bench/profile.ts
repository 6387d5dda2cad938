/**
 * `npm run bench:profile`: on loopback, authenticated GET /api/v1/web/user/user/profile of the real
 * app (SQLite, or PostgreSQL with DATABASE_URL) against a bare Fastify hello-world route, with
 * autocannon at 50 connections. Prints requests/s of each, their ratio, p50/p99 latency and the
 * issue-3 goal (ratio ≥ 0.6, p99 < 20 ms on SQLite). Not part of npm test.
 *
 * The servers run in a child process so that autocannon does not share their event loop.
 * BENCH_DURATION (seconds, default 10), LOG_LEVEL (default warn) tune the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { describeDatabase, loadConfig } from '../server/config';
import { createDb } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { seedIfEmpty } from '../server/seed';
import { systemClock } from '../server/time';
import { startChildServer } from './support/childServer';
import { PROFILE_URL, signIn, TEST_HOST } from '../tests/server/support/siwe';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION || 10);

interface Targets {
  appPort: number;
  helloPort: number;
  token: string;
  database: string;
}

/** Child: the real app on a fresh database with one signed-in user, and a bare hello-world Fastify. */
async function serve(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-bench-'));
  // the test helpers sign messages for TEST_HOST
  const config = { ...loadConfig({ ...process.env, SQLITE_PATH: path.join(dir, 'bench.sqlite') }), logLevel: process.env.LOG_LEVEL || 'warn', distDir: path.join(dir, 'no-dist'), publicOrigins: [`https://${TEST_HOST}`] };
  const db = createDb(config);
  await migrateToLatest(db);
  await seedIfEmpty(db, Date.now());
  const app = buildApp({ db, config });
  const { token } = await signIn(app, systemClock);
  await app.listen({ port: 0, host: '127.0.0.1' });

  const hello = Fastify();
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });

  const port = (server: typeof hello.server) => (server.address() as { port: number }).port;
  const targets: Targets = { appPort: port(app.server), helloPort: port(hello.server), token, database: describeDatabase(config) };
  process.stdout.write(`${JSON.stringify(targets)}\n`);
  process.on('SIGTERM', async () => {
    await Promise.all([app.close(), hello.close()]);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

interface Measured {
  name: string;
  rps: number;
  /** server CPU per request (both servers share the child process) */
  cpuPerRequest: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string>, duration: number, cpuMicros: () => number): Promise<Measured> {
  const cpuBefore = cpuMicros();
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const cpuPerRequest = (cpuMicros() - cpuBefore) / Math.max(1, result.requests.total);
  return { name, rps: result.requests.average, cpuPerRequest, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main(): Promise<void> {
  const { targets, stop, cpuMicros } = await startChildServer<Targets>(__filename);
  try {
    const helloUrl = `http://127.0.0.1:${targets.helloPort}/hello`;
    const profileUrl = `http://127.0.0.1:${targets.appPort}${PROFILE_URL}`;
    const profileHeaders = { authorization: `Bearer ${targets.token}`, 'accept-language': 'zh-TW', host: TEST_HOST };
    // warm up both (JIT, statement caches), then measure one at a time
    await measure('warm-up', helloUrl, {}, 2, cpuMicros);
    await measure('warm-up', profileUrl, profileHeaders, 2, cpuMicros);
    const hello = await measure('bare Fastify hello-world', helloUrl, {}, DURATION, cpuMicros);
    const profile = await measure('GET …/user/user/profile (auth)', profileUrl, profileHeaders, DURATION, cpuMicros);
    const ratio = profile.rps / hello.rps;

    console.log(`\nPowerFi profile benchmark: ${CONNECTIONS} connections, ${DURATION} s each, loopback, ${os.cpus().length} cores, ${targets.database}`);
    console.table(
      [hello, profile].map((m) => ({
        route: m.name,
        'req/s': Math.round(m.rps),
        'p50 ms': m.p50,
        'p99 ms': m.p99,
        'server CPU µs/req': Math.round(m.cpuPerRequest),
        'errors/non-2xx': m.errors,
      })),
    );
    console.log(`ratio profile / hello-world: ${ratio.toFixed(2)} (goal ≥ 0.60: ${ratio >= 0.6 ? 'met' : 'NOT met'})`);
    console.log(`profile p99: ${profile.p99} ms (goal < 20 ms: ${profile.p99 < 20 ? 'met' : 'NOT met'})`);
    if (profile.errors > 0) console.log(`warning: ${profile.errors} profile requests failed or were not 2xx`);
  } finally {
    await stop();
  }
}

(process.argv[2] === 'serve' ? serve() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
