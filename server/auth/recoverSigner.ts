/**
 * The address that signed an EIP-191 personal message (what a wallet's `personal_sign` makes), or
 * null when the signature is not one. ethers reads the signature (its length, `v`, an `s` with the
 * top bit clear) and hashes the message exactly as its `verifyMessage` does; the key is recovered
 * by libsecp256k1, the `secp256k1` package's native binding, in tens of µs. In JavaScript
 * (@noble/curves, through ethers) recovery took 2.0 ms of a sign-in's 6.9 ms of server CPU
 * (docs/performance.md). Where the binding cannot load, ethers recovers the key as before.
 */
import { computeAddress, concat, getBytes, hashMessage, hexlify, Signature, verifyMessage } from 'ethers';

type EcdsaRecover = (signature: Uint8Array, recovery: number, digest: Uint8Array, compressed: boolean) => Uint8Array;

function loadNativeRecover(): EcdsaRecover | undefined {
  try {
    // the binding itself: the package's main module would fall back to elliptic, slower than ethers
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional: loaded in a try, so a platform without the binding still starts
    return (require('secp256k1/bindings') as { ecdsaRecover: EcdsaRecover }).ecdsaRecover;
  } catch {
    return undefined;
  }
}

const nativeRecover = loadNativeRecover();

/** Which code recovers keys in this process (its test requires the native one where it is built). */
export const signerRecovery: 'libsecp256k1' | 'ethers' = nativeRecover ? 'libsecp256k1' : 'ethers';

export function recoverMessageSigner(message: string, signature: string): string | null {
  try {
    if (!nativeRecover) return verifyMessage(message, signature);
    const parsed = Signature.from(signature);
    const compact = getBytes(concat([parsed.r, parsed.s]));
    const publicKey = nativeRecover(compact, parsed.yParity, getBytes(hashMessage(message)), false);
    return computeAddress(hexlify(publicKey));
  } catch {
    return null;
  }
}
