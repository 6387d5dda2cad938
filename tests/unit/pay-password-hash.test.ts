/**
 * @jest-environment node
 *
 * Pay-password hashes (server/payPassword/hash.ts) and the pepper file they are keyed by
 * (server/payPassword/pepper.ts): HMAC under the current key version, older versions and the
 * earlier scrypt scheme verified and reported as outdated, the key file's format, generation
 * outside production (once, mode 0600, reused) and refusal in production; no key in any message.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkPayPassword, hashPayPassword } from '../../server/payPassword/hash';
import { openPayPasswordKeys, parsePepper } from '../../server/payPassword/pepper';

const KEY_1 = randomBytes(32).toString('hex');
const KEY_2 = randomBytes(32).toString('hex');
const V1 = parsePepper(`v1 ${KEY_1}\n`, 'pepper-v1');
const V1_V2 = parsePepper(`# rotated\nv1 ${KEY_1}\n\nv2 ${KEY_2}\n`, 'pepper-v1-v2');

/** a hash as the earlier scheme stored it */
function scryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-pepper-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function expectNoKey(text: string, ...keys: string[]): void {
  for (const key of keys) {
    const bytes = Buffer.from(key, 'hex');
    for (const form of [key, key.toUpperCase(), bytes.toString('base64'), bytes.toString('base64url')]) expect(text).not.toContain(form);
  }
}

describe('hashes', () => {
  it('are HMAC under the current version with a fresh 16-byte salt, never the code', () => {
    const first = hashPayPassword(V1_V2, '135790');
    const second = hashPayPassword(V1_V2, '135790');
    expect(first).toMatch(/^hmac\$v2\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('135790');
  });

  it('verify the right code only', async () => {
    const stored = hashPayPassword(V1, '135790');
    await expect(checkPayPassword(V1, '135790', stored)).resolves.toEqual({ matches: true, outdated: false });
    for (const wrong of ['135791', '13579', '1357900', '']) await expect(checkPayPassword(V1, wrong, stored)).resolves.toEqual({ matches: false, outdated: false });
  });

  it('are bound to the key: the same string under another key of that version does not verify', async () => {
    const stored = hashPayPassword(V1, '135790');
    const otherKey = parsePepper(`v1 ${randomBytes(32).toString('hex')}`, 'other');
    await expect(checkPayPassword(otherKey, '135790', stored)).resolves.toEqual({ matches: false, outdated: false });
  });

  it('refuse a tampered or malformed stored string', async () => {
    const stored = hashPayPassword(V1, '135790');
    const [scheme, version, salt, mac] = stored.split('$');
    const flipped = Buffer.from(mac, 'base64url');
    flipped[0] ^= 1;
    for (const bad of [
      [scheme, version, salt, flipped.toString('base64url')].join('$'),
      [scheme, version, Buffer.from('short').toString('base64url'), mac].join('$'),
      [scheme, 'v0', salt, mac].join('$'),
      [scheme, '1', salt, mac].join('$'),
      [scheme, version, salt, mac.slice(0, 20)].join('$'),
      `${stored}$extra`,
      'plain',
      '',
    ]) {
      await expect(checkPayPassword(V1, '135790', bad)).resolves.toEqual({ matches: false, outdated: false });
    }
  });

  it('under an older version verify once it is rotated, and are outdated', async () => {
    const stored = hashPayPassword(V1, '135790');
    await expect(checkPayPassword(V1_V2, '135790', stored)).resolves.toEqual({ matches: true, outdated: true });
    await expect(checkPayPassword(V1_V2, '000000', stored)).resolves.toEqual({ matches: false, outdated: false });
  });

  it('under a version the file no longer holds are an error naming the version, not a wrong code', async () => {
    const stored = hashPayPassword(V1_V2, '135790');
    const error = await checkPayPassword(V1, '135790', stored).then(() => null, (e: Error) => e);
    expect(error?.message).toContain('v2');
    expectNoKey(error!.message, KEY_1, KEY_2);
  });

  it('of the earlier scrypt scheme verify and are outdated; a wrong code does not', async () => {
    const stored = scryptHash('246810');
    await expect(checkPayPassword(V1, '246810', stored)).resolves.toEqual({ matches: true, outdated: true });
    await expect(checkPayPassword(V1, '246811', stored)).resolves.toEqual({ matches: false, outdated: false });
  });
});

describe('the pepper file', () => {
  it('makes the highest version current, in any line order', () => {
    const keys = parsePepper(`v3 ${KEY_2}\nv1 ${KEY_1}\n`, 'f');
    expect(keys.current).toBe(3);
    expect(keys.versions).toEqual([1, 3]);
  });

  it.each([
    ['a short key', `v1 ${KEY_1.slice(0, 62)}`, 'line 1: key v1 is shorter than 32 bytes'],
    ['an odd number of hex digits', `v1 ${KEY_1}a`, 'line 1: key v1 is shorter than 32 bytes'],
    ['a line without a version', `${KEY_1}`, 'line 1: expected "v<version> <key as hex>"'],
    ['a key that is not hex', `v1 ${Buffer.from(KEY_1, 'hex').toString('base64')}`, 'line 1: expected'],
    ['a version twice', `v1 ${KEY_1}\nv1 ${KEY_2}`, 'line 2: version v1 appears twice'],
    ['no key', '# nothing yet\n', 'holds no key'],
  ])('refuses %s, quoting neither the key nor the line', (_name, text, message) => {
    const error = (() => {
      try {
        parsePepper(text, '/secrets/pepper');
        return null;
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toContain('PAY_PASSWORD_PEPPER_FILE /secrets/pepper');
    expect(error?.message).toContain(message);
    expectNoKey(error!.message, KEY_1, KEY_2, KEY_1.slice(0, 62));
  });

  it('shows loggers and JSON only its file and versions', () => {
    const json = JSON.stringify({ keys: V1_V2 });
    expect(JSON.parse(json)).toEqual({ keys: { file: 'pepper-v1-v2', versions: [1, 2] } });
    expectNoKey(json, KEY_1, KEY_2);
  });

  it('outside production is generated once (mode 0600, one v1 key) and reused on the next start', () => {
    const file = path.join(dir, 'data', 'pay-password-pepper');
    const first = openPayPasswordKeys({ file, generate: true });
    expect(first.current).toBe(1);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toMatch(/^v1 [0-9a-f]{64}$/m);
    const stored = hashPayPassword(first, '135790');

    const restarted = openPayPasswordKeys({ file, generate: true });
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(hashPayPassword(restarted, '135790')).toMatch(/^hmac\$v1\$/);
    return expect(checkPayPassword(restarted, '135790', stored)).resolves.toEqual({ matches: true, outdated: false });
  });

  it('outside production keeps a file that exists (generation never replaces a key)', () => {
    const file = path.join(dir, 'pepper');
    fs.writeFileSync(file, `v7 ${KEY_1}\n`);
    expect(openPayPasswordKeys({ file, generate: true }).current).toBe(7);
    expect(fs.readFileSync(file, 'utf8')).toBe(`v7 ${KEY_1}\n`);
  });

  it('in production is required: unset or missing refuses with what to do, and nothing is generated', () => {
    expect(() => openPayPasswordKeys({ file: '', generate: false })).toThrow('PAY_PASSWORD_PEPPER_FILE is required in production');
    const file = path.join(dir, 'missing');
    expect(() => openPayPasswordKeys({ file, generate: false })).toThrow(`PAY_PASSWORD_PEPPER_FILE: cannot read ${file} (ENOENT): in production it is never generated`);
    expect(fs.existsSync(file)).toBe(false);
  });
});
