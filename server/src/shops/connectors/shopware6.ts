import {
  centsOf,
  defineShopConnector,
  hmacMatches,
  list,
  object,
  text,
  type Json,
  splitStreet,
  type ShopAddress,
  type ShopContext,
  type ShopOrder,
  type ShopOrderItem,
} from '../connector';
import { answerText, ShopError, type ShopRequestInit, type ShopResponse } from '../http';

// Shopware 6 Admin API (docs/shops.md "Shopware 6"): OAuth client credentials (tokens live
// 10 minutes: renewed 60 s ahead, and once on a 401), orders by POST /api/search/order with
// `Accept: application/json` and a JSON criteria body, sorted by [createdAt, id] (ties of a
// timestamp come back in any order under a limit), changed-since = createdAt OR updatedAt OR
// the updatedAt of a transaction, delivery, address, position or the customer in the window
// (updatedAt is NULL on insert, and an edit of an address writes the address, not the order).
// Push-back: read the delivery's tracking codes, merge, PATCH, then the `ship` or
// `ship_partially` transition; an illegal transition into the state it is already in is done.

const PAYMENT_STATES = [
  'open',
  'authorized',
  'paid',
  'paid_partially',
  'in_progress',
  'unconfirmed',
  'reminded',
  'failed',
  'cancelled',
  'refunded',
  'refunded_partially',
  'chargeback',
];

const ASSOCIATIONS = {
  lineItems: {},
  deliveries: {
    associations: { shippingMethod: {}, shippingOrderAddress: { associations: { country: {} } } },
  },
  billingAddress: { associations: { country: {} } },
  addresses: { associations: { country: {} } },
  orderCustomer: {},
  transactions: { associations: { paymentMethod: {}, stateMachineState: {} } },
  stateMachineState: {},
  currency: {},
};

/** Tokens per connection and credentials: { token, expires (ms) }. */
const tokens = new Map<string, { token: string; expires: number }>();
const tokenKey = (ctx: ShopContext) => `${ctx.connectionId}:${ctx.secrets.clientId ?? ''}`;

async function fetchToken(ctx: ShopContext): Promise<string> {
  const response = await ctx.http.request({
    method: 'POST',
    path: '/api/oauth/token',
    json: {
      grant_type: 'client_credentials',
      client_id: ctx.secrets.clientId ?? '',
      client_secret: ctx.secrets.clientSecret ?? '',
    },
  });
  const body = response.body as { access_token?: string; expires_in?: number };
  if (!body?.access_token)
    throw new ShopError('The shop gave no access token.', response.status, false);
  const lifetimeMs = (body.expires_in ?? 600) * 1000;
  // Renewed 60 s ahead (or at half its life, for a short one).
  const expires = Date.now() + Math.max(lifetimeMs - 60_000, lifetimeMs / 2);
  tokens.set(tokenKey(ctx), { token: body.access_token, expires });
  return body.access_token;
}

async function token(ctx: ShopContext): Promise<string> {
  const known = tokens.get(tokenKey(ctx));
  if (known && known.expires > Date.now()) return known.token;
  return fetchToken(ctx);
}

/** An Admin API call with the bearer token; a 401 renews the token once. */
async function api(ctx: ShopContext, init: ShopRequestInit): Promise<ShopResponse> {
  for (let renewed = false; ; renewed = true) {
    const bearer = await token(ctx);
    const response = await ctx.http.request({
      ...init,
      headers: { ...init.headers, Authorization: `Bearer ${bearer}`, Accept: 'application/json' },
      accept4xx: true,
    });
    if (response.status === 401 && !renewed) {
      tokens.delete(tokenKey(ctx));
      continue;
    }
    if (response.status >= 400 && !init.accept4xx)
      throw new ShopError(
        `${response.status}: ${answerText(response) || 'the shop refused the request'}`,
        response.status,
        false,
      );
    return response;
  }
}

const technicalName = (entity: unknown) =>
  text(object(object(entity).stateMachineState).technicalName);

function addressOf(raw: unknown, email: string): ShopAddress {
  const a = object(raw);
  const { street, houseNumber } = splitStreet(text(a.street));
  return {
    company: text(a.company),
    firstName: text(a.firstName),
    lastName: text(a.lastName),
    street,
    houseNumber,
    additionalLines: [text(a.additionalAddressLine1), text(a.additionalAddressLine2)]
      .filter(Boolean)
      .join('\n'),
    postcode: text(a.zipcode),
    city: text(a.city),
    countryCode: text(object(a.country).iso).toUpperCase(),
    state: '',
    email,
    phone: text(a.phoneNumber),
  };
}

const timeOf = (value: unknown): number => {
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(at) ? 0 : at;
};

