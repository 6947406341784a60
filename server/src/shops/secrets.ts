import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// A connection's credentials at rest: AES-256-GCM with a key derived from APP_KEY (HKDF, its own
// label, so no other use of APP_KEY shares the key). Every node of a cluster has the same
// APP_KEY and so opens what another sealed. Sealed text: `v1.<iv>.<tag>.<ciphertext>` (base64url).

const VERSION = 'v1';

/** The credentials key of an APP_KEY. */
function keyOf(appKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appKey, 'kontor', 'kontor shop credentials v1', 32));
}

/** Seals the credentials (name → value) into text that only this APP_KEY opens. */
export function sealSecrets(appKey: string, secrets: Record<string, string>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appKey), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens sealed credentials ({} for none); throws when APP_KEY is not the one that sealed them. */
export function openSecrets(appKey: string, sealed: string): Record<string, string> {
  if (sealed === '') return {};
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error('The stored shop credentials are not readable.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
    return JSON.parse(text) as Record<string, string>;
  } catch {
    throw new Error(
      'The stored shop credentials cannot be opened with this APP_KEY: enter them again.',
    );
  }
}

/**
 * The stored credentials, or none when they cannot be opened (APP_KEY changed): a form then
 * asks for them again, and a webhook's signature cannot match.
 */
export function storedSecretsOrNone(appKey: string, sealed: string): Record<string, string> {
  try {
    return openSecrets(appKey, sealed);
  } catch {
    return {};
  }
}
