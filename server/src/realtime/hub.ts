import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { RealtimeConfig } from '../config';
import type { Bus, BusMessage, BusNotice, PresenceMember } from './bus';
import { RealtimeMetrics } from './metrics';
import {
  channelKind,
  channelSignature,
  CLIENT_EVENTS_PER_SECOND,
  CODES,
  errorFrame,
  frame,
  isValidChannelName,
  MAX_MESSAGE_BYTES,
  safeEqual,
} from './protocol';

/** One open socket and what it joined. */
interface Connection {
  id: string;
  ws: WebSocket;
  /** The client address it counts against (see addressKey). */
  address: string;
  /** Sessions that authorized a private or presence channel of this socket. */
  sessions: Set<string>;
  /** Joined channels; presence channels keep the member they joined as. */
  channels: Map<string, PresenceMember | null>;
  lastSeen: number;
  pingSentAt: number;
  clientEventWindow: number;
  clientEventCount: number;
}

/** What business code publishes: one event on one or more channels. */
export interface Broadcast {
  channels: string[];
  event: string;
  /** Sent as a JSON string, as the Pusher protocol carries it. */
  data: unknown;
  /** X-Socket-Id of the request that caused it: that socket is left out on every node. */
  exceptSocketId?: string | null;
}

const SOCKET_ID = /^\d+\.\d+$/;
/** How long a node remembers an ended session, for a grant of it that arrives late. */
const ENDED_SESSION_MEMORY_MS = 2 * 60_000;
/** ws's send options for a text frame: one object for every send, not one per socket. */
const TEXT_FRAME = { binary: false } as const;

/** Whether a string has the form of a Pusher socket id. */
export function isSocketId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 40 && SOCKET_ID.test(value);
}

/**
 * The Pusher-protocol socket server of one node: accepts sockets on /app/{key}, keeps the
 * channel subscriptions, answers pings, pings idle sockets, and delivers the bus's events
 * to the local subscribers.
 */
