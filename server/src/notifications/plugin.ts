import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../auth/guards';
import { notFound } from '../http/errors';
import { markNotificationRead } from './notifications';

/** PATCH /spa/notifications/:id/read — marks one of your notifications read. */
export default async function notificationsPlugin(app: FastifyInstance): Promise<void> {
  app.patch<{ Params: { id: string } }>(
    '/spa/notifications/:id/read',
    { preHandler: requireUser },
    async (request) => {
      const notification = await markNotificationRead(app.db, {
        userId: currentUser(request).id,
        notificationId: request.params.id,
      });
      if (!notification) throw notFound('Notification not found.');
      return notification;
    },
  );
}
