/** One event on its way to every node: the channel's subscribers get it, except one socket. */
export interface BusMessage {
  channel: string;
  event: string;
  /** A string (as server events carry it) or the object a client event sent. */
  data: unknown;
  /** The socket that caused it ("to others"), left out on every node. */
  except?: string;
}

/** A presence channel member as channel_data names it. */
export interface PresenceMember {
  user_id: string | number;
  user_info?: unknown;
}

/**
 * What nodes tell each other about sockets and sessions (not channel events): a session
 * authorized a socket's private or presence channel (the socket may sit on another node than
 * the one answering /broadcasting/auth), and sessions ended.
 */
export type BusNotice =
  | { notice: 'granted'; socketId: string; sessionId: string }
  | { notice: 'sessions-ended'; sessionIds: string[] };

/** What a node shares with the others: events, notices, and presence membership. */
export interface Bus {
  /** Starts delivering every published message and notice (this node's too). */
  start(deliver: (message: BusMessage) => void, hear?: (notice: BusNotice) => void): Promise<void>;
  /** Sends a message to every node. */
  publish(message: BusMessage): Promise<void>;
  /** Sends a notice to every node (this one included), in the order notices are sent. */
  notify(notice: BusNotice): Promise<void>;
  /** Adds a socket to a presence channel; `first` when it is the user's first connection there. */
  join(
    channel: string,
    socketId: string,
    member: PresenceMember,
  ): Promise<{ members: PresenceMember[]; first: boolean }>;
  /** Removes a socket from a presence channel; `last` when the user has no connection left there. */
  leave(channel: string, socketId: string): Promise<{ member?: PresenceMember; last: boolean }>;
  /** The members of a presence channel on every live node, one per user. */
  members(channel: string): Promise<PresenceMember[]>;
  /** Stops delivering and releases its connections. */
  close(): Promise<void>;
}

/** One entry per user, the first connection's info winning. */
export function uniqueMembers(entries: Iterable<PresenceMember>): PresenceMember[] {
  const byUser = new Map<string, PresenceMember>();
  for (const member of entries) {
    const key = String(member.user_id);
    if (!byUser.has(key)) byUser.set(key, member);
  }
  return [...byUser.values()];
}

/** The bus of a single node: everything stays in this process. */
export class LocalBus implements Bus {
  private deliver: ((message: BusMessage) => void) | null = null;
  private hear: ((notice: BusNotice) => void) | null = null;
  private readonly presence = new Map<string, Map<string, PresenceMember>>();

  async start(
    deliver: (message: BusMessage) => void,
    hear?: (notice: BusNotice) => void,
  ): Promise<void> {
    this.deliver = deliver;
    this.hear = hear ?? null;
  }

  async publish(message: BusMessage): Promise<void> {
    this.deliver?.(message);
  }

  async notify(notice: BusNotice): Promise<void> {
    this.hear?.(notice);
  }

  async join(channel: string, socketId: string, member: PresenceMember) {
    let sockets = this.presence.get(channel);
    if (!sockets) this.presence.set(channel, (sockets = new Map()));
    sockets.set(socketId, member);
    const first = [...sockets.values()].filter(
      (m) => String(m.user_id) === String(member.user_id),
    ).length;
    return { members: uniqueMembers(sockets.values()), first: first === 1 };
  }

  async leave(channel: string, socketId: string) {
    const sockets = this.presence.get(channel);
    const member = sockets?.get(socketId);
    if (!sockets || !member) return { last: false };
    sockets.delete(socketId);
    if (sockets.size === 0) this.presence.delete(channel);
    const last = ![...sockets.values()].some((m) => String(m.user_id) === String(member.user_id));
    return { member, last };
  }

  async members(channel: string): Promise<PresenceMember[]> {
    return uniqueMembers(this.presence.get(channel)?.values() ?? []);
  }

  async close(): Promise<void> {
    this.deliver = null;
    this.hear = null;
    this.presence.clear();
  }
}