export class RealtimeHub {
  readonly metrics = new RealtimeMetrics();
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
    clientTracking: false,
  });
  private readonly connections = new Map<string, Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  /** Open sockets per client address (key of addressKey). */
  private readonly perAddress = new Map<string, number>();
  /** This node's sockets by the sessions that authorized their channels. */
  private readonly bySession = new Map<string, Set<Connection>>();
  /** Recently ended sessions and when to forget them (insertion order is time order). */
  private readonly endedSessions = new Map<string, number>();
  /**
   * Socket ids are `<node>.<random>`: the random node part keeps them unique across nodes,
   * the random socket part unguessable, so that nobody can have a channel authorization
   * signed in advance for a socket that does not exist yet (and outlive the session).
   */
  private readonly nodePart = randomInt(1, 2 ** 31);
  private readonly sweeper: NodeJS.Timeout;
  private closing = false;
  private readonly clientAddress: (request: IncomingMessage) => string;

  constructor(
    private readonly config: RealtimeConfig,
    private readonly bus: Bus,
    private readonly log: { warn(obj: object, msg: string): void },
    options: {
      /** The client's address of an upgrade request (default: the socket's peer address). */
      clientAddress?: (request: IncomingMessage) => string;
    } = {},
  ) {
    this.clientAddress = options.clientAddress ?? ((request) => request.socket.remoteAddress ?? '');
    const every = Math.min(5000, Math.max(50, Math.floor(config.activityTimeoutMs / 4)));
    this.sweeper = setInterval(() => this.sweepIdle(), every);
    this.sweeper.unref?.(); // absent under jsdom, where timers are numbers
  }

  /** Starts receiving the bus's events. */
  start(): Promise<void> {
    return this.bus.start(
      (message) => this.deliver(message),
      (notice) => this.hear(notice),
    );
  }

  /** Number of open sockets on this node. */
  get connectionCount(): number {
    return this.connections.size;
  }

  /** Number of channels with at least one subscriber on this node. */
  get channelCount(): number {
    return this.channels.size;
  }

  /** Handles an HTTP upgrade: checks path and Origin, then opens the socket. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = /^\/app\/([^/]+)$/.exec(url.pathname);
    if (!match || this.closing) return refuse(socket, this.closing ? 503 : 404);
    if (!this.originAllowed(request)) {
      this.metrics.rejected('origin');
      return refuse(socket, 403);
    }
    const address = addressKey(this.clientAddress(request));
    this.wss.handleUpgrade(request, socket, head, (ws) => this.open(ws, match[1]!, address));
  }

  /**
   * Tells every node that a session authorized channels of a socket, so that the socket's
   * node ends them when the session ends. Call before handing out the signature.
   */
  granted(socketId: string, sessionId: string): Promise<void> {
    return this.bus.notify({ notice: 'granted', socketId, sessionId });
  }

  /**
   * Tells every node that sessions ended: each closes its sockets holding channels those
   * sessions authorized (4200: pusher-js reconnects at once and authorizes every channel
   * anew, which the ended session no longer can).
   */
  endSessions(sessionIds: string[]): Promise<void> {
    return this.bus.notify({ notice: 'sessions-ended', sessionIds });
  }

  /** Publishes an event on channels (every node), leaving out the originating socket. */
  async broadcast({ channels, event, data, exceptSocketId }: Broadcast): Promise<void> {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    const except = isSocketId(exceptSocketId) ? exceptSocketId : undefined;
    await Promise.all(
      channels.map((channel) => this.bus.publish({ channel, event, data: text, except })),
    );
  }

  /** The members of a presence channel across all nodes. */
  members(channel: string): Promise<PresenceMember[]> {
    return this.bus.members(channel);
  }

  /** Closes every socket with 4200, spread over the shutdown setting, then the bus. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    const all = [...this.connections.values()];
    const spread = this.config.shutdownSpreadMs;
    await Promise.all(
      all.map(
        (connection, i) =>
          new Promise<void>((resolve) => {
            const delay = all.length > 1 ? Math.floor((spread * i) / (all.length - 1)) : 0;
            setTimeout(() => {
              connection.ws.close(CODES.reconnect, 'Server shutting down');
              resolve();
            }, delay);
          }),
      ),
    );
    // Let the close frames leave before the sockets are torn down.
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const connection of this.connections.values()) connection.ws.terminate();
    await Promise.all([...this.connections.values()].map((c) => this.forget(c)));
    this.wss.close();
    await this.bus.close();
  }

  private originAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return true; // not a browser: Origin is a browser's promise
    if (this.config.allowedOrigins.includes(origin)) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  }

  private open(ws: WebSocket, key: string, address: string): void {
    ws.on('error', () => undefined); // oversized frames (1009) and broken pipes close the socket
    if (key !== this.config.appKey) {
      this.metrics.rejected('app_key');
      ws.send(errorFrame(CODES.appUnknown, `App key ${key} not in this cluster.`));
      ws.close(CODES.appUnknown, 'Unknown app key');
      return;
    }
    if (this.connections.size >= this.config.maxConnections) {
      this.metrics.rejected('capacity');
      ws.send(errorFrame(CODES.overCapacity, 'Over capacity'));
      ws.close(CODES.overCapacity, 'Over capacity');
      return;
    }
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (fromAddress >= this.config.maxConnectionsPerAddress) {
      this.metrics.rejected('address_capacity');
      ws.send(errorFrame(CODES.overCapacity, 'Over capacity: too many sockets from your address'));
      ws.close(CODES.overCapacity, 'Over capacity');
      return;
    }
    this.perAddress.set(address, fromAddress + 1);
    const connection: Connection = {
      id: this.newSocketId(),
      ws,
      address,
      sessions: new Set(),
      channels: new Map(),
      lastSeen: Date.now(),
      pingSentAt: 0,
      clientEventWindow: 0,
      clientEventCount: 0,
    };
    this.connections.set(connection.id, connection);
    this.metrics.opened();
    ws.on('message', (raw, isBinary) => this.receive(connection, raw, isBinary));
    ws.on('close', () => void this.forget(connection));
    this.send(
      connection,
      frame(
        'pusher:connection_established',
        JSON.stringify({
          socket_id: connection.id,
          activity_timeout: Math.max(1, Math.round(this.config.activityTimeoutMs / 1000)),
        }),
      ),
    );
  }

  private newSocketId(): string {
    for (;;) {
      const id = `${this.nodePart}.${randomInt(1, 2 ** 48)}`;
      if (!this.connections.has(id)) return id;
    }
  }

  /** Acts on a notice of any node: records a grant, or ends the sockets of ended sessions. */
  private hear(notice: BusNotice): void {
    if (notice.notice === 'granted') {
      const connection = this.connections.get(notice.socketId);
      if (!connection) return; // a socket of another node, or gone
      if (this.endedSessions.has(notice.sessionId)) {
        // The session ended while its grant was on the way.
        return this.endSocket(connection);
      }
      connection.sessions.add(notice.sessionId);
      let sockets = this.bySession.get(notice.sessionId);
      if (!sockets) this.bySession.set(notice.sessionId, (sockets = new Set()));
      sockets.add(connection);
    } else if (notice.notice === 'sessions-ended') {
      const forgetAt = Date.now() + ENDED_SESSION_MEMORY_MS;
      for (const id of notice.sessionIds) {
        this.endedSessions.delete(id);
        this.endedSessions.set(id, forgetAt);
        for (const connection of this.bySession.get(id) ?? []) this.endSocket(connection);
      }
    }
  }

  /** Closes a socket whose authorizing session ended; it gets nothing from here on. */
  private endSocket(connection: Connection): void {
    connection.ws.close(CODES.reconnect, 'Session ended');
    void this.forget(connection);
  }

  private send(connection: Connection, text: string | Buffer): void {
    connection.ws.send(text, TEXT_FRAME);
    this.metrics.messagesOut++;
  }

  private receive(connection: Connection, raw: RawData, isBinary: boolean): void {
    this.metrics.messagesIn++;
    connection.lastSeen = Date.now();
    connection.pingSentAt = 0;
    if (isBinary) {
      connection.ws.close(1003, 'Only text frames');
      return;
    }
    let message: { event?: unknown; data?: unknown; channel?: unknown };
    try {
      message = JSON.parse(raw.toString());
      if (!message || typeof message !== 'object' || typeof message.event !== 'string')
        throw new Error('no event');
    } catch {
      this.send(
        connection,
        errorFrame(CODES.reconnect, 'Invalid message: expected JSON with an event.'),
      );
      return;
    }
    const event = message.event as string;
    switch (event) {
      case 'pusher:ping':
        return this.send(connection, frame('pusher:pong', {}));
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return void this.subscribe(connection, message.data).catch((error: unknown) =>
          this.log.warn({ err: error }, 'subscription failed'),
        );
      case 'pusher:unsubscribe':
        return void this.unsubscribe(connection, dataObject(message.data)?.channel);
    }
    if (event.startsWith('client-')) return this.clientEvent(connection, event, message);
    this.send(connection, errorFrame(CODES.reconnect, `Unknown event ${event.slice(0, 50)}.`));
  }

  private async subscribe(connection: Connection, rawData: unknown): Promise<void> {
    const data = dataObject(rawData);
    const channel = data?.channel;
    if (!isValidChannelName(channel)) {
      this.send(connection, errorFrame(CODES.reconnect, 'Invalid channel name.'));
      return;
    }
    if (connection.channels.has(channel)) {
      // Subscribing twice is harmless: confirm again.
      return this.succeeded(connection, channel);
    }
    const kind = channelKind(channel);
    let member: PresenceMember | null = null;
    if (kind !== 'public') {
      const channelData = typeof data!.channel_data === 'string' ? data!.channel_data : undefined;
      const expected = channelSignature(
        { key: this.config.appKey, secret: this.config.appSecret },
        connection.id,
        channel,
        kind === 'presence' ? (channelData ?? '') : undefined,
      );
      const auth = typeof data!.auth === 'string' ? data!.auth : '';
      if (!safeEqual(auth, expected))
        return this.authError(connection, channel, 'Invalid signature');
      if (kind === 'presence') {
        member = parseMember(channelData);
        if (!member) return this.authError(connection, channel, 'Invalid channel_data');
      }
    }
    if (connection.ws.readyState !== connection.ws.OPEN) return;
    connection.channels.set(channel, member);
    let subscribers = this.channels.get(channel);
    if (!subscribers) this.channels.set(channel, (subscribers = new Set()));
    subscribers.add(connection);
    if (!member) return this.succeeded(connection, channel);
    const { first } = await this.bus.join(channel, connection.id, member);
    if (!connection.channels.has(channel)) return; // left while joining
    await this.succeeded(connection, channel);
    if (first) {
      await this.bus.publish({
        channel,
        event: 'pusher_internal:member_added',
        data: JSON.stringify(member),
        except: connection.id,
      });
    }
  }

  private async succeeded(connection: Connection, channel: string): Promise<void> {
    let data = '{}';
    if (channelKind(channel) === 'presence') {
      const members = await this.bus.members(channel);
      const hash: Record<string, unknown> = {};
      for (const m of members) hash[String(m.user_id)] = m.user_info ?? null;
      data = JSON.stringify({
        presence: { ids: members.map((m) => m.user_id), hash, count: members.length },
      });
    }
    this.send(connection, frame('pusher_internal:subscription_succeeded', data, channel));
  }

  private authError(connection: Connection, channel: string, error: string): void {
    this.metrics.authFailures++;
    this.send(
      connection,
      frame('pusher:subscription_error', { type: 'AuthError', error, status: 401 }, channel),
    );
  }

  private async unsubscribe(connection: Connection, channel: unknown): Promise<void> {
    if (typeof channel !== 'string' || !connection.channels.has(channel)) return;
    const member = connection.channels.get(channel);
    connection.channels.delete(channel);
    const subscribers = this.channels.get(channel);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) this.channels.delete(channel);
    if (member) await this.leavePresence(connection.id, channel);
  }

  private async leavePresence(socketId: string, channel: string): Promise<void> {
    const { member, last } = await this.bus.leave(channel, socketId);
    if (member && last) {
      await this.bus.publish({
        channel,
        event: 'pusher_internal:member_removed',
        data: JSON.stringify({ user_id: member.user_id }),
      });
    }
  }

  private clientEvent(
    connection: Connection,
    event: string,
    message: { data?: unknown; channel?: unknown },
  ): void {
    const channel = message.channel;
    if (typeof channel !== 'string' || !connection.channels.has(channel)) {
      return this.send(
        connection,
        errorFrame(CODES.reconnect, 'Client event on a channel not joined.'),
      );
    }
    if (channelKind(channel) === 'public') {
      return this.send(
        connection,
        errorFrame(CODES.reconnect, 'Client events need a private or presence channel.'),
      );
    }
    const second = Math.floor(Date.now() / 1000);
    if (connection.clientEventWindow !== second) {
      connection.clientEventWindow = second;
      connection.clientEventCount = 0;
    }
    if (++connection.clientEventCount > CLIENT_EVENTS_PER_SECOND) {
      return this.send(
        connection,
        errorFrame(CODES.clientEventRateLimit, 'Too many client events: at most 10 per second.'),
      );
    }
    const member = connection.channels.get(channel);
    const envelope: BusMessage = {
      channel,
      event,
      data: message.data ?? {},
      except: connection.id,
    };
    const withUser = member ? { ...envelope, user_id: member.user_id } : envelope;
    void this.bus.publish(withUser).catch(() => undefined);
  }

  /** Delivers one bus event to this node's subscribers of its channel. */
  private deliver(message: BusMessage & { user_id?: unknown }): void {
    const subscribers = this.channels.get(message.channel);
    if (!subscribers) return;
    const body: Record<string, unknown> = {
      event: message.event,
      channel: message.channel,
      data: message.data,
    };
    if (message.user_id !== undefined) body.user_id = message.user_id;
    const bytes = Buffer.from(JSON.stringify(body));
    for (const connection of subscribers) {
      if (connection.id !== message.except) this.send(connection, bytes);
    }
  }

  private async forget(connection: Connection): Promise<void> {
    if (!this.connections.delete(connection.id)) return;
    this.metrics.closed();
    const fromAddress = (this.perAddress.get(connection.address) ?? 1) - 1;
    if (fromAddress > 0) this.perAddress.set(connection.address, fromAddress);
    else this.perAddress.delete(connection.address);
    for (const session of connection.sessions) {
      const sockets = this.bySession.get(session);
      sockets?.delete(connection);
      if (sockets?.size === 0) this.bySession.delete(session);
    }
    connection.sessions.clear();
    for (const [channel, member] of connection.channels) {
      const subscribers = this.channels.get(channel);
      subscribers?.delete(connection);
      if (subscribers?.size === 0) this.channels.delete(channel);
      if (member) await this.leavePresence(connection.id, channel).catch(() => undefined);
    }
    connection.channels.clear();
  }

  /** Pings sockets that were silent for activity_timeout; closes those that stay silent with 4201. */
  private sweepIdle(): void {
    const now = Date.now();
    for (const [session, forgetAt] of this.endedSessions) {
      if (forgetAt > now) break;
      this.endedSessions.delete(session);
    }
    for (const connection of this.connections.values()) {
      if (connection.pingSentAt) {
        if (now - connection.pingSentAt > this.config.pongTimeoutMs) {
          connection.ws.close(CODES.pongTimeout, 'Pong reply not received in time');
        }
      } else if (now - connection.lastSeen > this.config.activityTimeoutMs) {
        connection.pingSentAt = now;
        this.send(connection, frame('pusher:ping', {}));
      }
    }
  }
}

