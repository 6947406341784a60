// The machinery both stand-ins share: the HTTP server, the misbehaviour switches, the request
// log, the shop's clock, webhook delivery, and PHP's way of writing JSON.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { renderPage, type PageConfig } from './ui';

export interface Misbehaviour {
  /** Every API answer is delayed by this many milliseconds. */
  latencyMs: number;
  /** Share 0..1 of API calls answered 429 with a Retry-After header. */
  rate429: number;
  /** The Retry-After (seconds) of those 429 answers. */
  retryAfterSeconds: number;
  /** Share 0..1 of API calls answered 503 (WooCommerce: an HTML body like a proxy; Shopware: JSON errors). */
  rate503: number;
  /** Shopware: expires_in and the real lifetime of access tokens. */
  tokenLifetimeSeconds: number;
  /** Rows tied on every sort key come back in a random order on each request (MySQL under LIMIT). */
  unstableTies: boolean;
  /** The shop's clock = the real clock + this (Date header, timestamps of new orders, token expiry). */
  clockOffsetMs: number;
  /** Orders added get their timestamps this many seconds in the past (a late commit behind a cursor). */
  lateWriteSeconds: number;
  /** Each webhook is delivered this many extra times (same event id / delivery id). */
  webhookDuplicates: number;
  /** Webhooks are signed with a wrong key. */
  webhookBadSignature: boolean;
}

export const DEFAULT_MISBEHAVIOUR: Readonly<Misbehaviour> = Object.freeze({
  latencyMs: 0,
  rate429: 0,
  retryAfterSeconds: 1,
  rate503: 0,
  tokenLifetimeSeconds: 600,
  unstableTies: false,
  clockOffsetMs: 0,
  lateWriteSeconds: 0,
  webhookDuplicates: 0,
  webhookBadSignature: false,
});

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The status the stand-in answered with (0 while the answer is still pending). */
  status: number;
  /** Arrival, ms since the epoch (the real clock, not the shop's). */
  at: number;
}

export interface StandinShop {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** Merges into the current switches. */
  misbehave(change: Partial<Misbehaviour>): void;
  /** All switches back to their defaults (orders stay). */
  reset(): void;
  /** Every API request, in arrival order. */
  readonly requests: RecordedRequest[];
  /** API requests that arrived while a Retry-After the stand-in gave was still running. */
  readonly earlyRequests: RecordedRequest[];
  /** The shop's clock. */
  now(): Date;
  /** Every webhook delivery made, with the receiver's answer. */
  readonly webhookDeliveries: WebhookDelivery[];
  /** Resolves once the webhooks queued so far are delivered. */
  webhooksIdle(): Promise<void>;
  stop(): Promise<void>;
}

export interface WebhookTarget {
  url: string;
  secret: string;
}

/** One HTTP delivery of a webhook (also kept for duplicates and pings). */
export interface WebhookDelivery {
  url: string;
  /** HTTP status the receiver answered, 0 when it could not be reached. */
  status: number;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** A request late by less than this after a 429 was already on its way and does not count as early. */
export const EARLY_GRACE_MS = 25;

const MISBEHAVIOUR_KEYS = Object.keys(DEFAULT_MISBEHAVIOUR) as (keyof Misbehaviour)[];

/** Checks and copies a (partial) set of switches; throws on unknown keys and wrong types. */
export function checkMisbehaviour(change: unknown): Partial<Misbehaviour> {
  if (change === null || typeof change !== 'object' || Array.isArray(change)) {
    throw new TypeError('misbehave() takes an object of switches');
  }
  const out: Record<string, number | boolean> = {};
  for (const [key, value] of Object.entries(change as Record<string, unknown>)) {
    if (!MISBEHAVIOUR_KEYS.includes(key as keyof Misbehaviour)) {
      throw new TypeError(`unknown misbehaviour switch "${key}"`);
    }
    const expected = typeof DEFAULT_MISBEHAVIOUR[key as keyof Misbehaviour];
    if (expected === 'boolean') {
      if (typeof value !== 'boolean') throw new TypeError(`switch "${key}" must be a boolean`);
      out[key] = value;
    } else {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) {
        throw new TypeError(`switch "${key}" must be a finite number`);
      }
      if ((key === 'rate429' || key === 'rate503') && (n < 0 || n > 1)) {
        throw new TypeError(`switch "${key}" must be between 0 and 1`);
      }
      if (key !== 'clockOffsetMs' && n < 0)
        throw new TypeError(`switch "${key}" must not be negative`);
      out[key] = n;
    }
  }
  return out as Partial<Misbehaviour>;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random characters from the alphabet (unbiased: bytes ≥ the largest multiple are skipped). */
export function randomFrom(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    const b = poolByte();
    if (b < limit) out += alphabet[b % alphabet.length];
  }
  return out;
}

