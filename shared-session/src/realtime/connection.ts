import { BehaviorSubject } from 'rxjs';
import type { ConnectionState } from '../types';

// The Echo connection arrives with the realtime issue; until then the page is honestly
// "disconnected" and sends no socket id.
const state = new BehaviorSubject<ConnectionState>('disconnected');
let socketId: string | null = null;

/** The notification-server connection: connecting, connected or disconnected. */
export const connection$ = state.asObservable();

/** The socket id the server leaves out when it broadcasts this page's own actions. */
export function getSocketId(): string | null {
  return socketId;
}

/** Records the socket id and the connection state (called by the Echo connection). */
export function setSocketId(
  id: string | null,
  connection: ConnectionState = id ? 'connected' : 'disconnected',
): void {
  socketId = id;
  state.next(connection);
}
