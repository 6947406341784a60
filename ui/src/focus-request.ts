import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A keyboard screen's "the cursor goes there next": a request names a field, and the focus
 * moves once React has shown it (a lot field appears with its product), in the same commit
 * that shows what led there, before the browser paints. So the key a scanner or a fast typist
 * sends after seeing "8 × A counted" lands in the field that message sent them to, never in
 * the one they just left. A request for a field not shown waits for it, until another replaces
 * it; `active` false (a read-only screen) holds it back too.
 */
export function useFocusRequest<Name extends string>(
  first: Name | null,
  elementOf: (name: Name) => HTMLElement | null | undefined,
  active = true,
): (name: Name | null) => void {
  const [request, setRequest] = useState<Name | null>(first);
  const find = useRef(elementOf);
  find.current = elementOf;
  // After every render while a request is open: the render that shows its field is the one.
  // It ends the request once (null returns at once), so it cannot loop.
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- no list: every render is looked at
  useLayoutEffect(() => {
    if (!request || !active) return;
    const element = find.current(request);
    if (!element) return;
    element.focus();
    if (element instanceof HTMLInputElement) element.select();
    setRequest(null);
  });
  return setRequest;
}