export const randomUpperAlnum = (n: number): string => randomFrom(UPPER_ALNUM, n);
export const randomAlnum = (n: number): string => randomFrom(ALNUM, n);

/** A pool of random bytes, so that adding 10,000 orders does not call the CSPRNG 100,000 times. */
let pool = Buffer.alloc(0);
let poolAt = 0;

function poolBytes(n: number): number {
  if (poolAt + n > pool.length) {
    pool = randomBytes(256 * 1024);
    poolAt = 0;
  }
  const at = poolAt;
  poolAt += n;
  return at;
}

function poolByte(): number {
  return pool[poolBytes(1)];
}

/** 32 hex digits of a version-4 UUID, like Shopware's Uuid::randomHex(). */
export function fastId(): string {
  const at = poolBytes(16);
  pool[at + 6] = (pool[at + 6] & 0x0f) | 0x40;
  pool[at + 8] = (pool[at + 8] & 0x3f) | 0x80;
  return pool.toString('hex', at, at + 16);
}

/** `bytes` random bytes as base64url (Shopware's Random::getBase64UrlString). */
export function randomBase64Url(bytes: number): string {
  const at = poolBytes(bytes);
  return pool.toString('base64url', at, at + bytes);
}

/** Random characters for bulk data (order keys, deep link codes): not for secrets. */
export function cheapRandom(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}

export function hmacHex(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

export function hmacBase64(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Fisher-Yates on a copy. */
export function shuffled<T>(items: T[]): T[] {
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * Sorts with a comparator; when `shuffleTies` is set, runs of rows the comparator calls equal
 * come back in a random order (what MySQL does with ties under ORDER BY … LIMIT).
 */
export function sortRows<T>(rows: T[], compare: (a: T, b: T) => number, shuffleTies: boolean): T[] {
  const sorted = rows.slice().sort(compare);
  if (!shuffleTies) return sorted;
  const out: T[] = [];
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i === sorted.length || compare(sorted[start], sorted[i]) !== 0) {
      const run = sorted.slice(start, i);
      out.push(...(run.length > 1 ? shuffled(run) : run));
      start = i;
    }
  }
  return out;
}

/**
 * PHP's json_encode() with its default flags: "/" written as "\/" and every non-ASCII character
 * as \uXXXX. With `hex` also JSON_HEX_TAG|APOS|AMP|QUOT, as Symfony's JsonResponse does. The
 * stand-ins sign webhook bodies in this form, so a receiver that re-serialises before checking
 * the signature fails as it would against the real shop. (JSON_HEX_QUOT is left out.)
 */
export function phpJson(value: unknown, hex = false): string {
  const json = JSON.stringify(value) ?? 'null';
  // "/", "<", ">", "'", "&" and non-ASCII can only occur inside strings in JSON text, so a plain
  // character replacement is safe.
  return json.replace(/[/\u0080-\uffff<>'&]/g, (ch) => {
    if (ch === '/') return '\\/';
    if (!hex && (ch === '<' || ch === '>' || ch === "'" || ch === '&')) return ch;
    return '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0');
  });
}

