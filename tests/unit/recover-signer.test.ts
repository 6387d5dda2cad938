/**
 * @jest-environment node
 */
/**
 * The signer of a personal message, recovered by libsecp256k1 (server/auth/recoverSigner.ts), is
 * exactly the one ethers' verifyMessage recovers, and every signature ethers refuses is refused:
 * wrong lengths, a bad `v`, `s` or `r` out of range or zero, a point off the curve, random bytes.
 */
import { randomBytes } from 'node:crypto';
import { Signature, verifyMessage, Wallet, hexlify, toBeHex, concat } from 'ethers';
import { recoverMessageSigner, signerRecovery } from '../../server/auth/recoverSigner';

/** ethers' answer, refusals as null */
function byEthers(message: string, signature: string): string | null {
  try {
    return verifyMessage(message, signature);
  } catch {
    return null;
  }
}

const N = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
const word = (value: bigint) => toBeHex(value, 32);

test('the native binding does the recovering on this platform', () => {
  expect(signerRecovery).toBe('libsecp256k1');
});

test('recovers the signer of real signatures, as ethers does', async () => {
  const messages = ['', 'Sign in to PowerFi', '登录 PowerFi ✓\n\nNonce: 8c2e', 'x'.repeat(5000)];
  for (let i = 0; i < 40; i += 1) {
    const wallet = Wallet.createRandom();
    const message = messages[i % messages.length] + String(i);
    const signature = await wallet.signMessage(message);
    expect(recoverMessageSigner(message, signature)).toBe(wallet.address);
    expect(byEthers(message, signature)).toBe(wallet.address);
    // a signature over another text recovers someone else, never the signer
    expect(recoverMessageSigner(`${message}.`, signature)).not.toBe(wallet.address);
  }
});

describe('refuses what ethers refuses, and recovers what it recovers', () => {
  const message = 'Sign in to PowerFi';
  let good: Signature;
  beforeAll(async () => {
    good = Signature.from(await Wallet.createRandom().signMessage(message));
  });
  const raw = (r: string, s: string, v: number) => concat([r, s, toBeHex(v, 1)]);

  const cases: [string, () => string][] = [
    ['the signature as signed', () => good.serialized],
    ['64 bytes (no v)', () => concat([good.r, good.s])],
    ['66 bytes', () => concat([good.serialized, '0x00'])],
    ['empty', () => '0x'],
    ['not hex', () => 'not a signature'],
    ['v = 0', () => raw(good.r, good.s, 0)],
    ['v = 1', () => raw(good.r, good.s, 1)],
    ['v = 29', () => raw(good.r, good.s, 29)],
    ['v flipped', () => raw(good.r, good.s, good.v === 27 ? 28 : 27)],
    ['high s (n - s)', () => raw(good.r, word(N - BigInt(good.s)), good.v)],
    ['s with its top bit set', () => raw(good.r, word(BigInt(good.s) | (1n << 255n)), good.v)],
    ['s = 0', () => raw(good.r, word(0n), good.v)],
    ['r = 0', () => raw(word(0n), good.s, good.v)],
    ['r = n', () => raw(word(N), good.s, good.v)],
    ['r = 2^256 - 1', () => raw(word((1n << 256n) - 1n), good.s, good.v)],
    ['r with no point on the curve (x = 5)', () => raw(word(5n), good.s, good.v)],
    ['r with one bit flipped', () => raw(word(BigInt(good.r) ^ 1n), good.s, good.v)],
  ];

  test.each(cases)('%s', (_name, signature) => {
    expect(recoverMessageSigner(message, signature())).toBe(byEthers(message, signature()));
  });

  test('300 random signatures', () => {
    for (let i = 0; i < 300; i += 1) {
      const signature = hexlify(concat([randomBytes(64), toBeHex(27 + (i % 2), 1)]));
      expect(recoverMessageSigner(message, signature)).toBe(byEthers(message, signature));
    }
  });
});
