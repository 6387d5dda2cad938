/**
 * Feature flags on the server: a switched-off feature's every call is refused with
 * 403 FEATURE_DISABLED before anything else and changes nothing, the other features keep
 * working, the flags are public, a flags file edited at run time applies without a restart (a
 * broken one keeps the last good flags), and a bad flag setting stops the server at start.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import featureDefaults from '../../config/access';
import { allEndpoints, fullPath, type Endpoint } from '../../contract';
import { FEATURES, type Feature } from '../../contract/features';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { Db } from '../../server/db';
import { testConfig, type TestApp } from './support/app';
import { balanceOf, startWithAliceAndBob, transfer, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { startCommand } from '../projectCommand';

const FEATURES_URL = '/api/v1/web/features';

let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;
const extraApps: FastifyInstance[] = [];
const tempDirs: string[] = [];

beforeAll(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob('1000'));
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** Another app process over the same database, with other settings (tokens stay valid). */
async function appWith(config: Partial<ServerConfig>, logger: FastifyInstance['log'] | false = false): Promise<FastifyInstance> {
  const app = buildApp({ db: t.db as Db, config: testConfig(config), clock: t.clock, logger: logger === false ? false : (logger as never) });
  extraApps.push(app);
  await app.ready();
  return app;
}

function endpointsOf(feature: Feature | undefined): Endpoint[] {
  return allEndpoints().map((e) => e.endpoint).filter((endpoint) => endpoint.feature === feature);
}

function callOf(endpoint: Endpoint, token: string | null, headers: Record<string, string> = {}) {
  return {
    method: endpoint.method,
    url: fullPath(endpoint).replace(/:\w+/g, '1'),
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(endpoint.method === 'POST' ? { payload: {} } : {}),
  };
}

