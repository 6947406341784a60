// A stand-in shop on a thread of its own for bench/connectors.mjs: its event loop and CPU are
// not the sync's, so its answers come after the latency asked and no later. Not a test.
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startShopware, startWooCommerce } = require('../shop-standins/dist/index.js');
const { connector, orders, positions, products } = workerData;
const sku = (n) => `SKU-${String(n).padStart(5, '0')}`;
const skusOf = (o) =>
  Array.from({ length: positions }, (_, p) => 1 + ((o * 7 + p * 13) % products));
const at = new Date(Date.now() - 10 * 60_000);

const shop = connector === 'shopware6' ? await startShopware() : await startWooCommerce();
for (let o = 1; o <= orders; o += 1)
  shop.addOrder(
    connector === 'shopware6'
      ? {
          orderNumber: `SW-${o}`,
          createdAt: at,
          paymentState: 'paid',
          lineItems: skusOf(o).map((p) => ({
            sku: sku(p),
            quantity: 1 + (p % 3),
            unitPrice: 11.9,
          })),
          shippingMethod: { technicalName: 'standard' },
        }
      : {
          number: `WC-${o}`,
          status: 'processing',
          dateCreatedGmt: at,
          dateModifiedGmt: at,
          lineItems: skusOf(o).map((p) => ({ sku: sku(p), quantity: 1 + (p % 3), price: 10 })),
          shippingLines: [{ method_id: 'flat_rate', instance_id: '1', method_title: 'Versand' }],
        },
  );
parentPort.on('message', async (message) => {
  if (message.type === 'misbehave') shop.misbehave(message.change);
  if (message.type === 'requests')
    parentPort.postMessage({ type: 'requests', count: shop.requests.length });
  if (message.type === 'stop') {
    await shop.stop();
    parentPort.postMessage({ type: 'stopped' });
    parentPort.close();
  }
});
parentPort.postMessage({
  type: 'ready',
  url: shop.url,
  secrets:
    connector === 'shopware6'
      ? { clientId: shop.clientId, clientSecret: shop.clientSecret }
      : { consumerKey: shop.consumerKey, consumerSecret: shop.consumerSecret },
});
