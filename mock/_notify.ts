/** The mocks' message centre: what the server writes with each event, kept on the mock user. */
import type { NotificationPayloads, NotificationKindType } from '../contract/notification';
import { nextId, type MockUser } from './_state';
import { timestamp } from './_time';

export function notify<K extends NotificationKindType>(user: MockUser, kind: K, payload: NotificationPayloads[K], at = timestamp()): void {
  user.notifications.push({ id: nextId(), kind, payload: { ...payload }, createdAt: at, read: false });
}
