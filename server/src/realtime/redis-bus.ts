import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import {
  uniqueMembers,
  type Bus,
  type BusMessage,
  type BusNotice,
  type PresenceMember,
} from './bus';

const EVENTS = 'kontor:realtime:events';
const NOTICES = 'kontor:realtime:notices';
const NODES = 'kontor:realtime:nodes';
const nodeKey = (node: string) => `kontor:realtime:node:${node}`;
const nodeChannelsKey = (node: string) => `kontor:realtime:node-channels:${node}`;
const presenceKey = (channel: string) => `kontor:realtime:presence:${channel}`;

/** Options of the Redis bus; tests shorten the heartbeat. */
export interface RedisBusOptions {
  /** A node whose heartbeat is older than this is dead and its members are removed. */
  nodeTtlMs?: number;
  /** Called with each error Redis reports (it reconnects by itself). */
  onError?: (error: Error) => void;
}

/**
 * The bus of several nodes on one Redis: events travel over pub/sub (with the socket to
 * leave out), presence membership lives in one hash per channel (`node|socket` → member),
 * and each node keeps a heartbeat key so that a dead node's members expire.
 */
export class RedisBus implements Bus {
  readonly nodeId = randomBytes(6).toString('hex');
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly ttlMs: number;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(url: string, options: RedisBusOptions = {}) {
    this.ttlMs = options.nodeTtlMs ?? 15_000;
    const onError = options.onError ?? (() => undefined);
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.pub.on('error', onError);
    this.sub.on('error', onError);
  }

  async start(
    deliver: (message: BusMessage) => void,
    hear?: (notice: BusNotice) => void,
  ): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    this.sub.on('message', (channel: string, text: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return; // Not ours: another program published on the channel.
      }
      if (channel === NOTICES) hear?.(parsed as BusNotice);
      else deliver(parsed as BusMessage);
    });
    await this.sub.subscribe(EVENTS, NOTICES);
    await this.beat();
    this.heartbeat = setInterval(() => void this.beat().catch(() => undefined), this.ttlMs / 3);
    this.heartbeat.unref?.();
  }

  async publish(message: BusMessage): Promise<void> {
    await this.pub.publish(EVENTS, JSON.stringify(message));
  }

  async notify(notice: BusNotice): Promise<void> {
    await this.pub.publish(NOTICES, JSON.stringify(notice));
  }

  async join(channel: string, socketId: string, member: PresenceMember) {
    await this.pub
      .multi()
      .hset(presenceKey(channel), `${this.nodeId}|${socketId}`, JSON.stringify(member))
      .sadd(nodeChannelsKey(this.nodeId), channel)
      .exec();
    const entries = await this.liveEntries(channel);
    const sameUser = entries.filter((m) => String(m.user_id) === String(member.user_id));
    return { members: uniqueMembers(entries), first: sameUser.length === 1 };
  }

  async leave(channel: string, socketId: string) {
    const field = `${this.nodeId}|${socketId}`;
    const [[, text], [, removed]] = (await this.pub
      .multi()
      .hget(presenceKey(channel), field)
      .hdel(presenceKey(channel), field)
      .exec()) as [[null, string | null], [null, number]];
    if (!text || removed === 0) return { last: false };
    const member = JSON.parse(text) as PresenceMember;
    const entries = await this.liveEntries(channel);
    return { member, last: !entries.some((m) => String(m.user_id) === String(member.user_id)) };
  }

  async members(channel: string): Promise<PresenceMember[]> {
    return uniqueMembers(await this.liveEntries(channel));
  }

  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    try {
      await this.pub.multi().del(nodeKey(this.nodeId)).srem(NODES, this.nodeId).exec();
    } finally {
      this.sub.disconnect();
      this.pub.disconnect();
    }
  }

  /** Stops the heartbeat and drops the connections without cleaning up, as a crashed node would (tests). */
  crash(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.sub.disconnect();
    this.pub.disconnect();
  }

  /** The channel's members on live nodes (entries of dead nodes are skipped). */
  private async liveEntries(channel: string): Promise<PresenceMember[]> {
    const all = await this.pub.hgetall(presenceKey(channel));
    const nodes = [...new Set(Object.keys(all).map((field) => field.split('|')[0]!))];
    const alive = new Set<string>();
    if (nodes.length > 0) {
      const flags = await this.pub.mget(nodes.map(nodeKey));
      nodes.forEach((node, i) => flags[i] && alive.add(node));
    }
    return Object.entries(all)
      .filter(([field]) => alive.has(field.split('|')[0]!))
      .map(([, text]) => JSON.parse(text) as PresenceMember);
  }

  /** Renews this node's heartbeat and removes the members of nodes whose heartbeat expired. */
  private async beat(): Promise<void> {
    await this.pub
      .multi()
      .set(nodeKey(this.nodeId), '1', 'PX', this.ttlMs)
      .sadd(NODES, this.nodeId)
      .exec();
    const nodes = await this.pub.smembers(NODES);
    for (const node of nodes) {
      if (node === this.nodeId || (await this.pub.exists(nodeKey(node)))) continue;
      // One live node sweeps a dead one.
      const claimed = await this.pub.set(
        `${nodeKey(node)}:sweep`,
        this.nodeId,
        'PX',
        this.ttlMs,
        'NX',
      );
      if (claimed) await this.sweep(node);
    }
  }

  /** Removes a dead node's presence entries and tells each channel which users left with it. */
  private async sweep(node: string): Promise<void> {
    const channels = await this.pub.smembers(nodeChannelsKey(node));
    for (const channel of channels) {
      const all = await this.pub.hgetall(presenceKey(channel));
      const dead = Object.entries(all).filter(([field]) => field.startsWith(`${node}|`));
      if (dead.length === 0) continue;
      await this.pub.hdel(presenceKey(channel), ...dead.map(([field]) => field));
      const remaining = await this.liveEntries(channel);
      const gone = uniqueMembers(dead.map(([, text]) => JSON.parse(text) as PresenceMember)).filter(
        (member) => !remaining.some((m) => String(m.user_id) === String(member.user_id)),
      );
      for (const member of gone) {
        await this.publish({
          channel,
          event: 'pusher_internal:member_removed',
          data: JSON.stringify({ user_id: member.user_id }),
        });
      }
    }
    await this.pub.multi().del(nodeChannelsKey(node)).srem(NODES, node).exec();
  }
}
