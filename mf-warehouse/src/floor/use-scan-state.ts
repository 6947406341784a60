import { useRef, useState } from 'react';
import { useFocusRequest, useScanFeedback, useTranslation } from '../shared-session';
import type { Message } from './message';

// The React side of a scanner screen's pure state (booking-state.ts, avis-booking-state.ts):
// the state as last changed (a scan's answer and the next keystroke come between renders),
// the focus each change asks for, and its message said once in the kit's message slot — with
// its sound.

/** An i18n key with its parameters, or a text the server worded already. */
export type Words = Message['text'];

interface ScanState<F extends string> {
  focus: F | null;
  message: Message | null;
}

export function useScanState<S extends ScanState<F>, F extends string>(start: () => S) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [state, setState] = useState(start);
  const latest = useRef(state);
  const feedback = useScanFeedback();
  // The screen's fields and buttons by name: where a change sends the focus.
  const elements = useRef(new Map<F, HTMLElement | null>());
  const elementOf = (name: F) => elements.current.get(name);
  const refTo =
    (name: F) =>
    (element: HTMLElement | null): void => {
      elements.current.set(name, element);
    };
  const setFocusOn = useFocusRequest<F>(state.focus, elementOf);

  const words = (text: Words): string =>
    typeof text === 'string' ? text : t(text[0], text[1] ?? {});

  /** Applies a change to the state as it is now; says its message, moves the focus it asks. */
  const update = (change: (current: S) => S): S => {
    const before = latest.current;
    const next = change(before);
    if (next === before) return next;
    latest.current = next;
    setState(next);
    if (next.message && next.message !== before.message)
      feedback.say(next.message.kind, words(next.message.text));
    else if (!next.message && before.message) feedback.clear();
    if (next.focus) setFocusOn(next.focus);
    return next;
  };

  /** Focuses a field at once (a scanner types on before the server answers). */
  const focus = (name: F) => elementOf(name)?.focus();

  return {
    state,
    latest: () => latest.current,
    update,
    words,
    message: feedback.message,
    refTo,
    elementOf,
    focus,
  };
}
