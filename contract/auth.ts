/** Wallet sign-in (EIP-4361) under the base prefix. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { Empty, MultilineText, Timestamp } from './common';
import { StepUpChallengeBody } from './stepUp';
import { Profile } from './user';

export const NonceResponse = Type.Object({
  nonce: Type.String({ minLength: 8 }),
  /** ISO 8601, when the nonce stops being accepted */
  expiresAt: Type.String(),
  /** EVM chain ids the server accepts in the SIWE message */
  chainIds: Type.Array(Type.Integer()),
  statement: Type.String(),
});
export type NonceResponseType = Static<typeof NonceResponse>;

export const SignInBody = Type.Object({
  /** the EIP-4361 text: lines, so line feeds are allowed in it (rules/text.ts) */
  message: MultilineText({ minLength: 1, maxLength: 4096 }),
  signature: Type.String({ pattern: '^0x[0-9a-fA-F]{130}$' }),
  /** invite code from `/login?invite=CODE`, bound at the first sign-in only */
  invite: Type.Optional(Type.String({ maxLength: 32 })),
});
export type SignInBodyType = Static<typeof SignInBody>;

export const SignInResponse = Type.Object({
  token: Type.String(),
  expiresAt: Timestamp,
  user: Profile,
});
export type SignInResponseType = Static<typeof SignInResponse>;

/** One live session of the caller, as listed on /my/setting. */
export const SessionView = Type.Object({
  /** public id, neither the token nor its hash */
  id: Type.String(),
  /** User-Agent at sign-in (at most 200 characters) */
  userAgent: Type.String(),
  ip: Type.String(),
  createdAt: Timestamp,
  lastUsedAt: Timestamp,
  /** the session of this request */
  current: Type.Boolean(),
});
export type SessionViewType = Static<typeof SessionView>;

export const EndSessionBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }) });
export type EndSessionBodyType = Static<typeof EndSessionBody>;

export const EndOtherSessionsResponse = Type.Object({ ended: Type.Integer({ minimum: 0 }) });

export const authEndpoints = {
  nonce: defineEndpoint({
    method: 'GET', prefix: 'base', path: '/web/auth/nonce', auth: false,
    summary: 'Issue a one-time SIWE nonce', response: NonceResponse,
  }),
  signInWallet: defineEndpoint({
    method: 'POST', prefix: 'base', path: '/web/auth/sign-in/wallet', auth: false,
    summary: 'Sign in with a signed SIWE message', body: SignInBody, response: SignInResponse,
  }),
  signOut: defineEndpoint({
    method: 'POST', prefix: 'base', path: '/web/auth/sign-out', auth: true,
    summary: 'Revoke the current session token', response: Empty,
  }),
  stepUpChallenge: defineEndpoint({
    method: 'POST', prefix: 'base', path: '/web/auth/step-up/challenge', auth: true,
    // answered like the sign-in nonce: its nonce is single use and bound to the caller and the purpose,
    // its statement names the action ("Set pay password for PowerFi")
    summary: 'Issue a one-time nonce for a fresh wallet signature authorising one purpose', body: StepUpChallengeBody, response: NonceResponse,
  }),
  sessions: defineEndpoint({
    method: 'GET', prefix: 'base', path: '/web/auth/sessions', auth: true,
    summary: 'The caller\'s live sessions, the current one marked', response: Type.Array(SessionView),
  }),
  endSession: defineEndpoint({
    method: 'POST', prefix: 'base', path: '/web/auth/sessions/end', auth: true,
    summary: 'End one of the caller\'s sessions', body: EndSessionBody, response: Empty,
  }),
  endOtherSessions: defineEndpoint({
    method: 'POST', prefix: 'base', path: '/web/auth/sessions/end-others', auth: true,
    summary: 'End every session of the caller but the current one', response: EndOtherSessionsResponse,
  }),
};
