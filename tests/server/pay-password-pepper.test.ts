/**
 * Pay-password hashes keyed by the pepper (server/payPassword/pepper.ts, docs/security.md "The pay
 * password"): new ones are HMAC under the current key version; a hash of the earlier scrypt
 * scheme or under an older key verifies and is rewritten under the current key after a successful
 * check, never after a failed one; the server does not start in production without the key file;
 * no form of the key reaches the log.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { testConfig, type TestApp } from './support/app';
import { deposit, newUser, startWithPayee, transfer, TRANSFER_URL, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { postPayPass } from './support/stepUp';
import { startCommand } from '../projectCommand';

const KEY_1 = randomBytes(32);
const KEY_2 = randomBytes(32);

let dir: string;
let pepperV1: string;
let pepperV1V2: string;
let t: TestApp;
let payee: MoneyUser;
const logs: string[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-pepper-server-'));
  pepperV1 = path.join(dir, 'pepper-v1');
  pepperV1V2 = path.join(dir, 'pepper-v1-v2');
  fs.writeFileSync(pepperV1, `v1 ${KEY_1.toString('hex')}\n`, { mode: 0o600 });
  fs.writeFileSync(pepperV1V2, `v1 ${KEY_1.toString('hex')}\nv2 ${KEY_2.toString('hex')}\n`, { mode: 0o600 });
  ({ t, payee } = await startWithPayee({ logs, config: { payPasswordPepper: { file: pepperV1, generate: false } } }));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const storedHash = async (user: MoneyUser) =>
  (await t.db.selectFrom('users').select('pay_password_hash').where('id', '=', user.userId).executeTakeFirstOrThrow()).pay_password_hash;
const setStoredHash = (user: MoneyUser, hash: string) => t.db.updateTable('users').set({ pay_password_hash: hash }).where('id', '=', user.userId).execute();

/** a hash as the earlier scheme stored it */
function scryptHash(password: string): string {
  const salt = randomBytes(16);
  return ['scrypt', 16384, 8, 1, salt.toString('base64url'), scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64url')].join('$');
}

async function userWithFunds(app: FastifyInstance, payPassword: string | null = '246810'): Promise<MoneyUser> {
  const user = await newUser(app, t.db, t.clock, { payPassword });
  await deposit(t.db, t.clock, user, '100');
  return user;
}

describe('new hashes', () => {
  it('are HMAC under the current key version, with neither the code nor the key in them', async () => {
    const user = await userWithFunds(t.app, '135790');
    const hash = await storedHash(user);
    expect(hash).toMatch(/^hmac\$v1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hash).not.toContain('135790');
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '135790' })).statusCode).toBe(200);
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '135791' })).json().errCode).toBe('PAY_PASSWORD_WRONG');
  });
});

describe('a hash of the earlier scrypt scheme', () => {
  it('is kept after a wrong code, verifies the right one and is then rewritten to HMAC', async () => {
    const user = await userWithFunds(t.app);
    const legacy = scryptHash('246810');
    await setStoredHash(user, legacy);
    const wrong = await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '111111' });
    expect(wrong.json()).toMatchObject({ errCode: 'PAY_PASSWORD_WRONG', data: { remainingTries: 4 } });
    expect(await storedHash(user)).toBe(legacy);

    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '246810' })).statusCode).toBe(200);
    const rewritten = await storedHash(user);
    expect(rewritten).toMatch(/^hmac\$v1\$/);
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '246810' })).statusCode).toBe(200);
    expect(await storedHash(user)).toBe(rewritten);
  });

  it('lets the user change the pay password with the old code (the rewrite is not a change by someone else)', async () => {
    const user = await userWithFunds(t.app);
    await setStoredHash(user, scryptHash('246810'));
    const changed = await postPayPass(t.app, t.clock, user, { oldPassword: '246810', newPassword: '975310' });
    expect(changed.statusCode).toBe(200);
    expect(await storedHash(user)).toMatch(/^hmac\$v1\$/);
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '975310' })).statusCode).toBe(200);
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '246810' })).json().errCode).toBe('PAY_PASSWORD_WRONG');
  });
});

