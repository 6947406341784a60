// A stand-in for a Shopware 6.7 shop's Admin API: OAuth client credentials, the order search
// with criteria, order deliveries (tracking codes), the state machines, and app webhooks.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  StandinBase,
  fastId,
  hmacHex,
  phpJson,
  parsePhpQuery,
  randomAlnum,
  randomHex,
  randomUpperAlnum,
  sendBody,
  toMs,
  type BaseOptions,
  type Incoming,
  type RecordedRequest,
  type StandinShop,
  type WebhookDelivery,
  type WebhookTarget,
} from './common';
import {
  ASSOCIATIONS,
  CriteriaEngine,
  SwHttpError,
  applyIncludes,
  emptyCriteria,
  parseCriteria,
  plainError,
  swException,
  type Criteria,
  type SwErrorEntry,
} from './shopware-criteria';
import {
  DEFAULT_ADDRESS,
  FOREIGN_KEYS,
  NOT_TRANSLATED,
  LIVE_VERSION,
  ORDER_INSERT_FIELDS,
  SHIPPING_COSTS,
  SHOPWARE_VERSION,
  SYSTEM_LANGUAGE,
  addressEntity,
  calculatedPrice,
  cartPrice,
  currencyEntity,
  deepLinkCode,
  deliveryPositions,
  isState,
  lineItemEntity,
  paymentMethodEntity,
  shippingMethodEntity,
  stateEntity,
  swDate,
  totals,
  transition,
  countryEntity,
  type Machine,
  type ShopwareAddress,
  type ShopwareAddressSeed,
  type ShopwareDelivery,
  type ShopwareEntity,
  type ShopwareLineItem,
  type ShopwareLineItemSeed,
  type ShopwareOrder,
  type ShopwareOrderPatch,
  type ShopwareOrderSeed,
  type ShopwareTransaction,
} from './shopware-model';
import type { PageConfig } from './ui';

export type {
  ShopwareAddress,
  ShopwareAddressSeed,
  ShopwareDelivery,
  ShopwareEntity,
  ShopwareLineItem,
  ShopwareLineItemSeed,
  ShopwareOrder,
  ShopwareOrderPatch,
  ShopwareOrderSeed,
  ShopwareState,
  ShopwareTransaction,
  ShopwareShippingMethodSeed,
} from './shopware-model';

export interface ShopwareOptions extends BaseOptions {
  /** Integration access key id; default a random `SWIA…`. */
  clientId?: string;
  /** Integration secret; default 52 random characters. */
  clientSecret?: string;
  webhook?: WebhookTarget;
}

export interface ShopwareStateChange {
  entity: 'order' | 'order_delivery' | 'order_transaction';
  id: string;
  transition: string;
  from: string;
  to: string;
  at: number;
}

export interface ShopwareTrackingWrite {
  deliveryId: string;
  trackingCodes: string[];
  at: number;
}

export interface ShopwareDeliveryView {
  id: string;
  orderId: string;
  trackingCodes: string[];
  state: string;
}

export interface ShopwareStandin extends StandinShop {
  readonly clientId: string;
  readonly clientSecret: string;
  /** State transitions made through the API that changed something. */
  readonly stateChanges: ShopwareStateChange[];
  /** Every PATCH of an order delivery's tracking codes through the API. */
  readonly trackingWrites: ShopwareTrackingWrite[];
  addOrder(seed?: ShopwareOrderSeed): ShopwareOrder;
  addOrders(count: number, seed?: ShopwareOrderSeed): ShopwareOrder[];
  updateOrder(id: string, patch: ShopwareOrderPatch): ShopwareOrder;
  order(id: string): ShopwareOrder | undefined;
  orders(): ShopwareOrder[];
  delivery(deliveryId: string): ShopwareDeliveryView | undefined;
  setWebhook(target: WebhookTarget | null): void;
  /** Delivers a webhook about the order now; resolves with the receiver's statuses (duplicates included). */
  sendWebhook(orderId: string, event?: string): Promise<number[]>;
  /** Resolves when all webhooks queued so far have been delivered. */
  webhooksIdle(): Promise<void>;
  /** Every webhook delivery attempt (pings and duplicates included), with headers and raw body. */
  readonly webhookDeliveries: WebhookDelivery[];
}

type WritePayload = {
  entity: string;
  operation: 'insert' | 'update' | 'delete';
  primaryKey: string;
  updatedFields: string[];
  versionId?: string;
};

const ENTITY_ROUTES: Record<string, string> = {
  order: 'order',
  'order-delivery': 'order_delivery',
  'order-transaction': 'order_transaction',
  'order-line-item': 'order_line_item',
  'order-address': 'order_address',
  'order-customer': 'order_customer',
};

const ACTION_ENTITIES: Record<string, Machine> = {
  order: 'order.state',
  order_delivery: 'order_delivery.state',
  order_transaction: 'order_transaction.state',
};

const HEX32 = /^[0-9a-fA-F]{32}$/;

const b64url = (s: string | Buffer): string => Buffer.from(s).toString('base64url');

