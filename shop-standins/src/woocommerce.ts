// A stand-in for a WooCommerce shop's REST API v3 (orders, order notes) and the Shipment
// Tracking extension, with WooCommerce's webhooks.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  StandinBase,
  cheapRandom,
  hmacBase64,
  parsePhpQuery,
  phpJson,
  randomHex,
  sendBody,
  sortRows,
  toMs,
  type BaseOptions,
  type Incoming,
  type RecordedRequest,
  type StandinShop,
  type WebhookDelivery,
  type WebhookTarget,
} from './common';
import { checkTimeZone, wallClock } from './timezone';
import type { PageConfig } from './ui';

export const WC_VERSION = '9.8.5';
const WP_VERSION = '6.8.1';

export const WC_STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
  'checkout-draft',
] as const;

const STATUS_NAMES: Record<string, string> = {
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
  'checkout-draft': 'Draft',
  trash: 'Trash',
};

export interface WooBilling {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  email: string;
  phone: string;
}

export type WooShipping = Omit<WooBilling, 'email'>;

export interface WooLineItemSeed {
  /** '' for a product without SKU; null for a product that no longer exists (product_id 0). */
  sku: string | null;
  quantity: number;
  name?: string;
  /** Unit price, default 19.99. */
  price?: number;
}

export interface WooShippingLineSeed {
  method_id: string;
  instance_id?: string;
  method_title?: string;
  /** Default 4.90. */
  total?: number;
}

export interface WooOrderSeed {
  /** Default: the id as a string. */
  number?: string;
  /** Default 'processing'. */
  status?: string;
  /** Default: the shop's now − lateWriteSeconds. */
  dateCreatedGmt?: Date | string;
  /** Default: dateCreatedGmt. */
  dateModifiedGmt?: Date | string;
  lineItems?: WooLineItemSeed[];
  /** Default: flat_rate / '1'. */
  shippingLines?: WooShippingLineSeed[];
  billing?: Partial<WooBilling>;
  shipping?: Partial<WooShipping>;
  customerNote?: string;
  /** Default 'EUR'. */
  currency?: string;
  paymentMethod?: string;
  paymentMethodTitle?: string;
  customerId?: number;
  metaData?: { key: string; value: unknown }[];
}

export interface WooOrderPatch {
  status?: string;
  billing?: Partial<WooBilling>;
  shipping?: Partial<WooShipping>;
  customerNote?: string;
  lineItems?: WooLineItemSeed[];
  shippingLines?: WooShippingLineSeed[];
  metaData?: { key: string; value: unknown }[];
}

/** An order as GET /wp-json/wc/v3/orders/{id} writes it. */
export interface WooOrder {
  id: number;
  number: string;
  status: string;
  currency: string;
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  total: string;
  customer_note: string;
  billing: WooBilling;
  shipping: WooShipping;
  line_items: {
    id: number;
    name: string;
    product_id: number;
    sku: string | null;
    quantity: number;
    price: number;
    total: string;
    [key: string]: unknown;
  }[];
  shipping_lines: {
    id: number;
    method_id: string;
    instance_id: string;
    method_title: string;
    [key: string]: unknown;
  }[];
  meta_data: { id: number; key: string; value: unknown }[];
  [key: string]: unknown;
}

export interface WooTracking {
  tracking_id: string;
  tracking_provider: string;
  tracking_link: string;
  tracking_number: string;
  /** 'YYYY-MM-DD' in the site's time zone. */
  date_shipped: string;
}

export interface WooNote {
  id: number;
  author: string;
  date_created: string;
  date_created_gmt: string;
  note: string;
  customer_note: boolean;
}

export interface WooStatusChange {
  id: number;
  from: string;
  to: string;
  at: number;
}

export interface WooCommerceOptions extends BaseOptions {
  /** Default `ck_` + 40 hex. */
  consumerKey?: string;
  /** Default `cs_` + 40 hex. */
  consumerSecret?: string;
  /** IANA zone of the site, default 'UTC'. */
  timeZone?: string;
  webhook?: WebhookTarget;
}

export type WooTopic = 'order.created' | 'order.updated' | 'order.deleted';

export interface WooCommerceStandin extends StandinShop {
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly timeZone: string;
  /** Status changes made through the API that changed something. */
  readonly statusChanges: WooStatusChange[];
  addOrder(seed?: WooOrderSeed): WooOrder;
  addOrders(count: number, seed?: WooOrderSeed): WooOrder[];
  updateOrder(id: number, patch: WooOrderPatch): WooOrder;
  order(id: number): WooOrder | undefined;
  orders(): WooOrder[];
  trackings(orderId: number): WooTracking[];
  notes(orderId: number): WooNote[];
  /** Sets (and pings, form-encoded `webhook_id=…`, unsigned) the webhook; resolves with the ping's status. */
  setWebhook(target: WebhookTarget | null): Promise<number | null>;
  sendWebhook(orderId: number, topic?: WooTopic): Promise<number[]>;
  /** Resolves when all webhooks queued so far have been delivered. */
  webhooksIdle(): Promise<void>;
  /** Every webhook delivery attempt (pings and duplicates included), with headers and raw body. */
  readonly webhookDeliveries: WebhookDelivery[];
}

// ---------------------------------------------------------------------------------------------

interface LineItemRecord {
  id: number;
  name: string;
  productId: number;
  sku: string | null;
  quantity: number;
  price: number;
}

interface ShippingLineRecord {
  id: number;
  methodId: string;
  instanceId: string;
  methodTitle: string;
  total: number;
}

interface NoteRecord {
  id: number;
  note: string;
  customerNote: boolean;
  author: string;
  created: number;
}

interface TrackingRecord {
  tracking_provider: string;
  custom_tracking_provider: string;
  custom_tracking_link: string;
  tracking_number: string;
  date_shipped: string;
  tracking_id: string;
}

interface OrderRecord {
  id: number;
  number: string;
  orderKey: string;
  status: string;
  currency: string;
  created: number;
  modified: number;
  paid: number | null;
  completed: number | null;
  customerId: number;
  customerNote: string;
  billing: WooBilling;
  shipping: WooShipping;
  paymentMethod: string;
  paymentMethodTitle: string;
  transactionId: string;
  cartHash: string;
  meta: { id: number; key: string; value: unknown }[];
  lineItems: LineItemRecord[];
  shippingLines: ShippingLineRecord[];
  notes: NoteRecord[];
  trackings: TrackingRecord[];
  // Derived, kept current by touch(): the columns the queries compare.
  createdLocal: string;
  createdGmt: string;
  modifiedLocal: string;
  modifiedGmt: string;
  title: string;
  slug: string;
}

