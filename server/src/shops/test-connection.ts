import { msg } from '@kontor/contracts';
import type { Db } from '../db';
import { invalidField, notFound } from '../domain/errors';
import { shopConnector } from './connector';
import type { ValidShopConnection } from './connections';
import { drainRequestLog, ShopError, ShopHttp } from './http';
import { shopsSettingsOf } from './runtime';
import { storedSecretsOrNone } from './secrets';

/** What a test of a connection found. */
export interface ConnectionTest {
  ok: boolean;
  status: number;
  message: string;
}

/**
 * Asks the shop with the form's settings (the stored connection's credentials where the form
 * leaves one empty): ok, or the shop's answer. Stores nothing but the request log.
 */
export async function testConnection(
  db: Db,
  appKey: string,
  id: number | null,
  input: ValidShopConnection,
): Promise<ConnectionTest> {
  const driver = shopConnector(input.connector);
  if (!driver)
    throw invalidField(
      'connector',
      'exists',
      msg('shops.unknownConnector', { connector: input.connector }),
    );
  let secrets: Record<string, string> = {};
  if (id !== null) {
    const [row] = await db.query<{ sealed: string }>(
      'SELECT secrets AS sealed FROM shop_connections WHERE id = $1',
      [id],
    );
    if (!row) throw notFound(msg('notFound.shopConnection'));
    secrets = storedSecretsOrNone(appKey, row.sealed);
  }
  for (const secret of input.secrets) if (secret.value !== '') secrets[secret.key] = secret.value;
  const { retry } = shopsSettingsOf(db);
  // A test answers within seconds: one retry at most.
  const http = new ShopHttp(id ?? 0, input.baseUrl, db, {
    ...retry,
    attempts: Math.min(retry.attempts, 2),
    timeoutMs: 15_000,
  });
  try {
    await driver.test({
      connectionId: id ?? 0,
      http,
      secrets,
      settings: Object.fromEntries(input.settings.map((s) => [s.key, s.value])),
    });
    return { ok: true, status: 200, message: 'OK' };
  } catch (error) {
    if (error instanceof ShopError)
      return { ok: false, status: error.status, message: error.message };
    throw error;
  } finally {
    await drainRequestLog(db);
  }
}
