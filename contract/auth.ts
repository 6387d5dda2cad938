/** Wallet sign-in (EIP-4361) under the base prefix. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { Empty, MultilineText, Timestamp } from './common';
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
};
