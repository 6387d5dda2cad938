/**
 * The deployment recipe of docs/deploy.md, for real: two `server/main.ts` processes on one
 * database and one Redis behind server/cluster.ts's balancer. Requests are spread over both; a
 * session, an Idempotency-Key and the balances are one, whichever process answers; concurrent
 * transfers through both keep the ledger whole. SQLite (one file, two processes), or PostgreSQL
 * when DATABASE_URL is set.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Wallet } from 'ethers';
import { toUnits } from '../../contract/rules/money';
import { startCluster, type RunningCluster } from '../../server/cluster';
import { checkLedger } from '../../server/ledger/invariants';
import { creditDeposit } from '../../server/deposits/creditByHand';
import { cliActor } from '../../server/operators/actor';
import { setPayPasswordViaApi, signInViaApi } from '../e2e/support/siwe';
import { createTestDb, type TestDb } from './support/db';
import { freePort, startRedis, type PrivateRedis } from './support/redis';

const PAY_PASSWORD = '246810';

let testDb: TestDb;
let redis: PrivateRedis;
let cluster: RunningCluster;
let dir: string;
let output = '';

beforeAll(async () => {
  testDb = await createTestDb();
  redis = await startRedis();
  dir = mkdtempSync(path.join(tmpdir(), 'powerfi-cluster-'));
  // a stand-in for the built app: the processes serve the API; this test needs no SPA build
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>PowerFi</title>');
  // one pay-password key file for both processes, as production requires (docs/deploy.md)
  const pepperFile = path.join(dir, 'pay-password-pepper');
  writeFileSync(pepperFile, `v1 ${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  const port = await freePort();
  const database = testDb.kind === 'postgres'
    ? { DATABASE_URL: testDb.options.databaseUrl, DATABASE_SCHEMA: testDb.options.databaseSchema ?? '' }
    : { DATABASE_URL: '', SQLITE_PATH: testDb.options.sqlitePath };
  cluster = await startCluster({
    processes: 2,
    port,
    env: { ...process.env, ...database, REDIS_URL: redis.url, PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, DIST_DIR: dir, NODE_ENV: 'production', JOBS_OFF: 'settlement,mallSweep', PAY_PASSWORD_PEPPER_FILE: pepperFile },
    onOutput: (index, text) => {
      output += text.replace(/^/gm, `[${index}] `);
    },
  });
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  redis?.stop();
  await testDb?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  upstream: string | null;
  body: { success: boolean; data: any; errMessage: string };
}

async function call(token: string, method: 'GET' | 'POST', url: string, body?: object, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${cluster.url}/api/v1/web${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-TW', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, upstream: response.headers.get('x-powerfi-upstream'), body: await response.json() };
}

async function fundedUser(usdt: string): Promise<{ token: string; uid: string }> {
  const wallet = Wallet.createRandom();
  const session = await signInViaApi(cluster.url, wallet);
  await setPayPasswordViaApi(cluster.url, session.token, wallet, PAY_PASSWORD);
  const { uid } = session.user as { uid: string };
  await creditDeposit(testDb.db, { uid, network: 'ERC20', currency: 'USDT', amount: usdt, txHash: `0x${randomBytes(32).toString('hex')}` }, { actor: cliActor('test'), now: Date.now(), reason: '' });
  return { token: session.token, uid };
}

const usdtOf = async (token: string) => {
  const answer = await call(token, 'GET', '/account/account');
  return answer.body.data.balances.find((account: { currency: string }) => account.currency === 'USDT');
};

describe('two processes behind the balancer', () => {
  it('spread the requests over both and share the session', async () => {
    const user = await fundedUser('100');
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(user.token, 'GET', '/user/user/profile')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(['0', '1']));
    expect(answers.every((answer) => answer.body.data.uid === user.uid)).toBe(true);
  });

  it('each answer on its own address too, without the balancer', async () => {
    const user = await fundedUser('10');
    expect(cluster.processUrls).toHaveLength(2);
    for (const url of cluster.processUrls) {
      const response = await fetch(`${url}/api/v1/web/user/user/profile`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-powerfi-upstream')).toBeNull();
      expect(((await response.json()) as { data: { uid: string } }).data.uid).toBe(user.uid);
    }
  });

  it('answer one Idempotency-Key once, whichever process takes each try', async () => {
    const alice = await fundedUser('100');
    const bob = await fundedUser('10');
    const key = randomUUID();
    const transfer = () => call(alice.token, 'POST', '/account/transfer/create', { to: bob.uid, amount: '10', currency: 'USDT', payPassword: PAY_PASSWORD }, { 'idempotency-key': key });
    const answers = await Promise.all([transfer(), transfer(), transfer(), transfer()]);
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(['0', '1']));
    // each try either answers the one transfer or says it is still being processed (409)
    const done = answers.filter((answer) => answer.status === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    expect((await usdtOf(bob.token)).available).toBe('20');
  });

  it('keep the ledger whole under concurrent transfers through both', async () => {
    const users = await Promise.all([fundedUser('1000'), fundedUser('1000'), fundedUser('1000')]);
    const sends = Array.from({ length: 30 }, (_, i) => {
      const from = users[i % 3];
      const to = users[(i + 1) % 3];
      return call(from.token, 'POST', '/account/transfer/create', { to: to.uid, amount: '10', currency: 'USDT', payPassword: PAY_PASSWORD }, { 'idempotency-key': randomUUID() });
    });
    const answers = await Promise.all(sends);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.body.errMessage}`)).toEqual([]);
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(['0', '1']));
    const transfers = await testDb.db.selectFrom('transfers').select(['amount', 'fee']).where('from_user_id', 'in', testDb.db.selectFrom('users').select('id').where('uid', 'in', users.map((u) => u.uid))).execute();
    expect(transfers).toHaveLength(30);
    // each sent 10 ten times and received 10 ten times: only the fees left
    const fees = transfers.reduce((sum, row) => sum + row.fee, 0n) / 3n;
    const balances = await Promise.all(users.map((user) => usdtOf(user.token)));
    for (const balance of balances) expect(toUnits(balance.available)).toBe(toUnits('1000') - fees);
    const check = await checkLedger(testDb.db);
    expect({ ok: check.ok, problems: check.problems }).toEqual({ ok: true, problems: [] });
  }, 60_000);

  it('logged no error', () => {
    // JSON lines: the info lines are there, no error or fatal one
    expect(output).toMatch(/"level":30/);
    expect(output).not.toMatch(/"level":(50|60)/);
  });
});
