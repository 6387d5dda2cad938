/** Which features are switched on now (public). */
import type { featureEndpoints } from '../../contract/features';
import { httpGet, type ServiceOptions } from './client';
import type { DataOf } from './types';

type E = typeof featureEndpoints;

export function flags(options?: ServiceOptions) {
  return httpGet<DataOf<E['flags']>>('/api/v1/web/features', undefined, options);
}
