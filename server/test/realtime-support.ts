// Clients for the realtime tests: raw sockets (to see every frame), the real pusher-js and
// laravel-echo (as the browser runs them), each pointed at a listening test app.
import type { FastifyInstance } from 'fastify';
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import type { Browser } from './helpers';

/** The port a listening app is on. */
export function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return address.port;
}

/** One inbound frame, with `data` decoded when it is a JSON string. */
export interface Frame {
  event: string;
  channel?: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- frames are compared freely
  raw: string;
}

/** A raw socket that queues what it receives, for frame-by-frame assertions. */
export class RawSocket {
  readonly ws: WebSocket;
  readonly frames: Frame[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  constructor(
    app: FastifyInstance,
    path = '/app/kontor?protocol=7&client=js&version=8.6.0',
    headers: Record<string, string> = {},
  ) {
    this.ws = new WebSocket(`ws://127.0.0.1:${portOf(app)}${path}`, { headers });
    this.ws.on('error', () => undefined);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`HTTP ${res.statusCode}`)),
      );
    });
    this.closed = new Promise((resolve) =>
      this.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.ws.on('message', (raw) => {
      const text = raw.toString();
      const parsed = JSON.parse(text);
      let data = parsed.data;
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data);
        } catch {
          // a plain string
        }
      }
      this.frames.push({ ...parsed, data, raw: text });
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Connects and returns the socket id of pusher:connection_established. */
  async established(): Promise<string> {
    const frame = await this.next('pusher:connection_established');
    return frame.data.socket_id as string;
  }

  /** Sends one frame as JSON. */
  send(event: string, data: unknown = {}, channel?: string): void {
    this.ws.send(JSON.stringify(channel ? { event, data, channel } : { event, data }));
  }

  /** Waits for the next frame of that event (taking it off the queue). */
  async next(event: string, timeoutMs = 3000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex((f) => f.event === event);
      if (index >= 0) return this.frames.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no ${event} within ${timeoutMs} ms; got ${this.frames.map((f) => f.event).join(', ')}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves true when no frame of that event arrives within the time. */
  async none(event: string, waitMs = 300): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    return !this.frames.some((f) => f.event === event);
  }

  /** Subscribes and waits for the answer (succeeded or error). */
  async subscribe(channel: string, extra: Record<string, unknown> = {}): Promise<Frame> {
    this.send('pusher:subscribe', { channel, ...extra });
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      const frame = this.frames.find(
        (f) =>
          f.channel === channel &&
          (f.event === 'pusher_internal:subscription_succeeded' ||
            f.event === 'pusher:subscription_error'),
      );
      if (frame) {
        this.frames.splice(this.frames.indexOf(frame), 1);
        return frame;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no answer to the subscription of ${channel}`);
  }

  /** Closes the socket and waits until it is closed. */
  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close();
    await this.closed;
  }
}

/**
 * Channel authorization through a test browser: the same POST /broadcasting/auth (form
 * body, session cookie, X-XSRF-TOKEN) pusher-js makes in a page. pusher-js's Node build
 * refuses to set a Cookie header itself, so the request goes through the browser's jar.
 */
function authorizeThrough(browser: Browser | undefined) {
  return {
    customHandler(
      params: { socketId: string; channelName: string },
      callback: (error: Error | null, data: { auth: string; channel_data?: string } | null) => void,
    ) {
      if (!browser) return callback(new Error('403 no session'), null);
      browser
        .request({
          method: 'POST',
          url: '/broadcasting/auth',
          payload: new URLSearchParams({
            socket_id: params.socketId,
            channel_name: params.channelName,
          }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
        .then((response) =>
          response.statusCode === 200
            ? callback(null, response.json())
            : callback(new Error(`${response.statusCode} ${response.body}`), null),
        )
        .catch((error: Error) => callback(error, null));
    },
  };
}

/** pusher-js as the page configures it (reverb style: empty cluster), authorizing with a browser's session. */
export function pusherClient(app: FastifyInstance, browser?: Browser, key = 'kontor'): Pusher {
  return new Pusher(key, {
    cluster: '',
    wsHost: '127.0.0.1',
    wsPort: portOf(app),
    wssPort: portOf(app),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: authorizeThrough(browser) as never,
  });
}

/** laravel-echo with the configuration shared-session uses, pointed at the test app. */
export function echoClient(app: FastifyInstance, browser?: Browser): Echo<'reverb'> {
  return new Echo({
    broadcaster: 'reverb',
    key: 'kontor',
    wsHost: '127.0.0.1',
    wsPort: portOf(app),
    wssPort: portOf(app),
    forceTLS: false,
    enabledTransports: ['ws', 'wss'],
    authEndpoint: '/broadcasting/auth',
    channelAuthorization: authorizeThrough(browser),
    // Echo types its Pusher option as the module namespace; the class is what it constructs.
    Pusher: Pusher as never,
    withoutInterceptors: true,
    disableStats: true,
  });
}

/** Waits until pusher-js reports a connection state. */
export function stateReached(pusher: Pusher, state: string, timeoutMs = 5000): Promise<void> {
  if (pusher.connection.state === state) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`pusher-js stayed ${pusher.connection.state}, not ${state}`)),
      timeoutMs,
    );
    const listener = (change: { current: string }) => {
      if (change.current !== state) return;
      clearTimeout(timer);
      pusher.connection.unbind('state_change', listener);
      resolve();
    };
    pusher.connection.bind('state_change', listener);
  });
}

/** Resolves with the first value a callback-style listener produces. */
export function firstOf<T>(
  register: (callback: (value: T) => void) => void,
  timeoutMs = 3000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`nothing heard within ${timeoutMs} ms`)),
      timeoutMs,
    );
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
