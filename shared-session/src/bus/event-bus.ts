import { Observable, Subject, filter, map } from 'rxjs';
import type { KontorEvents } from '../types';

interface Envelope {
  type: keyof KontorEvents;
  payload: unknown;
}

const events = new Subject<Envelope>();

/** The typed event bus modules talk through; no module imports another. */
export const eventBus = {
  /** Publishes one event to every subscriber of its type. */
  emit<K extends keyof KontorEvents>(type: K, payload: KontorEvents[K]): void {
    events.next({ type, payload });
  },
  /** The stream of one event type. */
  on<K extends keyof KontorEvents>(type: K): Observable<KontorEvents[K]> {
    return events.pipe(
      filter((e) => e.type === type),
      map((e) => e.payload as KontorEvents[K]),
    );
  },
};
