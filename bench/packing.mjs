#!/usr/bin/env node
// Scan-to-screen latency at the packing station (issue 15), /shipment/create in Chromium,
// driven by keyboard like a hand scanner (the code typed, then Enter), for orders of
// BENCH_POSITIONS (50) positions of one unit each, BENCH_ROUNDS (4) orders in a row:
// - order scan: the order's number + Enter → its positions on screen (one orderForPacking
//   query; LOOKUPS times per order, 'Zurück' between), beside that query's bare GraphQL round
//   trip (fetch, the page's document);
// - EAN scan: an EAN + Enter → the unit shown in the package (the assignment is the page's
//   own work: no request is made; the server sees the packages at the finish);
// - finish: Enter on 'Fertigstellen' → 'versendet' on screen (createShipment of all positions),
//   beside the bare createShipment round trip of an identical order.
// Each browser time runs from the Enter's keydown (event.timeStamp) to the first animation
// frame after the DOM shows the result (the frame that paints it). On the embedded database,
// and on a throwaway PostgreSQL when its binaries are there. Not a test; prints a table.
// Needs `node build/build.mjs` and `npm run build -w server`.
//   node bench/packing.mjs        BENCH_POSITIONS=50 BENCH_ROUNDS=4
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';
import { adminHeaders } from './support.mjs';

const require = createRequire(import.meta.url);
const launchOptions = require('../build/chromium.cjs');
const { logInContext, startKontor } = require('../build/kontor-server.cjs');
const { startThrowawayPostgres } = require('../build/throwaway-postgres.cjs');

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** Order scans per order: 'Zurück' and the number again, for a p99 of more than ROUNDS. */
const LOOKUPS = 10;
/** The page's own operation documents, as its Apollo client sends them: one operation with the fragments it spreads. */
const DEFINITIONS = new Map(
  readFileSync(new URL('../mf-orders/src/shipments/shipments.graphql', import.meta.url), 'utf8')
    .split(/\n(?=fragment |query |mutation )/)
    .map((text) => [/^(?:fragment|query|mutation) (\w+)/.exec(text)[1], text.trim()]),
);
function documentOf(name) {
  const parts = new Set([name]);
  for (const part of parts)
    for (const [, spread] of DEFINITIONS.get(part).matchAll(/\.\.\.(\w+)/g)) parts.add(spread);
  return [...parts].map((part) => DEFINITIONS.get(part)).join('\n\n');
}

const address = {
  lastName: 'Muster',
  street: 'Kai',
  houseNumber: '1',
  postcode: '20457',
  city: 'Hamburg',
  countryCode: 'DE',
};

