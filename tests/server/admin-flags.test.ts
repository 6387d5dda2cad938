/**
 * Feature flags switched at run time by an admin: stored in the database, followed at once by the
 * process that stored them and within the poll interval by every other process on the database
 * (a second app with its own connection), by the public flags and by the 403 FEATURE_DISABLED
 * guard alike; FEATURE_FLAGS still wins over the console; every change is audited, from the
 * console or from `ops features:set`.
 */
import type { FastifyInstance } from 'fastify';
import featureDefaults from '../../config/access';
import { buildApp } from '../../server/app';
import { createDb, type Db } from '../../server/db';
import { featuresList, featuresSet } from '../../server/ops/featureCommands';
import { testConfig, type TestApp } from './support/app';
import { startWithAliceAndBob, transfer, type MoneyUser } from './support/ledger';
import { ADMIN_API, opHeaders, signedInOperator, type SignedInOperator } from './support/operators';

const FEATURES_URL = '/api/v1/web/features';
/** the other processes poll the table this often here (FEATURE_FLAGS_POLL_MS) */
const POLL_MS = 20;

let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;
let admin: SignedInOperator;
let finance: SignedInOperator;
let secondDb: Db;
/** another server process: its own connection to the same database */
let other: FastifyInstance;
/** a process whose FEATURE_FLAGS forces transfer on */
let forced: FastifyInstance;

beforeAll(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob('1000'));
  admin = await signedInOperator(t, 'admin');
  finance = await signedInOperator(t, 'finance');
  secondDb = createDb(t.testDb.options);
  other = buildApp({ db: secondDb, config: testConfig({ featureFlagsPollMs: POLL_MS }), clock: t.clock, logger: false });
  forced = buildApp({ db: secondDb, config: testConfig({ featureFlagsPollMs: POLL_MS, featureFlags: { transfer: true } }), clock: t.clock, logger: false });
  await other.ready();
  await forced.ready();
});
afterAll(async () => {
  await other?.close();
  await forced?.close();
  await secondDb?.destroy();
  await t.close();
});

const flagsOf = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: FEATURES_URL })).json().data;
const setFeature = (app: FastifyInstance, token: string, name: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `${ADMIN_API}/features/${name}`, headers: opHeaders(token), payload: payload as object });

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

describe('feature flags set in the console', () => {
  it('lists every flag with its layers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${ADMIN_API}/features`, headers: opHeaders(admin.token) });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ fileConfigured: false, propagationMs: t.config.featureFlagsPollMs });
    expect(data.list).toEqual(Object.entries(featureDefaults).map(([name, value]) => ({ name, default: value, stored: null, env: null, file: null, effective: value })));
  });

  it('are followed by the public flags and the guard of every process; FEATURE_FLAGS still wins', async () => {
    const off = await setFeature(t.app, admin.token, 'transfer', { enabled: false, reason: 'incident 7: transfers abused' });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ name: 'transfer', default: true, stored: { enabled: false, updatedBy: admin.address, updatedAt: expect.any(String) }, env: null, file: null, effective: false });

    // this process at once
    expect((await flagsOf(t.app)).transfer).toBe(false);
    const refused = await transfer(t.app, alice, { to: bob.uid, amount: '10' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errCode).toBe('FEATURE_DISABLED');

    // another process within its poll interval, its guard included
    await waitFor(async () => (await flagsOf(other)).transfer === false);
    expect(await flagsOf(other)).toEqual({ ...featureDefaults, transfer: false });
    expect((await transfer(other, alice, { to: bob.uid, amount: '10' })).statusCode).toBe(403);

    // FEATURE_FLAGS=transfer=true on a host beats the console there, and the console shows why
    await waitFor(async () => {
      const view = (await forced.inject({ method: 'GET', url: `${ADMIN_API}/features`, headers: opHeaders(admin.token) })).json().data;
      return view.list.find((f: { name: string }) => f.name === 'transfer').stored?.enabled === false;
    });
    expect((await flagsOf(forced)).transfer).toBe(true);
    const view = (await forced.inject({ method: 'GET', url: `${ADMIN_API}/features`, headers: opHeaders(admin.token) })).json().data;
    expect(view.list.find((f: { name: string }) => f.name === 'transfer')).toMatchObject({ stored: { enabled: false }, env: true, effective: true });
    expect((await transfer(forced, alice, { to: bob.uid, amount: '10' })).statusCode).toBe(200);

    // switched back on through the other process: the first follows
    const on = await setFeature(other, admin.token, 'transfer', { enabled: true, reason: 'incident 7 closed' });
    expect(on.json().data).toMatchObject({ stored: { enabled: true }, effective: true });
    await waitFor(async () => (await flagsOf(t.app)).transfer === true);
    expect((await transfer(t.app, alice, { to: bob.uid, amount: '10' })).statusCode).toBe(200);

    const audit = await t.db.selectFrom('audit_log').select(['source', 'actor', 'role', 'action', 'before_json', 'after_json', 'reason']).where('target', '=', 'feature:transfer').orderBy('id').execute();
    expect(audit).toEqual([
      { source: 'console', actor: admin.address, role: 'admin', action: 'feature.set', before_json: '{"enabled":null}', after_json: '{"enabled":false}', reason: 'incident 7: transfers abused' },
      { source: 'console', actor: admin.address, role: 'admin', action: 'feature.set', before_json: '{"enabled":false}', after_json: '{"enabled":true}', reason: 'incident 7 closed' },
    ]);
  });

  it('refuses an unknown flag, a missing reason, and any role but admin', async () => {
    expect((await setFeature(t.app, admin.token, 'teleport', { enabled: false, reason: 'x' })).statusCode).toBe(400);
    expect((await setFeature(t.app, admin.token, 'mall', { enabled: false })).statusCode).toBe(400);
    expect((await setFeature(t.app, admin.token, 'mall', { enabled: 'no', reason: 'x' })).statusCode).toBe(400);
    expect((await setFeature(t.app, finance.token, 'mall', { enabled: false, reason: 'x' })).statusCode).toBe(403);
    expect(await t.db.selectFrom('feature_flag_overrides').select('name').where('name', '=', 'mall').execute()).toEqual([]);
    expect((await flagsOf(t.app)).mall).toBe(true);
  });
});

