/** Wallet sign-in (EIP-4361): nonce, signed message → session token, sign-out; step-up challenges; sessions. */
import dayjs from 'dayjs';
import { contract } from '../contract';
import { MockError } from './_errors';
import { mockRoutes } from './_kit';
import { parseSiwe as parse, siweSigner as signer } from './_siwe';
import { notify } from './_notify';
import { welcome } from './_starter';
import { issueChallenge } from './_stepUp';
import { createUser, findUserByAddress, findUserByInviteCode, profileOf, randomToken, state } from './_state';
import { timestamp, daysFromNow } from './_time';

const NONCE_TTL_MS = 5 * 60 * 1000;
/** Ethereum, BNB Smart Chain, Polygon, Arbitrum One */
const CHAIN_IDS = [1, 56, 137, 42161];

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
    notify(user, 'signin.new', {});
    const token = randomToken();
    state.sessions.set(token, user.uid);
    state.sessionInfo.set(token, { id: randomToken(12), userAgent: 'max dev (mock)', createdAt: Date.now() });
    return { token, expiresAt: timestamp(daysFromNow(7)), user: profileOf(user) };
  },

  signOut: ({ token }) => {
    if (token) state.sessions.delete(token);
    return null;
  },

  stepUpChallenge: ({ user, body }) => {
    const challenge = issueChallenge(user, body.purpose);
    return { nonce: challenge.nonce, expiresAt: new Date(challenge.expires).toISOString(), chainIds: CHAIN_IDS, statement: challenge.statement };
  },

  sessions: ({ user, token }) =>
    [...state.sessions].filter(([, uid]) => uid === user.uid).map(([t]) => {
      const info = state.sessionInfo.get(t) ?? { id: t.slice(0, 16), userAgent: '', createdAt: Date.now() };
      return { id: info.id, userAgent: info.userAgent, ip: '127.0.0.1', createdAt: timestamp(dayjs(info.createdAt)), lastUsedAt: timestamp(), current: t === token };
    }),

  endSession: ({ user, body }) => {
    const found = [...state.sessions].find(([t, uid]) => uid === user.uid && state.sessionInfo.get(t)?.id === body.id);
    if (!found) throw new MockError('NOT_FOUND', 'session.notFound');
    state.sessions.delete(found[0]);
    return null;
  },

  endOtherSessions: ({ user, token }) => {
    const others = [...state.sessions].filter(([t, uid]) => uid === user.uid && t !== token);
    for (const [t] of others) state.sessions.delete(t);
    return { ended: others.length };
  },
});