/** The newest of a list's entities (by createdAt): the transaction that counts. */
function newest(entities: Json[]): Json | undefined {
  return [...entities].sort((a, b) => timeOf(b.createdAt) - timeOf(a.createdAt))[0];
}

function itemOf(raw: Json): ShopOrderItem {
  const price = object(raw.price);
  const taxRule = list(price.taxRules)[0];
  const rate = taxRule ? Number(taxRule.taxRate) : NaN;
  return {
    sku: text(object(raw.payload).productNumber),
    name: text(raw.label),
    quantity: Number(raw.quantity),
    grossUnitCents: centsOf(raw.unitPrice ?? price.unitPrice),
    taxRate: Number.isFinite(rate) ? rate : null,
  };
}

/** A Shopware order in the platform's terms. */
export function shopwareOrder(raw: Json): ShopOrder {
  const customer = object(raw.orderCustomer);
  const email = text(customer.email);
  const deliveries = list(raw.deliveries);
  const delivery = deliveries[0] ?? {};
  const transactions = list(raw.transactions);
  const transaction = newest(transactions);
  const method = object(delivery.shippingMethod);
  const billingId = text(raw.billingAddressId);
  const billingRaw =
    raw.billingAddress ?? list(raw.addresses).find((address) => address.id === billingId);
  const shippingRaw = delivery.shippingOrderAddress ?? billingRaw;
  const shipping = addressOf(shippingRaw, email);
  const billing = addressOf(billingRaw, email);
  // A change to a transaction, delivery, address or position writes that entity, not always
  // the order: the order's last change is the newest of them all.
  const modified = Math.max(
    timeOf(raw.updatedAt),
    timeOf(raw.createdAt),
    ...transactions.map((t) => timeOf(t.updatedAt)),
    ...deliveries.map((d) => timeOf(d.updatedAt)),
    ...deliveries.map((d) => timeOf(object(d.shippingOrderAddress).updatedAt)),
    timeOf(object(billingRaw).updatedAt),
    ...list(raw.lineItems).map((item) => timeOf(item.updatedAt)),
    timeOf(customer.updatedAt),
  );
  return {
    externalId: text(raw.id),
    number: text(raw.orderNumber),
    state: transaction ? technicalName(transaction) : 'open',
    cancelled: technicalName(raw) === 'cancelled',
    modifiedAt: new Date(modified),
    orderedAt: new Date(timeOf(raw.orderDateTime) || timeOf(raw.createdAt)),
    currency: text(object(raw.currency).isoCode) || 'EUR',
    shippingAddress: shipping,
    billingAddress: JSON.stringify(billing) === JSON.stringify(shipping) ? null : billing,
    shippingKey: text(method.technicalName) || text(delivery.shippingMethodId) || null,
    shippingLabel: text(method.name) || text(object(method.translated).name),
    items: list(raw.lineItems)
      .filter(
        (item) => item.type === 'product' || (item.good === true && item.type !== 'promotion'),
      )
      .sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0))
      .map(itemOf),
    comment: text(raw.customerComment),
    data: {
      deliveryIds: deliveries.map((d) => text(d.id)).filter(Boolean),
      orderState: technicalName(raw),
    },
  };
}

const iso = (at: Date) => at.toISOString();

function windowFilter(from: Date, to: Date) {
  const range = (field: string) => ({
    type: 'range',
    field,
    parameters: { gte: iso(from), lt: iso(to) },
  });
  return [
    {
      type: 'multi',
      operator: 'or',
      queries: [
        range('createdAt'),
        range('updatedAt'),
        range('transactions.updatedAt'),
        range('deliveries.updatedAt'),
        range('deliveries.shippingOrderAddress.updatedAt'),
        range('addresses.updatedAt'),
        range('lineItems.updatedAt'),
        range('orderCustomer.updatedAt'),
      ],
    },
  ];
}

async function searchOrders(ctx: ShopContext, criteria: Json) {
  const response = await api(ctx, { method: 'POST', path: '/api/search/order', json: criteria });
  const body = object(response.body);
  return {
    orders: list(body.data).map(shopwareOrder),
    total: typeof body.total === 'number' ? body.total : null,
  };
}

/** Where a delivery is after a transition, and which transitions lead there. */
const DELIVERY_TARGET: Record<string, string[]> = {
  ship: ['shipped'],
  ship_partially: ['shipped_partially', 'shipped'],
};
const ORDER_TARGET: Record<string, string[]> = {
  process: ['in_progress', 'completed'],
  complete: ['completed'],
};

/**
 * Runs a state transition; an illegal one is done when the entity is already where it leads
 * (a push-back run again), else a ShopError.
 */
