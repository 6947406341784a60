import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import './connectors/shopware6';
import './connectors/woocommerce';
import { publishedOnOwnChannels } from '../graphql/record-changes';
import { shopResolvers } from './resolvers';
import { setShopsSettings } from './runtime';
import { startShopScheduler } from './scheduler';
import { webhookRoutes } from './webhooks';

// A test of a connection changes no record (it writes only the request log).
publishedOnOwnChannels('ShopConnectionTest', 'nothing: testShopConnection changes no record');

/**
 * Shop connections (issue 29): the API, the webhook endpoint, and on every node the scheduler
 * that enqueues due syncs and push-backs (not where JOBS_WORKERS=0 and SHOPS_SCHEDULER is off).
 */
async function shopsPlugin(app: FastifyInstance): Promise<void> {
  setShopsSettings(app.db, { appKey: app.config.appKey, ...app.config.shops });
  app.graphql.defineResolvers(shopResolvers as IResolvers);
  let scheduler: { stop(): void; wake(): void } | null = null;
  await app.register(webhookRoutes, { wake: () => scheduler?.wake() });
  app.addHook('onReady', async () => {
    if (app.config.shops.scheduler)
      scheduler = startShopScheduler(app.db, (error) =>
        app.log.error({ err: error }, 'shops: scheduler error'),
      );
  });
  app.addHook('onClose', async () => scheduler?.stop());
}

export default fp(shopsPlugin, {
  name: 'kontor-shops',
  dependencies: ['kontor-graphql', 'kontor-jobs'],
});
