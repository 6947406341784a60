import argon2 from 'argon2';

const options = { type: argon2.argon2id } as const;
let dummyHash: Promise<string> | undefined;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

/**
 * Checks a password against a stored hash. Without a hash (unknown user) it verifies
 * against a dummy hash, so the answer takes as long whether or not the account exists.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash === undefined) {
    dummyHash ??= hashPassword('kontor-dummy-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash never logs anyone in
  }
}
