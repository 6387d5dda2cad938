/** Wallet sign-in (EIP-4361): nonce, sign-in, sign-out; step-up challenges; the user's sessions. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { issueNonce } from '../auth/nonces';
import { endOtherSessions, endSessionOf, listLiveSessions, revokeSession } from '../auth/sessions';
import { signInWallet } from '../auth/signIn';
import { issueStepUpChallenge } from '../auth/stepUp';
import { SIWE_STATEMENT, verifySiwe } from '../auth/siwe';
import { ApiError } from '../http/errors';
import { route, sessionOf } from '../http/route';
import { loadProfile } from '../users/users';

export default async function authRoutes(app: FastifyInstance, deps: AppContext): Promise<void> {
  const { db, config, clock, time } = deps;

  route(app, contract.auth.nonce, async () => {
    const { nonce, expiresAt } = await issueNonce(db, clock.now(), config.nonceTtlMs);
    return { nonce, expiresAt: new Date(expiresAt).toISOString(), chainIds: config.siweChainIds, statement: SIWE_STATEMENT };
  }, { rateLimit: 'auth' });

  route(app, contract.auth.signInWallet, async (request) => {
    const now = clock.now();
    const verified = verifySiwe(request.body.message, request.body.signature, {
      // the configured origins only: the Host header is the caller's to choose (a phishing relay)
      origins: config.publicOrigins,
      chainIds: config.siweChainIds,
      now,
      maxAgeMs: config.siweMaxAgeMs,
      skewMs: config.siweClockSkewMs,
    });
    const { user, session } = await signInWallet(db, { address: verified.address, nonce: verified.nonce, invite: request.body.invite }, now, config, {
      userAgent: request.headers['user-agent'] ?? '',
      ip: request.ip,
    });
    const profile = await loadProfile(db, user.id, time);
    if (!profile) throw new ApiError('INTERNAL_ERROR');
    request.log.info({ uid: profile.uid, created: user.created }, 'signed in');
    return { token: session.token, expiresAt: time.timestamp(session.expiresAt), user: profile };
  }, { rateLimit: 'auth' });

  route(app, contract.auth.signOut, async (request) => {
    await revokeSession(db, sessionOf(request).sessionId, clock.now());
    return null;
  });

  route(app, contract.auth.stepUpChallenge, async (request) => {
    const challenge = await issueStepUpChallenge(db, sessionOf(request).userId, request.body.purpose, clock.now());
    return { nonce: challenge.nonce, expiresAt: new Date(challenge.expiresAt).toISOString(), chainIds: config.siweChainIds, statement: challenge.statement };
  }, { rateLimit: 'auth' });

  // Ending sessions only takes access away, so the session token suffices (no wallet signature).
  route(app, contract.auth.sessions, async (request) => {
    const { userId, sessionId } = sessionOf(request);
    const sessions = await listLiveSessions(db, userId, clock.now(), config, deps.sessionTouches.users);
    return sessions.map((s) => ({
      id: s.publicId,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: time.timestamp(s.createdAt),
      lastUsedAt: time.timestamp(s.lastUsedAt),
      current: s.sessionId === sessionId,
    }));
  });

  route(app, contract.auth.endSession, async (request) => {
    // another user's session id is as unknown as one that never existed
    if (!(await endSessionOf(db, sessionOf(request).userId, request.body.id, clock.now()))) {
      throw new ApiError('NOT_FOUND', { messageKey: 'session.notFound' });
    }
    return null;
  });

  route(app, contract.auth.endOtherSessions, async (request) => {
    const { userId, sessionId } = sessionOf(request);
    return { ended: await endOtherSessions(db, userId, sessionId, clock.now(), config, deps.sessionTouches.users) };
  });
}
