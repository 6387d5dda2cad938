/** The signed-in user, the pay password and the user's ledger entries. */
import type { userEndpoints } from '../../contract/user';
import { httpGet, httpPost, type ServiceOptions } from './client';
import type { BodyOf, DataOf, QueryOf } from './types';

type E = typeof userEndpoints;

export function profile(options?: ServiceOptions) {
  return httpGet<DataOf<E['profile']>>('/api/v1/web/user/user/profile', undefined, options);
}

export function payPass(body: BodyOf<E['payPass']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['payPass']>>('/api/v1/web/user/user/pay-pass', body, options);
}

export function payPassReset(body: BodyOf<E['payPassReset']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['payPassReset']>>('/api/v1/web/user/user/pay-pass/reset', body, options);
}

export function walletDetails(query?: QueryOf<E['walletDetails']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['walletDetails']>>('/api/v1/web/user/wallet/details', query, options);
}
