import argon2 from 'argon2';

/** The cost of argon2id for new password hashes (a stored hash keeps the cost it was made with). */
export interface PasswordHashing {
  /** Memory in KiB. */
  memoryKib: number;
  /** Passes over the memory. */
  timeCost: number;
  /** Lanes (threads). */
  parallelism: number;
}

/** argon2's own defaults: 64 MiB, 3 passes, 4 lanes; about half a second on a small server. */
export const STANDARD_HASHING: PasswordHashing = { memoryKib: 65_536, timeCost: 3, parallelism: 4 };

/** The least production accepts: OWASP's minimum for argon2id (19 MiB, 2 passes). */
export const LEAST_PRODUCTION_HASHING = { memoryKib: 19_456, timeCost: 2 } as const;

let options = optionsOf(STANDARD_HASHING);
let dummyHash: Promise<string> | undefined;

function optionsOf(hashing: PasswordHashing) {
  return {
    type: argon2.argon2id,
    memoryCost: hashing.memoryKib,
    timeCost: hashing.timeCost,
    parallelism: hashing.parallelism,
  } as const;
}

/** Sets the cost of new hashes for this process (the app does, from its configuration). */
export function setPasswordHashing(hashing: PasswordHashing): void {
  options = optionsOf(hashing);
  dummyHash = undefined;
}

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

// ---- strength (ASVS 5 V6.2: no common, breached-list or context passwords) ------------

/**
 * The lowest zxcvbn score a new password must reach: 3 means "safely unguessable" (at least
 * 10^8 guesses). Every password of the breached-password list, dictionary words and names
 * (English, German), keyboard patterns, dates, repeats and words of the user's own name or
 * e-mail address score lower.
 */
export const MIN_PASSWORD_SCORE = 3;
/** Only this many characters are estimated (the estimate's cost grows with the length). */
const ESTIMATED_LENGTH = 100;
/** Words of the product itself that make a password guessable here. */
const PRODUCT_WORDS = ['kontor', 'kontor-app', 'warehouse', 'lager'];

type Estimator = import('@zxcvbn-ts/core').ZxcvbnFactory;
let estimator: Promise<Estimator> | undefined;

/**
 * The strength estimator with its dictionaries (some 30 MB in memory, a second to build):
 * loaded on the first password that is set, once per process, not at start.
 */
function loadEstimator(): Promise<Estimator> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en, de] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-de'),
    ]);
    // language-de 3 names its lists without a language suffix: keep them apart from English.
    const german = Object.fromEntries(
      Object.entries(de.dictionary).map(([name, words]) => [`${name}-de`, words]),
    );
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary, ...german },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      maxLength: ESTIMATED_LENGTH,
    });
  })().catch((error: unknown) => {
    estimator = undefined; // try again on the next password rather than failing for ever
    throw error;
  });
  return estimator;
}

/** The words of a user's name and e-mail address, which their password must not lean on. */
function contextWords(context: readonly string[]): string[] {
  const words = new Set(PRODUCT_WORDS);
  for (const value of context) {
    const lower = value.trim().toLowerCase();
    if (lower === '') continue;
    words.add(lower);
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * Why a new password is refused, as the field error says it (the estimator's warning and
 * suggestions), or undefined when it is strong enough. `context` holds the user's name and
 * e-mail address.
 */
export async function weakPasswordReason(
  password: string,
  context: readonly string[] = [],
): Promise<string | undefined> {
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, contextWords(context));
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean);
  const reason = advice.length > 0 ? advice.join(' ') : 'Add more words that are less common.';
  return `The password is too easy to guess. ${reason}`;
}
