/**
 * Checks a Sign-In with Ethereum (EIP-4361) message and its signature, rule by rule, each with its
 * own error code. The nonce is not touched here: the caller consumes it only after every check
 * passed, so a failed attempt never burns the nonce of the real owner.
 */
import { getAddress } from 'ethers';
import { SiweMessage } from 'siwe';
import { ApiError } from '../http/errors';
import { recoverMessageSigner } from './recoverSigner';

export interface SiweExpectations {
  /** the configured public origins: the domain must be the host of one, the uri on that same origin */
  origins: readonly string[];
  chainIds: readonly number[];
  now: number;
  /** issued-at may be at most this old */
  maxAgeMs: number;
  /** tolerated wallet clock ahead of ours */
  skewMs: number;
}

export interface VerifiedSignIn {
  address: string;
  nonce: string;
  chainId: number;
  statement: string | undefined;
}

/** The statement the server suggests; SIWE statements are ASCII only. */
export const SIWE_STATEMENT = 'Sign in to PowerFi';

const ADDRESS_LINE = /^0x[0-9a-fA-F]{40}$/m;

function isChecksummed(address: string): boolean {
  try {
    return getAddress(address) === address;
  } catch {
    return false;
  }
}

function instant(iso: string | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new ApiError('SIWE_INVALID');
  return ms;
}

function parse(message: string): SiweMessage {
  const addressLine = ADDRESS_LINE.exec(message)?.[0];
  if (addressLine && !isChecksummed(addressLine)) throw new ApiError('SIWE_INVALID', { messageKey: 'auth.addressNotChecksummed' });
  try {
    return new SiweMessage(message);
  } catch {
    throw new ApiError('SIWE_INVALID');
  }
}

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

/** The configured origin the message is for: its domain names that origin's host, its uri lies on it. */
function checkOrigin(siwe: SiweMessage, origins: readonly string[]): void {
  const origin = origins.find((o) => new URL(o).host === siwe.domain);
  if (!origin) throw new ApiError('SIWE_DOMAIN_MISMATCH');
  if (originOf(siwe.uri) !== origin) throw new ApiError('SIWE_DOMAIN_MISMATCH', { messageKey: 'auth.uriMismatch' });
}

function checkTimes(siwe: SiweMessage, expect: SiweExpectations): void {
  const issuedAt = instant(siwe.issuedAt);
  if (issuedAt === null) throw new ApiError('SIWE_INVALID');
  if (issuedAt > expect.now + expect.skewMs) throw new ApiError('SIWE_NOT_YET_VALID');
  if (expect.now - issuedAt > expect.maxAgeMs) throw new ApiError('SIWE_EXPIRED', { messageKey: 'auth.issuedAtTooOld' });
  const expiration = instant(siwe.expirationTime);
  if (expiration !== null && expiration <= expect.now) throw new ApiError('SIWE_EXPIRED');
  const notBefore = instant(siwe.notBefore);
  if (notBefore !== null && notBefore > expect.now + expect.skewMs) throw new ApiError('SIWE_NOT_YET_VALID');
}

export function verifySiwe(message: string, signature: string, expect: SiweExpectations): VerifiedSignIn {
  const siwe = parse(message);
  if (!isChecksummed(siwe.address)) throw new ApiError('SIWE_INVALID', { messageKey: 'auth.addressNotChecksummed' });
  checkOrigin(siwe, expect.origins);
  if (!expect.chainIds.includes(siwe.chainId)) throw new ApiError('SIWE_CHAIN_UNSUPPORTED');
  checkTimes(siwe, expect);
  // the signature is checked over the exact text received, so any edit of it is caught
  if (recoverMessageSigner(message, signature) !== siwe.address) throw new ApiError('SIWE_SIGNATURE_INVALID');
  return { address: siwe.address, nonce: siwe.nonce, chainId: siwe.chainId, statement: siwe.statement };
}
