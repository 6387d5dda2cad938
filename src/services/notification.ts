/** The message centre: notifications, the unread count, marking read. */
import type { notificationEndpoints } from '../../contract/notification';
import { httpGet, httpPost, type ServiceOptions } from './client';
import type { BodyOf, DataOf, QueryOf } from './types';

type E = typeof notificationEndpoints;

export function list(query?: QueryOf<E['list']>, options?: ServiceOptions) {
  return httpGet<DataOf<E['list']>>('/api/v1/web/user/notification/list', query, options);
}

export function unreadCount(options?: ServiceOptions) {
  return httpGet<DataOf<E['unreadCount']>>('/api/v1/web/user/notification/unread-count', undefined, options);
}

export function markRead(body: BodyOf<E['markRead']>, options?: ServiceOptions) {
  return httpPost<DataOf<E['markRead']>>('/api/v1/web/user/notification/read', body, options);
}

export function markAllRead(options?: ServiceOptions) {
  return httpPost<DataOf<E['markAllRead']>>('/api/v1/web/user/notification/read-all', undefined, options);
}
