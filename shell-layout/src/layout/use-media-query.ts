import { useEffect, useState } from 'react';

/**
 * Below this width the side menu is a drawer and the top bar folds its secondary items
 * into a menu. kontor.css uses the same width (`@media (max-width: 767px)`).
 */
export const PHONE_QUERY = '(max-width: 767px)';

function matches(query: string): boolean {
  // jsdom (and very old browsers) have no matchMedia: the desktop layout it is.
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Whether a media query matches, kept current as the window changes size. */
export function useMediaQuery(query: string): boolean {
  const [matching, setMatching] = useState(() => matches(query));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatching(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matching;
}
