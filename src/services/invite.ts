/** Invitations: code, link, invitees and commission. */
import type { inviteEndpoints } from '../../contract/invite';
import { httpGet, httpPost, type ServiceOptions } from './client';
import type { BodyOf, DataOf, QueryOf } from './types';

type E = typeof inviteEndpoints;

export function invitees(query?: QueryOf<E['invitees']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['invitees']>>('/api/v1/web/user/invite', query, options);
}

export function details(options?: ServiceOptions) {
  return httpGet<DataOf<E['details']>>('/api/v1/web/user/invite/details', undefined, options);
}

export function update(body: BodyOf<E['update']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['update']>>('/api/v1/web/user/invite/update', body, options);
}
