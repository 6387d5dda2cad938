/**
 * The hot wallet's key for the withdrawal signer, from the environment (read by
 * server/config.ts):
 * - `WITHDRAW_SIGNER_KEY`: the private key, 0x and 64 hex digits; or
 * - `WITHDRAW_SIGNER_KEYSTORE`: an encrypted JSON keystore file (Web3 Secret Storage, as geth,
 *   ethers and most wallets export it) with `WITHDRAW_SIGNER_PASSWORD_FILE`: a file holding its
 *   password (a file, so the password is not in the process's environment).
 * Neither set: the signer is off, approved withdrawals wait in `processing`.
 *
 * The key is never logged and never part of an error message: it lives in a closure here, the
 * config holds only `open()` and where the key comes from (what `JSON.stringify` or a logger can
 * see of the config). A keystore is decrypted by `open()`, once per process (scrypt: a moment).
 */
import fs from 'node:fs';
import { Wallet } from 'ethers';

export interface SignerKey {
  /** where the key comes from (for the start-up log): the variable's name, never the key */
  source: 'WITHDRAW_SIGNER_KEY' | 'WITHDRAW_SIGNER_KEYSTORE';
  /** the hot wallet (a keystore is decrypted on the first call) */
  open(): Promise<Wallet>;
}

type Env = Record<string, string | undefined>;

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

export function parseSignerKey(env: Env): SignerKey | null {
  const key = env.WITHDRAW_SIGNER_KEY?.trim() ?? '';
  const keystore = env.WITHDRAW_SIGNER_KEYSTORE?.trim() ?? '';
  const passwordFile = env.WITHDRAW_SIGNER_PASSWORD_FILE?.trim() ?? '';
  if (key && keystore) throw new Error('set WITHDRAW_SIGNER_KEY or WITHDRAW_SIGNER_KEYSTORE, not both');
  if (passwordFile && !keystore) throw new Error('WITHDRAW_SIGNER_PASSWORD_FILE is the password of WITHDRAW_SIGNER_KEYSTORE, which is not set');
  if (key) {
    // the message must not repeat what was given: it may be a real key with a typo
    if (!PRIVATE_KEY.test(key)) throw new Error(`WITHDRAW_SIGNER_KEY must be a private key: 0x and 64 hex digits (got ${key.length} characters)`);
    let wallet: Wallet;
    try {
      wallet = new Wallet(key);
    } catch {
      throw new Error('WITHDRAW_SIGNER_KEY is not a valid secp256k1 private key');
    }
    return withoutSecrets({ source: 'WITHDRAW_SIGNER_KEY', open: async () => wallet });
  }
  if (!keystore) return null;
  if (!passwordFile) throw new Error('WITHDRAW_SIGNER_KEYSTORE needs WITHDRAW_SIGNER_PASSWORD_FILE: a file holding the keystore password');
  const json = readFile(keystore, 'WITHDRAW_SIGNER_KEYSTORE');
  try {
    if (typeof (JSON.parse(json) as { crypto?: unknown; Crypto?: unknown }) !== 'object') throw new Error('not an object');
  } catch {
    throw new Error(`WITHDRAW_SIGNER_KEYSTORE ${keystore} is not a JSON keystore file`);
  }
  const password = readFile(passwordFile, 'WITHDRAW_SIGNER_PASSWORD_FILE').replace(/\r?\n$/, '');
  let opened: Promise<Wallet> | null = null;
  const open = () => {
    opened ??= Wallet.fromEncryptedJson(json, password).then(
      (wallet) => wallet as Wallet,
      () => {
        opened = null;
        throw new Error(`WITHDRAW_SIGNER_KEYSTORE ${keystore}: cannot decrypt it with the password of WITHDRAW_SIGNER_PASSWORD_FILE`);
      },
    );
    return opened;
  };
  return withoutSecrets({ source: 'WITHDRAW_SIGNER_KEYSTORE', open });
}

function readFile(file: string, name: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** what a logger or JSON.stringify shows of the key: where it comes from */
function withoutSecrets(key: SignerKey): SignerKey {
  return Object.assign(key, { toJSON: () => ({ source: key.source }) });
}
