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
} from '../connector';
import { ShopError, type ShopRequestInit, type ShopResponse } from '../http';

// WooCommerce REST API v3 (docs/shops.md "WooCommerce"): HTTP Basic with the consumer key and
// secret, orders by GET /wp-json/wc/v3/orders in a closed window of `date_modified_gmt`
// (`modified_after` is exclusive: one second earlier; `dates_are_gmt=true` and UTC without an
// offset, so the site's time zone and its DST changes play no part), `orderby=id` (a unique
// key: `modified` ties come back in any order across pages), at most 100 a page. Push-back:
// the tracking (Shipment Tracking extension, or an order note) unless the shop has it already,
// then `completed` unless the order is there already; WooCommerce has no partial state.

const STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
  'checkout-draft',
];

async function api(ctx: ShopContext, init: ShopRequestInit): Promise<ShopResponse> {
  const credentials = Buffer.from(
    `${ctx.secrets.consumerKey ?? ''}:${ctx.secrets.consumerSecret ?? ''}`,
  ).toString('base64');
  return ctx.http.request({
    ...init,
    headers: { ...init.headers, Authorization: `Basic ${credentials}` },
  });
}

function addressOf(raw: unknown, fallbackEmail = ''): ShopAddress {
  const a = object(raw);
  const { street, houseNumber } = splitStreet(text(a.address_1));
  return {
    company: text(a.company),
    firstName: text(a.first_name),
    lastName: text(a.last_name),
    street,
    houseNumber,
    additionalLines: text(a.address_2),
    postcode: text(a.postcode),
    city: text(a.city),
    countryCode: text(a.country).toUpperCase(),
    state: text(a.state),
    email: text(a.email) || fallbackEmail,
    phone: text(a.phone),
  };
}

