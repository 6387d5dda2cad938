/** The message centre: the caller's notifications, their unread count, marking them read. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { pageArgs, toPage } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { listNotifications, markAllRead, markRead, unreadCount } from '../notifications/notifications';

export default async function notificationRoutes(app: FastifyInstance, deps: AppContext): Promise<void> {
  const { db, clock, time } = deps;

  route(app, contract.notification.list, async (request) => {
    const args = pageArgs(request.query);
    const { rows, total, nextCursor } = await listNotifications(db, sessionOf(request).userId, args, time);
    return toPage(rows, total, args, nextCursor);
  });

  route(app, contract.notification.unreadCount, async (request) => ({ unread: await unreadCount(db, sessionOf(request).userId) }));

  route(app, contract.notification.markRead, async (request) => {
    await markRead(db, sessionOf(request).userId, BigInt(request.body.id), clock.now());
    return null;
  });

  route(app, contract.notification.markAllRead, async (request) => {
    const userId = sessionOf(request).userId;
    await markAllRead(db, userId, clock.now());
    return { unread: await unreadCount(db, userId) };
  });
}