describe('ops features:set and features:list', () => {
  it('store the flag as the console does, audited as from the command line', async () => {
    const printed: unknown[] = [];
    const ctx = { db: t.db, clock: t.clock, config: t.config, print: (value: unknown) => printed.push(value) };
    expect(await featuresSet.run(['mall', 'off', '--reason', 'stock count', '--operator', 'ops-erin'], ctx)).toBe(0);
    expect(printed).toEqual([{ name: 'mall', enabled: false, before: null }]);
    await waitFor(async () => (await flagsOf(other)).mall === false);
    const goods = await other.inject({ method: 'GET', url: '/api/v1/web/mall/goods' });
    expect(goods.statusCode).toBe(403);

    printed.length = 0;
    expect(await featuresList.run([], ctx)).toBe(0);
    expect(printed).toContainEqual({ name: 'mall', default: true, stored: { enabled: false, updatedBy: 'cli:ops-erin', updatedAt: new Date(t.clock.now()).toISOString() }, env: null, file: null, effective: false });

    const audit = await t.db.selectFrom('audit_log').select(['source', 'actor', 'role', 'action', 'reason', 'request_id']).where('target', '=', 'feature:mall').execute();
    expect(audit).toEqual([{ source: 'cli', actor: 'ops-erin', role: 'cli', action: 'feature.set', reason: 'stock count', request_id: 'cli' }]);

    await expect(featuresSet.run(['mall', 'maybe', '--reason', 'x'], ctx)).rejects.toThrow('expected on or off');
    await expect(featuresSet.run(['teleport', 'on', '--reason', 'x'], ctx)).rejects.toThrow('unknown feature flag "teleport"');
    await expect(featuresSet.run(['mall', 'on'], ctx)).rejects.toThrow('missing --reason');
    expect(await featuresSet.run(['mall', 'on', '--reason', 'counted'], ctx)).toBe(0);
    await waitFor(async () => (await flagsOf(other)).mall === true);
  });
});

describe('a process starting after a change', () => {
  it('starts with the stored flags in force, before its first poll', async () => {
    await setFeature(t.app, admin.token, 'invite', { enabled: false, reason: 'campaign over' });
    const fresh = buildApp({ db: secondDb, config: testConfig({ featureFlagsPollMs: 3_600_000 }), clock: t.clock, logger: false });
    try {
      await fresh.ready();
      expect((await flagsOf(fresh)).invite).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});
