/** Wallet sign-in (EIP-4361) under the base prefix. */
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
