/** Banners, notices and links for the home page. */
import type { contentEndpoints } from '../../contract/content';
import { httpGet, type ServiceOptions } from './client';
import type { DataOf, QueryOf } from './types';

type E = typeof contentEndpoints;

export function link(query?: QueryOf<E['link']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['link']>>('/api/v1/web/content/link', query, options);
}
