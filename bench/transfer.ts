/**
 * `npm run bench:transfer`: POST /api/v1/web/account/transfer/create of the real app on SQLite
 * (or PostgreSQL with DATABASE_URL) with autocannon at 50 connections, each request with its own
 * Idempotency-Key, between users who all hold enough to never run dry. Prints transfers/s,
 * p50/p99 and the issue-4 goal (≥ 3 000 transfers/s, p99 < 50 ms), then checks the ledger
 * invariants on the database the run left behind. Printed only, not a test.
 *
 * The server runs in a child process so that autocannon does not share its event loop.
 * BENCH_DURATION (seconds, default 10), BENCH_USERS (default 20), LOG_LEVEL (default warn).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { describeDatabase, loadConfig } from '../server/config';
import { createDb, type DbOptions } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { checkLedger } from '../server/ledger/invariants';
import { cliActor } from '../server/operators/actor';
import { creditDeposit } from '../server/deposits/creditByHand';
import { fromUnits } from '../contract/rules/money';
import { seedIfEmpty } from '../server/seed';
import { systemClock } from '../server/time';
import { startChildServer } from './support/childServer';
import { bearer, signIn, TEST_HOST } from '../tests/server/support/siwe';
import { postPayPass } from '../tests/server/support/stepUp';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION || 10);
const USERS = Number(process.env.BENCH_USERS || 20);
const PAY_PASSWORD = '246810';
const TRANSFER_URL = '/api/v1/web/account/transfer/create';

interface Targets {
  port: number;
  users: Array<{ token: string; uid: string }>;
  database: string;
  dbOptions: DbOptions;
}

/** Child: the real app on a fresh database with USERS funded users who have a pay password. */
async function serve(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-bench-'));
  const env = { ...process.env, SQLITE_PATH: path.join(dir, 'bench.sqlite'), RATE_LIMIT_MONEY_MAX: '100000000' };
  // the test helpers sign messages for TEST_HOST
  const config = { ...loadConfig(env), logLevel: process.env.LOG_LEVEL || 'warn', distDir: path.join(dir, 'no-dist'), publicOrigins: [`https://${TEST_HOST}`] };
  const db = createDb(config);
  await migrateToLatest(db);
  await seedIfEmpty(db, Date.now());
  const app = buildApp({ db, config });
  const users: Targets['users'] = [];
  for (let i = 0; i < USERS; i += 1) {
    const { token, wallet, data } = await signIn(app, systemClock);
    await postPayPass(app, systemClock, { token, wallet }, { newPassword: PAY_PASSWORD });
    const tx = `0x${randomUUID().replace(/-/g, '').padEnd(64, '0')}`;
    await creditDeposit(db, { uid: data.user.uid, network: 'ERC20', currency: 'USDT', amount: '100000000', txHash: tx }, { actor: cliActor('bench'), now: Date.now(), reason: 'bench' });
    users.push({ token, uid: data.user.uid });
  }
  // one transfer each, so that the first checks of the pay passwords are behind us
  for (const [i, user] of users.entries()) {
    const to = users[(i + 1) % users.length];
    await app.inject({ method: 'POST', url: TRANSFER_URL, headers: bearer(user.token), payload: { to: to.uid, currency: 'USDT', amount: '10.5', payPassword: PAY_PASSWORD } });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const targets: Targets = {
    port: (app.server.address() as { port: number }).port,
    users,
    database: describeDatabase(config),
    dbOptions: { databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, sqlitePath: config.sqlitePath },
  };
  process.stdout.write(`${JSON.stringify(targets)}\n`);
  process.on('SIGTERM', async () => {
    await app.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

function runTransfers(targets: Targets, duration: number): ReturnType<typeof autocannon> {
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${targets.port}`,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path: TRANSFER_URL,
        setupRequest: (request) => {
          const i = next++ % targets.users.length;
          const from = targets.users[i];
          const to = targets.users[(i + 1) % targets.users.length];
          return {
            ...request,
            headers: {
              'content-type': 'application/json', 'accept-language': 'zh-TW', host: TEST_HOST,
              authorization: `Bearer ${from.token}`, 'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({ to: to.uid, currency: 'USDT', amount: '10.5', payPassword: PAY_PASSWORD }),
          };
        },
      },
    ],
  });
}

async function checkAfterRun(options: DbOptions): Promise<{ transfers: number; report: Awaited<ReturnType<typeof checkLedger>> }> {
  const db = createDb(options);
  try {
    const counted = await db.selectFrom('transfers').select(sql<bigint>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return { transfers: Number(counted.n), report: await checkLedger(db) };
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const { targets, stop, cpuMicros } = await startChildServer<Targets>(__filename);
  try {
    await runTransfers(targets, 2); // warm-up: JIT, statement cache, the pay password cache
    const before = await checkAfterRun(targets.dbOptions);
    const cpuBefore = cpuMicros();
    const result = await runTransfers(targets, DURATION);
    const cpuUsed = cpuMicros() - cpuBefore;
    const after = await checkAfterRun(targets.dbOptions);
    const made = after.transfers - before.transfers;
    const perSecond = made / DURATION;
    const failed = result.errors + result.non2xx;
    if (failed > 0) console.log('not 2xx:', JSON.stringify({ errors: result.errors, timeouts: result.timeouts, statusCodes: result.statusCodeStats }));

    console.log(`\nPowerFi transfer benchmark: ${CONNECTIONS} connections, ${DURATION} s, ${targets.users.length} users, loopback, ${os.cpus().length} cores, ${targets.database}`);
    console.table([
      {
        'transfers/s': Math.round(perSecond),
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'server CPU µs/transfer': Math.round(cpuUsed / Math.max(1, result.requests.total)),
        'errors/non-2xx': failed,
        transfers: made,
      },
    ]);
    console.log(`goal ≥ 3000 transfers/s: ${perSecond >= 3000 ? 'met' : 'NOT met'}; goal p99 < 50 ms: ${result.latency.p99 < 50 ? 'met' : 'NOT met'}`);
    const { report } = after;
    console.log(`ledger invariants after ${report.entries} entries in ${report.accounts} accounts: ${report.ok ? 'all hold' : 'BROKEN'}`);
    console.log(`per-currency sums: ${Object.entries(report.currencySums).map(([c, sum]) => `${c} ${fromUnits(sum)}`).join(', ')}`);
    for (const problem of report.problems) console.log(`  problem: ${problem}`);
    if (!report.ok || failed > 0) process.exitCode = 1;
  } finally {
    await stop().catch(() => undefined);
  }
}

(process.argv[2] === 'serve' ? serve() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
