/** Withdrawals (contract/withdraw.ts): withdrawal addresses, options, request, cancel, history, one withdrawal. */
import type { withdrawEndpoints } from '../../contract/withdraw';
import { httpGet, httpPost, seg, type ServiceOptions } from './client';
import type { BodyOf, DataOf, QueryOf } from './types';

type E = typeof withdrawEndpoints;

export function addresses(options?: ServiceOptions) {
  return httpGet<DataOf<E['addresses']>>('/api/v1/web/withdraw/address', undefined, options);
}

/** With `proof` (a wallet signature of `withdrawAddressStatement`) the address is usable at once. */
export function addressAdd(body: BodyOf<E['addressAdd']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['addressAdd']>>('/api/v1/web/withdraw/address/add', body, options);
}

export function addressDelete(body: BodyOf<E['addressDelete']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['addressDelete']>>('/api/v1/web/withdraw/address/delete', body, options);
}

export function options(options?: ServiceOptions) {
  return httpGet<DataOf<E['options']>>('/api/v1/web/withdraw/options', undefined, options);
}

/** Money-moving: pass `{ headers: { 'Idempotency-Key': key } }`; `proof` signs `withdrawStatement`. */
export function request(body: BodyOf<E['request']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['request']>>('/api/v1/web/withdraw/request', body, options);
}

/** Money-moving (amount and fee return): pass `{ headers: { 'Idempotency-Key': key } }`. */
export function cancel(body: BodyOf<E['cancel']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['cancel']>>('/api/v1/web/withdraw/cancel', body, options);
}

export function history(query?: QueryOf<E['history']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['history']>>('/api/v1/web/withdraw/history', query, options);
}

export function detail(id: string, options?: ServiceOptions) {
  return httpGet<DataOf<E['detail']>>(`/api/v1/web/withdraw/detail/${seg(id)}`, undefined, options);
}
