import { createApp } from './app';
import { setPasswordHashing } from './auth/passwords';
import { ConfigError, loadConfig, type Config } from './config';
import { applyMigrations, openDatabase, withMigrationLock, type Database } from './db';
import { isDatabaseEmpty, seedDemoData } from './demo/seed';

/** Demo data goes into an empty embedded database (or any, when DEMO_DATA=true), never in production. */
function shouldSeed(config: Config, kind: Database['kind']): boolean {
  if (config.nodeEnv === 'production' || config.demoData === 'false') return false;
  return config.demoData === 'true' || kind === 'pglite';
}

/** Starts Kontor: config, database, migrations, demo data (outside production), then listens until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  setPasswordHashing(config.passwordHashing); // the demo users' hashes too
  const db = await openDatabase(config);
  // Under one lock: of several nodes starting together on an empty database, the first
  // migrates and seeds, the others wait and then find both done.
  const seeded = await withMigrationLock(db, async (locked) => {
    await applyMigrations(locked);
    if (!shouldSeed(config, db.kind) || !(await isDatabaseEmpty(locked))) return false;
    await seedDemoData(locked);
    return true;
  });
  if (seeded) {
    console.log(
      'Demo data created: admin@kontor.test / admin, packer@kontor.test / packer, guest@kontor.test / guest',
    );
  }
  const app = await createApp(config, db);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Kontor is running at http://${host}:${port}/`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping Kontor…`);
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      console.error('Kontor did not stop cleanly:', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
