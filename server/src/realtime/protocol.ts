import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Channel names the Pusher protocol allows. */
export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;
/** Longest channel name the Pusher protocol allows. */
export const MAX_CHANNEL_NAME_LENGTH = 164;
/** Largest inbound frame and largest HTTP API `data` (bytes). */
export const MAX_MESSAGE_BYTES = 10 * 1024;
/** Client events one connection may send per second. */
export const CLIENT_EVENTS_PER_SECOND = 10;

/** Close and error codes, with their meaning to pusher-js. */
export const CODES = {
  /** Unknown app key: the client never reconnects. */
  appUnknown: 4001,
  /** Over the connection limit: the client retries after 1 s. */
  overCapacity: 4100,
  /** Generic "reconnect at once": bad input on an open socket, or the node shuts down. */
  reconnect: 4200,
  /** The socket did not answer the server's ping. */
  pongTimeout: 4201,
  /** Client events sent faster than allowed. */
  clientEventRateLimit: 4301,
} as const;

/** Whether a string is a valid channel name. */
export function isValidChannelName(name: unknown): name is string {
  return (
    typeof name === 'string' && name.length <= MAX_CHANNEL_NAME_LENGTH && CHANNEL_NAME.test(name)
  );
}

/** The kind of channel, by its prefix. */
export function channelKind(name: string): 'public' | 'private' | 'presence' {
  if (name.startsWith('presence-')) return 'presence';
  if (name.startsWith('private-')) return 'private';
  return 'public';
}

/** Hex HMAC-SHA256 of a text with the app secret. */
export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Hex MD5 of a body, as the HTTP API's body_md5. */
export function md5(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/** Compares two strings in constant time (false when their lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The `auth` string a private or presence subscription must carry: `key:` + HMAC of `socket_id:channel[:channel_data]`. */
export function channelSignature(
  app: { key: string; secret: string },
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const text =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${app.key}:${sign(app.secret, text)}`;
}

/** One frame as the protocol sends it: `data` of channel events is a JSON string. */
export function frame(event: string, data: unknown, channel?: string): string {
  return JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });
}

/** A pusher:error frame with its code. */
export function errorFrame(code: number, message: string): string {
  return frame('pusher:error', { code, message });
}
