/** The mall: goods, orders paid from the USDT balance, logistics. */
import type { mallEndpoints } from '../../contract/mall';
import { httpGet, httpPost, seg, type ServiceOptions } from './client';
import type { BodyOf, DataOf, QueryOf } from './types';

type E = typeof mallEndpoints;

export function goods(query?: QueryOf<E['goods']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['goods']>>('/api/v1/web/mall/goods', query, options);
}

export function goodsDetail(id: string, options?: ServiceOptions) {
  return httpGet<DataOf<E['goodsDetail']>>(`/api/v1/web/mall/goods/${seg(id)}`, undefined, options);
}

export function orders(query?: QueryOf<E['orders']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['orders']>>('/api/v1/web/mall/order', query, options);
}

export function orderDetail(id: string, options?: ServiceOptions) {
  return httpGet<DataOf<E['orderDetail']>>(`/api/v1/web/mall/order/${seg(id)}`, undefined, options);
}

export function orderCreate(body: BodyOf<E['orderCreate']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['orderCreate']>>('/api/v1/web/mall/order/create', body, options);
}

/** Money-moving: pass `{ headers: { 'Idempotency-Key': key } }`. */
export function orderPay(body: BodyOf<E['orderPay']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['orderPay']>>('/api/v1/web/mall/order/pay', body, options);
}

/** Money-moving (a paid order is refunded): pass `{ headers: { 'Idempotency-Key': key } }`. */
export function orderCancel(body: BodyOf<E['orderCancel']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['orderCancel']>>('/api/v1/web/mall/order/cancel', body, options);
}

export function orderConfirm(body: BodyOf<E['orderConfirm']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['orderConfirm']>>('/api/v1/web/mall/order/confirm', body, options);
}

export function logistics(id: string, options?: ServiceOptions) {
  return httpGet<DataOf<E['logistics']>>(`/api/v1/web/mall/order/${seg(id)}/logistics`, undefined, options);
}
