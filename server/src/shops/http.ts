import type { Db } from '../db';

// How Kontor talks to a shop: every connector's requests go through one ShopHttp per
// connection, which keeps docs/shops.md's rules so no connector has to: at most
// MAX_IN_FLIGHT requests at once per shop (per node), retries of 429, 5xx, time-outs and
// network errors with exponential back-off and full jitter, a Retry-After honoured for the
// whole shop (no request of this connection leaves before it runs out), and every attempt
// logged (method, path without credentials, status, duration) for the connection's health.

/** Requests in flight to one shop at once (per node). */
export const MAX_IN_FLIGHT = 2;

/** A request to the shop; `path` is below the connection's base URL. */
export interface ShopRequestInit {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** A JSON body (sent with Content-Type: application/json). */
  json?: unknown;
  /** Return 4xx answers to the caller instead of throwing (the connector reads them). */
  accept4xx?: boolean;
}

/** The shop's answer. */
export interface ShopResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
}

/** The shop could not be asked, or answered with an error the connector did not take. */
export class ShopError extends Error {
  constructor(
    message: string,
    /** HTTP status of the last answer, 0 for none. */
    readonly status: number,
    /** False: asking again cannot help (a 4xx validation error, wrong credentials). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ShopError';
  }
}

/** The timing of retries; tests shorten it. */
export interface RetryPolicy {
  /** Attempts in all for one request. */
  attempts: number;
  baseMs: number;
  capMs: number;
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 8,
  baseMs: 250,
  capMs: 20_000,
  timeoutMs: 30_000,
};

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);
/**
 * Added to a Retry-After: the shop counts from when it sent the answer, which can be a moment
 * after we read it; a request a millisecond early would be refused again (or counted against us).
 */
const RETRY_AFTER_MARGIN_MS = 100;
/** Query parameters never written to the log (WooCommerce takes its key and secret there too). */
const SECRET_PARAMS = /^(consumer_key|consumer_secret|oauth_.*|access_token|token|password)$/i;

interface LoggedRequest {
  connectionId: number;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  error: string | null;
}

/** Waits `ms`. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date of a Retry-After header, as milliseconds from now (null: none). */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The short text of an error answer, for the log and the health view (no credentials in it). */
export function answerText(response: ShopResponse): string {
  const body = response.body as Record<string, unknown> | string | null;
  if (body && typeof body === 'object') {
    const errors = (body as { errors?: Array<Record<string, unknown>> }).errors;
    if (Array.isArray(errors) && errors[0]) {
      const first = errors[0];
      return String(first.detail ?? first.title ?? first.code ?? '').slice(0, 500);
    }
    if (typeof body.message === 'string') return body.message.slice(0, 500);
  }
  if (typeof body === 'string') {
    const text = body
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return text.slice(0, 200);
  }
  return '';
}

/** Writes request log rows in the background, a batch at a time (never inside a transaction). */
class RequestLog {
  private pending: LoggedRequest[] = [];
  private flushing: Promise<void> | null = null;
  constructor(private readonly db: Db) {}

  add(entry: LoggedRequest): void {
    // A test of a connection not saved yet has no connection to log under.
    if (entry.connectionId <= 0) return;
    this.pending.push(entry);
    if (!this.flushing) this.flushing = this.flush().finally(() => (this.flushing = null));
  }

  /** Resolves once everything added so far is written. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, 200);
      try {
        await this.db.query(
          // Lines of a connection deleted meanwhile are left out, not the whole batch.
          `INSERT INTO shop_requests (connection_id, method, path, status, duration_ms, error)
           SELECT r.* FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[])
                  AS r(connection_id, method, path, status, duration_ms, error)
            WHERE EXISTS (SELECT 1 FROM shop_connections c WHERE c.id = r.connection_id)`,
          [
            batch.map((e) => e.connectionId),
            batch.map((e) => e.method),
            batch.map((e) => e.path),
            batch.map((e) => e.status),
            batch.map((e) => e.durationMs),
            batch.map((e) => e.error),
          ],
        );
      } catch {
        // A connection deleted meanwhile (foreign key) or a database going down: the log is
        // for people, a lost line stops nothing.
      }
    }
  }
}

const logs = new WeakMap<Db, RequestLog>();
function logOf(db: Db): RequestLog {
  let log = logs.get(db);
  if (!log) logs.set(db, (log = new RequestLog(db)));
  return log;
}

/** Waits until every request logged so far on `db` is written (tests, the end of a sync). */
export function drainRequestLog(db: Db): Promise<void> {
  return logOf(db).drain();
}

/** The per-shop state kept across requests in this process: in flight, paused until. */
interface ShopGate {
  inFlight: number;
  waiting: Array<() => void>;
  pausedUntil: number;
  /** The shop's clock minus ours, from its Date header (ms; 0 until known). */
  clockOffsetMs: number;
  /** Whether an answer with a Date header has come from the shop in this process. */
  clockKnown: boolean;
}
/** By connection and shop address (tests run several databases, with the same ids, in one process). */
const gates = new Map<string, ShopGate>();
function gateOf(connectionId: number, baseUrl: string): ShopGate {
  const key = `${connectionId} ${baseUrl}`;
  let gate = gates.get(key);
  if (!gate)
    gates.set(
      key,
      (gate = { inFlight: 0, waiting: [], pausedUntil: 0, clockOffsetMs: 0, clockKnown: false }),
    );
  return gate;
}

/** Forgets a connection's gates (a deleted connection). */
export function forgetShopGate(connectionId: number): void {
  for (const key of gates.keys()) if (key.startsWith(`${connectionId} `)) gates.delete(key);
}

/** One shop connection's HTTP client. */
export class ShopHttp {
  private readonly gate: ShopGate;
  private readonly log: RequestLog;

