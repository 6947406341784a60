import { expect, type BrowserContext } from '@playwright/test';
import {
  ADDRESS,
  bookIn,
  createAvis,
  createClient,
  createOrder,
  createProduct,
  createShippingMethod,
  createSupplier,
  ean13,
  graphql,
  warehouseWithPlaces,
  type Place,
} from './support';

// The records the floor sweep (floor.spec.ts) needs so that every business list and details
// page has rows: made once per worker through the product's own GraphQL API as the admin.
// Nothing here is changed by the sweep itself (its scans stop before anything is booked).

/** A product of the seed: id, sku, name and EAN. */
export type SeedProduct = { id: string; sku: string; name: string; ean: string };

export interface FloorSeed {
  tag: string;
  client: { id: string; name: string };
  departmentId: string;
  supplier: { id: string; name: string };
  warehouse: { id: string; name: string; places: Place[] };
  /** The warehouse of the stocktaking (its stock is locked while it counts). */
  countWarehouse: { id: string; name: string; places: Place[] };
  cups: SeedProduct;
  books: SeedProduct;
  /** Ordered but never in stock: its order is on /order/error. */
  missing: SeedProduct;
  /** Shipped in full (packages, invoice export, ledger rows of reason shipment). */
  shipped: { id: string; number: string };
  /** On the picklist. */
  picked: { id: string; number: string };
  /** Not fulfillable (no stock of `missing`). */
  failing: { id: string; number: string };
  /** Pending, for the packing screen. */
  packable: { id: string; number: string };
  picklist: { id: string; number: string };
  avis: { id: string; number: string };
  stocktaking: { id: string; number: string };
  jobId: string;
  shopId: string;
  roleId: string;
  userId: string;
}

