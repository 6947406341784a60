import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ShopHttp } from './http';

// The server part of a shop connector: only what is particular to one shop's API. Everything
// else — credentials, cursor, windows, bindings, rules, outbox, retries, logging, webhooks'
// dedupe and queueing — is the platform's (sync.ts, take.ts, outbox.ts, http.ts), so every
// connector gets it right the same way. ARCHITECTURE.md "Adding a shop connector".

/** An address as a shop gives it, in Kontor's parts (a connector splits street and number). */
export interface ShopAddress {
  company: string;
  firstName: string;
  lastName: string;
  street: string;
  houseNumber: string;
  additionalLines: string;
  postcode: string;
  city: string;
  countryCode: string;
  state: string;
  email: string;
  phone: string;
}

/** A position of a shop's order. */
export interface ShopOrderItem {
  /** The shop's SKU ('' when the shop has none: a fulfillment error, never dropped). */
  sku: string;
  name: string;
  quantity: number;
  /** Gross price of one unit, cents (the shop's). */
  grossUnitCents: number;
  /** The shop's tax rate of the position, percent, when it says. */
  taxRate: number | null;
}

/** A shop's order as a connector reads it, in the platform's terms. */
export interface ShopOrder {
  externalId: string;
  number: string;
  /** The state the import rule compares (WooCommerce: status; Shopware: the payment state). */
  state: string;
  /** Cancelled in the shop (the Kontor order is cancelled, or blocked once packed). */
  cancelled: boolean;
  /** The shop's last change of the order (its clock, UTC). */
  modifiedAt: Date;
  /** When it was ordered (UTC). */
  orderedAt: Date;
  currency: string;
  shippingAddress: ShopAddress;
  /** null: the same as the shipping address. */
  billingAddress: ShopAddress | null;
  /** The shop's shipping method's stable key (mapped by the connection), null: none. */
  shippingKey: string | null;
  shippingLabel: string;
  items: ShopOrderItem[];
  comment: string;
  /** What the push-back needs later (delivery ids …): kept with the binding. */
  data: Record<string, unknown>;
}

/** A closed window [from, to) of the shop's changes, read a page at a time. */
export interface ShopWindow {
  from: Date;
  to: Date;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** One page of a window: its orders and the window's total when the shop says it. */
export interface ShopPage {
  orders: ShopOrder[];
  /** Orders in the window (all pages), null when unknown. */
  total: number | null;
}

/** What a connector's calls get: the connection's HTTP client, credentials and settings. */
export interface ShopContext {
  connectionId: number;
  http: ShopHttp;
  secrets: Readonly<Record<string, string>>;
  settings: Readonly<Record<string, string>>;
}

/** A shipment to push back. */
export interface ShopPush {
  externalId: string;
  /** The binding's shop_data (what fetch put there). */
  data: Record<string, unknown>;
  /** The shipment's tracking numbers (may be empty). */
  trackingNumbers: string[];
  /** The shipping method's carrier name, for shops that want a provider. */
  carrier: string;
  /** Everything of the order is shipped (else: a partial shipment). */
  complete: boolean;
  /** When the shipment was made. */
  shippedAt: Date;
}

/** What a webhook delivery says, once its signature checks out. */
export type ShopWebhook =
  | { kind: 'ping' }
  | { kind: 'bad-signature' }
  | { kind: 'event'; dedupeKey: string; externalIds: string[] };

/** The server part of a connector. */
export interface ShopConnectorDriver {
  /** Unique; the browser module registers the same name. */
  name: string;
  label: string;
  /** Settings that are no secret. */
  settingNames: readonly string[];
  /** Credentials (write-only), and which of them a connection cannot do without. */
  secretNames: readonly string[];
  requiredSecrets: readonly string[];
  /** The states an order may be in to be taken; the ones taken by default. */
  states: readonly string[];
  defaultImportStates: readonly string[];
  /** Asks the shop something small with these credentials; throws ShopError with its reason. */
  test(ctx: ShopContext): Promise<void>;
  /** One page of the orders the shop changed in the window, in a stable order. */
  fetchWindow(ctx: ShopContext, window: ShopWindow): Promise<ShopPage>;
  /** Orders by their ids (webhooks, a dead letter's retry); unknown ids are left out. */
  fetchByIds(ctx: ShopContext, externalIds: readonly string[]): Promise<ShopOrder[]>;
  /** Pushes a shipment back (tracking, then the shipped state); doing it again changes nothing. */
  pushShipment(ctx: ShopContext, push: ShopPush): Promise<void>;
  /** Reads a webhook delivery (raw body, lower-case headers); the secret checks its signature. */
  readWebhook(
    rawBody: Buffer,
    headers: Readonly<Record<string, string | undefined>>,
    secret: string,
  ): ShopWebhook;
}

const drivers = new Map<string, ShopConnectorDriver>();

/** Makes a connector's server part known (at module load). */
export function defineShopConnector(driver: ShopConnectorDriver): ShopConnectorDriver {
  if (!/^[a-z][a-z0-9_-]{0,49}$/.test(driver.name))
    throw new Error(`shop connector ${driver.name}: not a valid name`);
  drivers.set(driver.name, driver);
  return driver;
}

/** The connector of that name, or undefined. */
export function shopConnector(name: string): ShopConnectorDriver | undefined {
  return drivers.get(name);
}

/** Every known connector, by name. */
export function shopConnectors(): ShopConnectorDriver[] {
  return [...drivers.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Splits "Musterstraße 12a" into street and house number (the number '' when there is none). */
export function splitStreet(line: string): { street: string; houseNumber: string } {
  const text = line.trim().replace(/\s+/g, ' ');
  const match = /^(.*?\D)\s*(\d+(?:\s*[a-zA-Z])?(?:\s*[-/]\s*\d+(?:\s*[a-zA-Z])?)?)$/.exec(text);
  if (match && match[1]!.trim() !== '')
    return { street: match[1]!.trim().replace(/,$/, ''), houseNumber: match[2]! };
  // "12 Main Street": the number first (as in the UK, the US, France).
  const first = /^(\d+[a-zA-Z]?)\s+(.+)$/.exec(text);
  if (first) return { street: first[2]!, houseNumber: first[1]! };
  return { street: text, houseNumber: '' };
}

/** Cents of a money amount given as a number or a decimal string ("12.30"); NaN when not one. */
export function centsOf(value: unknown): number {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) ? Math.round(number * 100) : NaN;
}

/** A shop's JSON as connectors read it: values of any shape, read leniently. */
export type Json = Record<string, unknown>;
/** A string of the shop's JSON ('' for null, absent or another type's text). */
export const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
/** An object of the shop's JSON ({} when it is none). */
export const object = (value: unknown): Json =>
  value && typeof value === 'object' ? (value as Json) : {};
/** A list of objects of the shop's JSON ([] when it is none). */
export const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/**
 * Whether `signature` (hex or base64, as the shop sends it) is the HMAC-SHA256 of the raw
 * body with the secret; compared in constant time. No secret: never.
 */
export function hmacMatches(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
  encoding: 'hex' | 'base64',
): boolean {
  if (!signature || !secret) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(signature.trim(), encoding);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
