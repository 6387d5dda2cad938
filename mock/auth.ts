/** Wallet sign-in (EIP-4361): nonce, signed message → session token, sign-out. */
import { getAddress, verifyMessage } from 'ethers';
import { SiweMessage } from 'siwe';
import { contract } from '../contract';
import { MockError } from './_errors';
import { mockRoutes } from './_kit';
import { welcome } from './_starter';
import { createUser, findUserByAddress, findUserByInviteCode, profileOf, randomToken, state } from './_state';
import { timestamp, daysFromNow } from './_time';

const NONCE_TTL_MS = 5 * 60 * 1000;
/** Ethereum, BNB Smart Chain, Polygon, Arbitrum One */
const CHAIN_IDS = [1, 56, 137, 42161];

function parse(text: string): SiweMessage {
  try {
    return new SiweMessage(text);
  } catch {
    throw new MockError('SIWE_INVALID');
  }
}

/** The address that signed `message`, or a 401 when the signature is not the message's. */
function signer(message: SiweMessage, text: string, signature: string): string {
  let recovered: string;
  try {
    recovered = verifyMessage(text, signature);
  } catch {
    throw new MockError('SIWE_SIGNATURE_INVALID');
  }
  if (recovered !== getAddress(message.address)) throw new MockError('SIWE_SIGNATURE_INVALID');
  return recovered;
}

export default mockRoutes(contract.auth, {
  nonce: () => {
    const nonce = randomToken(8);
    const expires = Date.now() + NONCE_TTL_MS;
    state.nonces.set(nonce, expires);
    return { nonce, expiresAt: new Date(expires).toISOString(), chainIds: CHAIN_IDS, statement: 'Sign in to PowerFi' };
  },

  signInWallet: ({ body }) => {
    const message = parse(body.message);
    const nonceExpiry = state.nonces.get(message.nonce);
    if (!nonceExpiry || nonceExpiry < Date.now()) throw new MockError('SIWE_NONCE_INVALID');
    if (!CHAIN_IDS.includes(message.chainId)) throw new MockError('SIWE_CHAIN_UNSUPPORTED');
    if (message.expirationTime && Date.parse(message.expirationTime) < Date.now()) throw new MockError('SIWE_EXPIRED');
    const address = signer(message, body.message, body.signature);
    // Only a successful sign-in uses the nonce up.
    state.nonces.delete(message.nonce);

    let user = findUserByAddress(address);
    if (!user) {
      const inviter = body.invite ? findUserByInviteCode(body.invite) : undefined;
      user = welcome(createUser(address, inviter?.uid ?? null));
    }
    const token = randomToken();
    state.sessions.set(token, user.uid);
    return { token, expiresAt: timestamp(daysFromNow(7)), user: profileOf(user) };
  },

  signOut: ({ token }) => {
    if (token) state.sessions.delete(token);
    return null;
  },
});
