/** Market prices: each priced currency's price in USDT, its age, 24-hour change and history (public). */
import type { marketEndpoints } from '../../contract/market';
import { httpGet, type ServiceOptions } from './client';
import type { DataOf } from './types';

type E = typeof marketEndpoints;

export function prices(options?: ServiceOptions) {
  return httpGet<DataOf<E['prices']>>('/api/v1/web/market/prices', undefined, options);
}
