/** Dashboard, prices, feature flags, reconciliation, the API document (contract/admin/operations.ts). */
import type { adminOperationsEndpoints } from '../../../contract/admin/operations';
import type { BodyOf, DataOf, QueryOf } from '@/services/types';
import { ADMIN_API, adminGet, adminPost, seg, type AdminCallOptions } from '../http';

type E = typeof adminOperationsEndpoints;

export const dashboard = (options?: AdminCallOptions) => adminGet<DataOf<E['dashboard']>>(`${ADMIN_API}/dashboard`, undefined, options);
export const prices = (options?: AdminCallOptions) => adminGet<DataOf<E['prices']>>(`${ADMIN_API}/prices`, undefined, options);
export const haltPrice = (currency: string, body: BodyOf<E['haltPrice']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['haltPrice']>>(`${ADMIN_API}/prices/${seg(currency)}/halt`, body, options);
export const resumePrice = (currency: string, body: BodyOf<E['resumePrice']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['resumePrice']>>(`${ADMIN_API}/prices/${seg(currency)}/resume`, body, options);
export const features = (options?: AdminCallOptions) => adminGet<DataOf<E['features']>>(`${ADMIN_API}/features`, undefined, options);
export const setFeature = (name: string, body: BodyOf<E['setFeature']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['setFeature']>>(`${ADMIN_API}/features/${seg(name)}`, body, options);
export const reconciliations = (query: QueryOf<E['reconciliations']>, options?: AdminCallOptions) =>
  adminGet<DataOf<E['reconciliations']>>(`${ADMIN_API}/reconcile`, query, options);
export const runReconcile = (body: BodyOf<E['runReconcile']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['runReconcile']>>(`${ADMIN_API}/reconcile/run`, body, options);
export const openApi = (options?: AdminCallOptions) => adminGet<DataOf<E['openApi']>>(`${ADMIN_API}/openapi.json`, undefined, options);