/** PHP's parse_str(): `a[b][]=1&c=2` into nested objects/arrays, as PHP fills $_POST. */
export function parsePhpQuery(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const m = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(rawKey);
    if (!m) {
      out[rawKey] = value;
      continue;
    }
    const path = [m[1], ...[...m[2].matchAll(/\[([^\]]*)\]/g)].map((x) => x[1])];
    let node: Record<string, unknown> = out;
    for (let i = 0; i < path.length; i++) {
      const last = i === path.length - 1;
      let key = path[i];
      if (key === '') {
        key = String(Object.keys(node).length);
      }
      if (last) {
        node[key] = value;
      } else {
        if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
    }
  }
  return listsFromNumericKeys(out) as Record<string, unknown>;
}

function listsFromNumericKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  for (const k of keys) obj[k] = listsFromNumericKeys(obj[k]);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => obj[k]);
  return obj;
}

export function queryRecord(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) out[k] = v;
  return out;
}

/** Date or ISO string (without an offset: UTC) → ms since the epoch. */
export function toMs(value: Date | string | number, what: string): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  const s = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : value.replace(' ', 'T') + 'Z';
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) throw new TypeError(`${what}: not a date: ${value}`);
  return ms;
}

// ---------------------------------------------------------------------------------------------
// HTTP plumbing

export interface Incoming {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  method: string;
  url: URL;
  path: string;
  query: URLSearchParams;
  body: Buffer;
  header(name: string): string | undefined;
}

export function sendBody(
  res: http.ServerResponse,
  status: number,
  body: string | Buffer | null,
  headers: Record<string, string | string[]> = {},
): void {
  if (res.headersSent) return;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.statusCode = status;
  if (body === null) {
    res.end();
    return;
  }
  const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.setHeader('Content-Length', String(buf.length));
  res.end(buf);
}

const MAX_BODY = 20 * 1024 * 1024;

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** POSTs a webhook; resolves with the receiver's status, 0 when it could not be reached. */
export function postWebhook(
  agent: { http: http.Agent; https: https.Agent },
  target: string,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      resolve(0);
      return;
    }
    const lib = url.protocol === 'https:' ? https : http;
    const data = Buffer.from(body, 'utf8');
    const req = lib.request(
      url,
      {
        method: 'POST',
        agent: url.protocol === 'https:' ? agent.https : agent.http,
        headers: { ...headers, 'Content-Length': String(data.length) },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
    req.end(data);
  });
}

// ---------------------------------------------------------------------------------------------
// The base of both stand-ins

export interface BaseOptions {
  port?: number;
  host?: string;
}

