// The page's one Echo connection: created after login (laravel-echo and pusher-js load only
// then), subscribed to the user's private channel and to the record channels of the types the
// user may view (`private-records.<entity>` for each `<entity>:view` held), left on logout and
// login-as.
import type { Subscription } from 'rxjs';
import { eventBus } from '../bus/event-bus';
import { readXsrfToken } from '../http/http';
import { loadShared } from '../http/shared-libs';
import { i18n } from '../i18n/i18n';
import { session$ } from '../session/session';
import { showToast } from '../toasts/toasts';
import type { Notification } from '../types';
import { setSocketId } from './connection';
import { addNotification, notificationText } from './notifications';
import { RECORD_CHANGED_EVENT, recordChanged, type RecordChange } from './records';

/** The event name of Laravel's broadcast notifications (Echo's `.notification()` hears it). */
const NOTIFICATION_EVENT = '.Illuminate\\Notifications\\Events\\BroadcastNotificationCreated';

/** The part of laravel-echo this module uses. */
interface EchoLike {
  connector: { pusher: PusherLike };
  private(channel: string): {
    listen(event: string, callback: (data: unknown) => void): unknown;
    stopListening(event: string, callback?: (data: unknown) => void): unknown;
  };
  leave(channel: string): void;
  disconnect(): void;
}

/** The part of pusher-js this module uses. */
interface PusherLike {
  connection: {
    state: string;
    socket_id?: string;
    bind(event: 'state_change', callback: (change: { current: string }) => void): void;
  };
}

type EchoConstructor = new (options: Record<string, unknown>) => EchoLike;

/** The Echo options of SPEC/REALTIME: the page's own host and port, TLS when the page has it. */
export function echoOptions(location: Pick<Location, 'hostname' | 'port' | 'protocol'>) {
  const tls = location.protocol === 'https:';
  const port = location.port ? Number(location.port) : tls ? 443 : 80;
  return {
    broadcaster: 'reverb',
    key: 'kontor',
    wsHost: location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    authEndpoint: '/broadcasting/auth',
    disableStats: true,
    withoutInterceptors: true,
  };
}

let echo: EchoLike | null = null;
let creating: Promise<EchoLike> | null = null;
let channel: string | null = null;
/** The record channels joined (`records.client` …), one per `<entity>:view` permission held. */
let recordChannels: string[] = [];
let started: Subscription | null = null;
/** The listeners of listenPrivate per channel (a channel the page joined only for them is left with the last). */
const extraListeners = new Map<string, number>();
/** Resolves the page's Echo connection once it exists (a page may mount before it connects). */
let connected: ((echo: EchoLike) => void) | null = null;
let nextConnection = new Promise<EchoLike>((resolve) => (connected = resolve));

/** Maps pusher-js's states onto connection$: connected, connecting, or disconnected. */
function follow(pusher: PusherLike): void {
  const report = (state: string) => {
    if (state === 'connected') setSocketId(pusher.connection.socket_id ?? null, 'connected');
    else
      setSocketId(
        null,
        state === 'connecting' || state === 'initialized' ? 'connecting' : 'disconnected',
      );
  };
  pusher.connection.bind('state_change', ({ current }) => report(current));
  report(pusher.connection.state);
}

/**
 * A library's default export: under SystemJS `default` is the namespace (ARCHITECTURE.md),
 * so the class may sit one level deeper.
 */
function defaultExport<T>(module: unknown): T {
  let value = module as { default?: unknown };
  while (typeof value !== 'function' && value && 'default' in value) {
    value = value.default as { default?: unknown };
  }
  return value as T;
}

async function connect(): Promise<EchoLike> {
  const [echoModule, pusherModule] = await Promise.all([
    loadShared<unknown>('laravel-echo'),
    loadShared<unknown>('pusher-js'),
  ]);
  const EchoClass = defaultExport<EchoConstructor>(echoModule);
  const instance = new EchoClass({
    ...echoOptions(window.location),
    Pusher: defaultExport<unknown>(pusherModule),
    // The anti-forgery header is read at each authorization: the token changes on login.
    channelAuthorization: {
      endpoint: '/broadcasting/auth',
      transport: 'ajax',
      headersProvider: () => ({ 'X-XSRF-TOKEN': readXsrfToken(), Accept: 'application/json' }),
    },
  });
  follow(instance.connector.pusher);
  return instance;
}

