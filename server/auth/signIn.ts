/**
 * Signing in with a verified wallet message: the nonce is used up, the user found (or created,
 * bound to an inviter), a session opened and the user told of the sign-in, in one transaction. Two first sign-ins of one
 * address at once: the loser retries and finds the new user.
 */
import { isUniqueViolation, type Db } from '../db';
import { ApiError } from '../http/errors';
import { notify } from '../notifications/notifications';
import { findOrCreateUser } from '../users/users';
import { consumeNonce } from './nonces';
import { createSession, type SessionTtl } from './sessions';
import type { SessionDevice } from './sessionCore';

export interface WalletSignIn {
  address: string;
  nonce: string;
  invite?: string;
}

export interface SignedIn {
  user: { id: bigint; created: boolean };
  session: { token: string; expiresAt: number };
}

export async function signInWallet(db: Db, signIn: WalletSignIn, now: number, ttl: SessionTtl, device: SessionDevice): Promise<SignedIn> {
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      if (!(await consumeNonce(trx, signIn.nonce, now))) throw new ApiError('SIWE_NONCE_INVALID');
      const user = await findOrCreateUser(trx, signIn.address, signIn.invite, now);
      const session = await createSession(trx, user.id, now, ttl, device);
      await notify(trx, user.id, 'signin.new', {}, now);
      return { user, session };
    });
  return attempt().catch((error: unknown) => {
    if (isUniqueViolation(error)) return attempt();
    throw error;
  });
}
