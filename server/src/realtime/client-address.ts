import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Which peers may name the client in X-Forwarded-For: none, or their addresses / CIDRs (TRUST_PROXY). */
export type TrustedProxies = false | readonly string[];

/** The socket's peer address. */
const peer = (request: IncomingMessage) => request.socket.remoteAddress ?? '';

/**
 * The client address of a raw request as Fastify's `request.ip` computes it with the same
 * trustProxy setting (and the same library). A socket upgrade never becomes a Fastify
 * request, so the realtime server computes it itself: behind trusted proxies the client's
 * address, otherwise the socket's peer — a forged X-Forwarded-For from anyone else counts
 * for nothing.
 */
export function clientAddressOf(trusted: TrustedProxies): (request: IncomingMessage) => string {
  if (trusted === false || trusted.length === 0) return peer;
  const trust = proxyAddr.compile([...trusted]);
  return (request) => (request.socket.remoteAddress ? proxyAddr(request, trust) : '');
}
