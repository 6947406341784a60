import { msg } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, requirePermission, requireUser } from '../auth/guards';
import { notFound, parseInput } from '../http/errors';
import { socketIdOf } from '../realtime/plugin';
import { findUserById } from '../auth/accounts';
import { markAllNotificationsRead, markNotificationRead, notify } from './notifications';

const messageBody = z.object({
  message: z
    .string({ error: 'The message field is required.' })
    .trim()
    .min(1, 'The message field is required.')
    .max(1000, 'The message may not be greater than 1000 characters.'),
});

/**
 * PATCH /spa/notifications/:id/read (one of yours), POST /spa/notifications/read-all,
 * and POST /spa/users/:id/notifications (send a message; `administrate`).
 */
export default async function notificationsPlugin(app: FastifyInstance): Promise<void> {
  app.patch<{ Params: { id: string } }>(
    '/spa/notifications/:id/read',
    { preHandler: requireUser },
    async (request) => {
      const notification = await markNotificationRead(app.db, {
        userId: currentUser(request).id,
        notificationId: request.params.id,
      });
      if (!notification) throw notFound(msg('notFound.notification'));
      return notification;
    },
  );

  app.post('/spa/notifications/read-all', { preHandler: requireUser }, async (request) => {
    return { read: await markAllNotificationsRead(app.db, currentUser(request).id) };
  });

  app.post<{ Params: { id: string } }>(
    '/spa/users/:id/notifications',
    { preHandler: requirePermission('administrate') },
    async (request, reply) => {
      const id = Number(request.params.id);
      const user = Number.isSafeInteger(id) && id > 0 ? await findUserById(app.db, id) : undefined;
      if (!user) throw notFound(msg('notFound.user'));
      const input = parseInput(messageBody, request.body);
      const notification = await notify(
        app.db,
        user.id,
        input.message,
        {},
        {
          socketId: socketIdOf(request),
        },
      );
      return reply.code(201).send(notification);
    },
  );
}
