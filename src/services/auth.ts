/** Wallet sign-in (EIP-4361), step-up challenges and the user's sessions, under the base prefix. */
import type { authEndpoints } from '../../contract/auth';
import { httpGet, httpPost, type ServiceOptions } from './client';
import type { BodyOf, DataOf } from './types';

type E = typeof authEndpoints;

export function nonce(options?: ServiceOptions) {
  return httpGet<DataOf<E['nonce']>>('/api/v1/base/web/auth/nonce', undefined, options);
}

export function signInWallet(body: BodyOf<E['signInWallet']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['signInWallet']>>('/api/v1/base/web/auth/sign-in/wallet', body, options);
}

export function signOut(options?: ServiceOptions) {
  return httpPost<DataOf<E['signOut']>>('/api/v1/base/web/auth/sign-out', undefined, options);
}

export function stepUpChallenge(body: BodyOf<E['stepUpChallenge']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['stepUpChallenge']>>('/api/v1/base/web/auth/step-up/challenge', body, options);
}

export function sessions(options?: ServiceOptions) {
  return httpGet<DataOf<E['sessions']>>('/api/v1/base/web/auth/sessions', undefined, options);
}

export function endSession(body: BodyOf<E['endSession']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['endSession']>>('/api/v1/base/web/auth/sessions/end', body, options);
}

export function endOtherSessions(options?: ServiceOptions) {
  return httpPost<DataOf<E['endOtherSessions']>>('/api/v1/base/web/auth/sessions/end-others', undefined, options);
}
