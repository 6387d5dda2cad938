/**
 * The withdrawal signer's key from the environment (server/withdrawals/signerKey.ts): a private key
 * or an encrypted keystore with a password file; never echoed in an error, a log or the config.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { Wallet, encryptKeystoreJson } from 'ethers';
import { loadConfig } from '../../server/config';
import { parseSignerKey } from '../../server/withdrawals/signerKey';

const wallet = Wallet.createRandom();
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-signer-key-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function file(name: string, content: string): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, content);
  return at;
}

/** a keystore as wallets export it (a low scrypt cost, for the test's speed) */
async function keystore(password: string): Promise<string> {
  return file(`keystore-${password}.json`, await encryptKeystoreJson({ address: wallet.address, privateKey: wallet.privateKey }, password, { scrypt: { N: 1024 } }));
}

describe('WITHDRAW_SIGNER_KEY', () => {
  it('is off when nothing is set', () => {
    expect(parseSignerKey({})).toBeNull();
  });

  it('opens the wallet of a private key, and shows only where the key comes from', async () => {
    const key = parseSignerKey({ WITHDRAW_SIGNER_KEY: wallet.privateKey })!;
    expect(key.source).toBe('WITHDRAW_SIGNER_KEY');
    expect((await key.open()).address).toBe(wallet.address);
    expect(JSON.stringify(key)).toBe('{"source":"WITHDRAW_SIGNER_KEY"}');
    expect(inspect(key, { depth: 5, showHidden: true })).not.toContain(wallet.privateKey.slice(2));
  });

  it.each([
    ['a key without 0x', () => wallet.privateKey.slice(2), /WITHDRAW_SIGNER_KEY must be a private key: 0x and 64 hex digits \(got 64 characters\)/],
    ['a key one digit short', () => wallet.privateKey.slice(0, -1), /0x and 64 hex digits \(got 65 characters\)/],
    ['a key that is not on the curve', () => `0x${'0'.repeat(64)}`, /WITHDRAW_SIGNER_KEY is not a valid secp256k1 private key/],
  ])('refuses %s without repeating it', (_what, given, message) => {
    const value = given();
    let error: Error | null = null;
    try {
      parseSignerKey({ WITHDRAW_SIGNER_KEY: value });
    } catch (thrown) {
      error = thrown as Error;
    }
    expect(error?.message).toMatch(message);
    expect(error?.message).not.toContain(value.replace(/^0x/, '').slice(0, 16));
  });

  it('refuses a key and a keystore at once, and a password file without a keystore', () => {
    expect(() => parseSignerKey({ WITHDRAW_SIGNER_KEY: wallet.privateKey, WITHDRAW_SIGNER_KEYSTORE: '/k.json' })).toThrow('set WITHDRAW_SIGNER_KEY or WITHDRAW_SIGNER_KEYSTORE, not both');
    expect(() => parseSignerKey({ WITHDRAW_SIGNER_PASSWORD_FILE: '/p' })).toThrow('WITHDRAW_SIGNER_PASSWORD_FILE is the password of WITHDRAW_SIGNER_KEYSTORE, which is not set');
  });

  it('needs a network to send through', () => {
    expect(() => loadConfig({ WITHDRAW_SIGNER_KEY: wallet.privateKey })).toThrow(/WITHDRAW_SIGNER_KEY is set, but no network is: the withdrawal signer sends through CHAIN_<NETWORK>_RPC_URL/);
  });
});

describe('WITHDRAW_SIGNER_KEYSTORE with WITHDRAW_SIGNER_PASSWORD_FILE', () => {
  it('decrypts the keystore with the password of the file (its final newline ignored)', async () => {
    const key = parseSignerKey({ WITHDRAW_SIGNER_KEYSTORE: await keystore('correct horse'), WITHDRAW_SIGNER_PASSWORD_FILE: file('password', 'correct horse\n') })!;
    expect(key.source).toBe('WITHDRAW_SIGNER_KEYSTORE');
    expect((await key.open()).address).toBe(wallet.address);
    expect(inspect(key, { depth: 5, showHidden: true })).not.toContain('correct horse');
  });

  it('says when the password does not open it, and may be tried again', async () => {
    const key = parseSignerKey({ WITHDRAW_SIGNER_KEYSTORE: await keystore('right'), WITHDRAW_SIGNER_PASSWORD_FILE: file('wrong', 'wrong') })!;
    await expect(key.open()).rejects.toThrow(/cannot decrypt it with the password of WITHDRAW_SIGNER_PASSWORD_FILE/);
    await expect(key.open()).rejects.toThrow(/cannot decrypt it/);
  });

  it('refuses a keystore without a password file, a missing file and a file that is not JSON', async () => {
    const store = await keystore('p');
    expect(() => parseSignerKey({ WITHDRAW_SIGNER_KEYSTORE: store })).toThrow('WITHDRAW_SIGNER_KEYSTORE needs WITHDRAW_SIGNER_PASSWORD_FILE');
    expect(() => parseSignerKey({ WITHDRAW_SIGNER_KEYSTORE: path.join(dir, 'none.json'), WITHDRAW_SIGNER_PASSWORD_FILE: file('p1', 'p') })).toThrow(/WITHDRAW_SIGNER_KEYSTORE: cannot read .*none\.json \(ENOENT\)/);
    expect(() => parseSignerKey({ WITHDRAW_SIGNER_KEYSTORE: store, WITHDRAW_SIGNER_PASSWORD_FILE: path.join(dir, 'none') })).toThrow(/WITHDRAW_SIGNER_PASSWORD_FILE: cannot read/);
    expect(() => parseSignerKey({ WITHDRAW_SIGNER_KEYSTORE: file('text.json', 'not json'), WITHDRAW_SIGNER_PASSWORD_FILE: file('p2', 'p') })).toThrow(/is not a JSON keystore file/);
  });
});