/** The record channels for these permissions: `records.client` for client:view, … */
export function recordChannelsOf(permissions: readonly string[]): string[] {
  return permissions
    .filter((permission) => permission.endsWith(':view'))
    .map((permission) => `records.${permission.slice(0, -':view'.length)}`)
    .sort();
}

/** Subscribes the user's private channel; each notification becomes a toast and a list entry. */
async function listenAs(userId: number, permissions: readonly string[]): Promise<void> {
  const name = `App.Models.User.${userId}`;
  const records = recordChannelsOf(permissions);
  if (channel === name && echo && records.join() === recordChannels.join()) return;
  creating ??= connect();
  const instance = (echo = await creating);
  connected?.(instance);
  connected = null;
  if (channel !== name) {
    if (channel) instance.leave(channel);
    channel = name;
    instance.private(name).listen(NOTIFICATION_EVENT, (data) => {
      const notification = data as Notification;
      addNotification({ ...notification, read_at: notification.read_at ?? null });
      showToast(notificationText(notification, i18n.language ?? 'en'));
      eventBus.emit('notification.received', notification);
    });
  }
  // Records others changed (server: graphql/record-changes.ts): the Apollo cache updates or
  // evicts them (graphql/apollo.ts). The server authorizes each channel by its view permission.
  for (const left of recordChannels.filter((c) => !records.includes(c))) instance.leave(left);
  for (const joined of records.filter((c) => !recordChannels.includes(c))) {
    instance
      .private(joined)
      .listen(RECORD_CHANGED_EVENT, (data) => recordChanged(data as RecordChange));
  }
  recordChannels = records;
}

/** Leaves the channel and closes the connection (logout). */
function stop(): void {
  if (echo) {
    if (channel) echo.leave(channel);
    for (const records of recordChannels) echo.leave(records);
    echo.disconnect();
  }
  echo = null;
  creating = null;
  channel = null;
  recordChannels = [];
  extraListeners.clear();
  nextConnection = new Promise<EchoLike>((resolve) => (connected = resolve));
  setSocketId(null, 'disconnected');
}

/**
 * Hears `event` (`.JobChanged`) on the private channel `name` (`jobs`, or the user's own
 * `App.Models.User.{id}`) once the page is connected; the server authorizes the channel.
 * Returns the stop: it stops this callback and leaves a channel that only such listeners held.
 */
export function listenPrivate(
  name: string,
  event: string,
  callback: (data: unknown) => void,
): () => void {
  let instance: EchoLike | null = null;
  let stopped = false;
  void (echo ? Promise.resolve(echo) : nextConnection).then((ready) => {
    if (stopped) return;
    instance = ready;
    extraListeners.set(name, (extraListeners.get(name) ?? 0) + 1);
    ready.private(name).listen(event, callback);
  });
  return () => {
    if (stopped) return;
    stopped = true;
    // A logout in between closed that connection (and its channels) already.
    if (!instance || instance !== echo) return;
    instance.private(name).stopListening(event, callback);
    const left = (extraListeners.get(name) ?? 1) - 1;
    if (left > 0) extraListeners.set(name, left);
    else {
      extraListeners.delete(name);
      if (name !== channel && !recordChannels.includes(name)) instance.leave(name);
    }
  };
}

/** Follows the session: connected and subscribed while someone is logged in (call once at boot). */
export function startRealtime(): void {
  started ??= session$.subscribe((state) => {
    if (!state.loaded) return;
    if (state.user)
      void listenAs(state.user.id, state.permissions).catch(() =>
        setSocketId(null, 'disconnected'),
      );
    else stop();
  });
}