/** Uploads a small clients CSV and starts its import: a job for /horizon; its id. */
async function clientsImportJob(context: BrowserContext, tag: string): Promise<string> {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!;
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value), Accept: 'application/json' };
  const csv = `Name;Straße;Hausnummer;PLZ;Ort;Land\nImport ${tag};Kaistraße;1;20457;Hamburg;DE\n`;
  const uploaded = await context.request.post('/spa/uploads', {
    headers,
    multipart: {
      file: { name: `floor-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(uploaded.status()).toBe(201);
  const { id } = (await uploaded.json()) as { id: string };
  const data = await graphql(context, 'mutation($u: ID!) { importClients(uploadId: $u) { id } }', {
    u: id,
  });
  return String(data.importClients.id);
}

/** Everything the sweep's pages list, made through GraphQL. */
export async function seedFloor(context: BrowserContext): Promise<FloorSeed> {
  const tag = `FL${Date.now().toString(36).toUpperCase()}`;
  const clientName = `Flur ${tag}`;
  const clientId = await createClient(context, clientName);
  const { createDepartment } = await graphql(
    context,
    'mutation($i: DepartmentInput!) { createDepartment(input: $i) { id } }',
    { i: { clientId, name: `Einkauf ${tag}`, customerNumber: `KD-${tag}` } },
  );
  const supplier = await createSupplier(context, `Lieferant ${tag}`, `L-${tag}`);
  const warehouse = await warehouseWithPlaces(context, `Lager ${tag}`, `W${tag}`.slice(0, 20), {
    places: 4,
  });
  const countWarehouse = await warehouseWithPlaces(
    context,
    `Zähllager ${tag}`,
    `Z${tag}`.slice(0, 20),
    { places: 3 },
  );
  const seed = Date.now() % 1_000_000_000;
  const product = async (sku: string, name: string, ean: string, extra: object = {}) => ({
    id: await createProduct(context, {
      clientId,
      sku,
      name,
      ean,
      priceNet: 4.5,
      vatRate: 19,
      ...extra,
    }),
    sku,
    name,
    ean,
  });
  const cups = await product(`TASSE-${tag}`, 'Kaffeetasse Steingut blau', ean13(seed * 10 + 1));
  const books = await product(`BUCH-${tag}`, 'Kochbuch für jeden Tag', ean13(seed * 10 + 2));
  const missing = await product(`FEHLT-${tag}`, 'Wandfarbe weiß matt', ean13(seed * 10 + 3));
  const [p1, p2] = warehouse.places;
  await bookIn(context, {
    warehouseId: warehouse.id,
    placeId: p1!.id,
    productId: cups.id,
    quantity: 40,
  });
  await bookIn(context, {
    warehouseId: warehouse.id,
    placeId: p2!.id,
    productId: books.id,
    quantity: 20,
  });
  await bookIn(context, {
    warehouseId: countWarehouse.id,
    placeId: countWarehouse.places[0]!.id,
    productId: cups.id,
    quantity: 7,
  });
  await bookIn(context, {
    warehouseId: countWarehouse.id,
    placeId: countWarehouse.places[1]!.id,
    productId: books.id,
    quantity: 3,
  });

  // Milk with a best-before on the counted rack: the inventory, the stocktaking's summary and
  // the counting show its day, in the page's language (formatProblems in floor-rules.ts).
  const milk = await product(`MILCH-${tag}`, 'Frischmilch', ean13(seed * 10 + 4), {
    bestBefore: true,
  });
  await graphql(context, 'mutation($i: BookingInput!) { bookStock(input: $i) { id } }', {
    i: {
      kind: 'IN',
      warehouseId: countWarehouse.id,
      placeId: countWarehouse.places[2]!.id,
      productId: milk.id,
      quantity: 5,
      bestBefore: '2028-06-30',
    },
  });

  const shippingMethodId = await createShippingMethod(context, tag);
  const order = (number: string, items: [SeedProduct, number][]) =>
    createOrder(context, {
      clientId,
      number,
      shippingMethodId,
      shippingAddress: { firstName: 'Erika', lastName: 'Mustermann', ...ADDRESS },
      items: items.map(([p, quantity]) => ({ productId: p.id, quantity })),
      attributes: [{ key: 'Kundenreferenz', value: `REF-${tag}` }],
    });
  const shipped = await order(`V-${tag}`, [
    [cups, 2],
    [books, 1],
  ]);
  await graphql(
    context,
    'mutation($o: ID!, $v: Int!) { shipAll(orderId: $o, version: $v, trackingNumber: "00340434161094042557") { id } }',
    { o: shipped.id, v: shipped.version },
  );
  // The oldest pending order is the one the picklist takes (maxOrders 1).
  const picked = await order(`P-${tag}`, [
    [cups, 3],
    [books, 2],
  ]);
  const { createPicklist } = await graphql(
    context,
    'mutation($i: PicklistInput!) { createPicklist(input: $i) { picklist { id number } } }',
    { i: { clientId, maxOrders: 1 } },
  );
  const failing = await order(`E-${tag}`, [[missing, 4]]);
  const packable = await order(`K-${tag}`, [
    [cups, 1],
    [books, 1],
  ]);

  const avis = await createAvis(context, {
    supplierId: supplier.id,
    clientId,
    warehouseId: warehouse.id,
    deliveryNoteNumber: `LS-${tag}`,
    deliveryDate: '2026-12-03',
    lines: [
      { productId: cups.id, announcedQuantity: 120 },
      { productId: books.id, announcedQuantity: 30 },
    ],
  });

  // A stocktaking of the counting warehouse's rack, started, one place counted.
  const { rack } = await graphql(context, 'query($id: ID!) { rack(id: $id) { storage { id } } }', {
    id: countWarehouse.rackId,
  });
  const { createStocktaking } = await graphql(
    context,
    'mutation($i: StocktakingInput!) { createStocktaking(input: $i) { id number version } }',
    {
      i: {
        name: `Regal ${tag}`,
        warehouseId: countWarehouse.id,
        storageId: rack.storage.id,
        rackId: countWarehouse.rackId,
        blind: false,
      },
    },
  );
  await graphql(
    context,
    'mutation($id: ID!, $v: Int!) { startStocktaking(id: $id, version: $v) { id } }',
    { id: createStocktaking.id, v: createStocktaking.version },
  );
  await graphql(
    context,
    'mutation($s: ID!, $i: StocktakingCountInput!) { countStock(stocktakingId: $s, input: $i) { id } }',
    {
      s: createStocktaking.id,
      i: { placeId: countWarehouse.places[0]!.id, productId: cups.id, quantity: 6 },
    },
  );

  const jobId = await clientsImportJob(context, tag);
  // A shop connection, paused at once: no sync runs against a shop that is not there.
  const { createShopConnection } = await graphql(
    context,
    'mutation($i: ShopConnectionInput!) { createShopConnection(input: $i) { id } }',
    {
      i: {
        name: `Webshop ${tag}`,
        connector: 'shopware6',
        clientId,
        baseUrl: 'https://shop.invalid',
        secrets: [
          { key: 'clientId', value: 'floor' },
          { key: 'clientSecret', value: 'floor' },
          { key: 'webhookSecret', value: 'floor' },
        ],
      },
    },
  );
  await graphql(context, 'mutation($id: ID!) { pauseShopConnection(id: $id) { id } }', {
    id: createShopConnection.id,
  });
  const { roles } = await graphql(
    context,
    '{ roles(page: { search: "packer" }) { items { id name } } }',
  );
  const { users } = await graphql(
    context,
    '{ users(page: { search: "packer" }) { items { id } } }',
  );

  return {
    tag,
    client: { id: clientId, name: clientName },
    departmentId: String(createDepartment.id),
    supplier,
    warehouse: { id: warehouse.id, name: warehouse.name, places: warehouse.places },
    countWarehouse: {
      id: countWarehouse.id,
      name: countWarehouse.name,
      places: countWarehouse.places,
    },
    cups,
    books,
    missing,
    shipped: { id: shipped.id, number: shipped.number },
    picked: { id: picked.id, number: picked.number },
    failing: { id: failing.id, number: failing.number },
    packable: { id: packable.id, number: packable.number },
    picklist: {
      id: String(createPicklist.picklist.id),
      number: createPicklist.picklist.number,
    },
    avis,
    stocktaking: { id: String(createStocktaking.id), number: createStocktaking.number },
    jobId,
    shopId: String(createShopConnection.id),
    roleId: String(roles.items.find((r: { name: string }) => r.name === 'packer').id),
    userId: String(users.items[0].id),
  };
}