describe('rotating the key', () => {
  let rotated: FastifyInstance;
  beforeAll(async () => {
    // the same database, restarted with v2 added to the key file
    rotated = buildApp({ db: t.db, config: testConfig({ payPasswordPepper: { file: pepperV1V2, generate: false } }), clock: t.clock, logger: false });
    await rotated.ready();
  });
  afterAll(async () => rotated.close());

  it('a hash under v1 verifies when v2 is current, and is rewritten to v2 only after a right code', async () => {
    const user = await userWithFunds(t.app);
    const underV1 = await storedHash(user);
    expect(underV1).toMatch(/^hmac\$v1\$/);
    expect((await transfer(rotated, user, { to: payee.uid, amount: '10', payPassword: '000000' })).json().errCode).toBe('PAY_PASSWORD_WRONG');
    expect(await storedHash(user)).toBe(underV1);

    expect((await transfer(rotated, user, { to: payee.uid, amount: '10', payPassword: '246810' })).statusCode).toBe(200);
    expect(await storedHash(user)).toMatch(/^hmac\$v2\$/);
    expect((await transfer(rotated, user, { to: payee.uid, amount: '10', payPassword: '246810' })).statusCode).toBe(200);
  });

  it('new pay passwords are made under v2', async () => {
    const user = await userWithFunds(rotated);
    expect(await storedHash(user)).toMatch(/^hmac\$v2\$/);
    expect((await transfer(rotated, user, { to: payee.uid, amount: '10', payPassword: '246810' })).statusCode).toBe(200);
  });
});

describe('the key never reaches the log', () => {
  it('through wrong codes, a hash under a key the file lacks (a 500), bad input and the config', async () => {
    const user = await userWithFunds(t.app);
    await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword: '000000' });
    await transfer(t.app, user, { to: payee.uid, amount: '1' });
    await t.app.inject({ method: 'POST', url: TRANSFER_URL, headers: bearer(user.token), payload: { to: payee.uid, amount: '10', currency: 'USDT', payPassword: 12 } });
    const underV9 = ['hmac', 'v9', randomBytes(16).toString('base64url'), randomBytes(32).toString('base64url')].join('$');
    await setStoredHash(user, underV9);
    const unknownKey = await transfer(t.app, user, { to: payee.uid, amount: '1' });
    expect(unknownKey.statusCode).toBe(500);
    t.app.log.info({ config: t.config }, 'the config as a careless log line would show it');

    const text = logs.join('\n');
    // the capture works: the 500 and its cause are in it
    expect(text).toContain('key v9');
    for (const key of [KEY_1, KEY_2]) {
      for (const form of [key.toString('hex'), key.toString('hex').toUpperCase(), key.toString('base64'), key.toString('base64url'), key.toString('latin1')]) {
        expect(text).not.toContain(form);
      }
      expect(Buffer.from(text).includes(key)).toBe(false);
    }
  });
});

describe('in production', () => {
  const start = (env: Record<string, string>) =>
    spawnSync(...startCommand({
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: 'https://powerfi.example',
        PORT: '1',
        DATABASE_URL: '',
        SQLITE_PATH: path.join(dir, 'never', 'powerfi.sqlite'),
        DIST_DIR: dir,
        PAY_PASSWORD_PEPPER_FILE: '',
        ...env,
      },
      encoding: 'utf8',
      timeout: 30_000,
    }));

  it('the server refuses to start without PAY_PASSWORD_PEPPER_FILE, saying so, and generates nothing', () => {
    const result = start({});
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('PAY_PASSWORD_PEPPER_FILE is required in production');
    expect(result.stdout + result.stderr).not.toMatch(/listening/i);
    expect(fs.existsSync(path.join(dir, 'never'))).toBe(false);
  });

  it('the server refuses to start with a missing or short key file, without quoting the key', () => {
    const missing = start({ PAY_PASSWORD_PEPPER_FILE: path.join(dir, 'missing') });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain(`PAY_PASSWORD_PEPPER_FILE: cannot read ${path.join(dir, 'missing')} (ENOENT)`);
    expect(fs.existsSync(path.join(dir, 'missing'))).toBe(false);

    const short = path.join(dir, 'short');
    const shortKey = randomBytes(16).toString('hex');
    fs.writeFileSync(short, `v1 ${shortKey}\n`);
    const refused = start({ PAY_PASSWORD_PEPPER_FILE: short });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('key v1 is shorter than 32 bytes');
    expect(refused.stdout + refused.stderr).not.toContain(shortKey);
  });
});