/** `data` of an inbound frame: an object, or a string holding one. */
function dataObject(data: unknown): Record<string, unknown> | null {
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

/** The member a presence channel_data names (it must carry a user_id). */
function parseMember(channelData: string | undefined): PresenceMember | null {
  const data = dataObject(channelData ?? null);
  const id = data?.user_id;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return { user_id: id, user_info: data!.user_info };
}

/** The 16-bit groups of one side of an IPv6 `::` (an embedded IPv4 address counts as two). */
function ipv6Groups(part: string | undefined): string[] {
  return part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
}

/**
 * What the per-address socket limit counts by: the address itself, IPv4 in IPv6 as IPv4,
 * and an IPv6 address by its /64 network (one subscriber's line gets a whole /64).
 */
export function addressKey(address: string): string {
  const plain = address.split('%')[0]!.toLowerCase(); // without an IPv6 zone
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!plain.includes(':')) return plain;
  const [head, tail] = plain.split('::');
  const front = ipv6Groups(head);
  const back = ipv6Groups(tail);
  const all = [
    ...front,
    ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'),
    ...back,
  ];
  return `${all
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** Answers an upgrade request with a plain HTTP status and drops it. */
function refuse(socket: Duplex, status: 403 | 404 | 503): void {
  const text = { 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' }[status];
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