const DEFAULT_BILLING: WooBilling = {
  first_name: 'Erika',
  last_name: 'Mustermann',
  company: '',
  address_1: 'Heidestraße 17',
  address_2: '',
  city: 'Köln',
  state: '',
  postcode: '51147',
  country: 'DE',
  email: 'erika.mustermann@example.com',
  phone: '',
};

const CURRENCY_SYMBOLS: Record<string, string> = {
  EUR: '€',
  USD: '$',
  GBP: '£',
  CHF: 'CHF',
  PLN: 'zł',
};

const PROVIDER_LINKS: Record<string, string> = {
  DHL: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?lang=de&idc=%s',
  'Deutsche Post DHL':
    'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?lang=de&idc=%s',
  'DPD.de': 'https://tracking.dpd.de/parcelstatus?query=%s&locale=en_DE',
  DPD: 'https://tracking.dpd.de/parcelstatus?query=%s&locale=en_DE',
  Hermes: 'https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation/#%s',
  GLS: 'https://gls-group.eu/DE/en/parcel-tracking?match=%s',
  UPS: 'https://www.ups.com/track?loc=en_US&tracknum=%s',
  'UPS Germany': 'https://wwwapps.ups.com/WebTracking/track?track=yes&trackNums=%s',
  FedEx: 'https://www.fedex.com/fedextrack/?action=track&tracknumbers=%s',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction_input?qtc_tLabels1=%s',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const fmt = (n: number, dp: number): string => (Math.round(n * 10 ** dp) / 10 ** dp).toFixed(dp);
const cmp = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);
const floorSec = (ms: number): number => Math.floor(ms / 1000) * 1000;
const sqlWall = (iso: string): string => iso.replace('T', ' ');

/** WordPress's REST date-time format (rest_parse_date). */
const REST_DATE =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

class WpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface ParamSpec {
  type: 'integer' | 'string' | 'boolean' | 'date-time' | 'array-int' | 'array-enum' | 'enum';
  min?: number;
  max?: number;
  enum?: readonly string[];
}

const ORDERBY = ['date', 'id', 'include', 'title', 'slug', 'modified'] as const;
const STATUS_FILTER = ['any', 'trash', ...WC_STATUSES];

const LIST_PARAMS: Record<string, ParamSpec> = {
  context: { type: 'enum', enum: ['view', 'edit'] },
  page: { type: 'integer', min: 1 },
  per_page: { type: 'integer', min: 1, max: 100 },
  search: { type: 'string' },
  after: { type: 'date-time' },
  before: { type: 'date-time' },
  modified_after: { type: 'date-time' },
  modified_before: { type: 'date-time' },
  dates_are_gmt: { type: 'boolean' },
  exclude: { type: 'array-int' },
  include: { type: 'array-int' },
  offset: { type: 'integer' },
  order: { type: 'enum', enum: ['asc', 'desc'] },
  orderby: { type: 'enum', enum: ORDERBY },
  parent: { type: 'array-int' },
  parent_exclude: { type: 'array-int' },
  status: { type: 'array-enum', enum: STATUS_FILTER },
  customer: { type: 'integer' },
  product: { type: 'integer' },
  dp: { type: 'integer' },
};