/** Rows in every table that records money or orders: nothing may change while a feature is off. */
async function footprint(): Promise<Record<string, unknown>> {
  const tables = ['ledger_entries', 'transfers', 'idempotency_keys', 'power_orders', 'finance_orders', 'mall_orders', 'invite_commissions'] as const;
  const counts: Record<string, unknown> = {};
  for (const table of tables) {
    const row = await (t.db as Db).selectFrom(table as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    counts[table] = String((row as { n: unknown }).n);
  }
  return counts;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('every endpoint of the contract belongs to a known feature or to none', () => {
  it('the switched features are exactly those of config/access.ts', () => {
    const used = new Set(allEndpoints().flatMap((e) => (e.endpoint.feature ? [e.endpoint.feature] : [])));
    expect([...used].sort()).toEqual(Object.keys(featureDefaults).sort());
  });

  it.each([
    ['transfer', ['GET /api/v1/web/account/transfer', 'GET /api/v1/web/account/transfer/options', 'GET /api/v1/web/account/transfer/recipient', 'POST /api/v1/web/account/transfer/create']],
    ['deposit', ['GET /api/v1/web/account/recharge']],
    ['invite', ['GET /api/v1/web/user/invite', 'GET /api/v1/web/user/invite/details', 'POST /api/v1/web/user/invite/update']],
  ])('%s owns its calls', (feature, calls) => {
    expect(endpointsOf(feature as Feature).map((e) => `${e.method} ${fullPath(e)}`).sort()).toEqual([...calls].sort());
  });

  it('sign-in, profile, balances, conversion, records and the address book are always on', () => {
    const alwaysOn = endpointsOf(undefined).map((e) => `${e.method} ${fullPath(e)}`);
    expect(alwaysOn).toEqual(expect.arrayContaining([
      'GET /api/v1/base/web/auth/nonce',
      'POST /api/v1/base/web/auth/sign-in/wallet',
      'GET /api/v1/web/user/user/profile',
      'GET /api/v1/web/account/account',
      'POST /api/v1/web/account/convert/create',
      'GET /api/v1/web/user/wallet/details',
      'POST /api/v1/web/user/address/create',
      'GET /api/v1/web/features',
    ]));
  });
});

describe.each(FEATURES)('with %s switched off', (feature) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ featureFlags: { [feature]: false } });
  });

  it('the public flags say so', async () => {
    const response = await app.inject({ method: 'GET', url: FEATURES_URL });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().data).toEqual({ ...featureDefaults, [feature]: false });
  });

  it('each of its calls is refused with 403 FEATURE_DISABLED and a clear message, and changes nothing', async () => {
    const before = await footprint();
    const endpoints = endpointsOf(feature);
    expect(endpoints.length).toBeGreaterThan(0);
    for (const endpoint of endpoints) {
      const response = await app.inject(callOf(endpoint, alice.token, { 'idempotency-key': `off-${feature}-${endpoint.path}` }));
      expect({ call: `${endpoint.method} ${endpoint.path}`, status: response.statusCode }).toEqual({ call: `${endpoint.method} ${endpoint.path}`, status: 403 });
      const body = response.json();
      expect(body).toMatchObject({ success: false, errCode: 'FEATURE_DISABLED', httpStatusCode: 403, data: { feature } });
      expect(body.errMessage).toMatch(/已關閉/);
    }
    expect(await footprint()).toEqual(before);
  });

  it('refuses before authentication and validation: a visitor with a broken body gets the same 403', async () => {
    for (const endpoint of endpointsOf(feature)) {
      const response = await app.inject({ ...callOf(endpoint, null), ...(endpoint.method === 'POST' ? { payload: 'not json', headers: { 'content-type': 'application/json' } } : {}) });
      expect(response.statusCode).toBe(403);
      expect(response.json().errCode).toBe('FEATURE_DISABLED');
    }
  });

  it('the message follows Accept-Language', async () => {
    const [endpoint] = endpointsOf(feature);
    const en = await app.inject(callOf(endpoint, alice.token, { 'accept-language': 'en-US' }));
    expect(en.json().errMessage).toMatch(/switched off/);
    const cn = await app.inject(callOf(endpoint, alice.token, { 'accept-language': 'zh-CN' }));
    expect(cn.json().errMessage).toMatch(/已关闭/);
  });

  it('the other features and the always-on calls keep working', async () => {
    const probes: Array<[Feature | 'always', string]> = [
      ['calculate', '/api/v1/web/product/power'],
      ['mall', '/api/v1/web/mall/goods'],
      ['transfer', '/api/v1/web/account/transfer'],
      ['deposit', '/api/v1/web/account/recharge'],
      ['invite', '/api/v1/web/user/invite/details'],
      ['always', '/api/v1/web/account/account'],
      ['always', '/api/v1/web/user/user/profile'],
    ];
    for (const [owner, url] of probes.filter(([owner]) => owner !== feature)) {
      const response = await app.inject({ method: 'GET', url, headers: bearer(alice.token) });
      expect({ owner, url, status: response.statusCode }).toEqual({ owner, url, status: 200 });
    }
  });
});

describe('transfer switched off by FEATURE_FLAGS', () => {
  it('a real transfer leaves both balances unchanged; the same call passes once the flag is on', async () => {
    const off = await appWith(loadConfigWith({ FEATURE_FLAGS: 'transfer=false' }));
    const [aliceBefore, bobBefore] = [await balanceOf(t.app, alice), await balanceOf(t.app, bob)];
    const refused = await transfer(off, alice, { to: bob.uid, amount: '10' }, 'flag-off-transfer');
    expect(refused.statusCode).toBe(403);
    expect([await balanceOf(t.app, alice), await balanceOf(t.app, bob)]).toEqual([aliceBefore, bobBefore]);

    // the refusal did not claim the Idempotency-Key: once on, the same key moves the money
    const passed = await transfer(t.app, alice, { to: bob.uid, amount: '10' }, 'flag-off-transfer');
    expect(passed.statusCode).toBe(200);
    expect(await balanceOf(t.app, bob)).not.toBe(bobBefore);
  });
});

/** The settings loadConfig makes of these variables (with the test defaults for the rest). */
function loadConfigWith(env: Record<string, string>): Partial<ServerConfig> {
  const { featureFlags, featureFlagsFile, featureFlagsPollMs } = loadConfig(env);
  return { featureFlags, featureFlagsFile, featureFlagsPollMs };
}

