import { useCallback, useEffect, useState } from 'react';

/** docs/product.md §3: the choice is stored in local storage under `dark` as 'true' or 'false'. */
const STORAGE_KEY = 'dark';
const DARK_CLASS = 'bp6-dark';

function storedDarkMode(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false; // storage unavailable: light it is
  }
}

/** Dark mode, restored from local storage on load; toggling stores it and sets `bp6-dark` on body. */
export function useDarkMode(): { dark: boolean; toggleDark: () => void } {
  const [dark, setDark] = useState(storedDarkMode);
  useEffect(() => {
    document.body.classList.toggle(DARK_CLASS, dark);
  }, [dark]);
  const toggleDark = useCallback(() => {
    const next = !dark;
    try {
      localStorage.setItem(STORAGE_KEY, String(next));
    } catch {
      // not remembered, still switched
    }
    setDark(next);
  }, [dark]);
  return { dark, toggleDark };
}