  constructor(
    readonly connectionId: number,
    private readonly baseUrl: string,
    db: Db,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {
    this.gate = gateOf(connectionId, baseUrl);
    this.log = logOf(db);
  }

  /** The shop's clock, as its Date headers tell it (Kontor's until the first answer). */
  shopNow(): Date {
    return new Date(Date.now() + this.gate.clockOffsetMs);
  }

  /** Whether the shop's clock is known (an answer with a Date header came in this process). */
  get clockKnown(): boolean {
    return this.gate.clockKnown;
  }

  /**
   * Sends the request, retrying what may succeed later. Answers 2xx (and 4xx with
   * `accept4xx`); throws ShopError otherwise.
   */
  async request(init: ShopRequestInit): Promise<ShopResponse> {
    const url = this.urlOf(init);
    const logPath = loggedPath(url);
    let lastError = '';
    let lastStatus = 0;
    for (let attempt = 1; attempt <= this.retry.attempts; attempt++) {
      await this.acquire();
      const started = Date.now();
      let response: ShopResponse | null = null;
      let waitMs = 0;
      try {
        response = await this.send(url, init);
        lastStatus = response.status;
        this.learnClock(response.headers);
        const retryable = RETRYABLE.has(response.status);
        const text = response.status >= 400 ? answerText(response) : '';
        this.log.add({
          connectionId: this.connectionId,
          method: init.method,
          path: logPath,
          status: response.status,
          durationMs: Date.now() - started,
          error: text || null,
        });
        if (!retryable) {
          if (response.status < 400 || (init.accept4xx && response.status < 500)) return response;
          throw new ShopError(
            `${response.status}: ${text || 'the shop refused the request'}`,
            response.status,
            false,
          );
        }
        lastError = `${response.status}: ${text || 'the shop is busy'}`;
        const after = retryAfterMs(response.headers.get('retry-after'));
        if (after !== null) {
          // Nothing of this connection leaves before the shop's Retry-After has run out.
          this.gate.pausedUntil = Math.max(
            this.gate.pausedUntil,
            Date.now() + after + RETRY_AFTER_MARGIN_MS,
          );
        }
        waitMs = this.backoff(attempt);
      } catch (error) {
        if (error instanceof ShopError) throw error;
        lastStatus = 0;
        lastError = networkText(error);
        this.log.add({
          connectionId: this.connectionId,
          method: init.method,
          path: logPath,
          status: 0,
          durationMs: Date.now() - started,
          error: lastError,
        });
        waitMs = this.backoff(attempt);
      } finally {
        this.release();
      }
      if (attempt < this.retry.attempts) await sleep(waitMs);
    }
    throw new ShopError(
      `${lastError} (gave up after ${this.retry.attempts} attempts)`,
      lastStatus,
      true,
    );
  }

  /** Full jitter: a random wait up to base × 2^(attempt−1), capped. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.retry.capMs, this.retry.baseMs * 2 ** (attempt - 1));
    return Math.random() * ceiling;
  }

  private urlOf(init: ShopRequestInit): URL {
    const url = new URL(init.path.replace(/^\/+/, ''), this.baseUrl.replace(/\/*$/, '/'));
    for (const [key, value] of Object.entries(init.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    return url;
  }

  private async send(url: URL, init: ShopRequestInit): Promise<ShopResponse> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const answer = await fetch(url, {
      method: init.method,
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(this.retry.timeoutMs),
    });
    // A Retry-After holds the other requests from the moment its headers are here (the body
    // may take a few more turns of the event loop).
    const after = RETRYABLE.has(answer.status)
      ? retryAfterMs(answer.headers.get('retry-after'))
      : null;
    if (after !== null)
      this.gate.pausedUntil = Math.max(
        this.gate.pausedUntil,
        Date.now() + after + RETRY_AFTER_MARGIN_MS,
      );
    const text = await answer.text();
    let parsed: unknown = text;
    if (text !== '' && (answer.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    } else if (text === '') parsed = null;
    return { status: answer.status, headers: answer.headers, body: parsed };
  }

  private learnClock(headers: Headers): void {
    const date = headers.get('date');
    if (!date) return;
    const at = Date.parse(date);
    // The header has whole seconds: keep the offset only when it is more than that.
    if (!Number.isNaN(at)) {
      this.gate.clockKnown = true;
      const offset = at - Date.now();
      this.gate.clockOffsetMs = Math.abs(offset) > 1500 ? offset : 0;
    }
  }

  /** Waits for a place among the requests in flight and for the shop's Retry-After. */
  private async acquire(): Promise<void> {
    for (;;) {
      // Answers already received are read first (a 429 among them pauses this request): on a
      // loop kept busy by the embedded database they may wait unread while we decide to send.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.gate.inFlight < MAX_IN_FLIGHT) {
        const pause = this.gate.pausedUntil - Date.now();
        if (pause <= 0) {
          this.gate.inFlight++;
          return;
        }
        await sleep(pause);
        continue;
      }
      await new Promise<void>((resolve) => this.gate.waiting.push(resolve));
    }
  }

  private release(): void {
    this.gate.inFlight--;
    this.gate.waiting.shift()?.();
  }
}

/** The path and query as logged: credentials in the query are replaced. */
function loggedPath(url: URL): string {
  const query = [...url.searchParams.entries()]
    .map(([key, value]) => `${key}=${SECRET_PARAMS.test(key) ? '…' : value}`)
    .join('&');
  return (url.pathname + (query ? `?${query}` : '')).slice(0, 1000);
}

function networkText(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'no answer in time';
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `no answer: ${cause?.code ?? cause?.message ?? error.message}`.slice(0, 300);
  }
  return 'no answer';
}
