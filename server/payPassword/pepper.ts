/**
 * The pay-password pepper: the secret HMAC keys that pay-password hashes are made with
 * (./hash.ts), kept in a file outside the database so that a copy of the database alone cannot
 * test a single code (docs/security.md, "The pay password").
 *
 * PAY_PASSWORD_PEPPER_FILE holds one key per line, `v<version> <key>`: the version a positive
 * integer, the key at least 32 random bytes written as hex (64 hex digits, `openssl rand -hex 32`).
 * Blank lines and lines starting with `#` are ignored. The highest version is the current one:
 * new hashes are made with it; a hash under an older version still verifies and is made again
 * under the current one at its next successful check. To rotate, add `v<N+1> <new key>` and
 * restart every process; drop an old line only when no stored hash names its version.
 *
 * Outside production (NODE_ENV !== 'production') a missing file is generated once (one v1 key,
 * mode 0600) and reused from then on; in production it must be given and exist, or the server
 * does not start. The keys stay in this module's closures: a keyring shows only its versions and
 * file (also to JSON.stringify and loggers), and no error message quotes a key or a line.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const PEPPER_VARIABLE = 'PAY_PASSWORD_PEPPER_FILE';
const MIN_KEY_BYTES = 32;
const LINE = /^v([1-9][0-9]{0,8})\s+([0-9a-fA-F]+)$/;

/** Where the keys come from: read by server/config.ts. */
export interface PepperSource {
  /** the key file; empty only in production when PAY_PASSWORD_PEPPER_FILE is unset (refused on open) */
  file: string;
  /** generate the file when it is missing (outside production) */
  generate: boolean;
}

export interface PayPasswordKeys {
  /** the version new hashes are made under (the highest in the file) */
  readonly current: number;
  readonly versions: readonly number[];
  /** HMAC-SHA-256 of `parts` under the key of `version`; throws (naming the version only) when the file has no such key */
  mac(version: number, ...parts: Buffer[]): Buffer;
}

function keyring(file: string, keys: Map<number, Buffer>): PayPasswordKeys {
  const versions = [...keys.keys()].sort((a, b) => a - b);
  return {
    current: versions[versions.length - 1],
    versions,
    mac(version, ...parts) {
      const key = keys.get(version);
      if (!key) throw new Error(`a pay-password hash names key v${version}, which ${PEPPER_VARIABLE} (${file}) does not hold`);
      const hmac = createHmac('sha256', key);
      for (const part of parts) hmac.update(part);
      return hmac.digest();
    },
    toJSON: () => ({ file, versions }),
  } as PayPasswordKeys;
}

/** The keys of a key file's text; errors name the file and the line number, never its content. */
export function parsePepper(text: string, file: string): PayPasswordKeys {
  const keys = new Map<number, Buffer>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const where = `${PEPPER_VARIABLE} ${file}, line ${index + 1}`;
    const match = LINE.exec(line);
    if (!match) throw new Error(`${where}: expected "v<version> <key as hex>"`);
    const version = Number(match[1]);
    const hex = match[2];
    if (hex.length % 2 !== 0 || hex.length < MIN_KEY_BYTES * 2) throw new Error(`${where}: key v${version} is shorter than ${MIN_KEY_BYTES} bytes (${MIN_KEY_BYTES * 2} hex digits)`);
    if (keys.has(version)) throw new Error(`${where}: version v${version} appears twice`);
    keys.set(version, Buffer.from(hex, 'hex'));
  });
  if (!keys.size) throw new Error(`${PEPPER_VARIABLE} ${file} holds no key: add a line "v1 <key>", the key from \`openssl rand -hex 32\``);
  return keyring(file, keys);
}

/** Writes a fresh v1 key to `file` unless it exists by then (another process may generate it at the same moment). */
function generate(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = [
    '# PowerFi pay-password pepper (server/payPassword/pepper.ts): generated outside production.',
    '# Keep it out of database backups. Rotate: add a line "v2 <openssl rand -hex 32>".',
    `v1 ${randomBytes(MIN_KEY_BYTES).toString('hex')}`,
    '',
  ].join('\n');
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(draft, text, { mode: 0o600, flag: 'wx' });
  try {
    // a hard link appears whole or not at all, and never replaces a file another process made
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** Reads (outside production: first generates) the key file; throws a message naming what to do. */
export function openPayPasswordKeys(source: PepperSource): PayPasswordKeys {
  if (!source.file) {
    throw new Error(
      `${PEPPER_VARIABLE} is required in production: a file, kept apart from the database and its backups, holding "v1 <key>", the key from \`openssl rand -hex 32\` (docs/security.md)`,
    );
  }
  if (source.generate && !fs.existsSync(source.file)) generate(source.file);
  let text: string;
  try {
    text = fs.readFileSync(source.file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const hint = code === 'ENOENT' ? ': in production it is never generated; create it with "v1 <key>", the key from `openssl rand -hex 32`' : '';
    throw new Error(`${PEPPER_VARIABLE}: cannot read ${source.file} (${code})${hint}`);
  }
  return parsePepper(text, source.file);
}
