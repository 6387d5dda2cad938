/** The shipping address book used by the mall. */
import type { addressEndpoints } from '../../contract/address';
import { httpGet, httpPost, seg, type ServiceOptions } from './client';
import type { BodyOf, DataOf, QueryOf } from './types';

type E = typeof addressEndpoints;

export function list(query?: QueryOf<E['list']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['list']>>('/api/v1/web/user/address', query, options);
}

export function get(id: string, options?: ServiceOptions) {
  return httpGet<DataOf<E['get']>>(`/api/v1/web/user/address/${seg(id)}`, undefined, options);
}

export function create(body: BodyOf<E['create']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['create']>>('/api/v1/web/user/address/create', body, options);
}

export function update(body: BodyOf<E['update']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['update']>>('/api/v1/web/user/address/update', body, options);
}

export function remove(body: BodyOf<E['remove']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['remove']>>('/api/v1/web/user/address/delete', body, options);
}
