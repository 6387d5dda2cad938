/**
 * `npm start`: build the SPA if dist/ has none, migrate, seed an empty database, listen, and log
 * one line saying where and on which database. SIGTERM/SIGINT: stop accepting, let in-flight
 * requests and job runs finish, close the database, exit 0. A second signal, or a shutdown past its
 * grace period, exits at once: open transactions roll back, none commits half.
 */
import { spawnSync } from 'node:child_process';
import { buildApp } from './app';
import { describeDatabase, loadConfig } from './config';
import { createDb } from './db';
import { migrateToLatest } from './db/migrate';
import { hasBuiltApp } from './http/staticFiles';
import { openPayPasswordKeys } from './payPassword/pepper';
import { seedIfEmpty } from './seed';

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
  // refused (production without the key file) before building, migrating or listening
  const payPasswordKeys = openPayPasswordKeys(config.payPasswordPepper);
  if (!hasBuiltApp(config.distDir)) buildFrontEnd(config.distDir);

  const db = createDb(config);
  await migrateToLatest(db);
  await seedIfEmpty(db, Date.now());

  const app = buildApp({ db, config, jobs: true, payPasswordKeys });
  // Fastify logs one line per network interface when listening on 0.0.0.0; we log exactly one.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  app.log.info(`PowerFi listening on http://${config.host}:${config.port} (${describeDatabase(config)})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.error({ signal }, 'second signal: exiting now, open transactions roll back');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Past the grace period the process exits with its transactions still open: neither engine
    // commits an open transaction of a process that is gone, so what was half done rolls back.
    setTimeout(() => {
      app.log.error('shutdown grace period over, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // A keep-alive connection whose request finishes after the close began would hold the server
    // open until its idle time-out (Fastify: 72 s): close such connections as soon as they idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    // stops taking requests, waits for those in flight, then for the jobs' runs in flight (onClose)
    await app.close();
    clearInterval(closeIdle);
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