/** WordPress's "a, b, and c". */
const listAnd = (items: readonly string[]): string =>
  items.length <= 2
    ? items.join(' and ')
    : `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;

function wpList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value === undefined || value === null) return [];
  return String(value)
    .split(/[\s,]+/)
    .filter((x) => x !== '');
}

const isWpInteger = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isInteger(v)) ||
  (typeof v === 'string' && /^\s*-?\d+(\.0*)?\s*$/.test(v));

/** rest_sanitize_boolean(): true/false, "true"/"false", 1/0, "1"/"0", "" (false); anything else is invalid. */
const wpBoolean = (v: unknown): boolean | null => {
  if (typeof v === 'boolean') return v;
  const s = String(v).toLowerCase();
  if (s === 'true' || s === '1') return true;
  if (s === 'false' || s === '0' || s === '') return false;
  return null;
};

/** Validates like WP_REST_Request::has_valid_params(); returns the invalid ones. */
function validateParams(params: Record<string, unknown>, specs: Record<string, ParamSpec>): void {
  const invalid: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  const fail = (key: string, code: string, message: string): void => {
    invalid[key] = message;
    details[key] = { code, message, data: null };
  };
  for (const [key, spec] of Object.entries(specs)) {
    if (!(key in params)) continue;
    const v = params[key];
    switch (spec.type) {
      case 'integer': {
        if (!isWpInteger(v)) {
          fail(key, 'rest_invalid_type', `${key} is not of type integer.`);
          break;
        }
        const n = Number(v);
        if (spec.min !== undefined && spec.max !== undefined && (n < spec.min || n > spec.max)) {
          fail(
            key,
            'rest_out_of_bounds',
            `${key} must be between ${spec.min} (inclusive) and ${spec.max} (inclusive)`,
          );
        } else if (spec.min !== undefined && n < spec.min) {
          fail(key, 'rest_out_of_bounds', `${key} must be greater than or equal to ${spec.min}`);
        }
        break;
      }
      case 'boolean':
        if (wpBoolean(v) === null) fail(key, 'rest_invalid_type', `${key} is not of type boolean.`);
        break;
      case 'date-time':
        if (typeof v !== 'string' || !REST_DATE.test(v))
          fail(key, 'rest_invalid_date', 'Invalid date.');
        break;
      case 'enum':
        if (!spec.enum!.includes(String(v))) {
          fail(key, 'rest_not_in_enum', `${key} is not one of ${listAnd(spec.enum!)}.`);
        }
        break;
      case 'array-int': {
        const bad = wpList(v).findIndex((x) => !isWpInteger(x));
        if (bad >= 0) fail(key, 'rest_invalid_type', `${key}[${bad}] is not of type integer.`);
        break;
      }
      case 'array-enum': {
        const list = wpList(v);
        const bad = list.findIndex((x) => !spec.enum!.includes(x));
        if (bad >= 0)
          fail(key, 'rest_not_in_enum', `${key}[${bad}] is not one of ${listAnd(spec.enum!)}.`);
        break;
      }
      case 'string':
        break;
    }
  }
  const keys = Object.keys(invalid);
  if (keys.length) {
    throw new WpError(400, 'rest_invalid_param', `Invalid parameter(s): ${keys.join(', ')}`, {
      params: invalid,
      details,
    });
  }
}

class WooCommerceStandinImpl extends StandinBase implements WooCommerceStandin {
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly timeZone: string;
  readonly statusChanges: WooStatusChange[] = [];
  private readonly list: OrderRecord[] = [];
  private readonly byId = new Map<number, OrderRecord>();
  private nextOrderId = 101;
  private nextItemId = 1;
  private nextMetaId = 1;
  private nextNoteId = 1;
  private readonly webhookId = 1;
  private readonly salt = randomHex(16);

  constructor(options: WooCommerceOptions) {
    super();
    this.consumerKey = options.consumerKey ?? 'ck_' + randomHex(20);
    this.consumerSecret = options.consumerSecret ?? 'cs_' + randomHex(20);
    this.timeZone = checkTimeZone(options.timeZone ?? 'UTC');
  }

  // --- programmatic API ---------------------------------------------------------------------------

  addOrder(seed: WooOrderSeed = {}): WooOrder {
    const record = this.insert(seed);
    this.emit(record, 'order.created');
    return this.toJson(record, 2);
  }

  addOrders(count: number, seed: WooOrderSeed = {}): WooOrder[] {
    if (!Number.isInteger(count) || count < 0)
      throw new TypeError('addOrders: count must be a whole number');
    const records: OrderRecord[] = [];
    for (let i = 0; i < count; i++) records.push(this.insert({ ...seed, number: undefined }));
    for (const r of records) this.emit(r, 'order.created');
    return records.map((r) => this.toJson(r, 2));
  }

  updateOrder(id: number, patch: WooOrderPatch): WooOrder {
    const record = this.byId.get(id);
    if (!record) throw new Error(`no order ${id}`);
    const changed = this.applyPatch(record, patch, false);
    if (changed) this.emit(record, 'order.updated');
    return this.toJson(record, 2);
  }

  order(id: number): WooOrder | undefined {
    const r = this.byId.get(id);
    return r ? this.toJson(r, 2) : undefined;
  }

  orders(): WooOrder[] {
    return this.list.map((r) => this.toJson(r, 2));
  }

  trackings(orderId: number): WooTracking[] {
    const r = this.byId.get(orderId);
    return r ? r.trackings.map((t) => this.trackingJson(t)) : [];
  }

  notes(orderId: number): WooNote[] {
    const r = this.byId.get(orderId);
    return r ? r.notes.toReversed().map((n) => this.noteJson(n)) : [];
  }

  async setWebhook(target: WebhookTarget | null): Promise<number | null> {
    this.webhook = target ? { url: target.url, secret: target.secret } : null;
    if (!target) return null;
    // WooCommerce pings a new webhook: form-encoded, unsigned, no X-WC-Webhook-* headers.
    const [status] = await this.queueWebhook(() => [
      {
        url: target.url,
        body: `webhook_id=${this.webhookId}`,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
          'User-Agent': `WooCommerce/${WC_VERSION} Hookshot (WordPress/${WP_VERSION})`,
        },
      },
    ]);
    return status ?? 0;
  }

  sendWebhook(orderId: number, topic: WooTopic = 'order.updated'): Promise<number[]> {
    const record = this.byId.get(orderId);
    if (!record) return Promise.reject(new Error(`no order ${orderId}`));
    return this.deliver(record, topic);
  }

  // --- orders ----------------------------------------------------------------------------------------

  private insert(seed: WooOrderSeed): OrderRecord {
    const status = seed.status ?? 'processing';
    if (!(WC_STATUSES as readonly string[]).includes(status))
      throw new TypeError(`unknown order status "${status}"`);
    const id = this.nextOrderId++;
    const created = floorSec(
      seed.dateCreatedGmt !== undefined
        ? toMs(seed.dateCreatedGmt, 'dateCreatedGmt')
        : this.nowMs() - this.switches.lateWriteSeconds * 1000,
    );
    const modified = floorSec(
      seed.dateModifiedGmt !== undefined ? toMs(seed.dateModifiedGmt, 'dateModifiedGmt') : created,
    );
    const billing = { ...DEFAULT_BILLING, ...seed.billing };
    const { email: _email, ...billingShipping } = billing;
    const shipping: WooShipping = { ...billingShipping, ...seed.shipping };
    const paid = status === 'processing' || status === 'completed' ? created : null;
    const record: OrderRecord = {
      id,
      number: seed.number ?? String(id),
      orderKey:
        'wc_order_' +
        cheapRandom('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 13),
      status,
      currency: seed.currency ?? 'EUR',
      created,
      modified,
      paid,
      completed: status === 'completed' ? modified : null,
      customerId: seed.customerId ?? 0,
      customerNote: seed.customerNote ?? '',
      billing,
      shipping,
      paymentMethod: seed.paymentMethod ?? 'bacs',
      paymentMethodTitle: seed.paymentMethodTitle ?? 'Direct bank transfer',
      transactionId: '',
      cartHash: cheapRandom('0123456789abcdef', 32),
      meta: [],
      lineItems: [],
      shippingLines: [],
      notes: [],
      trackings: [],
      createdLocal: '',
      createdGmt: '',
      modifiedLocal: '',
      modifiedGmt: '',
      title: '',
      slug: '',
    };
    record.lineItems = this.lineItems(seed.lineItems ?? [{ sku: 'WOO-1', quantity: 1 }]);
    record.shippingLines = this.shippingLines(
      seed.shippingLines ?? [
        { method_id: 'flat_rate', instance_id: '1', method_title: 'Flat rate' },
      ],
    );
    for (const m of seed.metaData ?? [])
      record.meta.push({ id: this.nextMetaId++, key: m.key, value: m.value });
    this.derive(record);
    this.list.push(record);
    this.byId.set(id, record);
    return record;
  }

  private lineItems(seeds: WooLineItemSeed[]): LineItemRecord[] {
    return seeds.map((s) => {
      if (!Number.isInteger(s.quantity) || s.quantity < 1)
        throw new TypeError('line item quantity must be a positive integer');
      const productId =
        s.sku === null
          ? 0
          : (parseInt(
              createHash('md5')
                .update('product:' + s.sku)
                .digest('hex')
                .slice(0, 6),
              16,
            ) %
              9000) +
            10;
      return {
        id: this.nextItemId++,
        name: s.name ?? (s.sku ? `Product ${s.sku}` : 'Product'),
        productId,
        sku: s.sku,
        quantity: s.quantity,
        price: s.price ?? 19.99,
      };
    });
  }

  private shippingLines(seeds: WooShippingLineSeed[]): ShippingLineRecord[] {
    return seeds.map((s) => ({
      id: this.nextItemId++,
      methodId: s.method_id,
      instanceId: s.instance_id ?? '1',
      methodTitle: s.method_title ?? s.method_id,
      total: s.total ?? 4.9,
    }));
  }

  /** The columns WordPress keeps next to the dates: local and GMT, to the second. */
  private derive(r: OrderRecord): void {
    const createdLocal = sqlWall(wallClock(r.created, this.timeZone));
    if (r.createdLocal !== createdLocal || r.title === '') {
      r.createdLocal = createdLocal;
      r.createdGmt = sqlWall(wallClock(r.created, 'UTC'));
      // post_title and post_name, from the local creation time.
      const [y, mo, d, h, mi] = createdLocal.split(/[- :]/).map(Number);
      const h12 = String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0');
      const ampm = h < 12 ? 'AM' : 'PM';
      const mm = String(mi).padStart(2, '0');
      r.title = `Order &ndash; ${MONTHS[mo - 1]} ${d}, ${y} @ ${h12}:${mm} ${ampm}`;
      r.slug = `order-${MONTHS[mo - 1].slice(0, 3).toLowerCase()}-${String(d).padStart(2, '0')}-${y}-${h12}${mm}-${ampm.toLowerCase()}`;
    }
    r.modifiedGmt = sqlWall(wallClock(r.modified, 'UTC'));
    r.modifiedLocal =
      r.modified === r.created ? r.createdLocal : sqlWall(wallClock(r.modified, this.timeZone));
  }

  private touch(r: OrderRecord): void {
    r.modified = floorSec(this.nowMs());
    this.derive(r);
  }

  /** Applies a change; returns whether anything changed. `viaApi` records status changes. */
  private applyPatch(r: OrderRecord, patch: WooOrderPatch, viaApi: boolean): boolean {
    let changed = false;
    const assign = <K extends keyof WooBilling>(
      target: Record<string, string>,
      change: Partial<Record<K, string>>,
    ): void => {
      for (const [k, v] of Object.entries(change)) {
        if (v !== undefined && k in target && target[k] !== v) {
          target[k] = String(v);
          changed = true;
        }
      }
    };
    if (patch.billing) assign(r.billing as unknown as Record<string, string>, patch.billing);
    if (patch.shipping) assign(r.shipping as unknown as Record<string, string>, patch.shipping);
    if (patch.customerNote !== undefined && patch.customerNote !== r.customerNote) {
      r.customerNote = patch.customerNote;
      changed = true;
    }
    if (patch.lineItems) {
      r.lineItems = this.lineItems(patch.lineItems);
      changed = true;
    }
    if (patch.shippingLines) {
      r.shippingLines = this.shippingLines(patch.shippingLines);
      changed = true;
    }
    for (const m of patch.metaData ?? []) {
      const existing = r.meta.find((x) => x.key === m.key);
      if (existing) {
        if (JSON.stringify(existing.value) !== JSON.stringify(m.value)) {
          existing.value = m.value;
          changed = true;
        }
      } else {
        r.meta.push({ id: this.nextMetaId++, key: m.key, value: m.value });
        changed = true;
      }
    }
    if (patch.status !== undefined && patch.status !== r.status) {
      if (!(WC_STATUSES as readonly string[]).includes(patch.status))
        throw new TypeError(`unknown order status "${patch.status}"`);
      const from = r.status;
      r.status = patch.status;
      const now = floorSec(this.nowMs());
      if ((patch.status === 'processing' || patch.status === 'completed') && r.paid === null)
        r.paid = now;
      if (patch.status === 'completed' && r.completed === null) r.completed = now;
      r.notes.push({
        id: this.nextNoteId++,
        note: `Order status changed from ${STATUS_NAMES[from]} to ${STATUS_NAMES[patch.status]}.`,
        customerNote: false,
        author: 'system',
        created: now,
      });
      if (viaApi) this.statusChanges.push({ id: r.id, from, to: patch.status, at: Date.now() });
      changed = true;
    }
    if (changed) this.touch(r);
    return changed;
  }

  // --- JSON ------------------------------------------------------------------------------------------

  private local(ms: number | null): string | null {
    return ms === null ? null : wallClock(ms, this.timeZone);
  }

  private gmt(ms: number | null): string | null {
    return ms === null ? null : wallClock(ms, 'UTC');
  }

  private orderUrl(id: number): string {
    return `${this.url}/wp-json/wc/v3/orders/${id}`;
  }

  private toJson(r: OrderRecord, dp: number): WooOrder {
    const lineTotal = r.lineItems.reduce(
      (s, i) => s + Math.round(i.price * i.quantity * 100) / 100,
      0,
    );
    const shippingTotal = r.shippingLines.reduce((s, l) => s + l.total, 0);
    const total = lineTotal + shippingTotal;
    const json: WooOrder = {
      id: r.id,
      parent_id: 0,
      status: r.status,
      currency: r.currency,
      version: WC_VERSION,
      prices_include_tax: false,
      date_created: r.createdLocal.replace(' ', 'T'),
      date_modified: r.modifiedLocal.replace(' ', 'T'),
      discount_total: fmt(0, dp),
      discount_tax: fmt(0, dp),
      shipping_total: fmt(shippingTotal, dp),
      shipping_tax: fmt(0, dp),
      cart_tax: fmt(0, dp),
      total: fmt(total, dp),
      total_tax: fmt(0, dp),
      customer_id: r.customerId,
      order_key: r.orderKey,
      billing: { ...r.billing },
      shipping: { ...r.shipping },
      payment_method: r.paymentMethod,
      payment_method_title: r.paymentMethodTitle,
      transaction_id: r.transactionId,
      customer_ip_address: '192.0.2.10',
      customer_user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      created_via: 'checkout',
      customer_note: r.customerNote,
      date_completed: this.local(r.completed),
      date_paid: this.local(r.paid),
      cart_hash: r.cartHash,
      number: r.number,
      meta_data: r.meta.map((m) => ({ id: m.id, key: m.key, value: structuredClone(m.value) })),
      line_items: r.lineItems.map((i) => {
        const lt = Math.round(i.price * i.quantity * 100) / 100;
        return {
          id: i.id,
          name: i.name,
          product_id: i.productId,
          variation_id: 0,
          quantity: i.quantity,
          tax_class: '',
          subtotal: fmt(lt, dp),
          subtotal_tax: fmt(0, dp),
          total: fmt(lt, dp),
          total_tax: fmt(0, dp),
          taxes: [],
          meta_data: [],
          sku: i.sku,
          price: i.quantity ? lt / i.quantity : 0,
          image: { id: 0, src: '' },
          parent_name: null,
        };
      }),
      tax_lines: [],
      shipping_lines: r.shippingLines.map((l) => ({
        id: l.id,
        method_title: l.methodTitle,
        method_id: l.methodId,
        instance_id: l.instanceId,
        total: fmt(l.total, dp),
        total_tax: fmt(0, dp),
        taxes: [],
        tax_status: 'taxable',
        meta_data: [],
      })),
      fee_lines: [],
      coupon_lines: [],
      refunds: [],
      payment_url: `${this.url}/checkout/order-pay/${r.id}/?pay_for_order=true&key=${r.orderKey}`,
      is_editable: ['pending', 'on-hold', 'auto-draft', 'checkout-draft'].includes(r.status),
      needs_payment: ['pending', 'failed'].includes(r.status) && total > 0,
      needs_processing: true,
      date_created_gmt: r.createdGmt.replace(' ', 'T'),
      date_modified_gmt: r.modifiedGmt.replace(' ', 'T'),
      date_completed_gmt: this.gmt(r.completed),
      date_paid_gmt: this.gmt(r.paid),
      currency_symbol: CURRENCY_SYMBOLS[r.currency] ?? r.currency,
      _links: {
        self: [
          {
            href: this.orderUrl(r.id),
            targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
          },
        ],
        collection: [{ href: `${this.url}/wp-json/wc/v3/orders` }],
        ...(r.customerId
          ? { customer: [{ href: `${this.url}/wp-json/wc/v3/customers/${r.customerId}` }] }
          : {}),
      },
    };
    return json;
  }

  private noteJson(n: NoteRecord, orderId?: number): WooNote {
    const base: WooNote = {
      id: n.id,
      author: n.author,
      date_created: wallClock(n.created, this.timeZone),
      date_created_gmt: wallClock(n.created, 'UTC'),
      note: n.note,
      customer_note: n.customerNote,
    };
    if (orderId === undefined) return base;
    return {
      ...base,
      _links: {
        self: [{ href: `${this.orderUrl(orderId)}/notes/${n.id}` }],
        collection: [{ href: `${this.orderUrl(orderId)}/notes` }],
        up: [{ href: this.orderUrl(orderId) }],
      },
    } as WooNote;
  }

  private trackingJson(t: TrackingRecord, orderId?: number): WooTracking {
    const provider = t.custom_tracking_provider || t.tracking_provider;
    const link =
      t.custom_tracking_link ||
      (PROVIDER_LINKS[t.tracking_provider] ?? '').replace(
        '%s',
        encodeURIComponent(t.tracking_number),
      );
    const base: WooTracking = {
      tracking_id: t.tracking_id,
      tracking_provider: provider,
      tracking_link: link,
      tracking_number: t.tracking_number,
      date_shipped: wallClock(Number(t.date_shipped) * 1000, this.timeZone).slice(0, 10),
    };
    if (orderId === undefined) return base;
    const collection = `${this.url}/wp-json/wc-shipment-tracking/v3/orders/${orderId}/shipment-trackings`;
    return {
      ...base,
      _links: {
        self: [{ href: `${collection}/${t.tracking_id}` }],
        collection: [{ href: collection }],
        up: [{ href: this.orderUrl(orderId) }],
      },
    } as WooTracking;
  }

  // --- webhooks --------------------------------------------------------------------------------------

  private emit(r: OrderRecord, topic: WooTopic): void {
    if (!this.webhook) return;
    this.deliver(r, topic).catch(() => undefined);
  }

  private deliver(r: OrderRecord, topic: WooTopic): Promise<number[]> {
    const target = this.webhook;
    if (!target) return Promise.resolve([]);
    const event = topic.split('.')[1];
    // The payload is taken when the hook fires; the delivery id is a hash of the webhook id and
    // the second, so two deliveries within one second share it.
    const payload = event === 'deleted' ? { id: r.id } : this.toJson(r, 2);
    const body = phpJson(payload);
    const second = Math.floor(this.nowMs() / 1000);
    const deliveryId = createHash('md5')
      .update(`${this.salt}${this.webhookId}${second}`)
      .digest('hex');
    const times = 1 + this.switches.webhookDuplicates;
    const signature = hmacBase64(
      this.switches.webhookBadSignature ? target.secret + '-wrong' : target.secret,
      body,
    );
    return this.queueWebhook(() =>
      Array.from({ length: times }, () => ({
        url: target.url,
        body,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': `WooCommerce/${WC_VERSION} Hookshot (WordPress/${WP_VERSION})`,
          'X-WC-Webhook-Source': `${this.url}/`,
          'X-WC-Webhook-Topic': topic,
          'X-WC-Webhook-Resource': 'order',
          'X-WC-Webhook-Event': event,
          'X-WC-Webhook-Signature': signature,
          'X-WC-Webhook-ID': String(this.webhookId),
          'X-WC-Webhook-Delivery-ID': deliveryId,
        },
      })),
    );
  }

  // --- HTTP ------------------------------------------------------------------------------------------

  protected isApiPath(path: string): boolean {
    return path === '/wp-json' || path.startsWith('/wp-json/');
  }

  protected tooManyRequests(inc: Incoming, retryAfter: number): void {
    // Hosts and proxies rate-limit WooCommerce, not WooCommerce itself: an HTML page.
    sendBody(
      inc.res,
      429,
      '<html>\r\n<head><title>429 Too Many Requests</title></head>\r\n<body>\r\n<center><h1>429 Too Many Requests</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
      { 'Content-Type': 'text/html', 'Retry-After': String(retryAfter), Server: 'nginx' },
    );
  }

  protected serviceUnavailable(inc: Incoming): void {
    sendBody(
      inc.res,
      503,
      '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
      { 'Content-Type': 'text/html', Server: 'nginx' },
    );
  }

  private restHeaders(): Record<string, string> {
    return {
      'Content-Type': 'application/json; charset=UTF-8',
      'X-Robots-Tag': 'noindex',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
      'Access-Control-Allow-Headers':
        'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    };
  }

  private sendRest(
    inc: Incoming,
    status: number,
    body: unknown,
    headers: Record<string, string | string[]> = {},
  ): void {
    sendBody(inc.res, status, phpJson(body), { ...this.restHeaders(), ...headers });
  }

  protected async handleApi(inc: Incoming, _record: RecordedRequest): Promise<void> {
    try {
      this.route(inc);
    } catch (err) {
      if (err instanceof WpError) {
        this.sendRest(
          inc,
          err.status,
          { code: err.code, message: err.message, data: { status: err.status, ...err.data } },
          err.headers,
        );
        return;
      }
      throw err;
    }
  }

  /** WP_REST_Request's parameters: JSON body, then form body, then query string. */
  private params(inc: Incoming): Record<string, unknown> {
    const params: Record<string, unknown> = parsePhpQuery(inc.url.search.slice(1));
    const type = (inc.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const text = inc.body.toString('utf8');
    if (type === 'application/x-www-form-urlencoded') Object.assign(params, parsePhpQuery(text));
    if (type === 'application/json' && text.trim() !== '') {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new WpError(400, 'rest_invalid_json', 'Invalid JSON body passed.', {
          json_error_code: 4,
          json_error_message: 'Syntax error',
        });
      }
      if (json !== null && typeof json === 'object' && !Array.isArray(json))
        Object.assign(params, json);
    }
    return params;
  }

  /**
   * WC_REST_Authentication: query parameters first, then Basic. A known key with a wrong secret
   * is an error before anything else; an unknown key is simply not logged in.
   */
  private authenticate(inc: Incoming): boolean {
    let key = inc.query.get('consumer_key') ?? '';
    let secret = inc.query.get('consumer_secret') ?? '';
    if (!key || !secret) {
      key = '';
      secret = '';
      const basic = /^Basic\s+(.+)$/i.exec(inc.header('authorization') ?? '');
      if (basic) {
        const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        if (colon > 0) {
          key = decoded.slice(0, colon);
          secret = decoded.slice(colon + 1);
        }
      }
    }
    if (!key || !secret) return false;
    if (key !== this.consumerKey) return false;
    const a = Buffer.from(secret);
    const b = Buffer.from(this.consumerSecret);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      throw new WpError(
        401,
        'woocommerce_rest_authentication_error',
        'Consumer secret is invalid.',
        {},
        {
          'WWW-Authenticate':
            'Basic realm="WooCommerce API. Use a consumer key in the username field and a consumer secret in the password field."',
        },
      );
    }
    return true;
  }

  private noRoute(): never {
    throw new WpError(
      404,
      'rest_no_route',
      'No route was found matching the URL and request method.',
    );
  }

  private route(inc: Incoming): void {
    const { method, path } = inc;
    const p = path.replace(/\/+$/, '');
    const wcNamespace = /^\/wp-json\/wc[/-]/.test(p + '/');
    const loggedIn = wcNamespace ? this.authenticate(inc) : false;
    const denied = (code: string, message: string): never => {
      throw new WpError(401, code, message);
    };
    const editable = method === 'POST' || method === 'PUT' || method === 'PATCH';
    let m: RegExpExecArray | null;

    if (p === '/wp-json/wc/v3' && method === 'GET') {
      this.sendRest(inc, 200, {
        namespace: 'wc/v3',
        routes: {
          '/wc/v3/orders': { namespace: 'wc/v3', methods: ['GET', 'POST'] },
          '/wc/v3/orders/(?P<id>[\\d]+)': {
            namespace: 'wc/v3',
            methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
          },
          '/wc/v3/orders/(?P<order_id>[\\d]+)/notes': {
            namespace: 'wc/v3',
            methods: ['GET', 'POST'],
          },
        },
      });
      return;
    }
    if (p === '/wp-json/wc/v3/orders') {
      if (method !== 'GET') this.noRoute();
      const params = this.params(inc);
      validateParams(params, LIST_PARAMS);
      if (!loggedIn) denied('woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
      this.listOrders(inc, params);
      return;
    }
    if ((m = /^\/wp-json\/wc\/v3\/orders\/(\d+)$/.exec(p))) {
      const id = Number(m[1]);
      const params = this.params(inc);
      if (method === 'GET') {
        validateParams(params, {
          dp: { type: 'integer' },
          context: { type: 'enum', enum: ['view', 'edit'] },
        });
        if (!loggedIn)
          denied('woocommerce_rest_cannot_view', 'Sorry, you cannot view this resource.');
        const r = this.byId.get(id);
        if (!r) throw new WpError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
        this.sendRest(inc, 200, this.filterFields(this.toJson(r, this.dp(params)), params));
        return;
      }
      if (editable) {
        validateParams(params, { status: { type: 'enum', enum: WC_STATUSES } });
        if (!loggedIn)
          denied(
            'woocommerce_rest_cannot_edit',
            'Sorry, you are not allowed to edit this resource.',
          );
        const r = this.byId.get(id);
        // update_item answers an unknown id with 400, not 404.
        if (!r) throw new WpError(400, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
        this.updateViaApi(inc, r, params);
        return;
      }
      this.noRoute();
    }
    if ((m = /^\/wp-json\/wc\/v3\/orders\/(\d+)\/notes(?:\/(\d+))?$/.exec(p))) {
      const orderId = Number(m[1]);
      const noteId = m[2] === undefined ? null : Number(m[2]);
      const params = this.params(inc);
      if (method === 'GET') {
        validateParams(params, { type: { type: 'enum', enum: ['any', 'customer', 'internal'] } });
        if (!loggedIn)
          denied(
            'woocommerce_rest_cannot_view',
            noteId === null
              ? 'Sorry, you cannot list resources.'
              : 'Sorry, you cannot view this resource.',
          );
        const r = this.byId.get(orderId);
        if (!r) throw new WpError(404, 'woocommerce_rest_order_invalid_id', 'Invalid order ID.');
        if (noteId !== null) {
          const n = r.notes.find((x) => x.id === noteId);
          if (!n) throw new WpError(404, 'woocommerce_rest_invalid_id', 'Invalid resource ID.');
          this.sendRest(inc, 200, this.noteJson(n, r.id));
          return;
        }
        const type = String(params.type ?? 'any');
        const notes = r.notes
          .filter((n) => type === 'any' || (type === 'customer') === n.customerNote)
          .toReversed()
          .map((n) => this.noteJson(n, r.id));
        this.sendRest(inc, 200, notes);
        return;
      }
      if (method === 'POST' && noteId === null) {
        if (params.note === undefined || params.note === null) {
          throw new WpError(400, 'rest_missing_callback_param', 'Missing parameter(s): note', {
            params: ['note'],
          });
        }
        if (!loggedIn)
          denied(
            'woocommerce_rest_cannot_create',
            'Sorry, you are not allowed to create resources.',
          );
        const r = this.byId.get(orderId);
        if (!r) throw new WpError(404, 'woocommerce_rest_order_invalid_id', 'Invalid order ID.');
        const note: NoteRecord = {
          id: this.nextNoteId++,
          note: String(params.note),
          customerNote: wpBoolean(params.customer_note ?? false) === true,
          author: wpBoolean(params.added_by_user ?? false) === true ? 'shop-manager' : 'system',
          created: floorSec(this.nowMs()),
        };
        r.notes.push(note);
        this.sendRest(inc, 201, this.noteJson(note, r.id), {
          Location: `${this.orderUrl(r.id)}/notes/${note.id}`,
        });
        return;
      }
      this.noRoute();
    }
    if (
      (m =
        /^\/wp-json\/wc-shipment-tracking\/v3\/orders\/(\d+)\/shipment-trackings(?:\/([0-9a-f]+))?$/.exec(
          p,
        ))
    ) {
      const orderId = Number(m[1]);
      const trackingId = m[2] ?? null;
      const params = this.params(inc);
      if (method === 'GET' || (method === 'DELETE' && trackingId !== null)) {
        if (!loggedIn) denied('woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
        const r = this.byId.get(orderId);
        if (!r) throw new WpError(404, 'woocommerce_rest_order_invalid_id', 'Invalid order ID.');
        if (trackingId === null) {
          this.sendRest(
            inc,
            200,
            r.trackings.map((t) => this.trackingJson(t, r.id)),
          );
          return;
        }
        const index = r.trackings.findIndex((t) => t.tracking_id === trackingId);
        if (index < 0)
          throw new WpError(
            404,
            'woocommerce_rest_order_invalid_id',
            'Invalid shipment tracking ID.',
          );
        const t = r.trackings[index];
        if (method === 'DELETE') {
          r.trackings.splice(index, 1);
          this.storeTrackings(r);
        }
        this.sendRest(inc, 200, this.trackingJson(t, r.id));
        return;
      }
      if (method === 'POST' && trackingId === null) {
        if (
          params.tracking_number === undefined ||
          params.tracking_number === null ||
          params.tracking_number === ''
        ) {
          throw new WpError(
            400,
            'rest_missing_callback_param',
            'Missing parameter(s): tracking_number',
            { params: ['tracking_number'] },
          );
        }
        if (!loggedIn)
          denied(
            'woocommerce_rest_cannot_create',
            'Sorry, you are not allowed to create resources.',
          );
        const r = this.byId.get(orderId);
        if (!r) throw new WpError(404, 'woocommerce_rest_order_invalid_id', 'Invalid order ID.');
        this.addTracking(inc, r, params);
        return;
      }
      this.noRoute();
    }
    this.noRoute();
  }

  private dp(params: Record<string, unknown>): number {
    return params.dp === undefined ? 2 : Math.max(0, Math.trunc(Number(params.dp)));
  }

  /** WordPress's `_fields`: only the named top-level fields. */
  private filterFields<T>(json: T, params: Record<string, unknown>): T {
    if (params._fields === undefined) return json;
    const fields = wpList(params._fields).map((f) => f.split('.')[0]);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(json as Record<string, unknown>))
      if (fields.includes(k)) out[k] = v;
    return out as T;
  }

  /** The value a date filter compares: the site's wall clock, or the given wall clock as is. */
  private dateArg(raw: string): string {
    const m = REST_DATE.exec(raw)!;
    if (m[4]) {
      // An offset: the instant is moved into the *site's* time before the comparison, whichever
      // column (local or GMT) is compared.
      let offset = m[4].toUpperCase();
      if (offset !== 'Z') {
        const o = /^([+-]\d{2}):?(\d{2})?$/.exec(offset)!;
        offset = `${o[1]}:${o[2] ?? '00'}`;
      }
      return sqlWall(wallClock(Date.parse(`${m[1]}T${m[2]}${offset}`), this.timeZone));
    }
    return `${m[1]} ${m[2]}`;
  }

  private listOrders(inc: Incoming, params: Record<string, unknown>): void {
    const gmt = params.dates_are_gmt !== undefined && wpBoolean(params.dates_are_gmt) === true;
    const perPage = params.per_page === undefined ? 10 : Number(params.per_page);
    const page = params.page === undefined ? 1 : Number(params.page);
    const order = String(params.order ?? 'desc');
    const orderby = String(params.orderby ?? 'date');
    const statuses = params.status === undefined ? ['any'] : wpList(params.status);
    const include = wpList(params.include).map(Number);
    const exclude = wpList(params.exclude).map(Number);
    const search = typeof params.search === 'string' ? params.search.toLowerCase() : '';

    let rows = this.list.slice();
    if (!statuses.includes('any')) rows = rows.filter((r) => statuses.includes(r.status));
    else rows = rows.filter((r) => r.status !== 'trash');
    if (include.length) rows = rows.filter((r) => include.includes(r.id));
    if (exclude.length) rows = rows.filter((r) => !exclude.includes(r.id));
    if (params.customer !== undefined)
      rows = rows.filter((r) => r.customerId === Number(params.customer));
    if (search) {
      rows = rows.filter((r) =>
        [r.billing.first_name, r.billing.last_name, r.billing.email, r.number, r.billing.company]
          .join(' ')
          .toLowerCase()
          .includes(search),
      );
    }
    // WP_Date_Query: 'after' and 'before' are exclusive, to the second.
    const dateFilters: [string, 'created' | 'modified', 1 | -1][] = [
      ['after', 'created', 1],
      ['before', 'created', -1],
      ['modified_after', 'modified', 1],
      ['modified_before', 'modified', -1],
    ];
    for (const [key, column, dir] of dateFilters) {
      if (params[key] === undefined) continue;
      const value = this.dateArg(String(params[key]));
      rows = rows.filter((r) => {
        const col =
          column === 'created'
            ? gmt
              ? r.createdGmt
              : r.createdLocal
            : gmt
              ? r.modifiedGmt
              : r.modifiedLocal;
        return dir === 1 ? col > value : col < value;
      });
    }

    const desc = order === 'desc';
    const dirOf = (c: number): number => (desc ? -c : c);
    let compare: (a: OrderRecord, b: OrderRecord) => number;
    switch (orderby) {
      case 'id':
        compare = (a, b) => dirOf(cmp(a.id, b.id));
        break;
      case 'modified':
        // "date"/"modified" get ID appended for stable pages (WC_REST_CRUD_Controller).
        compare = (a, b) => dirOf(cmp(a.modifiedLocal, b.modifiedLocal) || cmp(a.id, b.id));
        break;
      case 'title':
        compare = (a, b) => dirOf(cmp(a.title, b.title));
        break;
      case 'slug':
        compare = (a, b) => dirOf(cmp(a.slug, b.slug));
        break;
      default:
        if (orderby === 'include' && include.length) {
          compare = (a, b) => include.indexOf(a.id) - include.indexOf(b.id);
        } else {
          // "date" (and FIELD() of nothing) by post_date, with ID appended as above.
          compare = (a, b) => dirOf(cmp(a.createdLocal, b.createdLocal) || cmp(a.id, b.id));
        }
    }
    rows = sortRows(rows, compare, this.switches.unstableTies);
    if (!this.switches.unstableTies && (orderby === 'title' || orderby === 'slug')) {
      rows = sortRows(rows, (a, b) => compare(a, b) || a.id - b.id, false);
    }

    const total = rows.length;
    const maxPages = Math.ceil(total / perPage);
    const offset = params.offset !== undefined ? Number(params.offset) : (page - 1) * perPage;
    const pageRows = rows.slice(offset, offset + perPage);
    const dp = this.dp(params);

    const base = new URL(`${this.url}/wp-json/wc/v3/orders`);
    for (const [k, v] of inc.query) base.searchParams.append(k, v);
    const link = (n: number): string => {
      const u = new URL(base);
      u.searchParams.set('page', String(n));
      return u.toString();
    };
    const links: string[] = [];
    if (page > 1) links.push(`<${link(page - 1 > maxPages ? maxPages : page - 1)}>; rel="prev"`);
    if (maxPages > page) links.push(`<${link(page + 1)}>; rel="next"`);
    const headers: Record<string, string | string[]> = {
      'X-WP-Total': String(total),
      'X-WP-TotalPages': String(maxPages),
      Allow: 'GET, POST',
    };
    if (links.length) headers.Link = links;
    this.sendRest(
      inc,
      200,
      pageRows.map((r) => this.filterFields(this.toJson(r, dp), params)),
      headers,
    );
  }

  private updateViaApi(inc: Incoming, r: OrderRecord, params: Record<string, unknown>): void {
    const patch: WooOrderPatch = {};
    if (typeof params.status === 'string' && params.status !== '') patch.status = params.status;
    if (params.billing && typeof params.billing === 'object')
      patch.billing = params.billing as Partial<WooBilling>;
    if (params.shipping && typeof params.shipping === 'object')
      patch.shipping = params.shipping as Partial<WooShipping>;
    if (typeof params.customer_note === 'string') patch.customerNote = params.customer_note;
    if (Array.isArray(params.meta_data)) {
      patch.metaData = (params.meta_data as { key?: unknown; value?: unknown }[])
        .filter((m) => m && typeof m.key === 'string')
        .map((m) => ({ key: m.key as string, value: m.value }));
    }
    if (typeof params.transaction_id === 'string' && params.transaction_id !== r.transactionId) {
      r.transactionId = params.transaction_id;
      this.touch(r);
      this.emit(r, 'order.updated');
    }
    const changed = this.applyPatch(r, patch, true);
    if (changed) this.emit(r, 'order.updated');
    this.sendRest(inc, 200, this.toJson(r, this.dp(params)));
  }

  private storeTrackings(r: OrderRecord): void {
    const value = r.trackings.map((t) => ({ ...t }));
    const existing = r.meta.find((m) => m.key === '_wc_shipment_tracking_items');
    if (existing) existing.value = value;
    else r.meta.push({ id: this.nextMetaId++, key: '_wc_shipment_tracking_items', value });
    // The extension saves the order: date_modified moves and order.updated fires.
    this.touch(r);
    this.emit(r, 'order.updated');
  }

  private addTracking(inc: Incoming, r: OrderRecord, params: Record<string, unknown>): void {
    let shipped: number;
    const raw = params.date_shipped;
    if (raw === undefined || raw === null || raw === '') {
      shipped = Math.floor(this.nowMs() / 1000);
    } else if (/^\d+$/.test(String(raw))) {
      shipped = Number(raw);
    } else {
      // A date without time is midnight in the site's time zone.
      const s = String(raw);
      const m = /^(\d{4}-\d{2}-\d{2})$/.exec(s);
      const ms = m
        ? this.localMidnight(m[1])
        : Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : s.replace(' ', 'T') + 'Z');
      shipped = Number.isNaN(ms) ? Math.floor(this.nowMs() / 1000) : Math.floor(ms / 1000);
    }
    const t: TrackingRecord = {
      tracking_provider:
        typeof params.tracking_provider === 'string' ? params.tracking_provider : '',
      custom_tracking_provider:
        typeof params.custom_tracking_provider === 'string' ? params.custom_tracking_provider : '',
      custom_tracking_link:
        typeof params.custom_tracking_link === 'string' ? params.custom_tracking_link : '',
      tracking_number: String(params.tracking_number).trim(),
      date_shipped: String(shipped),
      tracking_id: createHash('md5')
        .update(
          `${params.tracking_number}${params.tracking_provider ?? ''}${Date.now()}${Math.random()}`,
        )
        .digest('hex'),
    };
    // No de-duplication: the same number twice is two trackings, as with the real extension.
    r.trackings.push(t);
    this.storeTrackings(r);
    this.sendRest(inc, 201, this.trackingJson(t, r.id));
  }

  private localMidnight(date: string): number {
    const guess = Date.parse(date + 'T00:00:00Z');
    const offset = Date.parse(wallClock(guess, this.timeZone) + 'Z') - guess;
    return guess - offset;
  }

  // --- control endpoints and page ----------------------------------------------------------------

  protected controlAddOrder(seed: unknown): unknown {
    return this.addOrder((seed ?? {}) as WooOrderSeed);
  }

  protected controlState(): Record<string, unknown> {
    const recent = this.list.slice(-200);
    return {
      shop: 'woocommerce',
      url: this.url,
      now: this.now().toISOString(),
      timeZone: this.timeZone,
      credentials: { consumerKey: this.consumerKey, consumerSecret: this.consumerSecret },
      switches: this.misbehaviour,
      webhook: this.webhook ? { url: this.webhook.url } : null,
      orderCount: this.list.length,
      rows: recent.map((r) => this.row(r)),
      orders: recent.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status,
        date_created_gmt: wallClock(r.created, 'UTC'),
        date_modified_gmt: wallClock(r.modified, 'UTC'),
      })),
      trackings: Object.fromEntries(
        recent.filter((r) => r.trackings.length).map((r) => [r.id, this.trackings(r.id)]),
      ),
      statusChanges: this.statusChanges,
      requests: this.requests.length,
      earlyRequests: this.earlyRequests.length,
    };
  }

  private row(r: OrderRecord): Record<string, string> {
    return {
      order: `#${r.number}`,
      status: r.status,
      payment: `${r.paymentMethodTitle}${r.paid !== null ? ' · paid' : ''}`,
      items: r.lineItems
        .map((i) => `${i.quantity}× ${i.sku === null ? '(deleted product)' : i.sku || '(no SKU)'}`)
        .join(', '),
      tracking: r.trackings
        .map((t) =>
          `${t.custom_tracking_provider || t.tracking_provider} ${t.tracking_number}`.trim(),
        )
        .join(', '),
      delivery: r.shippingLines.map((l) => `${l.methodId}:${l.instanceId}`).join(', '),
    };
  }

  protected pageConfig(): PageConfig {
    return {
      kind: 'woocommerce',
      title: 'WooCommerce stand-in (REST API v3)',
      credentials: [
        ['Shop URL', this.url],
        ['Consumer key', this.consumerKey],
        ['Consumer secret', this.consumerSecret],
        ['Site time zone', this.timeZone],
      ],
      shippingLabel: 'Shipping method (method_id:instance_id)',
      shippingDefault: 'flat_rate:1',
      stateLabel: 'Status',
      stateField: 'status',
      stateOptions: [...WC_STATUSES],
      stateDefault: 'processing',
    };
  }

  protected setWebhookFromControl(target: WebhookTarget | null): Promise<unknown> {
    return this.setWebhook(target);
  }
}

export async function startWooCommerce(
  options: WooCommerceOptions = {},
): Promise<WooCommerceStandin> {
  const shop = new WooCommerceStandinImpl(options);
  await shop.listen(options);
  if (options.webhook) await shop.setWebhook(options.webhook);
  return shop;
}
