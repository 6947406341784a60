import { setTimeZone, storeTimeZone } from './domain/time-zone';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import authPlugin from './auth/plugin';
import { setPasswordHashing } from './auth/passwords';
import avisPlugin from './avis/plugin';
import avisImportPlugin from './avis/import-plugin';
import clientsPlugin from './clients/plugin';
import clientsImportPlugin from './clients/import-plugin';
import dashboardPlugin from './dashboard/plugin';
import type { Config } from './config';
import type { Db } from './db';
import departmentsPlugin from './departments/plugin';
import graphqlPlugin from './graphql/plugin';
import invoicesPlugin from './invoices/plugin';
import deployPlugin from './deploy/plugin';
import httpPlugin from './http/plugin';
import importsPlugin from './imports/plugin';
import jobsPlugin from './jobs/plugin';
import notificationsPlugin from './notifications/plugin';
import ordersPlugin from './orders/plugin';
import ordersImportPlugin from './orders/import-plugin';
import picklistsPlugin from './picklists/plugin';
import productsPlugin from './products/plugin';
import productsImportPlugin from './products/import-plugin';
import realtimePlugin from './realtime/plugin';
import rolesPlugin from './roles/plugin';
import shipmentsPlugin from './shipments/plugin';
import shopsPlugin from './shops/plugin';
import shippingPlugin from './shipping/plugin';
import staticPlugin from './static/plugin';
import stockPlugin from './stock/plugin';
import stocktakingPlugin from './stocktaking/plugin';
import suppliersPlugin from './suppliers/plugin';
import uploadsPlugin from './uploads/plugin';
import usersPlugin from './users/plugin';
import warehousesPlugin from './warehouses/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated settings. */
    config: Config;
    /** The database (already migrated). */
    db: Db;
  }
}

/** Builds the Kontor server on a migrated database, ready to listen or to be injected into by tests. */
export async function createApp(config: Config, db: Db): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // One line per request only when debugging: a page load is dozens of file requests.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Requests are short: a client that cannot send its headers in 30 s is gone.
    requestTimeout: 30_000,
  });
  setTimeZone(config.timeZone);
  await storeTimeZone(db, config.timeZone);
  app.decorate('config', config);
  app.decorate('db', db);
  setPasswordHashing(config.passwordHashing);

  await app.register(httpPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(notificationsPlugin);
  await app.register(graphqlPlugin);
  // The business areas: one line each. An area is a folder server/src/<area>/ whose
  // plugin brings its resolvers and REST routes; its schema.graphql is found by convention.
  await app.register(usersPlugin);
  await app.register(rolesPlugin);
  await app.register(clientsPlugin);
  await app.register(departmentsPlugin);
  await app.register(shippingPlugin);
  await app.register(jobsPlugin);
  await app.register(uploadsPlugin);
  await app.register(clientsImportPlugin);
  await app.register(importsPlugin);
  await app.register(productsPlugin);
  await app.register(productsImportPlugin);
  await app.register(warehousesPlugin);
  await app.register(stockPlugin);
  await app.register(stocktakingPlugin);
  await app.register(ordersPlugin);
  await app.register(ordersImportPlugin);
  await app.register(picklistsPlugin);
  await app.register(shipmentsPlugin);
  await app.register(dashboardPlugin);
  await app.register(invoicesPlugin);
  await app.register(suppliersPlugin);
  await app.register(avisPlugin);
  await app.register(avisImportPlugin);
  await app.register(shopsPlugin);
  await app.register(deployPlugin);
  await app.register(staticPlugin);
  return app;
}
