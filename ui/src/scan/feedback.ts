import { useCallback, useState, type ReactNode } from 'react';
import { beep } from './sound';

/** What the scanner screen says about the last scan or step: right, wrong, or for information. */
export type ScanKind = 'ok' | 'wrong' | 'info';

export interface ScanMessageValue {
  kind: ScanKind;
  text: ReactNode;
  /** Bumped on every `say`, so the same text said twice is announced (and flashes) again. */
  serial: number;
}

/**
 * The message slot of a scanner screen: `say('ok' | 'wrong', …)` also sounds (a high beep or a
 * low double buzz), so staff hear a scan's outcome without looking. One message at a time: a
 * refusal is said here once, never again beside a field.
 */
export function useScanFeedback() {
  const [message, setMessage] = useState<ScanMessageValue | null>(null);
  const say = useCallback((kind: ScanKind, text: ReactNode) => {
    setMessage((before) => ({ kind, text, serial: (before?.serial ?? 0) + 1 }));
    if (kind === 'ok') beep('ok');
    else if (kind === 'wrong') beep('error');
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, say, clear };
}
