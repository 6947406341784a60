import { navigate } from '@kontor/shared-session';
import type { MouseEvent } from 'react';

/**
 * Click handler for an anchor to a Kontor path: navigates without reload, but leaves
 * ctrl/cmd/shift-clicks (new tab or window) to the browser, as shared-session's Link does.
 */
export function followInside(path: string) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(path);
  };
}