describe('the flags file an operator edits', () => {
  function flagsFile(content: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-flags-'));
    tempDirs.push(dir);
    const file = path.join(dir, 'features.json');
    fs.writeFileSync(file, content);
    return file;
  }

  /** Writes the file so that its modification time surely differs from the last write's. */
  function rewrite(file: string, content: string): void {
    fs.writeFileSync(file, content);
    const stamp = new Date(Date.now() + Math.floor(Math.random() * 1e6));
    fs.utimesSync(file, stamp, stamp);
  }

  async function flagsOf(app: FastifyInstance) {
    return (await app.inject({ method: 'GET', url: FEATURES_URL })).json().data;
  }

  it('applies a change without a restart, keeps the last good flags on a broken file, and beats FEATURE_FLAGS', async () => {
    const file = flagsFile('{ "mall": true }');
    const errors: string[] = [];
    const log = { level: 'info', stream: { write: (line: string) => void (JSON.parse(line).level >= 50 && errors.push(line)) } };
    const app = await appWith({ ...loadConfigWith({ FEATURE_FLAGS: 'mall=false,invite=false', FEATURE_FLAGS_FILE: file }), featureFlagsPollMs: 20 }, log as never);
    // the file is the last layer: mall on (file), invite off (env)
    expect(await flagsOf(app)).toEqual({ ...featureDefaults, invite: false });

    rewrite(file, '{ "transfer": false }');
    await waitFor(async () => (await flagsOf(app)).transfer === false);
    expect(await flagsOf(app)).toEqual({ ...featureDefaults, mall: false, invite: false, transfer: false });
    const refused = await transfer(app, alice, { to: bob.uid, amount: '10' });
    expect(refused.statusCode).toBe(403);

    rewrite(file, '{ "transfer": fals');
    await waitFor(async () => errors.length > 0);
    expect(errors.join('\n')).toMatch(/keeping the last good flags/);
    expect((await flagsOf(app)).transfer).toBe(false);

    rewrite(file, '{ "transfer": true, "mall": true }');
    await waitFor(async () => (await flagsOf(app)).transfer === true);
    expect((await transfer(app, alice, { to: bob.uid, amount: '10' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/web/mall/goods' })).statusCode).toBe(200);
  });

  it.each([
    ['not JSON', '{ transfer: false }', /not valid JSON/],
    ['an unknown flag', '{ "teleport": false }', /unknown feature flag "teleport"/],
    ['a value that is not a boolean', '{ "transfer": "false" }', /transfer must be true or false/],
  ])('refuses to start with %s in the file', async (_what, content, message) => {
    const file = flagsFile(content);
    expect(() => buildApp({ db: t.db as Db, config: testConfig({ featureFlagsFile: file }), clock: t.clock, logger: false })).toThrow(message);
  });

  it('refuses to start when the file is missing', () => {
    expect(() => buildApp({ db: t.db as Db, config: testConfig({ featureFlagsFile: '/nonexistent/powerfi-features.json' }), clock: t.clock, logger: false })).toThrow(/ENOENT/);
  });
});

describe('FEATURE_FLAGS is parsed strictly', () => {
  it('reads name=true|false pairs', () => {
    expect(loadConfig({ FEATURE_FLAGS: ' transfer=false , mall=true ' }).featureFlags).toEqual({ transfer: false, mall: true });
    expect(loadConfig({}).featureFlags).toEqual({});
  });

  it.each([
    ['teleport=false', /unknown feature flag "teleport"/],
    ['transfer=off', /transfer must be true or false/],
    ['transfer=0', /transfer must be true or false/],
    ['transfer', /expected name=true\|false/],
    ['transfer=false,transfer=true', /transfer is given twice/],
  ])('refuses %s', (value, message) => {
    expect(() => loadConfig({ FEATURE_FLAGS: value })).toThrow(message);
  });

  it('`npm start` with an unknown flag exits at start with the reason', () => {
    const result = spawnSync(...startCommand({
      env: { ...process.env, FEATURE_FLAGS: 'transfer=false,teleport=false', DATABASE_URL: '', DIST_DIR: '/nonexistent-powerfi-dist', PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    }));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/FEATURE_FLAGS: unknown feature flag "teleport"/);
  });
});
