import { useCallback, useState } from 'react';
import { useSession } from '@kontor/shared-session';

const storageKey = (userId: number | undefined, key: string) =>
  `kontor.${userId ?? 'anonymous'}.${key}`;

function read(name: string): string | null {
  try {
    return localStorage.getItem(name);
  } catch {
    return null; // storage refused (private mode): nothing remembered
  }
}

/**
 * A choice kept for the logged-in user on this device (the warehouse last worked in): a
 * handheld shared by a shift remembers each user's own, and nobody else's.
 */
export function useRememberedChoice(
  key: string,
): [value: string | null, remember: (value: string | null) => void] {
  const userId = useSession().user?.id;
  const name = storageKey(userId, key);
  const [value, setValue] = useState<{ name: string; value: string | null }>(() => ({
    name,
    value: read(name),
  }));
  const current = value.name === name ? value.value : read(name);
  const remember = useCallback(
    (next: string | null) => {
      try {
        if (next === null) localStorage.removeItem(name);
        else localStorage.setItem(name, next);
      } catch {
        // storage refused: remembered for this page only
      }
      setValue({ name, value: next });
    },
    [name],
  );
  return [current, remember];
}
