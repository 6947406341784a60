import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { permissionsOfRequest } from '../auth/guards';
import { publishedOnOwnChannels } from '../graphql/record-changes';
import { addChannelRule } from '../realtime/channels';
import { JOBS_CHANNEL } from './jobs';
import { startQueue, stopQueue } from './queue';
import { jobResolvers } from './resolvers';
import { startRunner, type Runner } from './runner';

// A job's changes go to its starter and to /horizon, not to a record channel.
publishedOnOwnChannels('Job', `JobProgress to the starter, JobChanged on ${JOBS_CHANNEL}`);

// /horizon's live channel: only holders of administrate may join it.
addChannelRule({
  pattern: new RegExp(`^${JOBS_CHANNEL}$`),
  authorize: async (_user, _match, request?: FastifyRequest) =>
    !!request && (await permissionsOfRequest(request)).has('administrate'),
});

/**
 * Background jobs: the queue (pg-boss on the app's database) starts with the server, and
 * the node's workers with it unless JOBS_WORKERS=0; both stop when the server closes.
 */
async function jobsPlugin(app: FastifyInstance): Promise<void> {
  app.graphql.defineResolvers(jobResolvers as IResolvers);
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    const log = (error: unknown, message: string) => app.log.error({ err: error }, message);
    const { queue, owner } = await startQueue(app.db, app.config.jobs, (error) =>
      log(error, 'jobs: queue error'),
    );
    let runner: Runner | undefined;
    if (owner && app.config.jobs.workers > 0) runner = startRunner(app.db, queue, log);
    stop = async () => {
      await runner?.stop();
      await stopQueue(app.db, queue);
    };
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}

export default fp(jobsPlugin, { name: 'kontor-jobs', dependencies: ['kontor-graphql'] });
