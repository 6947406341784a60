// The traps the stand-ins reproduce, checked over HTTP the way a connector meets them.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  startShopware,
  startWooCommerce,
  type ShopwareStandin,
  type WooCommerceStandin,
  type WooOrder,
} from '../src/index';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line typescript/no-explicit-any -- answers are checked field by field
  json: any;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A POST with exactly these headers (fetch would add its own Accept). */
function rawPost(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A webhook receiver that keeps the raw bodies. */
async function receiver(): Promise<{
  url: string;
  hits: { headers: http.IncomingHttpHeaders; body: string }[];
  close: () => Promise<void>;
}> {
  const hits: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    hits,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
describe('Shopware stand-in', () => {
  let shop: ShopwareStandin;

  beforeEach(async () => {
    shop = await startShopware();
  });
  afterEach(async () => {
    await shop.stop();
  });

  async function token(): Promise<string> {
    const a = await call(`${shop.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: shop.clientId,
        client_secret: shop.clientSecret,
      }),
    });
    expect(a.status).toBe(200);
    return a.json.access_token;
  }

  async function search(tok: string, body: unknown, accept = 'application/json'): Promise<Answer> {
    return call(`${shop.url}/api/search/order`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: accept,
        Authorization: `Bearer ${tok}`,
      },
      body: JSON.stringify(body),
    });
  }

  it('has credentials of the real shape', () => {
    expect(shop.clientId).toMatch(/^SWIA[A-Z0-9]{24}$/);
    expect(shop.clientSecret).toMatch(/^[A-Za-z0-9]{52}$/);
  });

  it('expires access tokens after tokenLifetimeSeconds and answers 401 after that', async () => {
    shop.misbehave({ tokenLifetimeSeconds: 1 });
    const a = await call(`${shop.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: shop.clientId,
        client_secret: shop.clientSecret,
      }),
    });
    expect(a.json).toEqual({
      token_type: 'Bearer',
      expires_in: 1,
      access_token: expect.any(String),
    });
    const tok = a.json.access_token;
    expect((await search(tok, { limit: 1 })).status).toBe(200);
    await sleep(1100);
    const late = await search(tok, { limit: 1 });
    expect(late.status).toBe(401);
    expect(late.json).toEqual({
      errors: [
        {
          code: '9',
          status: '401',
          title: 'The resource owner or authorization server denied the request.',
          detail: 'Access token could not be verified',
        },
      ],
    });
    const none = await call(`${shop.url}/api/search/order`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    expect(none.status).toBe(401);
    expect(none.json.errors[0].detail).toBe('Missing "Authorization" header');
  });

  it("answers a wrong secret with league/oauth2-server's 401 and throttles after 10 failures", async () => {
    const attempt = (): Promise<Answer> =>
      call(`${shop.url}/api/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: shop.clientId,
          client_secret: 'wrong',
        }),
      });
    const first = await attempt();
    expect(first.status).toBe(401);
    expect(first.json).toEqual({
      errors: [{ code: '4', status: '401', title: 'Client authentication failed', detail: null }],
    });
    for (let i = 2; i <= 10; i++) expect((await attempt()).status).toBe(401);
    const throttled = await attempt();
    expect(throttled.status).toBe(429);
    expect(throttled.json.errors[0]).toMatchObject({
      status: '429',
      code: 'FRAMEWORK__AUTH_THROTTLED',
    });
    // Ten seconds from the first attempt's second: less when the attempts took a while.
    const seconds = throttled.json.errors[0].meta.parameters.seconds;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(10);
  });

  it('pages, filters and sorts like the criteria builder, with its limits and traps', async () => {
    const t0 = Date.parse('2026-03-01T10:00:00.000Z');
    for (let i = 0; i < 12; i++) {
      shop.addOrder({
        createdAt: new Date(t0 + i * 60_000),
        paymentState: i % 3 === 0 ? 'open' : 'paid',
      });
    }
    const tok = await token();

    const tooMany = await search(tok, { limit: 501 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors[0]).toMatchObject({
      status: '400',
      code: 'FRAMEWORK__QUERY_LIMIT_EXCEEDED',
      source: { pointer: '/limit' },
      meta: { parameters: { maxLimit: 500, limit: 501 } },
    });

    const sort = [{ field: 'orderNumber', order: 'ASC' }];
    const page2 = await search(tok, { page: 2, limit: 5, sort, 'total-count-mode': 1 });
    expect(page2.json.total).toBe(12);
    expect(page2.json.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      '10005',
      '10006',
      '10007',
      '10008',
      '10009',
    ]);
    expect(page2.json.aggregations).toEqual([]);

    // Without total-count-mode the total is only this page's rows.
    expect((await search(tok, { page: 3, limit: 5, sort })).json.total).toBe(2);

    // "page" without "limit" is always page 1 (offset = 0 × (page − 1)).
    const noLimit = await search(tok, { page: 3, sort });
    expect(noLimit.json.data).toHaveLength(12);
    expect(noLimit.json.data[0].orderNumber).toBe('10000');

    // Range on a date-time, a to-many association, a multi filter with OR, and sort DESC.
    const paidInWindow = await search(tok, {
      filter: [
        {
          type: 'range',
          field: 'createdAt',
          parameters: { gte: '2026-03-01T10:03:00+00:00', lt: '2026-03-01T10:09:00.000+00:00' },
        },
        {
          type: 'equalsAny',
          field: 'transactions.stateMachineState.technicalName',
          value: ['paid', 'authorized'],
        },
        {
          type: 'multi',
          operator: 'or',
          queries: [
            { type: 'equals', field: 'updatedAt', value: null },
            { type: 'range', field: 'updatedAt', parameters: { gte: '2026-03-01T00:00:00+00:00' } },
          ],
        },
      ],
      sort: [{ field: 'createdAt', order: 'DESC' }],
      associations: { transactions: { associations: { stateMachineState: {} } } },
    });
    expect(paidInWindow.status).toBe(200);
    // Minutes 3..8 are orders 3..8; 3 and 6 are unpaid.
    expect(paidInWindow.json.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      '10008',
      '10007',
      '10005',
      '10004',
    ]);
    expect(paidInWindow.json.data[0].transactions[0].stateMachineState.technicalName).toBe('paid');
    // An association nobody asked for is null; orderCustomer loads anyway.
    expect(paidInWindow.json.data[0].deliveries).toBeNull();
    expect(paidInWindow.json.data[0].orderCustomer.email).toContain('@');

    const notOpen = await search(tok, {
      filter: [
        {
          type: 'not',
          queries: [
            {
              type: 'equals',
              field: 'transactions.stateMachineState.technicalName',
              value: 'open',
            },
          ],
        },
      ],
      'total-count-mode': 1,
    });
    expect(notOpen.json.total).toBe(8);

    const unknownField = await search(tok, {
      filter: [{ type: 'equals', field: 'nope', value: 1 }],
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.errors[0].code).toBe('FRAMEWORK__UNMAPPED_FIELD');
  });

  it('handles Accept and Content-Type as Shopware does', async () => {
    shop.addOrders(3);
    const tok = await token();
    // Node's fetch sends "Accept: */*" by itself; a request with no Accept header at all is 415.
    const noAccept = await rawPost(`${shop.url}/api/search/order`, '{}', {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${tok}`,
    });
    expect(noAccept.status).toBe(415);
    expect(JSON.parse(noAccept.body).errors[0]).toMatchObject({
      status: '415',
      title: 'Unsupported Media Type',
    });

    const any = await search(tok, { limit: 1 }, '*/*');
    expect(any.headers.get('content-type')).toBe('application/vnd.api+json');
    expect(any.json.data[0]).toMatchObject({
      type: 'order',
      attributes: { orderNumber: expect.any(String) },
    });

    // A body without Content-Type: application/json is not read at all.
    const ignored = await call(`${shop.url}/api/search/order`, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain',
        Accept: 'application/json',
        Authorization: `Bearer ${tok}`,
      },
      body: JSON.stringify({ limit: 1 }),
    });
    expect(ignored.json.data).toHaveLength(3);
  });

  it("leaves updatedAt NULL on insert and moves only the written entity's updatedAt", async () => {
    const order = shop.addOrder();
    expect(order.updatedAt).toBeNull();
    expect(order.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    const tok = await token();
    const stillNull = await search(tok, {
      filter: [{ type: 'equals', field: 'updatedAt', value: null }],
      'total-count-mode': 1,
    });
    expect(stillNull.json.total).toBe(1);

    // The payment changes: the transaction's updatedAt moves, the order's stays NULL.
    shop.updateOrder(order.id, { paymentState: 'refunded' });
    const after = shop.order(order.id)!;
    expect(after.updatedAt).toBeNull();
    expect(after.transactions![0].updatedAt).not.toBeNull();
    expect(after.transactions![0].stateMachineState!.technicalName).toBe('refunded');

    shop.updateOrder(order.id, { orderState: 'in_progress' });
    expect(shop.order(order.id)!.updatedAt).not.toBeNull();
  });

  it('replaces tracking codes on PATCH and answers an illegal transition with 400', async () => {
    const order = shop.addOrder();
    const deliveryId = order.deliveries![0].id;
    const tok = await token();
    const headers = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: `Bearer ${tok}`,
    };

    const patch = (codes: string[]): Promise<Answer> =>
      call(`${shop.url}/api/order-delivery/${deliveryId}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ trackingCodes: codes }),
      });
    expect((await patch(['A1'])).status).toBe(204);
    const second = await patch(['B2']);
    expect(second.status).toBe(204);
    expect(second.headers.get('location')).toBe(`${shop.url}/api/order-delivery/${deliveryId}`);
    expect(shop.delivery(deliveryId)!.trackingCodes).toEqual(['B2']);
    expect(shop.trackingWrites.map((w) => w.trackingCodes)).toEqual([['A1'], ['B2']]);

    const read = await call(`${shop.url}/api/order-delivery/${deliveryId}`, { headers });
    expect(read.json.data.trackingCodes).toEqual(['B2']);

    const act = (t: string): Promise<Answer> =>
      call(`${shop.url}/api/_action/order_delivery/${deliveryId}/state/${t}`, {
        method: 'POST',
        headers,
      });
    const illegal = await act('retour');
    expect(illegal.status).toBe(400);
    expect(illegal.json.errors[0]).toMatchObject({
      code: 'SYSTEM__ILLEGAL_STATE_TRANSITION',
      status: '400',
      meta: {
        parameters: {
          transition: 'retour',
          possibleTransitions: ['cancel', 'ship', 'ship_partially'],
        },
      },
    });
    const shipped = await act('ship');
    expect(shipped.status).toBe(200);
    expect(shipped.json.technicalName).toBe('shipped');
    // "Already there" is 200 and changes nothing.
    const again = await act('ship');
    expect(again.status).toBe(200);
    expect(again.json.technicalName).toBe('shipped');
    expect(shop.stateChanges).toEqual([
      {
        entity: 'order_delivery',
        id: deliveryId,
        transition: 'ship',
        from: 'open',
        to: 'shipped',
        at: expect.any(Number),
      },
    ]);
    expect(shop.delivery(deliveryId)!.state).toBe('shipped');

    // The order's own machine: complete only from in_progress.
    const orderAct = (t: string): Promise<Answer> =>
      call(`${shop.url}/api/_action/order/${order.id}/state/${t}`, { method: 'POST', headers });
    expect((await orderAct('complete')).json.errors[0].meta.parameters.possibleTransitions).toEqual(
      ['cancel', 'process'],
    );
    expect((await orderAct('process')).status).toBe(200);
    expect((await orderAct('complete')).json.technicalName).toBe('completed');

    const unknown = await call(`${shop.url}/api/order-delivery/${'0'.repeat(32)}`, { headers });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0].code).toBe('FRAMEWORK__RESOURCE_NOT_FOUND');
  });

  it('signs webhooks with hex HMAC-SHA256 of the raw body, duplicates keep the event id', async () => {
    const hook = await receiver();
    try {
      shop.setWebhook({ url: hook.url, secret: 'app-secret' });
      shop.misbehave({ webhookDuplicates: 1 });
      const order = shop.addOrder();
      await shop.webhooksIdle();
      expect(hook.hits).toHaveLength(2);
      for (const hit of hook.hits) {
        const expected = createHmac('sha256', 'app-secret').update(hit.body).digest('hex');
        expect(hit.headers['shopware-shop-signature']).toBe(expected);
      }
      const body = JSON.parse(hook.hits[0].body);
      expect(body).toMatchObject({
        data: {
          event: 'order.written',
          payload: [{ entity: 'order', operation: 'insert', primaryKey: order.id }],
        },
        source: {
          url: shop.url,
          eventId: expect.stringMatching(/^[0-9a-f]{32}$/),
          shopId: expect.any(String),
        },
        timestamp: expect.any(Number),
      });
      expect(JSON.parse(hook.hits[1].body).source.eventId).toBe(body.source.eventId);

      shop.misbehave({ webhookDuplicates: 0, webhookBadSignature: true });
      expect(await shop.sendWebhook(order.id)).toEqual([200]);
      const bad = hook.hits[2];
      expect(bad.headers['shopware-shop-signature']).not.toBe(
        createHmac('sha256', 'app-secret').update(bad.body).digest('hex'),
      );
    } finally {
      await hook.close();
    }
  });

  it('shuffles rows tied on every sort key with unstableTies, not a sort ending in the id', async () => {
    const createdAt = '2026-04-01T08:00:00.000Z';
    shop.addOrders(40, { createdAt });
    shop.misbehave({ unstableTies: true });
    const tok = await token();
    const numbers = async (sort: unknown): Promise<string> =>
      (await search(tok, { limit: 40, sort })).json.data.map((o: { id: string }) => o.id).join();
    const byDate = [{ field: 'createdAt', order: 'ASC' }];
    const seen = new Set([await numbers(byDate), await numbers(byDate), await numbers(byDate)]);
    expect(seen.size).toBeGreaterThan(1);
    const stable = [...byDate, { field: 'id', order: 'ASC' }];
    const first = await numbers(stable);
    expect(await numbers(stable)).toBe(first);
    expect(first).toBe(
      shop
        .orders()
        .map((o) => o.id)
        .sort()
        .join(),
    );
  });

  it('adds 10,000 orders with consecutive numbers in well under a second of CPU', () => {
    const before = process.cpuUsage();
    const added = shop.addOrders(10_000);
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
    expect(added[0].orderNumber).toBe('10000');
    expect(added[9_999].orderNumber).toBe('19999');
  });
});

const basic = (key: string, secret: string): Record<string, string> => ({
  Authorization: 'Basic ' + Buffer.from(`${key}:${secret}`).toString('base64'),
});

// ---------------------------------------------------------------------------------------------
describe('WooCommerce stand-in', () => {
  let shop: WooCommerceStandin;

  beforeEach(async () => {
    shop = await startWooCommerce({ timeZone: 'Europe/Berlin' });
  });
  afterEach(async () => {
    await shop.stop();
  });

  const auth = (): Record<string, string> => basic(shop.consumerKey, shop.consumerSecret);
  const list = (query: string): Promise<Answer> =>
    call(`${shop.url}/wp-json/wc/v3/orders?${query}`, { headers: auth() });
  const ids = (a: Answer): number[] => a.json.map((o: WooOrder) => o.id);

  it('has keys of the real shape', () => {
    expect(shop.consumerKey).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(shop.consumerSecret).toMatch(/^cs_[0-9a-f]{40}$/);
  });

  it('tells an unknown key from a wrong secret', async () => {
    const unknown = await call(`${shop.url}/wp-json/wc/v3/orders`, {
      headers: basic('ck_' + '0'.repeat(40), shop.consumerSecret),
    });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual({
      code: 'woocommerce_rest_cannot_view',
      message: 'Sorry, you cannot list resources.',
      data: { status: 401 },
    });

    const wrong = await call(`${shop.url}/wp-json/wc/v3/orders`, {
      headers: basic(shop.consumerKey, 'cs_' + '0'.repeat(40)),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({
      code: 'woocommerce_rest_authentication_error',
      message: 'Consumer secret is invalid.',
      data: { status: 401 },
    });

    const viaQuery = await call(
      `${shop.url}/wp-json/wc/v3/orders?consumer_key=${shop.consumerKey}&consumer_secret=${shop.consumerSecret}`,
    );
    expect(viaQuery.status).toBe(200);
  });

  it('validates per_page like WordPress and pages with X-WP-Total and Link', async () => {
    shop.addOrders(25);
    const tooBig = await list('per_page=101');
    expect(tooBig.status).toBe(400);
    expect(tooBig.json).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: {
        status: 400,
        params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
      },
    });

    const page2 = await list('per_page=10&page=2&orderby=id&order=asc');
    expect(page2.headers.get('x-wp-total')).toBe('25');
    expect(page2.headers.get('x-wp-totalpages')).toBe('3');
    const links = Object.fromEntries(
      (page2.headers.get('link') ?? '').split(', ').map((l) => {
        const [, href, rel] = /^<([^>]+)>; rel="(\w+)"$/.exec(l)!;
        return [rel, new URL(href).searchParams.get('page')];
      }),
    );
    expect(links).toEqual({ prev: '1', next: '3' });
    expect(ids(page2)).toEqual(Array.from({ length: 10 }, (_, i) => 111 + i));
    const order = page2.json[0];
    expect(order.total).toBe('24.89');
    expect(order.line_items[0].price).toBe(19.99);
    expect(order.date_created_gmt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(order.shipping_lines[0]).toMatchObject({ method_id: 'flat_rate', instance_id: '1' });
  });

  it('treats modified_after as exclusive', async () => {
    const a = shop.addOrder({ dateCreatedGmt: '2026-05-04T10:00:00Z' });
    const b = shop.addOrder({ dateCreatedGmt: '2026-05-04T10:00:01Z' });
    const after = await list(
      'dates_are_gmt=true&modified_after=2026-05-04T10:00:00&orderby=modified&order=asc',
    );
    expect(ids(after)).toEqual([b.id]);
    const before = await list('dates_are_gmt=true&modified_before=2026-05-04T10:00:01');
    expect(ids(before)).toEqual([a.id]);
  });

  it("compares in the site's local time without dates_are_gmt, across the DST change", async () => {
    // 2026-10-25 in Berlin: 03:00 CEST becomes 02:00 CET; 00:30Z and 01:30Z are both 02:30 local.
    const first = shop.addOrder({ dateCreatedGmt: '2026-10-25T00:30:00Z' });
    const second = shop.addOrder({ dateCreatedGmt: '2026-10-25T01:30:00Z' });
    expect(first.date_modified).toBe('2026-10-25T02:30:00');
    expect(second.date_modified).toBe('2026-10-25T02:30:00');
    expect(first.date_modified_gmt).toBe('2026-10-25T00:30:00');
    expect(second.date_modified_gmt).toBe('2026-10-25T01:30:00');

    // In GMT the hour between them separates them …
    expect(ids(await list('dates_are_gmt=true&modified_after=2026-10-25T01:00:00'))).toEqual([
      second.id,
    ]);
    // … in local time both are after 02:00 and before 02:45: the repeated hour is ambiguous.
    const local = await list(
      'modified_after=2026-10-25T02:00:00&modified_before=2026-10-25T02:45:00&orderby=id&order=asc',
    );
    expect(ids(local)).toEqual([first.id, second.id]);
    // With dates_are_gmt an offset in the value is first moved into the site's time (01:00Z → 02:00).
    expect(
      ids(
        await list('dates_are_gmt=true&modified_after=2026-10-25T01:00:00Z&orderby=id&order=asc'),
      ),
    ).toEqual([]);
  });

  it('keeps orderby=modified stable under unstableTies: WooCommerce appends the ID', async () => {
    shop.addOrders(30, { dateCreatedGmt: '2026-04-01T08:00:00Z' });
    shop.misbehave({ unstableTies: true });
    const a = ids(await list('orderby=modified&order=asc&per_page=30'));
    const b = ids(await list('orderby=modified&order=asc&per_page=30'));
    expect(a).toEqual(b);
    expect(a).toEqual([...a].sort((x, y) => x - y));
  });

  it('changes a status once, records it, and keeps trackings without de-duplication', async () => {
    const order = shop.addOrder();
    const put = (status: string): Promise<Answer> =>
      call(`${shop.url}/wp-json/wc/v3/orders/${order.id}`, {
        method: 'PUT',
        headers: { ...auth(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    expect((await put('completed')).json.status).toBe('completed');
    const again = await put('completed');
    expect(again.status).toBe(200);
    expect(shop.statusChanges).toEqual([
      { id: order.id, from: 'processing', to: 'completed', at: expect.any(Number) },
    ]);
    expect((await put('shipped')).json.code).toBe('rest_invalid_param');

    const track = (): Promise<Answer> =>
      call(`${shop.url}/wp-json/wc-shipment-tracking/v3/orders/${order.id}/shipment-trackings`, {
        method: 'POST',
        headers: { ...auth(), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          tracking_provider: 'DHL',
          tracking_number: '00340434161094042557',
          date_shipped: '2026-05-04',
        }),
      });
    const t1 = await track();
    expect(t1.status).toBe(201);
    expect(t1.json).toMatchObject({
      tracking_provider: 'DHL',
      tracking_number: '00340434161094042557',
      date_shipped: '2026-05-04',
    });
    expect((await track()).status).toBe(201);
    expect(shop.trackings(order.id)).toHaveLength(2);

    const note = await call(`${shop.url}/wp-json/wc/v3/orders/${order.id}/notes`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: 'Shipped with DHL', customer_note: true }),
    });
    expect(note.status).toBe(201);
    expect(shop.notes(order.id)[0]).toMatchObject({
      note: 'Shipped with DHL',
      customer_note: true,
    });

    const missing = await call(`${shop.url}/wp-json/wc/v3/orders/99999`, { headers: auth() });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('woocommerce_rest_shop_order_invalid_id');
  });

  it('pings form-encoded first and signs deliveries with base64 HMAC-SHA256', async () => {
    const hook = await receiver();
    try {
      expect(await shop.setWebhook({ url: hook.url, secret: 'wc-secret' })).toBe(200);
      expect(hook.hits[0].body).toBe('webhook_id=1');
      expect(hook.hits[0].headers['content-type']).toContain('application/x-www-form-urlencoded');
      expect(hook.hits[0].headers['x-wc-webhook-signature']).toBeUndefined();

      shop.misbehave({ webhookDuplicates: 1 });
      const order = shop.addOrder();
      await shop.webhooksIdle();
      const deliveries = hook.hits.slice(1);
      expect(deliveries).toHaveLength(2);
      for (const d of deliveries) {
        expect(d.headers['x-wc-webhook-signature']).toBe(
          createHmac('sha256', 'wc-secret').update(d.body).digest('base64'),
        );
        expect(d.headers['x-wc-webhook-topic']).toBe('order.created');
        expect(JSON.parse(d.body).id).toBe(order.id);
      }
      expect(deliveries[0].headers['x-wc-webhook-delivery-id']).toBe(
        deliveries[1].headers['x-wc-webhook-delivery-id'],
      );

      shop.misbehave({ webhookDuplicates: 0, webhookBadSignature: true });
      await shop.sendWebhook(order.id, 'order.updated');
      const bad = hook.hits[hook.hits.length - 1];
      expect(bad.headers['x-wc-webhook-signature']).not.toBe(
        createHmac('sha256', 'wc-secret').update(bad.body).digest('base64'),
      );
    } finally {
      await hook.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
describe('misbehaviour both stand-ins share', () => {
  it('answers 429 with Retry-After and records requests that ignore it', async () => {
    const shop = await startWooCommerce();
    try {
      const url = `${shop.url}/wp-json/wc/v3/orders?consumer_key=${shop.consumerKey}&consumer_secret=${shop.consumerSecret}`;
      shop.misbehave({ rate429: 1, retryAfterSeconds: 1 });
      // Two requests on their way at the same time: the second was sent before any 429 came back.
      const [a, b] = await Promise.all([call(url), call(url)]);
      expect([a.status, b.status]).toEqual([429, 429]);
      expect(a.headers.get('retry-after')).toBe('1');
      expect(a.headers.get('content-type')).toBe('text/html');
      expect(shop.earlyRequests).toHaveLength(0);

      await sleep(100);
      const impatient = await call(url);
      expect(impatient.status).toBe(429);
      expect(shop.earlyRequests).toHaveLength(1);
      expect(shop.earlyRequests[0]).toBe(shop.requests[2]);

      shop.misbehave({ rate429: 0 });
      await sleep(1100);
      expect((await call(url)).status).toBe(200);
      expect(shop.earlyRequests).toHaveLength(1);
      expect(shop.requests.map((r) => r.status)).toEqual([429, 429, 429, 200]);
      expect(shop.requests[3].query.consumer_key).toBe(shop.consumerKey);

      // The stand-in's own routes neither misbehave nor count.
      shop.misbehave({ rate429: 1 });
      expect((await call(`${shop.url}/__standin/state`)).status).toBe(200);
      expect(shop.requests).toHaveLength(4);
      shop.reset();
    } finally {
      await shop.stop();
    }
  });

  it('runs the shop clock with clockOffsetMs in the Date header and new orders', async () => {
    const shop = await startShopware();
    try {
      shop.misbehave({ clockOffsetMs: -3_600_000, lateWriteSeconds: 30 });
      const a = await call(`${shop.url}/api/_info/version`);
      const date = Date.parse(a.headers.get('date')!);
      expect(Math.abs(date - (Date.now() - 3_600_000))).toBeLessThan(5_000);
      const order = shop.addOrder();
      const created = Date.parse(order.createdAt);
      expect(Math.abs(created - (Date.now() - 3_600_000 - 30_000))).toBeLessThan(5_000);
    } finally {
      await shop.stop();
    }
  });
});
