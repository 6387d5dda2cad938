/**
 * The load generator's wallets: a random key, its address and EIP-191 personal-message signatures
 * made by libsecp256k1 (the `secp256k1` package's native binding, as the server's
 * recoverSigner uses it). ethers' `Wallet` does the same in JavaScript: deriving the key's address
 * and one signature cost the generator milliseconds of CPU per sign-in, on the cores the
 * servers under test share with it.
 */
import { randomBytes } from 'node:crypto';
import { getAddress, getBytes, hashMessage, hexlify, keccak256 } from 'ethers';

interface Secp256k1 {
  privateKeyVerify(key: Uint8Array): boolean;
  publicKeyCreate(key: Uint8Array, compressed: boolean): Uint8Array;
  ecdsaSign(digest: Uint8Array, key: Uint8Array): { signature: Uint8Array; recid: number };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the native binding itself, not the package's JavaScript fallback
const secp256k1 = require('secp256k1/bindings') as Secp256k1;

export interface BenchSigner {
  address: string;
  signMessage(message: string): string;
}

export function randomSigner(): BenchSigner {
  let key = randomBytes(32);
  while (!secp256k1.privateKeyVerify(key)) key = randomBytes(32);
  return signerFromKey(key);
}

export function signerFromKey(key: Uint8Array): BenchSigner {
  // the address: the last 20 bytes of the uncompressed public key's hash, without its 0x04 prefix
  const publicKey = secp256k1.publicKeyCreate(key, false);
  const address = getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`);
  return {
    address,
    signMessage(message) {
      const { signature, recid } = secp256k1.ecdsaSign(getBytes(hashMessage(message)), key);
      return `${hexlify(signature)}${(27 + recid).toString(16)}`;
    },
  };
}
