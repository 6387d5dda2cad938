/** Balances, deposits, transfers, conversions and the power account (mined coin). */
import type { accountEndpoints } from '../../contract/account';
import { httpGet, httpPost, seg, type ServiceOptions } from './client';
import type { BodyOf, DataOf, QueryOf } from './types';

type E = typeof accountEndpoints;

export function account(query?: QueryOf<E['account']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['account']>>('/api/v1/web/account/account', query, options);
}

export function productTitle(id: string, options?: ServiceOptions) {
  return httpGet<DataOf<E['productTitle']>>(`/api/v1/web/account/account/product/title/${seg(id)}`, undefined, options);
}

export function recharge(query?: QueryOf<E['recharge']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['recharge']>>('/api/v1/web/account/recharge', query, options);
}

export function transferOptions(options?: ServiceOptions) {
  return httpGet<DataOf<E['transferOptions']>>('/api/v1/web/account/transfer/options', undefined, options);
}

export function transferRecipient(query: QueryOf<E['transferRecipient']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['transferRecipient']>>('/api/v1/web/account/transfer/recipient', query, options);
}

export function transfers(query?: QueryOf<E['transfers']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['transfers']>>('/api/v1/web/account/transfer', query, options);
}

/** Money-moving: pass `{ headers: { 'Idempotency-Key': key } }`. */
export function transferCreate(body: BodyOf<E['transferCreate']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['transferCreate']>>('/api/v1/web/account/transfer/create', body, options);
}

export function convert(query?: QueryOf<E['convert']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['convert']>>('/api/v1/web/account/convert', query, options);
}

export function convertQuote(body: BodyOf<E['convertQuote']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['convertQuote']>>('/api/v1/web/account/convert/quote', body, options);
}

/** Money-moving: pass `{ headers: { 'Idempotency-Key': key } }`. */
export function convertCreate(body: BodyOf<E['convertCreate']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['convertCreate']>>('/api/v1/web/account/convert/create', body, options);
}

export function exchange(query?: QueryOf<E['exchange']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['exchange']>>('/api/v1/web/account/exchange', query, options);
}

export function powerDetail(options?: ServiceOptions) {
  return httpGet<DataOf<E['powerDetail']>>('/api/v1/web/account/power/detail', undefined, options);
}

/** Money-moving: pass `{ headers: { 'Idempotency-Key': key } }`. */
export function powerExchange(body: BodyOf<E['powerExchange']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['powerExchange']>>('/api/v1/web/account/power/exchange', body, options);
}

export function powerBill(query?: QueryOf<E['powerBill']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['powerBill']>>('/api/v1/web/account/power-bill', query, options);
}