/** A GTIN-13 with its check digit from 12 digits. */
function gtin13(twelve) {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** One GraphQL operation as the admin; its data or a thrown error. */
async function graphql(base, headers, query, variables = {}) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(`${query.slice(0, 80)}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A client with POSITIONS products (EAN each), all in stock, a shipping method; makes orders. */
async function seed(base, headers) {
  const tag = Date.now().toString(36).toUpperCase();
  const run = (query, variables) => graphql(base, headers, query, variables);
  const { createClient: client } = await run(
    'mutation($i: ClientInput!) { createClient(input: $i) { id } }',
    { i: { name: `Packbank ${tag}`, address } },
  );
  const { createShipper: shipper } = await run(
    'mutation($i: ShipperInput!) { createShipper(input: $i) { id } }',
    { i: { name: `Bank ${tag}` } },
  );
  const { createShippingMethod: method } = await run(
    'mutation($i: ShippingMethodInput!) { createShippingMethod(input: $i) { id } }',
    { i: { name: 'Paket', shipperId: shipper.id, hazmatAllowed: false, trackingRequired: false } },
  );
  const { createWarehouse: warehouse } = await run(
    'mutation($i: WarehouseInput!) { createWarehouse(input: $i) { id } }',
    { i: { name: `Packlager ${tag}`, code: `PK${tag}`.slice(0, 20), address } },
  );
  const { createStorage: storage } = await run(
    'mutation($w: ID!, $i: StorageInput!) { createStorage(warehouseId: $w, input: $i) { id } }',
    { w: warehouse.id, i: { name: 'Halle', code: 'S1' } },
  );
  const { createRack: rack } = await run(
    'mutation($s: ID!, $i: RackInput!) { createRack(storageId: $s, input: $i) { id } }',
    { s: storage.id, i: { name: 'Regal', code: 'R01' } },
  );
  const { createPlaces: places } = await run(
    'mutation($r: ID!, $i: PlacesInput!) { createPlaces(rackId: $r, input: $i) { id } }',
    { r: rack.id, i: { prefix: 'P', from: 1, to: 1, digits: 2 } },
  );
  const products = [];
  for (let n = 1; n <= POSITIONS; n += 1) {
    const sku = `PK-${tag}-${String(n).padStart(3, '0')}`;
    const ean = gtin13(
      `40${String(Date.now() % 1e7).padStart(7, '0')}${String(n).padStart(3, '0')}`,
    );
    const { createProduct } = await run(
      'mutation($i: ProductInput!) { createProduct(input: $i) { id } }',
      { i: { clientId: client.id, sku, ean, name: `Artikel ${n}`, priceNet: 1, vatRate: 19 } },
    );
    await run('mutation($i: BookingInput!) { bookStock(input: $i) { id } }', {
      i: {
        kind: 'IN',
        warehouseId: warehouse.id,
        placeId: places[0].id,
        productId: createProduct.id,
        quantity: 10 * ROUNDS + 10,
      },
    });
    products.push({ id: createProduct.id, sku, ean });
  }
  /** A pending order of one unit of every product. */
  const order = async () =>
    (
      await run(
        'mutation($i: OrderInput!) { createOrder(input: $i) { id number version items { id } } }',
        {
          i: {
            clientId: client.id,
            shippingMethodId: method.id,
            shippingAddress: address,
            items: products.map((p) => ({ productId: p.id, quantity: 1 })),
          },
        },
      )
    ).createOrder;
  return { products, order };
}

// In the page (an init script): the Enter's keydown time, and the wait until a result shows.
const PAGE_HELPERS = () => {
  window.__enterAt = null;
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') window.__enterAt = event.timeStamp;
    },
    true,
  );
  /** Whether the page shows it: an input's value, or a text inside an element. */
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page: it must be inside
  const shows = ({ selector, value, text }) => {
    const element = document.querySelector(selector);
    if (!element) return false;
    if (value !== undefined) return element.value === value;
    return text === undefined || element.textContent.includes(text);
  };
  /** Resolves with ms from the last Enter to the first frame after the page shows `what`. */
  window.__untilShown = (what) =>
    new Promise((resolve) => {
      const check = () => {
        if (!shows(what)) return false;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - window.__enterAt));
        return true;
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      check();
    });
};

/** Starts waiting in the page until it shows `what`, then presses Enter; the ms between. */
async function timedEnter(page, what) {
  const shown = page.evaluate((w) => window.__untilShown(w), what);
  // The observer is in place before the key: one round trip to the page first.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  await page.keyboard.press('Enter');
  return shown;
}

/** The package's quantity field of a product's position (its German label). */
const quantityOf = (product) => `input[aria-label="Menge von ${product.sku} in Paket 1"]`;

/** One packing station session: ROUNDS orders scanned, every EAN, finished. */
async function browserRounds(base, data) {
  const browser = await chromium.launch(launchOptions);
  const times = { order: [], ean: [], finish: [] };
  try {
    const context = await browser.newContext({ locale: 'de-DE' });
    await logInContext(context, base, 'admin@kontor.test', 'admin');
    const page = await context.newPage();
    await page.addInitScript(PAGE_HELPERS);
    await page.goto(`${base}/shipment/create`);
    const scan = page.getByRole('textbox', { name: 'Bestellnummer' });
    await scan.waitFor({ timeout: 60_000 });
    // One order first, not measured: the page's code and the server's caches are warm.
    for (let round = 0; round <= ROUNDS; round += 1) {
      const order = await data.order();
      const measured = round > 0;
      for (let lookup = 1; lookup <= LOOKUPS; lookup += 1) {
        await page.getByRole('textbox', { name: 'Bestellnummer' }).focus();
        await page.keyboard.type(order.number);
        const ms = await timedEnter(page, { selector: quantityOf(data.products.at(-1)) });
        if (measured) times.order.push(ms);
        if (lookup < LOOKUPS) await page.getByRole('button', { name: 'Zurück' }).click();
      }
      for (const product of data.products) {
        await page.keyboard.type(product.ean);
        const ms = await timedEnter(page, { selector: quantityOf(product), value: '1' });
        if (measured) times.ean.push(ms);
      }
      await page.getByRole('button', { name: 'Weiter' }).click();
      await page.getByRole('button', { name: 'Fertigstellen' }).waitFor();
      await page.getByRole('button', { name: 'Fertigstellen' }).focus();
      const finished = await timedEnter(page, {
        selector: '.kontor-packing-message',
        text: `${order.number} versendet`,
      });
      if (measured) times.finish.push(finished);
    }
  } finally {
    await browser.close();
  }
  return times;
}

/** The same server work without a browser: the query and the mutation, timed by fetch. */
async function bareRounds(base, headers, data) {
  const times = { order: [], finish: [] };
  for (let round = 0; round <= ROUNDS; round += 1) {
    const order = await data.order();
    const measured = round > 0;
    // As often as the browser looks it up.
    for (let i = 0; i < LOOKUPS; i += 1) {
      const started = performance.now();
      await graphql(base, headers, documentOf('OrderForPacking'), { number: order.number });
      if (measured) times.order.push(performance.now() - started);
    }
    const started = performance.now();
    await graphql(base, headers, documentOf('CreateShipment'), {
      orderId: order.id,
      version: order.version,
      packages: [{ items: order.items.map((item) => ({ orderItemId: item.id, quantity: 1 })) }],
    });
    if (measured) times.finish.push(performance.now() - started);
  }
  return times;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
};
const ms = (value) => (value === undefined ? '—' : value.toFixed(1));
const cells = (values) =>
  values?.length
    ? [ms(quantile(values, 0.5)), ms(quantile(values, 0.99)), values.length]
    : ['—', '—', 0];

async function measure(label, env) {
  const kontor = await startKontor({ port: 21_000 + Math.floor(Math.random() * 1000), env });
  try {
    const headers = await adminHeaders(kontor.base);
    const data = await seed(kontor.base, headers);
    const bare = await bareRounds(kontor.base, headers, data);
    const screen = await browserRounds(kontor.base, data);
    return [
      [label, 'order scan → positions', ...cells(screen.order), ...cells(bare.order)],
      [label, 'EAN scan → unit in package', ...cells(screen.ean), '— (no request)', '', ''],
      [
        label,
        `finish → shipped (${POSITIONS} pos.)`,
        ...cells(screen.finish),
        ...cells(bare.finish),
      ],
    ];
  } finally {
    await kontor.stop();
  }
}

const rows = [];
rows.push(...(await measure('embedded (PGlite)', {})));
const postgres = startThrowawayPostgres(17_432 + Math.floor(Math.random() * 1000));
if (postgres) {
  try {
    rows.push(...(await measure('PostgreSQL', { DATABASE_URL: postgres.url, DEMO_DATA: 'true' })));
  } finally {
    postgres.stop();
  }
} else console.log('No PostgreSQL binaries (set PG_BIN): the embedded database only.');

console.log(
  `\nPacking station, orders of ${POSITIONS} positions × 1 unit, ${ROUNDS} orders (after one warm-up)\n`,
);
const header = [
  'database',
  'step',
  'screen p50 ms',
  'screen p99 ms',
  'n',
  'bare GraphQL p50 ms',
  'bare p99 ms',
  'n',
];
const table = [header, ...rows].map((row) => row.map(String));
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)));
for (const [i, row] of table.entries()) {
  console.log(`| ${row.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`);
  if (i === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
}
console.log(
  '\nscreen: Enter keydown → first animation frame after the DOM shows it (Chromium, keyboard).' +
    "\nbare: the page's own GraphQL document by fetch (no browser); an EAN scan makes no request.",
);
