/**
 * `npm start`: build the SPA if dist/ has none, migrate, seed an empty database, listen, and log
 * one line saying where and on which database. SIGTERM/SIGINT: stop accepting, let in-flight
 * requests finish, close the database, exit 0.
 */
import { spawnSync } from 'node:child_process';
import { buildApp } from './app';
import { describeDatabase, loadConfig } from './config';
import { createDb } from './db';
import { migrateToLatest } from './db/migrate';
import { hasBuiltApp } from './http/staticFiles';
import { seedIfEmpty } from './seed';
import { startSettlementSchedule } from './settlement/schedule';

/** A shutdown that takes longer than this (a stuck request) is cut short. */
const SHUTDOWN_GRACE_MS = 15_000;

function buildFrontEnd(distDir: string): void {
  console.error(`${distDir}/index.html is missing: building the app (npx max build)…`);
  const result = spawnSync('npx', ['max', 'build'], { stdio: ['ignore', process.stderr, process.stderr], env: process.env });
  if (result.status !== 0 || !hasBuiltApp(distDir)) {
    console.error('the app build failed; serving the API only');
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!hasBuiltApp(config.distDir)) buildFrontEnd(config.distDir);

  const db = createDb(config);
  await migrateToLatest(db);
  await seedIfEmpty(db, Date.now());

  const app = buildApp({ db, config });
  // Fastify logs one line per network interface when listening on 0.0.0.0; we log exactly one.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  app.log.info(`PowerFi listening on http://${config.host}:${config.port} (${describeDatabase(config)})`);
  const settlement = startSettlementSchedule({ db, clock: app.ctx.clock, utcOffsetMinutes: config.displayUtcOffsetMinutes, log: app.log });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    settlement.stop();
    setTimeout(() => {
      app.log.error('shutdown grace period over, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