async function transition(
  ctx: ShopContext,
  entity: 'order' | 'order_delivery',
  id: string,
  name: string,
  currentState: () => Promise<string>,
): Promise<void> {
  const response = await api(ctx, {
    method: 'POST',
    path: `/api/_action/${entity}/${id}/state/${name}`,
    json: {},
    accept4xx: true,
  });
  if (response.status < 400) return;
  const code = text(list(object(response.body).errors)[0]?.code);
  const targets = (entity === 'order' ? ORDER_TARGET : DELIVERY_TARGET)[name] ?? [];
  if (code === 'SYSTEM__ILLEGAL_STATE_TRANSITION' && targets.includes(await currentState())) return;
  throw new ShopError(
    `${response.status}: ${answerText(response) || `${entity} ${name} refused`}`,
    response.status,
    false,
  );
}

async function deliveryOf(ctx: ShopContext, id: string): Promise<Json> {
  const response = await api(ctx, { method: 'GET', path: `/api/order-delivery/${id}` });
  const body = object(response.body);
  return object(body.data ?? body);
}

export const shopware6 = defineShopConnector({
  name: 'shopware6',
  label: 'Shopware 6',
  settingNames: ['completeOrder'],
  secretNames: ['clientId', 'clientSecret', 'webhookSecret'],
  requiredSecrets: ['clientId', 'clientSecret'],
  states: PAYMENT_STATES,
  defaultImportStates: ['paid', 'authorized'],

  async test(ctx) {
    tokens.delete(tokenKey(ctx));
    await fetchToken(ctx);
    await api(ctx, {
      method: 'POST',
      path: '/api/search/order',
      json: { page: 1, limit: 1, 'total-count-mode': 0 },
    });
  },

  async fetchWindow(ctx, window) {
    return searchOrders(ctx, {
      page: window.page,
      limit: window.pageSize,
      filter: windowFilter(window.from, window.to),
      sort: [
        { field: 'createdAt', order: 'ASC' },
        { field: 'id', order: 'ASC' },
      ],
      associations: ASSOCIATIONS,
      'total-count-mode': 1,
    });
  },

  async fetchByIds(ctx, externalIds) {
    const ids = externalIds.filter((id) => /^[0-9a-f]{32}$/i.test(id));
    if (ids.length === 0) return [];
    const found: ShopOrder[] = [];
    for (let start = 0; start < ids.length; start += 100) {
      const chunk = ids.slice(start, start + 100);
      const page = await searchOrders(ctx, {
        ids: chunk,
        page: 1,
        limit: chunk.length,
        associations: ASSOCIATIONS,
        'total-count-mode': 0,
      });
      found.push(...page.orders);
    }
    return found;
  },

  async pushShipment(ctx, push) {
    const deliveryIds = Array.isArray(push.data.deliveryIds)
      ? (push.data.deliveryIds as string[])
      : [];
    const deliveryId = deliveryIds[0];
    if (!deliveryId)
      throw new ShopError(`Order ${push.externalId} has no delivery in the shop.`, 0, false);
    // Tracking codes: read, merge, write (PATCH replaces the list).
    const delivery = await deliveryOf(ctx, deliveryId);
    const codes = Array.isArray(delivery.trackingCodes) ? (delivery.trackingCodes as string[]) : [];
    const merged = [...new Set([...codes, ...push.trackingNumbers])];
    if (merged.length !== codes.length)
      await api(ctx, {
        method: 'PATCH',
        path: `/api/order-delivery/${deliveryId}`,
        json: { trackingCodes: merged },
      });
    const state = async () => technicalName(await deliveryOf(ctx, deliveryId));
    await transition(
      ctx,
      'order_delivery',
      deliveryId,
      push.complete ? 'ship' : 'ship_partially',
      state,
    );
    if (push.complete && ctx.settings.completeOrder === 'true') {
      const orderState = async () => {
        const [order] = await this.fetchByIds(ctx, [push.externalId]);
        return text(order?.data.orderState);
      };
      await transition(ctx, 'order', push.externalId, 'process', orderState);
      await transition(ctx, 'order', push.externalId, 'complete', orderState);
    }
  },

  readWebhook(rawBody, headers, secret) {
    if (!hmacMatches(rawBody, headers['shopware-shop-signature'], secret, 'hex'))
      return { kind: 'bad-signature' };
    let body: Json;
    try {
      body = object(JSON.parse(rawBody.toString('utf8')));
    } catch {
      return { kind: 'bad-signature' };
    }
    const source = object(body.source);
    const payload = list(object(body.data).payload);
    const externalIds = payload
      .filter((entry) => text(entry.entity) === 'order')
      .map((entry) => text(entry.primaryKey))
      .filter((id) => /^[0-9a-f]{32}$/i.test(id));
    const dedupeKey = text(source.eventId) || `${text(body.timestamp)}:${externalIds.join(',')}`;
    return { kind: 'event', dedupeKey: `sw:${dedupeKey}`, externalIds };
  },
});