export abstract class StandinBase implements StandinShop {
  readonly requests: RecordedRequest[] = [];
  readonly earlyRequests: RecordedRequest[] = [];
  /** Every webhook delivery attempt, in order (pings and duplicates included). */
  readonly webhookDeliveries: WebhookDelivery[] = [];
  protected switches: Misbehaviour = { ...DEFAULT_MISBEHAVIOUR };
  protected webhook: WebhookTarget | null = null;
  private server: http.Server | null = null;
  private baseUrl = '';
  /** Windows [sentAt, until) of the Retry-After answers given. */
  private retryWindows: { sentAt: number; until: number }[] = [];
  /**
   * While a window runs, a heartbeat notes when the event loop was last free. A request the
   * loop only gets to after a block (a test's client in the same process, busy) may have
   * arrived any time since: it counts from the block's start.
   */
  private beatTimer: NodeJS.Timeout | null = null;
  private lastBeat = 0;
  private freeSince = 0;
  private readonly agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 4 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 4 }),
  };
  private webhookChain: Promise<unknown> = Promise.resolve();
  private stopped = false;

  get url(): string {
    return this.baseUrl;
  }

  get misbehaviour(): Readonly<Misbehaviour> {
    return { ...this.switches };
  }

  misbehave(change: Partial<Misbehaviour>): void {
    Object.assign(this.switches, checkMisbehaviour(change));
  }

  reset(): void {
    this.switches = { ...DEFAULT_MISBEHAVIOUR };
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  protected nowMs(): number {
    return Date.now() + this.switches.clockOffsetMs;
  }

  /** Resolves when every webhook queued so far has been delivered (or has failed). */
  async webhooksIdle(): Promise<void> {
    let chain: Promise<unknown>;
    do {
      chain = this.webhookChain;
      await chain;
    } while (chain !== this.webhookChain);
  }

  async listen(options: BaseOptions): Promise<void> {
    const server = http.createServer((req, res) => {
      this.dispatch(req, res).catch((err: unknown) => {
        if (!res.headersSent) {
          sendBody(
            res,
            500,
            `stand-in error: ${err instanceof Error ? err.message : String(err)}`,
            {
              'Content-Type': 'text/plain; charset=UTF-8',
            },
          );
        } else {
          res.destroy();
        }
      });
    });
    server.keepAliveTimeout = 5_000;
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address() as AddressInfo;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    this.baseUrl = `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${address.port}`;
    this.server = server;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.beatTimer) clearInterval(this.beatTimer);
    this.beatTimer = null;
    const server = this.server;
    this.server = null;
    this.agents.http.destroy();
    this.agents.https.destroy();
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  // --- for the subclasses ---------------------------------------------------------------------

  /** Is this path one of the shop's API routes (logged, misbehaving)? */
  protected abstract isApiPath(path: string): boolean;
  protected abstract handleApi(inc: Incoming, record: RecordedRequest): Promise<void>;
  protected abstract tooManyRequests(inc: Incoming, retryAfter: number): void;
  protected abstract serviceUnavailable(inc: Incoming): void;
  /** Control endpoint POST /__standin/orders. */
  protected abstract controlAddOrder(seed: unknown): unknown;
  protected abstract controlState(): Record<string, unknown>;
  protected abstract pageConfig(): PageConfig;
  protected abstract setWebhookFromControl(target: WebhookTarget | null): Promise<unknown>;

  /**
   * Queues webhook deliveries so they go out one after the other; resolves with the statuses.
   * `makeRequests` is called when it is this batch's turn (so bodies carry the send time).
   */
  protected queueWebhook(
    makeRequests: () => { url: string; headers: Record<string, string>; body: string }[],
  ): Promise<number[]> {
    const run = async (): Promise<number[]> => {
      const statuses: number[] = [];
      if (this.stopped) return statuses;
      for (const r of makeRequests()) {
        if (this.stopped) break;
        const status = await postWebhook(this.agents, r.url, r.headers, r.body);
        this.webhookDeliveries.push({
          url: r.url,
          status,
          headers: r.headers,
          body: r.body,
          at: Date.now(),
        });
        statuses.push(status);
      }
      return statuses;
    };
    const result = this.webhookChain.then(run, run);
    this.webhookChain = result.catch(() => undefined);
    return result;
  }

  protected jsonControl(res: http.ServerResponse, status: number, body: unknown): void {
    sendBody(res, status, JSON.stringify(body, null, 2), {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': 'no-store',
    });
  }

  private async dispatch(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const arrival = Date.now();
    const url = new URL(req.url ?? '/', 'http://standin.invalid');
    const inc: Incoming = {
      req,
      res,
      method: (req.method ?? 'GET').toUpperCase(),
      url,
      path: url.pathname,
      query: url.searchParams,
      body: Buffer.alloc(0),
      header: (name) => {
        const v = req.headers[name.toLowerCase()];
        return Array.isArray(v) ? v.join(', ') : v;
      },
    };
    // The answer carries the shop's clock, whatever the route.
    res.setHeader('Date', this.now().toUTCString());
    try {
      inc.body = await readBody(req);
    } catch {
      sendBody(res, 413, 'request body too large', { 'Content-Type': 'text/plain' });
      return;
    }

    if (!this.isApiPath(inc.path)) {
      await this.handleControl(inc);
      return;
    }

    const record: RecordedRequest = {
      method: inc.method,
      path: inc.path,
      query: queryRecord(inc.query),
      status: 0,
      at: arrival,
    };
    this.requests.push(record);
    const earliest = this.beatTimer ? Math.min(arrival, this.freeSince) : arrival;
    if (this.retryWindows.some((w) => earliest >= w.sentAt + EARLY_GRACE_MS && arrival < w.until)) {
      this.earlyRequests.push(record);
    }
    res.on('finish', () => {
      record.status = res.statusCode;
    });

    const s = this.switches;
    if (s.latencyMs > 0) await sleep(s.latencyMs);
    if (s.rate429 > 0 && Math.random() < s.rate429) {
      const retryAfter = s.retryAfterSeconds;
      this.tooManyRequests(inc, retryAfter);
      const sentAt = Date.now();
      this.retryWindows.push({ sentAt, until: sentAt + retryAfter * 1000 });
      if (this.retryWindows.length > 1000) this.retryWindows.splice(0, 500);
      this.heartbeat();
      return;
    }
    if (s.rate503 > 0 && Math.random() < s.rate503) {
      this.serviceUnavailable(inc);
      return;
    }
    await this.handleApi(inc, record);
  }

  private heartbeat(): void {
    if (this.beatTimer) return;
    this.lastBeat = this.freeSince = Date.now();
    this.beatTimer = setInterval(() => {
      const now = Date.now();
      // A beat late by more than a few ms: the loop was blocked since the last one.
      this.freeSince = now - this.lastBeat > 10 ? this.lastBeat : now;
      this.lastBeat = now;
      if (!this.retryWindows.some((w) => w.until > now)) {
        clearInterval(this.beatTimer!);
        this.beatTimer = null;
      }
    }, 2);
    this.beatTimer.unref();
  }

  private async handleControl(inc: Incoming): Promise<void> {
    const { res, method, path } = inc;
    if (method === 'GET' && (path === '/' || path === '/__standin' || path === '/__standin/')) {
      sendBody(res, 200, renderPage(this.pageConfig()), {
        'Content-Type': 'text/html; charset=UTF-8',
        'Cache-Control': 'no-store',
      });
      return;
    }
    if (method === 'GET' && path === '/__standin/state') {
      this.jsonControl(res, 200, this.controlState());
      return;
    }
    if (method === 'POST' && path.startsWith('/__standin/')) {
      let body: unknown = {};
      const text = inc.body.toString('utf8').trim();
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          this.jsonControl(res, 400, { error: 'the body is not JSON' });
          return;
        }
      }
      try {
        switch (path) {
          case '/__standin/orders':
            this.jsonControl(res, 201, this.controlAddOrder(body));
            return;
          case '/__standin/misbehave':
            this.misbehave(body as Partial<Misbehaviour>);
            this.jsonControl(res, 200, this.misbehaviour);
            return;
          case '/__standin/reset':
            this.reset();
            this.jsonControl(res, 200, this.misbehaviour);
            return;
          case '/__standin/webhook': {
            const target = body === null || (body as { url?: unknown }).url == null ? null : body;
            if (
              target !== null &&
              (typeof (target as WebhookTarget).url !== 'string' ||
                typeof (target as WebhookTarget).secret !== 'string')
            ) {
              this.jsonControl(res, 400, { error: 'send {"url": "…", "secret": "…"} or null' });
              return;
            }
            const result = await this.setWebhookFromControl(target as WebhookTarget | null);
            this.jsonControl(res, 200, { webhook: target, result: result ?? null });
            return;
          }
        }
      } catch (err) {
        this.jsonControl(res, 400, { error: err instanceof Error ? err.message : String(err) });
        return;
      }
    }
    sendBody(res, 404, 'Not found. The stand-in page is at /.', {
      'Content-Type': 'text/plain; charset=UTF-8',
    });
  }
}
