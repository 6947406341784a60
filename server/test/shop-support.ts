import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import vm from 'node:vm';
import {
  startShopware,
  startWooCommerce,
  type ShopwareStandin,
  type StandinShop,
  type WooCommerceStandin,
} from '../../shop-standins/src';

// The shop connectors' test adapters: the only code of the conformance suite
// (shop-connectors.test.ts, shop-sync-kill.test.ts) that knows which shop it talks to — how to
// place, change and cancel an order in the stand-in and read what the push-back left there.

export interface Placed {
  id: string;
  number: string;
}
export interface OrderSeed {
  sku?: string;
  quantity?: number;
  shippingKey?: string;
  at?: Date;
  paid?: boolean;
  currency?: string;
}

export interface Adapter<S extends StandinShop> {
  connector: string;
  /** The stand-in's name on the command line. */
  cli: 'shopware' | 'woocommerce';
  start(): Promise<S>;
  secrets(shop: S): Record<string, string>;
  /** The key of the stand-in's default shipping method, as the connector maps it. */
  shippingKey: string;
  place(shop: S, seed?: OrderSeed): Placed;
  placeMany(shop: S, count: number, seed: OrderSeed): Placed[];
  cancel(shop: S, id: string): void;
  changeCity(shop: S, id: string, city: string): void;
  tracking(shop: S, id: string): string[];
  shipStateChanges(shop: S, id: string): number;
  setWebhook(shop: S, url: string, secret: string): void;
  webhook(shop: S, id: string): Promise<unknown>;
}

export const shopware: Adapter<ShopwareStandin> = {
  connector: 'shopware6',
  cli: 'shopware',
  start: () => startShopware(),
  secrets: (shop) => ({ clientId: shop.clientId, clientSecret: shop.clientSecret }),
  shippingKey: 'standard',
  place(shop, seed = {}) {
    const order = shop.addOrder(swSeed(seed));
    return { id: order.id, number: order.orderNumber };
  },
  placeMany(shop, count, seed) {
    return shop.addOrders(count, swSeed(seed)).map((o) => ({ id: o.id, number: o.orderNumber }));
  },
  cancel: (shop, id) => void shop.updateOrder(id, { orderState: 'cancelled' }),
  changeCity: (shop, id, city) =>
    void shop.updateOrder(id, { shippingAddress: { ...address, city } }),
  tracking(shop, id) {
    const deliveryId = (shop.order(id)!.deliveries as { id: string }[])[0]!.id;
    return shop.delivery(deliveryId)!.trackingCodes;
  },
  shipStateChanges: (shop, id) => {
    const deliveryId = (shop.order(id)!.deliveries as { id: string }[])[0]!.id;
    return shop.stateChanges.filter((c) => c.entity === 'order_delivery' && c.id === deliveryId)
      .length;
  },
  setWebhook: (shop, url, secret) => shop.setWebhook({ url, secret }),
  webhook: (shop, id) => shop.sendWebhook(id),
};

export const woocommerce: Adapter<WooCommerceStandin> = {
  connector: 'woocommerce',
  cli: 'woocommerce',
  start: () => startWooCommerce({ timeZone: 'Europe/Berlin' }),
  secrets: (shop) => ({ consumerKey: shop.consumerKey, consumerSecret: shop.consumerSecret }),
  shippingKey: 'flat_rate:1',
  place(shop, seed = {}) {
    const order = shop.addOrder(wooSeed(seed));
    return { id: String(order.id), number: String(order.number) };
  },
  placeMany(shop, count, seed) {
    return shop
      .addOrders(count, wooSeed(seed))
      .map((o) => ({ id: String(o.id), number: String(o.number) }));
  },
  cancel: (shop, id) => void shop.updateOrder(Number(id), { status: 'cancelled' }),
  changeCity: (shop, id, city) =>
    void shop.updateOrder(Number(id), {
      shipping: {
        first_name: 'Erika',
        last_name: 'Muster',
        address_1: 'Hafenstraße 7',
        postcode: '20457',
        city,
        country: 'DE',
      },
    }),
  tracking: (shop, id) => shop.trackings(Number(id)).map((t) => t.tracking_number),
  shipStateChanges: (shop, id) => shop.statusChanges.filter((c) => c.id === Number(id)).length,
  setWebhook: (shop, url, secret) => shop.setWebhook({ url, secret }),
  webhook: (shop, id) => shop.sendWebhook(Number(id), 'order.updated'),
};

