/** Mining-power (算力) and finance (理财) products and their orders. */
import type { productEndpoints } from '../../contract/product';
import { httpGet, httpPost, type ServiceOptions } from './client';
import type { BodyOf, DataOf, QueryOf } from './types';

type E = typeof productEndpoints;

export function power(query?: QueryOf<E['power']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['power']>>('/api/v1/web/product/power', query, options);
}

export function powerOrders(query?: QueryOf<E['powerOrders']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['powerOrders']>>('/api/v1/web/product/power-order', query, options);
}

/** Money-moving: pass `{ headers: { 'Idempotency-Key': key } }`. */
export function powerOrderCreate(body: BodyOf<E['powerOrderCreate']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['powerOrderCreate']>>('/api/v1/web/product/power-order/create', body, options);
}

export function finance(query?: QueryOf<E['finance']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['finance']>>('/api/v1/web/product/finance', query, options);
}

export function financeOrders(query?: QueryOf<E['financeOrders']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['financeOrders']>>('/api/v1/web/product/finance-order', query, options);
}

export function financeCensus(query?: QueryOf<E['financeCensus']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['financeCensus']>>('/api/v1/web/product/finance-order/census', query, options);
}

/** Money-moving: pass `{ headers: { 'Idempotency-Key': key } }`. */
export function financeOrderCreate(body: BodyOf<E['financeOrderCreate']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['financeOrderCreate']>>('/api/v1/web/product/finance-order/create', body, options);
}
