import { useEffect, useState } from 'react';

/**
 * Below this width the top bar folds its secondary items into a menu (phones and handheld
 * scanners). kontor.css uses the same width (`@media (max-width: 767px)`).
 */
export const PHONE_QUERY = '(max-width: 767px)';

/**
 * Up to this width (phones, tablets held either way) the side menu is a drawer over the
 * content behind the menu button, not a column that takes the content's room; wider (a
 * desktop), it is pinned beside the content. shell.css uses the same width.
 */
export const DRAWER_QUERY = '(max-width: 1100px)';

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