/** A GMT date of WooCommerce (no offset) as a Date. */
const gmt = (value: unknown): Date => {
  const raw = text(value);
  if (raw === '') return new Date(0);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`);
};
/** A Date as WooCommerce takes it with dates_are_gmt: UTC, whole seconds, no offset. */
const wooDate = (at: Date) => at.toISOString().slice(0, 19);

/** A WooCommerce order in the platform's terms. */
export function wooOrder(raw: Json): ShopOrder {
  const billingRaw = object(raw.billing);
  const shippingRaw = object(raw.shipping);
  const email = text(billingRaw.email);
  const billing = addressOf(billingRaw);
  const shipping = text(shippingRaw.address_1) !== '' ? addressOf(shippingRaw, email) : billing;
  const line = list(raw.shipping_lines)[0];
  const status = text(raw.status);
  return {
    externalId: text(raw.id),
    number: text(raw.number) || text(raw.id),
    state: status,
    cancelled: status === 'cancelled' || status === 'refunded',
    modifiedAt: gmt(raw.date_modified_gmt ?? raw.date_created_gmt),
    orderedAt: gmt(raw.date_created_gmt),
    currency: text(raw.currency) || 'EUR',
    shippingAddress: shipping,
    billingAddress: JSON.stringify(billing) === JSON.stringify(shipping) ? null : billing,
    shippingKey: line ? `${text(line.method_id)}:${text(line.instance_id)}` : null,
    shippingLabel: line ? text(line.method_title) : '',
    items: list(raw.line_items).map((item) => {
      const quantity = Number(item.quantity);
      const net = centsOf(item.total);
      const tax = centsOf(item.total_tax);
      const gross =
        quantity > 0 && Number.isFinite(net)
          ? (net + (Number.isFinite(tax) ? tax : 0)) / quantity
          : centsOf(item.price);
      const rate =
        Number.isFinite(net) && net > 0 && Number.isFinite(tax)
          ? Math.round((tax / net) * 100)
          : null;
      return {
        sku: text(item.sku),
        name: text(item.name),
        quantity,
        grossUnitCents: Math.round(gross),
        taxRate: rate,
      };
    }),
    comment: text(raw.customer_note),
    data: { status },
  };
}

export const woocommerce = defineShopConnector({
  name: 'woocommerce',
  label: 'WooCommerce',
  settingNames: ['trackingMode', 'trackingProvider'],
  secretNames: ['consumerKey', 'consumerSecret', 'webhookSecret'],
  requiredSecrets: ['consumerKey', 'consumerSecret'],
  states: STATUSES,
  defaultImportStates: ['processing'],

  async test(ctx) {
    await api(ctx, { method: 'GET', path: '/wp-json/wc/v3/orders', query: { per_page: 1 } });
  },

  async fetchWindow(ctx, window) {
    const response = await api(ctx, {
      method: 'GET',
      path: '/wp-json/wc/v3/orders',
      query: {
        modified_after: wooDate(new Date(window.from.getTime() - 1000)),
        modified_before: wooDate(window.to),
        dates_are_gmt: true,
        orderby: 'id',
        order: 'asc',
        status: 'any',
        per_page: window.pageSize,
        page: window.page,
      },
    });
    const total = Number(response.headers.get('x-wp-total'));
    const orders = list(response.body)
      .map(wooOrder)
      // modified_before is a whole second: the window is [from, to).
      .filter((order) => order.modifiedAt < window.to);
    return { orders, total: Number.isFinite(total) ? total : null };
  },

  async fetchByIds(ctx, externalIds) {
    const ids = externalIds.filter((id) => /^\d{1,18}$/.test(id));
    const found: ShopOrder[] = [];
    for (let start = 0; start < ids.length; start += 100) {
      const chunk = ids.slice(start, start + 100);
      const response = await api(ctx, {
        method: 'GET',
        path: '/wp-json/wc/v3/orders',
        query: { include: chunk.join(','), per_page: 100, status: 'any' },
      });
      found.push(...list(response.body).map(wooOrder));
    }
    return found;
  },

  async pushShipment(ctx, push) {
    const id = push.externalId;
    const numbers = push.trackingNumbers;
    if (numbers.length > 0) {
      if ((ctx.settings.trackingMode ?? 'shipment-tracking') === 'note') {
        const notes = await api(ctx, { method: 'GET', path: `/wp-json/wc/v3/orders/${id}/notes` });
        const written = list(notes.body)
          .map((note) => text(note.note))
          .join('\n');
        const missing = numbers.filter((number) => !written.includes(number));
        if (missing.length > 0)
          await api(ctx, {
            method: 'POST',
            path: `/wp-json/wc/v3/orders/${id}/notes`,
            json: {
              note: `${push.carrier ? `${push.carrier} ` : ''}Sendungsnummer: ${missing.join(', ')}`,
              customer_note: true,
            },
          });
      } else {
        const path = `/wp-json/wc-shipment-tracking/v3/orders/${id}/shipment-trackings`;
        const known = new Set(
          list((await api(ctx, { method: 'GET', path })).body).map((t) => text(t.tracking_number)),
        );
        for (const number of numbers.filter((n) => !known.has(n)))
          await api(ctx, {
            method: 'POST',
            path,
            json: {
              tracking_provider: ctx.settings.trackingProvider || push.carrier,
              tracking_number: number,
              date_shipped: push.shippedAt.toISOString().slice(0, 10),
            },
          });
      }
    }
    if (!push.complete) return; // WooCommerce has no partially shipped state
    const order = object(
      (await api(ctx, { method: 'GET', path: `/wp-json/wc/v3/orders/${id}` })).body,
    );
    const status = text(order.status);
    if (status === 'completed') return;
    if (status === 'cancelled' || status === 'refunded')
      throw new ShopError(`Order ${text(order.number) || id} is ${status} in the shop.`, 0, false);
    await api(ctx, {
      method: 'PUT',
      path: `/wp-json/wc/v3/orders/${id}`,
      json: { status: 'completed' },
    });
  },

  readWebhook(rawBody, headers, secret) {
    const signature = headers['x-wc-webhook-signature'];
    // WooCommerce's first call is a form-encoded ping without a signature; it must get 2xx.
    if (!signature && /^webhook_id=\d+$/.test(rawBody.toString('utf8').trim()))
      return { kind: 'ping' };
    if (!hmacMatches(rawBody, signature, secret, 'base64')) return { kind: 'bad-signature' };
    let body: Json;
    try {
      body = object(JSON.parse(rawBody.toString('utf8')));
    } catch {
      return { kind: 'bad-signature' };
    }
    const id = text(body.id) || text(headers['x-wc-webhook-resource-id']);
    // X-WC-Webhook-Delivery-ID is not unique: the order and its change are the key.
    const dedupeKey = `wc:${id}:${text(body.date_modified_gmt) || text(headers['x-wc-webhook-delivery-id'])}`;
    return { kind: 'event', dedupeKey, externalIds: /^\d+$/.test(id) ? [id] : [] };
  },
});
