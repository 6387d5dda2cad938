/** Mall orders: list, detail, ship, trace, refund (contract/admin/mall.ts). */
import type { adminMallEndpoints } from '../../../contract/admin/mall';
import type { BodyOf, DataOf, QueryOf } from '@/services/types';
import { ADMIN_API, adminGet, adminPost, seg, type AdminCallOptions } from '../http';

type E = typeof adminMallEndpoints;

export const mallOrders = (query: QueryOf<E['mallOrders']>, options?: AdminCallOptions) =>
  adminGet<DataOf<E['mallOrders']>>(`${ADMIN_API}/mall/orders`, query, options);
export const mallOrderDetail = (id: string, options?: AdminCallOptions) =>
  adminGet<DataOf<E['mallOrderDetail']>>(`${ADMIN_API}/mall/orders/${seg(id)}`, undefined, options);
export const shipMallOrder = (id: string, body: BodyOf<E['shipMallOrder']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['shipMallOrder']>>(`${ADMIN_API}/mall/orders/${seg(id)}/ship`, body, options);
export const traceMallOrder = (id: string, body: BodyOf<E['traceMallOrder']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['traceMallOrder']>>(`${ADMIN_API}/mall/orders/${seg(id)}/trace`, body, options);
export const refundMallOrder = (id: string, body: BodyOf<E['refundMallOrder']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['refundMallOrder']>>(`${ADMIN_API}/mall/orders/${seg(id)}/refund`, body, options);
