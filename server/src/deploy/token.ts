import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that holds the generated deploy token outside production. */
export const DEPLOY_TOKEN_FILE = 'deploy-token';

/**
 * The deploy token: DEPLOY_TOKEN when set; outside production one generated into
 * DATA_DIR/deploy-token on first start (the CLI reads it there); in production without
 * DEPLOY_TOKEN none, so only a logged-in user with `administrate` can deploy.
 */
export function deployTokenFor(
  dataDir: string,
  nodeEnv: string,
  fromEnv: string | undefined,
): string | undefined {
  if (fromEnv) return fromEnv;
  if (nodeEnv === 'production') return undefined;
  const file = path.join(dataDir, DEPLOY_TOKEN_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}