function acceptableTypes(accept: string | undefined): string[] {
  if (!accept) return [];
  return accept
    .split(',')
    .map((part, index) => {
      const [type, ...params] = part.trim().split(';');
      let q = 1;
      for (const p of params) {
        const [k, v] = p.trim().split('=');
        if (k === 'q') q = Number(v);
      }
      return { type: type.trim().toLowerCase(), q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((x) => x.type !== '' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((x) => x.type);
}

/** Fields of each entity, from one sample order (for FRAMEWORK__UNMAPPED_FIELD). */
let sampleFields: Map<string, Set<string>> | null = null;

function fieldsFromSample(sample: ShopwareEntity): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  const walk = (e: ShopwareEntity): void => {
    let set = map.get(e.apiAlias);
    if (!set) map.set(e.apiAlias, (set = new Set()));
    for (const [k, v] of Object.entries(e)) {
      set.add(k);
      if (ASSOCIATIONS[e.apiAlias]?.[k] && v) {
        if (Array.isArray(v)) v.forEach((x) => walk(x as ShopwareEntity));
        else walk(v as ShopwareEntity);
      }
    }
  };
  walk(sample);
  return map;
}

class ShopwareStandinImpl extends StandinBase implements ShopwareStandin {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly stateChanges: ShopwareStateChange[] = [];
  readonly trackingWrites: ShopwareTrackingWrite[] = [];
  private readonly list: ShopwareOrder[] = [];
  private readonly byId = new Map<string, ShopwareOrder>();
  private readonly deliveries = new Map<string, ShopwareDelivery>();
  private readonly transactions = new Map<string, ShopwareTransaction>();
  /** Order of the children that do not carry an orderId (addresses, the order customer). */
  private readonly parentOf = new Map<string, string>();
  private nextNumber = 10000;
  /** Moves on with every change of the data: cached searches older than it are stale. */
  private generation = 0;
  private readonly sortedSearches = new Map<
    string,
    { generation: number; rows: ShopwareEntity[] }
  >();
  private readonly salesChannelId = fastId();
  private readonly shopId = randomAlnum(16);
  private readonly jwtKey = randomHex(32);
  private readonly throttle = new Map<string, { attempts: number; timer: number }>();
  private readonly engine: CriteriaEngine;

  constructor(options: ShopwareOptions) {
    super();
    this.clientId = options.clientId ?? 'SWIA' + randomUpperAlnum(24);
    this.clientSecret = options.clientSecret ?? randomAlnum(52);
    this.webhook = options.webhook ?? null;
    this.engine = new CriteriaEngine(
      (entity, key) => {
        if (key !== 'order') return undefined;
        const orderId =
          typeof entity.orderId === 'string' ? entity.orderId : this.parentOf.get(entity.id);
        return orderId === undefined ? undefined : this.byId.get(orderId);
      },
      (entity) => {
        if (!sampleFields) sampleFields = fieldsFromSample(this.buildOrder({}, '0', 0));
        return sampleFields.get(entity);
      },
    );
  }

  // --- programmatic API ---------------------------------------------------------------------------

  addOrder(seed: ShopwareOrderSeed = {}): ShopwareOrder {
    const order = this.insert(seed);
    this.emitWrite('order.written', [this.insertPayload(order)]);
    return structuredClone(order);
  }

  addOrders(count: number, seed: ShopwareOrderSeed = {}): ShopwareOrder[] {
    if (!Number.isInteger(count) || count < 0)
      throw new TypeError('addOrders: count must be a whole number');
    const added: ShopwareOrder[] = [];
    for (let i = 0; i < count; i++) added.push(this.insert({ ...seed, orderNumber: undefined }));
    // One write, one event: Shopware sends a single order.written with every row in its payload.
    if (added.length)
      this.emitWrite(
        'order.written',
        added.map((o) => this.insertPayload(o)),
      );
    return added;
  }

  updateOrder(id: string, patch: ShopwareOrderPatch): ShopwareOrder {
    const order = this.byId.get(id);
    if (!order) throw new Error(`no order ${id}`);
    this.generation++;
    const now = swDate(this.nowMs());
    const writes: [string, WritePayload][] = [];
    const orderFields: string[] = [];
    const delivery = order.deliveries![0];
    const transaction = order.transactions![0];
    const deliveryFields: string[] = [];

    if (
      patch.orderState !== undefined &&
      patch.orderState !== order.stateMachineState!.technicalName
    ) {
      const s = stateEntity('order.state', patch.orderState);
      order.stateMachineState = s;
      orderFields.push('stateId');
    }
    if (patch.customerComment !== undefined && patch.customerComment !== order.customerComment) {
      order.customerComment = patch.customerComment;
      orderFields.push('customerComment');
    }
    if (patch.lineItems !== undefined) {
      this.replaceLineItems(order, patch.lineItems, now);
      orderFields.push('price', 'amountTotal', 'amountNet', 'positionPrice', 'shippingCosts');
      for (const item of order.lineItems!) {
        writes.push([
          'order_line_item.written',
          this.writePayload('order_line_item', item.id, 'insert', [
            'id',
            'versionId',
            'orderId',
            'quantity',
            'label',
            'payload',
            'price',
            'type',
            'position',
          ]),
        ]);
      }
      deliveryFields.push('positions');
    }
    if (
      patch.paymentState !== undefined &&
      patch.paymentState !== transaction.stateMachineState!.technicalName
    ) {
      const s = stateEntity('order_transaction.state', patch.paymentState);
      transaction.stateMachineState = s;
      transaction.stateId = s.id;
      transaction.updatedAt = now;
      writes.push([
        'order_transaction.written',
        this.writePayload('order_transaction', transaction.id, 'update', [
          'id',
          'versionId',
          'stateId',
          'updatedAt',
        ]),
      ]);
    }
    if (
      patch.deliveryState !== undefined &&
      patch.deliveryState !== delivery.stateMachineState!.technicalName
    ) {
      const s = stateEntity('order_delivery.state', patch.deliveryState);
      delivery.stateMachineState = s;
      delivery.stateId = s.id;
      deliveryFields.push('stateId');
    }
    if (patch.shippingMethod !== undefined) {
      const method = shippingMethodEntity(patch.shippingMethod);
      if (method.id !== delivery.shippingMethodId) {
        delivery.shippingMethod = method;
        delivery.shippingMethodId = method.id;
        deliveryFields.push('shippingMethodId');
      }
    }
    if (patch.trackingCodes !== undefined) {
      delivery.trackingCodes = [...patch.trackingCodes];
      deliveryFields.push('trackingCodes');
    }
    if (deliveryFields.length) {
      delivery.updatedAt = now;
      writes.push([
        'order_delivery.written',
        this.writePayload('order_delivery', delivery.id, 'update', [
          'id',
          'versionId',
          ...deliveryFields.filter((f) => f !== 'positions'),
          'updatedAt',
        ]),
      ]);
    }
    if (patch.email !== undefined && patch.email !== order.orderCustomer!.email) {
      const customer = order.orderCustomer as unknown as ShopwareEntity & {
        email: string;
        updatedAt: string | null;
      };
      customer.email = patch.email;
      customer.updatedAt = now;
      writes.push([
        'order_customer.written',
        this.writePayload('order_customer', customer.id, 'update', [
          'id',
          'versionId',
          'email',
          'updatedAt',
        ]),
      ]);
    }
    for (const [key, address] of [
      ['billingAddress', order.billingAddress!],
      ['shippingAddress', delivery.shippingOrderAddress!],
    ] as const) {
      const change = patch[key];
      if (!change) continue;
      const fields = this.patchAddress(address, change);
      if (fields.length) {
        address.updatedAt = now;
        writes.push([
          'order_address.written',
          this.writePayload('order_address', address.id, 'update', [
            'id',
            'versionId',
            ...fields,
            'updatedAt',
          ]),
        ]);
      }
    }
    if (orderFields.length) {
      order.updatedAt = now;
      writes.unshift([
        'order.written',
        this.writePayload('order', order.id, 'update', [
          'id',
          'versionId',
          ...orderFields,
          'updatedAt',
        ]),
      ]);
    }
    for (const [event, payload] of writes) this.emitWrite(event, [payload]);
    return structuredClone(order);
  }

  order(id: string): ShopwareOrder | undefined {
    const o = this.byId.get(id);
    return o ? structuredClone(o) : undefined;
  }

  orders(): ShopwareOrder[] {
    return structuredClone(this.list);
  }

  delivery(deliveryId: string): ShopwareDeliveryView | undefined {
    const d = this.deliveries.get(deliveryId);
    if (!d) return undefined;
    return {
      id: d.id,
      orderId: d.orderId,
      trackingCodes: [...d.trackingCodes],
      state: d.stateMachineState!.technicalName,
    };
  }

  setWebhook(target: WebhookTarget | null): void {
    this.webhook = target ? { url: target.url, secret: target.secret } : null;
  }

  sendWebhook(orderId: string, event = 'order.written'): Promise<number[]> {
    const order = this.byId.get(orderId);
    if (!order) return Promise.reject(new Error(`no order ${orderId}`));
    if (!this.webhook) return Promise.resolve([]);
    if (event === 'order.written') {
      const payload =
        order.updatedAt === null
          ? this.insertPayload(order)
          : this.writePayload('order', order.id, 'update', ['id', 'versionId', 'updatedAt']);
      return this.deliver(event, [payload]);
    }
    const written = /^(order_[a-z_]+)\.written$/.exec(event);
    if (written) {
      const entity = written[1];
      const rows: ShopwareEntity[] =
        entity === 'order_delivery'
          ? order.deliveries!
          : entity === 'order_transaction'
            ? order.transactions!
            : entity === 'order_line_item'
              ? order.lineItems!
              : entity === 'order_address'
                ? order.addresses!
                : [order.orderCustomer!];
      return this.deliver(
        event,
        rows.map((r) =>
          this.writePayload(entity, r.id, 'update', ['id', 'versionId', 'updatedAt']),
        ),
      );
    }
    // A business event (e.g. checkout.order.placed) carries the order itself.
    const full = emptyCriteria();
    for (const name of Object.keys(ASSOCIATIONS.order))
      full.associations.set(name, emptyCriteria());
    return this.deliver(event, { order: this.engine.project('order', order, full, false) });
  }

  // --- orders ---------------------------------------------------------------------------------------

  private insert(seed: ShopwareOrderSeed): ShopwareOrder {
    this.generation++;
    let number: string;
    if (seed.orderNumber !== undefined) {
      number = seed.orderNumber;
      const n = Number(number);
      if (Number.isInteger(n) && n >= this.nextNumber) this.nextNumber = n + 1;
    } else {
      number = String(this.nextNumber++);
    }
    const created =
      seed.createdAt !== undefined
        ? toMs(seed.createdAt, 'createdAt')
        : this.nowMs() - this.switches.lateWriteSeconds * 1000;
    const order = this.buildOrder(seed, number, created);
    this.list.push(order);
    this.byId.set(order.id, order);
    for (const d of order.deliveries!) this.deliveries.set(d.id, d);
    for (const t of order.transactions!) this.transactions.set(t.id, t);
    for (const a of order.addresses!) this.parentOf.set(a.id, order.id);
    this.parentOf.set(order.orderCustomer!.id, order.id);
    return order;
  }

  private buildOrder(
    seed: ShopwareOrderSeed,
    orderNumber: string,
    createdMs: number,
  ): ShopwareOrder {
    const id = fastId();
    const createdAt = swDate(createdMs);
    const updatedAt = seed.updatedAt == null ? null : swDate(toMs(seed.updatedAt, 'updatedAt'));
    const billingSeed = seed.billingAddress ?? seed.shippingAddress ?? DEFAULT_ADDRESS;
    const shippingSeed = seed.shippingAddress ?? billingSeed;
    const billing = addressEntity(billingSeed, id, createdAt);
    const shipping = addressEntity(shippingSeed, id, createdAt);
    const itemSeeds = seed.lineItems ?? [{ sku: 'SW10001', quantity: 1 }];
    const items = itemSeeds.map((s, i) => lineItemEntity(s, id, i + 1, createdAt));
    const t = totals(items);
    const currency = currencyEntity(seed.currency ?? 'EUR');
    const orderState = stateEntity('order.state', seed.orderState ?? 'open');
    const deliveryState = stateEntity('order_delivery.state', seed.deliveryState ?? 'open');
    const paymentState = stateEntity('order_transaction.state', seed.paymentState ?? 'paid');
    const method = shippingMethodEntity(seed.shippingMethod);
    const payment = paymentMethodEntity(seed.paymentMethod);

    const deliveryId = fastId();
    const positions = deliveryPositions(deliveryId, items, createdAt);
    for (const item of items) {
      const own = positions.filter((p) => p.orderLineItemId === item.id);
      item.orderDeliveryPositions = own;
    }
    const day = 86_400_000;
    const delivery: ShopwareDelivery = {
      id: deliveryId,
      versionId: LIVE_VERSION,
      orderId: id,
      orderVersionId: LIVE_VERSION,
      shippingOrderAddressId: shipping.id,
      shippingOrderAddressVersionId: LIVE_VERSION,
      shippingMethodId: method.id,
      stateId: deliveryState.id,
      trackingCodes: seed.trackingCodes ? [...seed.trackingCodes] : [],
      shippingDateEarliest: swDate(Math.floor(createdMs / day) * day + day + 16 * 3_600_000),
      shippingDateLatest: swDate(Math.floor(createdMs / day) * day + 3 * day + 16 * 3_600_000),
      shippingCosts: calculatedPrice(SHIPPING_COSTS, 1),
      customFields: null,
      stateMachineState: deliveryState,
      shippingOrderAddress: shipping,
      shippingMethod: method,
      positions,
      createdAt,
      updatedAt: null,
      translated: NOT_TRANSLATED,
      extensions: FOREIGN_KEYS,
      _uniqueIdentifier: deliveryId,
      apiAlias: 'order_delivery',
    };

    const transactionId = fastId();
    const transaction: ShopwareTransaction = {
      id: transactionId,
      versionId: LIVE_VERSION,
      orderId: id,
      orderVersionId: LIVE_VERSION,
      paymentMethodId: payment.id,
      amount: calculatedPrice(t.amountTotal, 1),
      validationData: [],
      stateId: paymentState.id,
      customFields: null,
      stateMachineState: paymentState,
      paymentMethod: payment,
      captures: [],
      createdAt,
      updatedAt: null,
      translated: NOT_TRANSLATED,
      extensions: FOREIGN_KEYS,
      _uniqueIdentifier: transactionId,
      apiAlias: 'order_transaction',
    };

    const customerId = fastId();
    const orderCustomer = {
      id: customerId,
      versionId: LIVE_VERSION,
      email:
        seed.email ??
        `${billingSeed.firstName}.${billingSeed.lastName}@example.com`
          .toLowerCase()
          .replace(/[^a-z0-9.@-]/g, ''),
      salutationId: null,
      firstName: billingSeed.firstName,
      lastName: billingSeed.lastName,
      company: billingSeed.company ?? null,
      title: null,
      vatIds: null,
      customerNumber: String(10000 + (Number(orderNumber) % 90000 || 0)),
      customFields: null,
      salutation: null,
      createdAt,
      updatedAt: null,
      translated: NOT_TRANSLATED,
      extensions: FOREIGN_KEYS,
      _uniqueIdentifier: customerId,
      apiAlias: 'order_customer',
    };

    const order: ShopwareOrder = {
      id,
      versionId: LIVE_VERSION,
      orderNumber,
      billingAddressId: billing.id,
      billingAddressVersionId: LIVE_VERSION,
      currencyId: currency.id,
      languageId: SYSTEM_LANGUAGE,
      salesChannelId: this.salesChannelId,
      orderDateTime: createdAt,
      orderDate: createdAt.slice(0, 10) + 'T00:00:00.000+00:00',
      price: cartPrice(t),
      amountTotal: t.amountTotal,
      amountNet: t.amountNet,
      positionPrice: t.positionPrice,
      taxStatus: 'gross',
      shippingCosts: calculatedPrice(SHIPPING_COSTS, 1),
      shippingTotal: SHIPPING_COSTS,
      currencyFactor: 1,
      deepLinkCode: deepLinkCode(),
      affiliateCode: null,
      campaignCode: null,
      customerComment: seed.customerComment ?? null,
      internalComment: null,
      source: null,
      createdById: null,
      updatedById: null,
      primaryOrderDeliveryId: deliveryId,
      primaryOrderDeliveryVersionId: LIVE_VERSION,
      primaryOrderTransactionId: transactionId,
      primaryOrderTransactionVersionId: LIVE_VERSION,
      customFields: null,
      stateMachineState: orderState,
      orderCustomer,
      currency,
      language: null,
      addresses: [billing, shipping],
      billingAddress: billing,
      primaryOrderDelivery: delivery,
      primaryOrderTransaction: transaction,
      deliveries: [delivery],
      lineItems: items,
      transactions: [transaction],
      documents: [],
      tags: [],
      createdAt,
      updatedAt,
      translated: NOT_TRANSLATED,
      extensions: FOREIGN_KEYS,
      _uniqueIdentifier: id,
      apiAlias: 'order',
    };
    return order;
  }

  private replaceLineItems(order: ShopwareOrder, seeds: ShopwareLineItemSeed[], now: string): void {
    const items = seeds.map((s, i) => lineItemEntity(s, order.id, i + 1, now));
    const delivery = order.deliveries![0];
    const positions = deliveryPositions(delivery.id, items, now);
    for (const item of items)
      item.orderDeliveryPositions = positions.filter((p) => p.orderLineItemId === item.id);
    delivery.positions = positions;
    order.lineItems = items;
    const t = totals(items);
    order.price = cartPrice(t);
    order.amountTotal = t.amountTotal;
    order.amountNet = t.amountNet;
    order.positionPrice = t.positionPrice;
    order.transactions![0].amount = calculatedPrice(t.amountTotal, 1);
  }

  private patchAddress(address: ShopwareAddress, change: Partial<ShopwareAddressSeed>): string[] {
    const fields: string[] = [];
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) continue;
      if (key === 'countryIso') {
        const country = countryEntity(String(value));
        if (country.id !== address.countryId) {
          address.countryId = country.id;
          address.country = country;
          fields.push('countryId');
        }
      } else if (key in address && (address as Record<string, unknown>)[key] !== value) {
        (address as Record<string, unknown>)[key] = value;
        fields.push(key);
      }
    }
    return fields;
  }

  // --- webhooks -------------------------------------------------------------------------------------

  private insertPayload(order: ShopwareOrder): WritePayload {
    return this.writePayload('order', order.id, 'insert', ORDER_INSERT_FIELDS);
  }

  private writePayload(
    entity: string,
    id: string,
    operation: WritePayload['operation'],
    fields: string[],
  ): WritePayload {
    return {
      entity,
      operation,
      primaryKey: id,
      updatedFields: [...new Set(fields)],
      versionId: LIVE_VERSION,
    };
  }

  private emitWrite(event: string, payload: WritePayload[]): void {
    if (!this.webhook) return;
    this.deliver(event, payload).catch(() => undefined);
  }

  private deliver(event: string, payload: unknown): Promise<number[]> {
    const target = this.webhook;
    if (!target) return Promise.resolve([]);
    // The event id is fixed when the event happens; every retry/duplicate carries the same.
    const eventId = randomHex(16);
    const source = { url: this.url, eventId, shopId: this.shopId, appVersion: '1.0.0' };
    const times = 1 + this.switches.webhookDuplicates;
    const badKey = this.switches.webhookBadSignature;
    return this.queueWebhook(() => {
      const out = [];
      for (let i = 0; i < times; i++) {
        const body = phpJson({
          data: { payload, event },
          source,
          timestamp: Math.floor(this.nowMs() / 1000),
        });
        out.push({
          url: target.url,
          body,
          headers: {
            'Content-Type': 'application/json',
            'User-Agent': 'GuzzleHttp/7',
            'sw-version': SHOPWARE_VERSION,
            'sw-context-language': SYSTEM_LANGUAGE,
            'sw-user-language': 'en-GB',
            'shopware-shop-signature': hmacHex(
              badKey ? target.secret + '-wrong' : target.secret,
              body,
            ),
          },
        });
      }
      return out;
    });
  }

  // --- HTTP ----------------------------------------------------------------------------------------

  protected isApiPath(path: string): boolean {
    return path === '/api' || path.startsWith('/api/');
  }

  protected tooManyRequests(inc: Incoming, retryAfter: number): void {
    this.sendErrors(
      inc,
      new SwHttpError(429, [plainError(429, 'Too Many Requests')], {
        'Retry-After': String(retryAfter),
      }),
    );
  }

  protected serviceUnavailable(inc: Incoming): void {
    this.sendErrors(inc, new SwHttpError(503, [plainError(503, 'Service Unavailable')]));
  }

  private sendJson(
    inc: Incoming,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    sendBody(inc.res, status, body === null ? null : phpJson(body), {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-cache, private',
      ...headers,
    });
  }

  private sendErrors(inc: Incoming, err: SwHttpError): void {
    this.sendJson(inc, err.status, { errors: err.errors }, err.headers);
  }

  protected async handleApi(inc: Incoming, _record: RecordedRequest): Promise<void> {
    // Anything but a read or a token may change the data: cached search results are stale.
    const reads =
      inc.method === 'GET' || inc.path.startsWith('/api/search') || inc.path === '/api/oauth/token';
    if (!reads) this.generation++;
    try {
      await this.route(inc);
    } catch (err) {
      if (err instanceof SwHttpError) {
        this.sendErrors(inc, err);
        return;
      }
      throw err;
    }
  }

  private notFound(inc: Incoming): never {
    throw new SwHttpError(404, [
      plainError(404, `No route found for "${inc.method} ${this.url}${inc.path}"`),
    ]);
  }

  private methodNotAllowed(inc: Incoming, allow: string[]): never {
    throw new SwHttpError(
      405,
      [
        plainError(
          405,
          `No route found for "${inc.method} ${this.url}${inc.path}": Method Not Allowed (Allow: ${allow.join(', ')})`,
        ),
      ],
      { Allow: allow.join(', ') },
    );
  }

  private async route(inc: Incoming): Promise<void> {
    const { method, path } = inc;
    if (path === '/api/oauth/token') {
      if (method !== 'POST') this.methodNotAllowed(inc, ['POST']);
      this.token(inc);
      return;
    }

    let m: RegExpExecArray | null;
    let handler: (() => void) | null = null;
    if (method === 'GET' && path === '/api/_info/version') {
      handler = () => this.sendJson(inc, 200, { version: SHOPWARE_VERSION });
    } else if ((m = /^\/api\/search(-ids)?\/([a-z-]+)\/?$/.exec(path)) && ENTITY_ROUTES[m[2]]) {
      if (method !== 'POST') this.methodNotAllowed(inc, ['POST']);
      const entity = ENTITY_ROUTES[m[2]];
      const idsOnly = Boolean(m[1]);
      handler = () => this.search(inc, entity, this.requestPayload(inc), idsOnly);
    } else if ((m = /^\/api\/([a-z-]+)\/?$/.exec(path)) && ENTITY_ROUTES[m[1]]) {
      if (method !== 'GET') this.methodNotAllowed(inc, ['GET']);
      const entity = ENTITY_ROUTES[m[1]];
      handler = () => this.search(inc, entity, parsePhpQuery(inc.url.search.slice(1)), false);
    } else if ((m = /^\/api\/([a-z-]+)\/([0-9a-fA-F]{32})\/?$/.exec(path)) && ENTITY_ROUTES[m[1]]) {
      const entity = ENTITY_ROUTES[m[1]];
      const id = m[2].toLowerCase();
      if (method === 'GET') handler = () => this.detail(inc, entity, id);
      else if (method === 'PATCH' && entity === 'order_delivery')
        handler = () => this.patchDelivery(inc, id);
      else this.methodNotAllowed(inc, entity === 'order_delivery' ? ['GET', 'PATCH'] : ['GET']);
    } else if (
      (m =
        /^\/api\/_action\/(order|order_delivery|order_transaction)\/([^/]+)\/state\/([^/]+)\/?$/.exec(
          path,
        ))
    ) {
      if (method !== 'POST') this.methodNotAllowed(inc, ['POST']);
      const [, entity, id, action] = m;
      handler = () =>
        this.transition(inc, entity, decodeURIComponent(id), decodeURIComponent(action));
    }
    if (!handler) this.notFound(inc);
    this.authenticate(inc);
    handler();
  }

  /** The request's parameters: a JSON body only with a JSON content type, a form body as PHP reads it. */
  private requestPayload(inc: Incoming): Record<string, unknown> {
    const type = (inc.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const text = inc.body.toString('utf8');
    if ((type === 'application/json' || type === 'application/x-json') && text.trim() !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new SwHttpError(400, [plainError(400, 'The JSON payload is malformed.')]);
      }
      if (parsed === null || typeof parsed !== 'object') return {};
      return parsed as Record<string, unknown>;
    }
    if (type === 'application/x-www-form-urlencoded') return parsePhpQuery(text);
    // Any other body is not read: the criteria are the defaults.
    return {};
  }

  // OAuth ---------------------------------------------------------------------------------------

  private oauthError(
    status: number,
    code: number,
    message: string,
    hint: string | null,
    headers: Record<string, string> = {},
  ): SwHttpError {
    return new SwHttpError(status, [plainError(status, hint, String(code), message)], headers);
  }

  private token(inc: Incoming): void {
    const params = this.requestPayload(inc);
    const ip = inc.req.socket.remoteAddress ?? '';
    const key = `${typeof params.username === 'string' ? params.username : ''}-${ip}`;
    const nowSec = Math.floor(this.nowMs() / 1000);
    const state = this.throttle.get(key) ?? { attempts: 0, timer: nowSec };
    const n = state.attempts + 1;
    const interval = n <= 10 ? 0 : n <= 15 ? 10 : n <= 20 ? 30 : 60;
    if (interval > 0 && nowSec - state.timer < interval) {
      const wait = state.timer + interval - nowSec;
      throw new SwHttpError(
        429,
        [
          swException(429, 'FRAMEWORK__AUTH_THROTTLED', `Auth throttled for ${wait} seconds.`, {
            seconds: wait,
          }),
        ],
        { 'Retry-After': String(wait) },
      );
    }
    this.throttle.set(key, { attempts: n, timer: nowSec });

    const grantType = params.grant_type;
    if (grantType !== 'client_credentials') {
      throw this.oauthError(
        400,
        2,
        'The authorization grant type is not supported by the authorization server.',
        'Check that all required parameters have been provided',
      );
    }
    let clientId = params.client_id;
    let clientSecret = params.client_secret;
    const basic = /^Basic\s+(.+)$/i.exec(inc.header('authorization') ?? '');
    if (basic) {
      const [u, ...rest] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      clientId ??= u;
      clientSecret ??= rest.join(':');
    }
    if (typeof clientId !== 'string' || clientId === '') {
      throw this.oauthError(
        400,
        3,
        'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.',
        'Check the `client_id` parameter',
      );
    }
    if (typeof clientSecret !== 'string') {
      throw this.oauthError(
        400,
        2,
        'The authorization grant type is not supported by the authorization server.',
        'Check that all required parameters have been provided',
      );
    }
    const ok = clientId === this.clientId && safeEqual(clientSecret, this.clientSecret);
    if (!ok) {
      const headers: Record<string, string> = {};
      if (inc.header('authorization')) {
        headers['WWW-Authenticate'] =
          `${(inc.header('authorization') ?? '').startsWith('Bearer') ? 'Bearer' : 'Basic'} realm="OAuth"`;
      }
      throw this.oauthError(401, 4, 'Client authentication failed', null, headers);
    }
    this.throttle.delete(key);

    const lifetime = this.switches.tokenLifetimeSeconds;
    const nowExact = this.nowMs() / 1000;
    const header = b64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }));
    const claims = b64url(
      JSON.stringify({
        aud: this.clientId,
        jti: randomHex(40),
        iat: nowExact,
        nbf: nowExact,
        exp: nowExact + lifetime,
        sub: '',
        scopes: ['write'],
      }),
    );
    const signature = createHmac('sha256', this.jwtKey)
      .update(`${header}.${claims}`)
      .digest('base64url');
    sendBody(
      inc.res,
      200,
      phpJson({
        token_type: 'Bearer',
        expires_in: lifetime,
        access_token: `${header}.${claims}.${signature}`,
      }),
      {
        'Content-Type': 'application/json; charset=UTF-8',
        Pragma: 'no-cache',
        'Cache-Control': 'no-store',
      },
    );
  }

  private authenticate(inc: Incoming): void {
    const denied = (hint: string): SwHttpError =>
      this.oauthError(
        401,
        9,
        'The resource owner or authorization server denied the request.',
        hint,
      );
    const header = inc.header('authorization');
    if (header === undefined) throw denied('Missing "Authorization" header');
    const jwt = header.replace(/^\s*Bearer\s/, '').trim();
    if (jwt === '') throw denied('Missing token in "Authorization" header');
    const parts = jwt.split('.');
    if (parts.length !== 3) throw denied('The JWT string must have two dots');
    let claims: { exp?: number; nbf?: number; aud?: string };
    try {
      JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    } catch {
      throw denied('Error while decoding from JSON');
    }
    const expected = createHmac('sha256', this.jwtKey)
      .update(`${parts[0]}.${parts[1]}`)
      .digest('base64url');
    const now = this.nowMs() / 1000;
    if (
      !safeEqual(parts[2], expected) ||
      typeof claims.exp !== 'number' ||
      claims.exp <= now ||
      (typeof claims.nbf === 'number' && claims.nbf > now + 1)
    ) {
      throw denied('Access token could not be verified');
    }
  }

  /** The response factory: JSON for application/json, JSON:API for any type (star-slash-star); else 415. */
  private responseType(inc: Incoming): 'json' | 'jsonapi' {
    const types = acceptableTypes(inc.header('accept'));
    const candidates = types.includes('*/*') ? [...types, 'application/vnd.api+json'] : types;
    for (const t of candidates) {
      if (t === 'application/json') return 'json';
      if (t === 'application/vnd.api+json') return 'jsonapi';
    }
    throw new SwHttpError(415, [
      plainError(415, `All provided media types are unsupported. (${candidates.join(', ')})`),
    ]);
  }

  // Reading ---------------------------------------------------------------------------------------

  private collection(entity: string): ShopwareEntity[] {
    switch (entity) {
      case 'order':
        return this.list;
      case 'order_delivery':
        return this.list.flatMap((o) => o.deliveries!);
      case 'order_transaction':
        return this.list.flatMap((o) => o.transactions!);
      case 'order_line_item':
        return this.list.flatMap((o) => o.lineItems!);
      case 'order_address':
        return this.list.flatMap((o) => o.addresses!);
      case 'order_customer':
        return this.list.map((o) => o.orderCustomer!);
      default:
        return [];
    }
  }

  /**
   * A search's matching rows in their order, kept for the next page of the same search while
   * nothing changed (a database answers a sorted, filtered page from its indexes; filtering and
   * sorting every order again for each page made the stand-in, not the latency, the limit).
   */
  private searchSorted(
    entity: string,
    criteria: Criteria,
  ): { total: number; rows: ShopwareEntity[] } {
    const key = JSON.stringify([
      entity,
      criteria.ids,
      criteria.filters,
      criteria.postFilters,
      criteria.sorts,
    ]);
    let cached = this.sortedSearches.get(key);
    if (!cached || cached.generation !== this.generation) {
      const all = this.engine.search(
        entity,
        this.collection(entity),
        { ...criteria, limit: null, offset: 0, totalCountMode: 1 },
        false,
      );
      if (this.sortedSearches.size >= 20) this.sortedSearches.clear();
      cached = { generation: this.generation, rows: all.rows };
      this.sortedSearches.set(key, cached);
    }
    const { rows } = cached;
    const { offset, limit } = criteria;
    if (limit === null) {
      const page = rows.slice(offset);
      return { total: criteria.totalCountMode === 1 ? rows.length : page.length, rows: page };
    }
    if (criteria.totalCountMode === 2) {
      const fetched = rows.slice(offset, offset + limit * 6 + 1);
      return { total: fetched.length, rows: fetched.slice(0, limit) };
    }
    const page = rows.slice(offset, offset + limit);
    return { total: criteria.totalCountMode === 1 ? rows.length : page.length, rows: page };
  }

  private search(
    inc: Incoming,
    entity: string,
    payload: Record<string, unknown>,
    idsOnly: boolean,
  ): void {
    const type = this.responseType(inc);
    const criteria = parseCriteria(entity, payload, 500);
    const shuffle = this.switches.unstableTies;
    const { total, rows } = shuffle
      ? this.engine.search(entity, this.collection(entity), criteria, shuffle)
      : this.searchSorted(entity, criteria);
    if (idsOnly) {
      this.sendJson(inc, 200, { total, data: rows.map((r) => r.id) });
      return;
    }
    const data = rows.map((r) => this.engine.project(entity, r, criteria, shuffle));
    const shaped = criteria.includes
      ? (applyIncludes(data, criteria.includes) as ShopwareEntity[])
      : data;
    if (type === 'json') {
      this.sendJson(inc, 200, { total, data: shaped, aggregations: [] });
      return;
    }
    const kebab = entity.replace(/_/g, '-');
    this.sendJsonApi(inc, {
      data: shaped.map((e) => this.jsonApiResource(entity, e)),
      included: [],
      links: { self: `${this.url}/api/search/${kebab}` },
      meta: { totalCountMode: criteria.totalCountMode, total },
      aggregations: [],
    });
  }

  private detail(inc: Incoming, entity: string, id: string): void {
    const type = this.responseType(inc);
    const criteria: Criteria = parseCriteria(entity, parsePhpQuery(inc.url.search.slice(1)), 500);
    criteria.ids = [id];
    criteria.limit = null;
    criteria.offset = 0;
    const found = this.collection(entity).find((e) => e.id === id);
    if (!found) {
      throw new SwHttpError(404, [
        swException(
          404,
          'FRAMEWORK__RESOURCE_NOT_FOUND',
          `The ${entity} resource with the following primary key was not found: id(${id})`,
          {
            type: entity,
            primaryKey: { id },
            primaryKeyString: `id(${id})`,
          },
        ),
      ]);
    }
    const projected = this.engine.project(entity, found, criteria, false);
    const shaped = criteria.includes
      ? (applyIncludes(projected, criteria.includes) as ShopwareEntity)
      : projected;
    if (type === 'json') {
      this.sendJson(inc, 200, { data: shaped });
      return;
    }
    this.sendJsonApi(inc, {
      data: this.jsonApiResource(entity, shaped),
      included: [],
      links: { self: `${this.url}/api/${entity.replace(/_/g, '-')}/${id}` },
      meta: null,
    });
  }

  /** JSON:API, simplified: attributes, relationships by id, no `included`. */
  private jsonApiResource(entity: string, e: ShopwareEntity): Record<string, unknown> {
    const defs = ASSOCIATIONS[entity] ?? {};
    const attributes: Record<string, unknown> = {};
    const relationships: Record<string, unknown> = {};
    const kebab = entity.replace(/_/g, '-');
    for (const [k, v] of Object.entries(e)) {
      if (k === 'id' || k === 'apiAlias') continue;
      const def = defs[k];
      if (def) {
        const ref = (x: ShopwareEntity): { type: string; id: string } => ({
          type: def.entity,
          id: x.id,
        });
        relationships[k] = {
          data:
            v === null
              ? def.many
                ? []
                : null
              : def.many
                ? (v as ShopwareEntity[]).map(ref)
                : ref(v as ShopwareEntity),
          links: {
            related: `${this.url}/api/${kebab}/${e.id}/${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`,
          },
        };
      } else {
        attributes[k] = v;
      }
    }
    return {
      id: e.id,
      type: entity,
      attributes,
      links: { self: `${this.url}/api/${kebab}/${e.id}` },
      relationships,
      meta: null,
    };
  }

  private sendJsonApi(inc: Incoming, body: unknown): void {
    sendBody(inc.res, 200, phpJson(body), {
      'Content-Type': 'application/vnd.api+json',
      'Cache-Control': 'no-cache, private',
    });
  }

  // Writing ---------------------------------------------------------------------------------------

  private patchDelivery(inc: Incoming, id: string): void {
    this.responseType(inc);
    const payload = this.requestPayload(inc);
    if (Array.isArray(payload)) {
      throw new SwHttpError(400, [
        plainError(
          400,
          'Only single write operations are supported. Please send the entities one by one or use the /sync api endpoint.',
        ),
      ]);
    }
    const delivery = this.deliveries.get(id);
    if (!delivery) {
      // An update of a row that does not exist becomes an insert, which lacks the required fields.
      const blank = 'This value should not be blank.';
      throw new SwHttpError(
        400,
        [
          'orderId',
          'shippingOrderAddressId',
          'shippingMethodId',
          'stateId',
          'shippingDateEarliest',
          'shippingDateLatest',
          'shippingCosts',
        ].map((f) =>
          violation(
            `/0/${f}`,
            blank,
            blank,
            { '{{ value }}': 'null' },
            'c1051bb4-d103-4f74-8988-acbcafc7fdc3',
          ),
        ),
      );
    }
    const codes = payload.trackingCodes;
    if (codes !== undefined) {
      if (!Array.isArray(codes)) {
        throw new SwHttpError(400, [
          violation(
            '/0/trackingCodes',
            'This value should be of type array.',
            'This value should be of type {{ type }}.',
            { '{{ value }}': JSON.stringify(codes), '{{ type }}': 'array' },
            'ba785a8c-82cb-4283-967c-3cf342181b40',
          ),
        ]);
      }
      const bad = codes.findIndex((c) => typeof c !== 'string');
      if (bad >= 0) {
        throw new SwHttpError(400, [
          violation(
            `/0/trackingCodes/${bad}`,
            'This value should be of type string.',
            'This value should be of type {{ type }}.',
            { '{{ value }}': JSON.stringify(codes[bad]), '{{ type }}': 'string' },
            'ba785a8c-82cb-4283-967c-3cf342181b40',
          ),
        ]);
      }
      // The list is replaced, not merged: a client must read, merge and write.
      delivery.trackingCodes = [...(codes as string[])];
      delivery.updatedAt = swDate(this.nowMs());
      this.trackingWrites.push({
        deliveryId: id,
        trackingCodes: [...delivery.trackingCodes],
        at: Date.now(),
      });
      this.emitWrite('order_delivery.written', [
        this.writePayload('order_delivery', id, 'update', [
          'id',
          'versionId',
          'trackingCodes',
          'updatedAt',
        ]),
      ]);
    }
    if (inc.query.has('_response')) {
      const projected = this.engine.project('order_delivery', delivery, emptyCriteria(), false);
      this.sendJson(inc, 200, { data: projected });
      return;
    }
    sendBody(inc.res, 204, null, {
      Location: `${this.url}/api/order-delivery/${id}`,
      'Cache-Control': 'no-cache, private',
    });
  }

  private transition(inc: Incoming, entity: string, rawId: string, action: string): void {
    this.requestPayload(inc);
    if (!HEX32.test(rawId)) {
      throw new SwHttpError(400, [
        swException(400, 'FRAMEWORK__INVALID_UUID', `Value is not a valid UUID: ${rawId}`, {
          input: rawId,
        }),
      ]);
    }
    const id = rawId.toLowerCase();
    const machine = ACTION_ENTITIES[entity];
    const target:
      | (ShopwareEntity & { stateMachineState: ShopwareEntity | null; updatedAt: string | null })
      | undefined =
      entity === 'order'
        ? this.byId.get(id)
        : entity === 'order_delivery'
          ? this.deliveries.get(id)
          : this.transactions.get(id);
    if (!target) {
      throw new SwHttpError(400, [
        swException(
          400,
          'SYSTEM__STATE_MACHINE_INVALID_ENTITY_ID',
          `Unable to read entity "${entity}" with id "${id}".`,
          { entityName: entity, entityId: id },
        ),
      ]);
    }
    const current = target.stateMachineState as ShopwareEntity & { technicalName: string };
    const result = transition(machine, current.technicalName, action);
    if (result.kind === 'illegal') {
      const possible = result.possible;
      throw new SwHttpError(400, [
        swException(
          400,
          'SYSTEM__ILLEGAL_STATE_TRANSITION',
          `Illegal transition "${action}" from state "${current.id}". Possible transitions are: ${possible.join(', ')}`,
          {
            transition: action,
            currentState: current.id,
            possibleTransitionsString: possible.join(', '),
            possibleTransitions: possible,
          },
        ),
      ]);
    }
    let to = current;
    if (result.kind === 'to') {
      to = stateEntity(machine, result.to);
      target.stateMachineState = to;
      if (entity !== 'order') (target as unknown as { stateId: string }).stateId = to.id;
      target.updatedAt = swDate(this.nowMs());
      this.stateChanges.push({
        entity: entity as ShopwareStateChange['entity'],
        id,
        transition: action,
        from: current.technicalName,
        to: result.to,
        at: Date.now(),
      });
      this.emitWrite(`${entity}.written`, [
        this.writePayload(entity, id, 'update', ['id', 'versionId', 'stateId', 'updatedAt']),
      ]);
    }
    // The answer is the state entity's jsonSerialize(): no apiAlias, versionId null.
    const { apiAlias: _alias, ...state } = to;
    this.sendJson(inc, 200, { ...state, versionId: null, extensions: [] });
  }

  // --- control endpoints and page ----------------------------------------------------------------

  protected controlAddOrder(seed: unknown): unknown {
    const s = (seed ?? {}) as ShopwareOrderSeed;
    if (s.paymentState !== undefined && !isState('order_transaction.state', s.paymentState)) {
      throw new TypeError(`unknown payment state "${s.paymentState}"`);
    }
    return this.addOrder(s);
  }

  protected controlState(): Record<string, unknown> {
    return {
      shop: 'shopware',
      url: this.url,
      now: this.now().toISOString(),
      credentials: { clientId: this.clientId, clientSecret: this.clientSecret },
      switches: this.misbehaviour,
      webhook: this.webhook ? { url: this.webhook.url } : null,
      orderCount: this.list.length,
      rows: this.list.slice(-200).map((o) => this.row(o)),
      orders: this.list.slice(-200).map((o) => ({
        id: o.id,
        orderNumber: o.orderNumber,
        state: o.stateMachineState!.technicalName,
        createdAt: o.createdAt,
        updatedAt: o.updatedAt,
      })),
      deliveries: this.list
        .slice(-200)
        .flatMap((o) => o.deliveries!.map((d) => this.delivery(d.id))),
      stateChanges: this.stateChanges,
      trackingWrites: this.trackingWrites,
      requests: this.requests.length,
      earlyRequests: this.earlyRequests.length,
    };
  }

  private row(o: ShopwareOrder): Record<string, string> {
    const d = o.deliveries![0];
    const t = o.transactions![0];
    return {
      order: o.orderNumber,
      status: o.stateMachineState!.technicalName,
      payment: t.stateMachineState!.technicalName,
      items: o
        .lineItems!.map(
          (i) => `${i.quantity}× ${String(i.payload.productNumber ?? i.referencedId ?? i.label)}`,
        )
        .join(', '),
      tracking: d.trackingCodes.join(', '),
      delivery: `${d.stateMachineState!.technicalName} · ${d.shippingMethod!.technicalName ?? d.shippingMethod!.name}`,
    };
  }

  protected pageConfig(): PageConfig {
    return {
      kind: 'shopware',
      title: 'Shopware 6 stand-in (Admin API)',
      credentials: [
        ['Shop URL', this.url],
        ['Access key ID (client_id)', this.clientId],
        ['Secret access key (client_secret)', this.clientSecret],
      ],
      shippingLabel: 'Shipping method (technical name)',
      shippingDefault: 'standard',
      stateLabel: 'Payment state',
      stateField: 'paymentState',
      stateOptions: [
        'paid',
        'open',
        'authorized',
        'paid_partially',
        'in_progress',
        'failed',
        'cancelled',
      ],
      stateDefault: 'paid',
    };
  }

  protected async setWebhookFromControl(target: WebhookTarget | null): Promise<unknown> {
    this.setWebhook(target);
    return null;
  }
}

/** A write error (WriteException): a template instead of a title, and a pointer into the payload. */
function violation(
  pointer: string,
  detail: string,
  template: string,
  parameters: Record<string, string>,
  code: string,
): SwErrorEntry {
  return { code, status: '400', detail, template, meta: { parameters }, source: { pointer } };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startShopware(options: ShopwareOptions = {}): Promise<ShopwareStandin> {
  const shop = new ShopwareStandinImpl(options);
  await shop.listen(options);
  return shop;
}
