/** The message centre: the caller's notifications, newest first by cursor, unread count, marking read. */
import { contract } from '../contract';
import { MockError } from './_errors';
import { byId, mockRoutes, paginate } from './_kit';
import type { MockUser } from './_state';

const unread = (user: MockUser) => ({ unread: user.notifications.filter((n) => !n.read).length });

export default mockRoutes(contract.notification, {
  list: ({ user, query }) => paginate([...user.notifications].reverse().map((n) => ({ ...n, payload: { ...n.payload } })), query, byId),

  unreadCount: ({ user }) => unread(user),

  markRead: ({ user, body }) => {
    const notification = user.notifications.find((n) => n.id === body.id);
    if (!notification) throw new MockError('NOT_FOUND', 'notification.notFound');
    notification.read = true;
    return null;
  },

  markAllRead: ({ user }) => {
    for (const notification of user.notifications) notification.read = true;
    return unread(user);
  },
});