const address = {
  firstName: 'Erika',
  lastName: 'Muster',
  street: 'Hafenstraße 7',
  zipcode: '20457',
  city: 'Hamburg',
  countryIso: 'DE',
};

function swSeed(seed: OrderSeed) {
  return {
    paymentState: seed.paid === false ? 'open' : 'paid',
    createdAt: seed.at ?? minutesAgo(5),
    lineItems: [{ sku: seed.sku ?? 'SKU-1', quantity: seed.quantity ?? 1, unitPrice: 11.9 }],
    shippingMethod: { technicalName: seed.shippingKey ?? 'standard' },
    shippingAddress: address,
    billingAddress: address,
    currency: seed.currency ?? 'EUR',
  };
}

function wooSeed(seed: OrderSeed) {
  const [method, instance] = (seed.shippingKey ?? 'flat_rate:1').split(':');
  const at = seed.at ?? minutesAgo(5);
  return {
    status: seed.paid === false ? 'pending' : 'processing',
    dateCreatedGmt: at,
    dateModifiedGmt: at,
    lineItems: [{ sku: seed.sku ?? 'SKU-1', quantity: seed.quantity ?? 1, price: 10 }],
    shippingLines: [{ method_id: method!, instance_id: instance!, method_title: 'Versand' }],
    billing: {
      first_name: 'Erika',
      last_name: 'Muster',
      address_1: 'Hafenstraße 7',
      postcode: '20457',
      city: 'Hamburg',
      country: 'DE',
      email: 'erika@example.test',
    },
    shipping: {
      first_name: 'Erika',
      last_name: 'Muster',
      address_1: 'Hafenstraße 7',
      postcode: '20457',
      city: 'Hamburg',
      country: 'DE',
    },
    currency: seed.currency ?? 'EUR',
  };
}

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
/**
 * Lets the shop's clock pass the second of its last change: a window ends at a whole second
 * of the shop's clock, so a change made in the same second as a sync's end waits for the next.
 */
export const nextShopSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

/** Every connector with its adapter, for describe.each. */
export const CONNECTORS = [
  ['Shopware 6', shopware],
  ['WooCommerce', woocommerce],
] as [string, Adapter<StandinShop>][];

const root = path.resolve(__dirname, '..', '..');

/** A stand-in shop running in a process of its own (its clock and event loop not ours). */
export interface StandinProcess {
  url: string;
  secrets: Record<string, string>;
  misbehave(change: Record<string, unknown>): Promise<void>;
  /** The stand-in's GET /__standin/state. */
  state(): Promise<{ requests: number; earlyRequests: number; orderCount: number }>;
  stop(): Promise<void>;
}

/**
 * Starts `node shop-standins/dist/cli.js <kind> --port 0 --seed <orders>` (built once per jest
 * worker) for the cases where timing is judged by the shop: a stand-in in the test's own
 * process sees a request late whenever the test's database blocks the event loop.
 */
export async function startStandinProcess(
  kind: 'shopware' | 'woocommerce',
  orders: number,
): Promise<StandinProcess> {
  const outer = vm.runInThisContext('process') as NodeJS.Process & {
    kontorStandinsBuilt?: boolean;
  };
  if (!outer.kontorStandinsBuilt) {
    const build = spawnSync(
      'flock',
      ['/tmp/kontor-standins-build.lock', 'npm', 'run', '--silent', 'build', '-w', 'shop-standins'],
      { cwd: root, encoding: 'utf8' },
    );
    if (build.status !== 0) throw new Error(`stand-in build failed: ${build.stderr}`);
    outer.kontorStandinsBuilt = true;
  }
  const child = spawn(
    process.execPath,
    [path.join(root, 'shop-standins/dist/cli.js'), kind, '--port', '0', '--seed', String(orders)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no stand-in within 30 s: ${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ctrl-C')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`the stand-in exited: ${output}`)));
  });
  const field = (label: string) => new RegExp(`${label}[^:]*:\\s+(\\S+)`).exec(output)?.[1] ?? '';
  const url = field('Shop URL');
  const secrets: Record<string, string> =
    kind === 'shopware'
      ? { clientId: field('Access key ID'), clientSecret: field('Secret access key') }
      : { consumerKey: field('Consumer key'), consumerSecret: field('Consumer secret') };
  const control = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${url}/__standin/${route}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.json();
  };
  return {
    url,
    secrets,
    misbehave: async (change) => void (await control('POST', 'misbehave', change)),
    state: () =>
      control('GET', 'state') as Promise<{
        requests: number;
        earlyRequests: number;
        orderCount: number;
      }>,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
