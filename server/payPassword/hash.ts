/**
 * Pay password hashing: HMAC-SHA-256 under the server's pepper (./pepper.ts) over a random
 * per-user salt and the code, stored as one self-describing string naming the key's version.
 * A 6-digit code has 10^6 values, so a slow hash protects nothing once the hashes leak; a key
 * outside the database does, and the lockout (./payPassword.ts) stops online guessing
 * (docs/security.md, "The pay password"). Hashes of the earlier scheme (scrypt) still verify
 * and are reported as outdated, like hashes under an older key, so that they are made again.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PayPasswordKeys } from './pepper';

const SALT_BYTES = 16;
const MAC_BYTES = 32;
const VERSION = /^v([1-9][0-9]{0,8})$/;

export interface PayPasswordCheck {
  matches: boolean;
  /** stored under an older key or the scrypt scheme: to be hashed again under the current key */
  outdated: boolean;
}

const NO_MATCH: PayPasswordCheck = { matches: false, outdated: false };

function macOf(keys: PayPasswordKeys, version: number, salt: Buffer, password: string): Buffer {
  return keys.mac(version, salt, Buffer.from(password, 'utf8'));
}

/** "hmac$v<version>$<salt base64url>$<mac base64url>" under the current key */
export function hashPayPassword(keys: PayPasswordKeys, password: string): string {
  const salt = randomBytes(SALT_BYTES);
  return ['hmac', `v${keys.current}`, salt.toString('base64url'), macOf(keys, keys.current, salt, password).toString('base64url')].join('$');
}

function checkHmac(keys: PayPasswordKeys, password: string, version: string, salt: string, mac: string): PayPasswordCheck {
  const parsed = VERSION.exec(version);
  const saltBytes = Buffer.from(salt, 'base64url');
  const expected = Buffer.from(mac, 'base64url');
  if (!parsed || saltBytes.length !== SALT_BYTES || expected.length !== MAC_BYTES) return NO_MATCH;
  const keyVersion = Number(parsed[1]);
  const matches = timingSafeEqual(macOf(keys, keyVersion, saltBytes, password), expected);
  return { matches, outdated: matches && keyVersion !== keys.current };
}

/* ---------------- the earlier scheme: "scrypt$N$r$p$<salt base64url>$<key base64url>" ---------------- */

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

async function checkScrypt(password: string, [n, r, p, salt, key]: string[]): Promise<PayPasswordCheck> {
  const expected = Buffer.from(key ?? '', 'base64url');
  if (!salt || !expected.length) return NO_MATCH;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  const matches = timingSafeEqual(actual, expected);
  return { matches, outdated: matches };
}

/** Whether `password` is the one `stored` was made from; throws only when its key version is not in the pepper file. */
export async function checkPayPassword(keys: PayPasswordKeys, password: string, stored: string): Promise<PayPasswordCheck> {
  const [scheme, ...fields] = stored.split('$');
  if (scheme === 'hmac' && fields.length === 3) return checkHmac(keys, password, fields[0], fields[1], fields[2]);
  if (scheme === 'scrypt' && fields.length === 5) return checkScrypt(password, fields);
  return NO_MATCH;
}
