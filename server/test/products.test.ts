import sharp from 'sharp';
import { createClient } from '../src/clients/clients';
import { pageStatement } from '../src/lists/list';
import { productList } from '../src/products/list';
import { baseUrl, startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, countRows, graphql, staffWith } from './graphql-support';

// Products (issue 12): the GraphQL API and the image routes on a real database (PGlite, and
// PostgreSQL with `bash server/scripts/test-postgres.sh server/test/products.test.ts`).

let t: TestApp;
let boss: Browser;
let clientA: number;
let clientB: number;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  const address = {
    street: 'Hafenstraße',
    houseNumber: '1',
    postcode: '20457',
    city: 'Hamburg',
    countryCode: 'DE',
    company: '',
    prefix: '',
    firstName: '',
    middleName: '',
    lastName: '',
    suffix: '',
    state: '',
    email: '',
    phone: '',
    additionalLines: '',
  };
  clientA = (await createClient(t.db, { name: 'Produkte A GmbH', address })).id;
  clientB = (await createClient(t.db, { name: 'Produkte B GmbH', address })).id;
});
afterAll(() => t.close());

const PRODUCT_FIELDS = `id sku altSku ean name url weightKg widthCm heightCm lengthCm
  countryOfManufacture priceNet priceGross vatRate lotTracked bestBefore version
  client { id name }
  hazmat { unNumber casNumber shippingName hazmatClass riskClass packingGroup hazardIdNumber
    tunnelRestrictionCode netWeightKg factor adrPointsPerUnit }
  images { id name contentType width height url thumbnailUrl }`;
const CREATE = `mutation($i: ProductInput!) { createProduct(input: $i) { ${PRODUCT_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $v: Int!, $i: ProductInput!) {
  updateProduct(id: $id, version: $v, input: $i) { ${PRODUCT_FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteProduct(id: $id) { id } }';
const PRODUCT = `query($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`;
const LIST = `query($p: PageInput, $f: ProductFilter, $s: ProductSort) {
  products(page: $p, filter: $f, sortBy: $s) { total items { id sku name ean client { name } } } }`;

const petrol = {
  unNumber: 'UN1203',
  casNumber: '86290-81-5',
  shippingName: 'BENZIN',
  hazmatClass: '3',
  packingGroup: 'II',
  hazardIdNumber: '33',
  tunnelRestrictionCode: 'D/E',
  netWeightKg: 0.75,
  factor: 3,
};

let skuCounter = 0;
/** Creates a product through the API (a new sku each time unless given). */
async function create(extra: Record<string, unknown> = {}) {
  skuCounter += 1;
  const answer = await graphql(boss, CREATE, {
    i: {
      clientId: String(clientA),
      sku: `SKU-${skuCounter}`,
      name: `Ding ${skuCounter}`,
      ...extra,
    },
  });
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.createProduct as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers freely
}

/** Everything a product write touches, to show a refused write changed nothing. */
async function productTables(): Promise<string> {
  const parts: unknown[] = [];
  for (const table of ['products', 'product_hazmat', 'product_images', 'stock', 'stock_totals'])
    parts.push(await t.db.query(`SELECT * FROM ${table} ORDER BY 1, 2`));
  return JSON.stringify(parts, (_, v) => (typeof v === 'bigint' ? String(v) : v));
}

/** A place to put stock on (warehouse → storage → rack → place), made in SQL. */
let placeCounter = 0;
async function place(): Promise<{ placeId: number; warehouseId: number }> {
  placeCounter += 1;
  const code = `PW${placeCounter}`;
  const [w] = await t.db.query<{ id: number }>(
    `INSERT INTO warehouses (name, code) VALUES ($1, $1) RETURNING id`,
    [code],
  );
  const [s] = await t.db.query<{ id: number }>(
    `INSERT INTO storages (warehouse_id, name, code) VALUES ($1, 'S1', 'S1') RETURNING id`,
    [w!.id],
  );
  const [r] = await t.db.query<{ id: number }>(
    `INSERT INTO racks (storage_id, name, code) VALUES ($1, 'R1', 'R1') RETURNING id`,
    [s!.id],
  );
  const path = `${code} / S1 / R1 / P1`;
  const [p] = await t.db.query<{ id: number }>(
    `INSERT INTO places (rack_id, warehouse_id, name, code, barcode, path, path_sort)
     VALUES ($1, $2, 'P1', 'P1', $3, $4, $4) RETURNING id`,
    [r!.id, w!.id, `BC-${code}`, path],
  );
  return { placeId: p!.id, warehouseId: w!.id };
}

/** Puts `quantity` of a product on a new place, with its ledger row (as a booking would). */
async function stockOf(productId: number, quantity: number, ledger = true) {
  const { placeId, warehouseId } = await place();
  await t.db.query(
    `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, quantity)
     VALUES ($1, $2, $3, $4, $5)`,
    [productId, placeId, clientA, warehouseId, quantity],
  );
  if (ledger)
    await t.db.query(
      `INSERT INTO stock_changes (product_id, place_id, client_id, warehouse_id, delta, quantity_after, reason)
       VALUES ($1, $2, $3, $4, 5, 5, 'book_in')`,
      [productId, placeId, clientA, warehouseId],
    );
  return { placeId };
}

describe('create and read', () => {
  test('a hazmat product is saved with every field; prices are EUR, ADR points per unit = factor', async () => {
    const product = await create({
      sku: 'BENZIN-5L',
      altSku: 'B5',
      ean: '4006381333931',
      name: 'Benzin 5 l',
      url: 'https://example.com/benzin',
      weightKg: 4.25,
      widthCm: 20.5,
      heightCm: 30,
      lengthCm: 10,
      countryOfManufacture: 'de',
      priceNet: 12.5,
      priceGross: 14.88,
      vatRate: 19,
      lotTracked: true,
      bestBefore: false,
      hazmat: petrol,
    });
    expect(product).toMatchObject({
      sku: 'BENZIN-5L',
      ean: '4006381333931',
      weightKg: 4.25,
      widthCm: 20.5,
      countryOfManufacture: 'DE',
      priceNet: 12.5,
      priceGross: 14.88,
      vatRate: 19,
      lotTracked: true,
      version: 1,
      client: { name: 'Produkte A GmbH' },
      hazmat: {
        unNumber: '1203',
        casNumber: '86290-81-5',
        hazmatClass: '3',
        riskClass: '',
        packingGroup: 'II',
        tunnelRestrictionCode: 'D/E',
        netWeightKg: 0.75,
        factor: 3,
        adrPointsPerUnit: 3,
      },
      images: [],
    });
    const [row] = await t.db.query<{ cents: string }>(
      'SELECT price_gross_cents::text AS cents FROM products WHERE id = $1',
      [product.id],
    );
    expect(row!.cents).toBe('1488');
    const read = await graphql(boss, PRODUCT, { id: product.id });
    expect(read.data!.product).toEqual(product);
  });

  test('a price left empty is computed from the other and the VAT rate, rounded half-up (docs/domain.md "VAT")', async () => {
    // Net only: gross = net + VAT (10,00 € at 19 % → 11,90 €; 0,05 € at 7 % → 0,0535 → 0,05 €;
    // 0,50 € at 7 % → 0,535 → 0,54 €, half-up).
    expect(await create({ priceNet: 10, priceGross: null, vatRate: 19 })).toMatchObject({
      priceNet: 10,
      priceGross: 11.9,
    });
    expect(await create({ priceNet: 0.5, vatRate: 7 })).toMatchObject({
      priceNet: 0.5,
      priceGross: 0.54,
    });
    // Gross only: net = gross without VAT (11,90 € at 19 % → 10,00 €; 1,00 € at 19 % → 0,8403 → 0,84 €).
    expect(await create({ priceGross: 11.9, vatRate: 19 })).toMatchObject({
      priceNet: 10,
      priceGross: 11.9,
    });
    expect(await create({ priceNet: null, priceGross: 1 })).toMatchObject({
      priceNet: 0.84,
      priceGross: 1,
      vatRate: 19,
    });
    // Both given: kept as given; neither: 0.
    expect(await create({ priceNet: 10, priceGross: 12, vatRate: 7 })).toMatchObject({
      priceNet: 10,
      priceGross: 12,
    });
    expect(await create({})).toMatchObject({ priceNet: 0, priceGross: 0 });
    // An update with the gross emptied computes it again, with the new rate.
    const product = await create({ priceNet: 10, vatRate: 19 });
    const answer = await graphql(boss, UPDATE, {
      id: product.id,
      v: product.version,
      i: {
        clientId: String(clientA),
        sku: product.sku,
        name: product.name,
        priceNet: 10,
        vatRate: 7,
      },
    });
    expect(answer.data!.updateProduct).toMatchObject({ priceNet: 10, priceGross: 10.7 });
  });

  test('bad EAN check digit, bad CAS check digit, bad ADR class and more: one error per field, nothing saved', async () => {
    const before = await productTables();
    const answer = await graphql(boss, CREATE, {
      i: {
        clientId: String(clientA),
        sku: ' ',
        name: 'Kaputt',
        ean: '4006381333932',
        url: 'javascript:alert(1)',
        weightKg: -1,
        countryOfManufacture: 'XX',
        priceNet: 1.005,
        vatRate: 16,
        hazmat: {
          ...petrol,
          unNumber: '12034',
          casNumber: '86290-81-6',
          hazmatClass: '2.4',
          packingGroup: 'IV',
          tunnelRestrictionCode: 'A',
        },
      },
    });
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    const rules = Object.fromEntries(
      Object.entries(answer.errors![0]!.extensions!.fieldRules!).map(([k, v]) => [k, v[0]!.rule]),
    );
    expect(rules).toEqual({
      sku: 'required',
      ean: 'gtinCheckDigit',
      url: 'url',
      weightKg: 'minValue',
      countryOfManufacture: 'country',
      priceNet: 'decimals',
      vatRate: 'in',
      'hazmat.unNumber': 'unNumber',
      'hazmat.casNumber': 'casCheckDigit',
      'hazmat.hazmatClass': 'in',
      'hazmat.packingGroup': 'in',
      'hazmat.tunnelRestrictionCode': 'in',
    });
    expect(answer.errors![0]!.extensions!.fieldErrors!.ean).toEqual([
      'The EAN field has a wrong check digit.',
    ]);
    expect(answer.errors![0]!.extensions!.fieldErrors!['hazmat.casNumber']).toEqual([
      'The CAS number field has a wrong check digit.',
    ]);
    expect(await productTables()).toBe(before);
  });

  test('an unknown client is a field error on clientId', async () => {
    const answer = await graphql(boss, CREATE, {
      i: { clientId: '999999', sku: 'X', name: 'X' },
    });
    expect(answer.errors![0]!.extensions!.fieldRules!.clientId![0]!.rule).toBe('exists');
  });

  test('the sku is unique per client ignoring case; another client may use it', async () => {
    await create({ sku: 'Unique-1' });
    const again = await graphql(boss, CREATE, {
      i: { clientId: String(clientA), sku: 'UNIQUE-1', name: 'Zweiter' },
    });
    expect(again.errors![0]!.extensions!.fieldErrors).toEqual({
      sku: ['The sku has already been taken for this client.'],
    });
    const other = await graphql(boss, CREATE, {
      i: { clientId: String(clientB), sku: 'unique-1', name: 'Anderer Mandant' },
    });
    expect(other.errors).toBeUndefined();
  });

  test('two saves racing for one sku: one product, the other a field error (never a 500)', async () => {
    const input = { clientId: String(clientA), sku: 'RACE-1', name: 'Rennen' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => graphql(boss, CREATE, { i: input })),
    );
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.errors))
      expect(refused.errors![0]!.extensions!.fieldRules!.sku![0]!.rule).toBe('unique');
    const [row] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM products WHERE lower(sku) = 'race-1'",
    );
    expect(row!.n).toBe(1);
  });

  test('productByEan finds the products of every client with that EAN, or of one client', async () => {
    const ean = '96385074';
    const a = await create({ ean });
    const b = await graphql(boss, CREATE, {
      i: { clientId: String(clientB), sku: 'EAN-B', name: 'B', ean },
    });
    const all = await graphql(boss, 'query($e: String!) { productByEan(ean: $e) { id } }', {
      e: ean,
    });
    expect(all.data!.productByEan.map((p: { id: string }) => p.id).sort()).toEqual(
      [a.id, b.data!.createProduct.id].sort(),
    );
    const one = await graphql(
      boss,
      'query($e: String!, $c: ID) { productByEan(ean: $e, clientId: $c) { id } }',
      { e: ean, c: String(clientA) },
    );
    expect(one.data!.productByEan).toEqual([{ id: a.id }]);
    // A UPC-A scanned as 12 digits finds the product saved with its EAN-13 (leading zero).
    const upc = await create({ ean: '0725272730706' });
    const scanned = await graphql(boss, 'query($e: String!) { productByEan(ean: $e) { id } }', {
      e: '725272730706',
    });
    expect(scanned.data!.productByEan).toEqual([{ id: upc.id }]);
    const bad = await graphql(
      boss,
      'query($e: String!, $c: ID) { productByEan(ean: $e, clientId: $c) { id } }',
      { e: ean, c: 'x' },
    );
    expect(bad.errors![0]!.extensions!.fieldRules!.clientId).toBeDefined();
  });
});

describe('update', () => {
  test('a save on an old version is refused (CONFLICT stale) and keeps the newer save', async () => {
    const product = await create({ hazmat: petrol });
    const input = { clientId: String(clientA), sku: product.sku, name: 'Neu', hazmat: petrol };
    const first = await graphql(boss, UPDATE, { id: product.id, v: 1, i: input });
    expect(first.data!.updateProduct).toMatchObject({ name: 'Neu', version: 2 });
    const stale = await graphql(boss, UPDATE, {
      id: product.id,
      v: 1,
      i: { ...input, name: 'Alt' },
    });
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(stale.errors![0]!.extensions!.reason).toBe('stale');
    expect((await graphql(boss, PRODUCT, { id: product.id })).data!.product.name).toBe('Neu');
  });

  test('hazmat null removes the hazmat data; a bad update changes nothing', async () => {
    const product = await create({ hazmat: petrol });
    const before = await productTables();
    const bad = await graphql(boss, UPDATE, {
      id: product.id,
      v: 1,
      i: {
        clientId: String(clientA),
        sku: product.sku,
        name: 'X',
        hazmat: { ...petrol, casNumber: '1-2-3' },
      },
    });
    expect(bad.errors![0]!.extensions!.fieldRules!['hazmat.casNumber']![0]!.rule).toBe('cas');
    expect(await productTables()).toBe(before);
    const cleared = await graphql(boss, UPDATE, {
      id: product.id,
      v: 1,
      i: { clientId: String(clientA), sku: product.sku, name: 'Ohne Gefahrgut', hazmat: null },
    });
    expect(cleared.data!.updateProduct.hazmat).toBeNull();
    expect(
      await t.db.query('SELECT 1 FROM product_hazmat WHERE product_id = $1', [product.id]),
    ).toEqual([]);
  });

  test('the client cannot change once stock of the product was booked', async () => {
    const product = await create();
    await stockOf(Number(product.id), 0);
    const answer = await graphql(boss, UPDATE, {
      id: product.id,
      v: 1,
      i: { clientId: String(clientB), sku: product.sku, name: product.name },
    });
    expect(answer.errors![0]!.extensions!.fieldRules!.clientId![0]!.rule).toBe('locked');
  });
});

describe('delete', () => {
  test('refused with CONFLICT while stock exists, and nothing changes', async () => {
    const product = await create({ hazmat: petrol });
    await stockOf(Number(product.id), 5);
    const before = await productTables();
    const answer = await graphql(boss, DELETE, { id: product.id });
    expect(codeOf(answer)).toBe('CONFLICT');
    expect(answer.errors![0]!.extensions!.reason).toBe('in-use');
    expect(answer.errors![0]!.message).toBe(
      'The product still has stock (5 units): book it out first.',
    );
    expect(await productTables()).toBe(before);
  });

  test('a product the ledger names stays as a deleted row: gone from the API, its sku free again', async () => {
    const product = await create({ sku: 'ARCHIV-1' });
    await stockOf(Number(product.id), 0);
    const answer = await graphql(boss, DELETE, { id: product.id });
    expect(answer.data!.deleteProduct).toEqual({ id: product.id });
    const [row] = await t.db.query<{ deleted: boolean }>(
      'SELECT deleted_at IS NOT NULL AS deleted FROM products WHERE id = $1',
      [product.id],
    );
    expect(row!.deleted).toBe(true);
    expect((await graphql(boss, PRODUCT, { id: product.id })).data!.product).toBeNull();
    const list = await graphql(boss, LIST, { p: { search: 'ARCHIV-1' } });
    expect(list.data!.products.total).toBe(0);
    await create({ sku: 'archiv-1' }); // the sku is free again
    expect(codeOf(await graphql(boss, DELETE, { id: product.id }))).toBe('NOT_FOUND');
  });

  test('a product never booked is removed with its hazmat data and empty stock rows', async () => {
    const product = await create({ hazmat: petrol });
    await stockOf(Number(product.id), 0, false);
    expect((await graphql(boss, DELETE, { id: product.id })).errors).toBeUndefined();
    for (const table of ['products', 'product_hazmat', 'stock', 'stock_totals']) {
      const column = table === 'products' ? 'id' : 'product_id';
      expect(await t.db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [product.id])).toEqual(
        [],
      );
    }
  });
});

describe('permissions', () => {
  test('product:view reads but may not create, update or delete; without it nothing', async () => {
    const product = await create();
    const viewer = await staffWith(t, ['product:view']);
    expect((await graphql(viewer.browser, PRODUCT, { id: product.id })).data!.product.id).toBe(
      product.id,
    );
    const input = { clientId: String(clientA), sku: 'NOPE', name: 'Nope' };
    expect(codeOf(await graphql(viewer.browser, CREATE, { i: input }))).toBe('FORBIDDEN');
    expect(codeOf(await graphql(viewer.browser, UPDATE, { id: product.id, v: 1, i: input }))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await graphql(viewer.browser, DELETE, { id: product.id }))).toBe('FORBIDDEN');
    const nobody = await staffWith(t, ['client:view']);
    expect(codeOf(await graphql(nobody.browser, PRODUCT, { id: product.id }))).toBe('FORBIDDEN');
    expect(codeOf(await graphql(nobody.browser, LIST, {}))).toBe('FORBIDDEN');
    const csv = await nobody.browser.request({ url: '/export/products.csv' });
    expect(csv.statusCode).toBe(403);
  });
});

describe('list', () => {
  test('searches sku, EAN and name, filters by client, exports CSV with the import headers', async () => {
    await create({ sku: 'LIST-ABC', name: 'Schraube', ean: '036000291452' });
    await create({ sku: 'LIST-DEF', name: 'Mutter Abc' });
    const bySku = await graphql(boss, LIST, { p: { search: 'list-abc' } });
    expect(bySku.data!.products.items.map((p: { sku: string }) => p.sku)).toEqual(['LIST-ABC']);
    const byEan = await graphql(boss, LIST, { p: { search: '0360002914' } });
    expect(byEan.data!.products.items.map((p: { sku: string }) => p.sku)).toEqual(['LIST-ABC']);
    const byName = await graphql(boss, LIST, { p: { search: 'abc' }, s: 'NAME' });
    expect(byName.data!.products.items.map((p: { sku: string }) => p.sku)).toEqual([
      'LIST-DEF',
      'LIST-ABC',
    ]);
    const ofB = await graphql(boss, LIST, { f: { clientId: String(clientB) } });
    expect(
      ofB.data!.products.items.every(
        (p: { client: { name: string } }) => p.client.name === 'Produkte B GmbH',
      ),
    ).toBe(true);
    const badFilter = await graphql(boss, LIST, { f: { clientId: 'abc' } });
    expect(badFilter.errors![0]!.extensions!.fieldRules!['filter.clientId']).toBeDefined();
    const csv = await boss.request({ url: '/export/products.csv?search=LIST-ABC&lang=en' });
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('SKU,Alt SKU,EAN,Name,URL,Weight (kg)');
    expect(header).toContain('UN number,CAS number');
    expect(line).toContain('LIST-ABC,,036000291452,Schraube');
  });

  test('over 100,000 products the search as you type uses the trigram indexes and answers quickly', async () => {
    await t.db.query(
      `INSERT INTO products (client_id, sku, name, ean)
       SELECT $1, 'BULK-' || lpad(n::text, 6, '0'), 'Artikel Nummer ' || n, ''
         FROM generate_series(1, 100000) n`,
      [clientB],
    );
    await t.db.query('ANALYZE products');
    const search = { p: { search: 'BULK-04711' } };
    const started = performance.now();
    const answer = await graphql(boss, LIST, search);
    const ms = performance.now() - started;
    expect(answer.data!.products.items.map((p: { sku: string }) => p.sku)).toEqual([
      'BULK-047110',
      'BULK-047111',
      'BULK-047112',
      'BULK-047113',
      'BULK-047114',
      'BULK-047115',
      'BULK-047116',
      'BULK-047117',
      'BULK-047118',
      'BULK-047119',
    ]);
    expect(ms).toBeLessThan(2000);
    // The plan of the list's own statement reads the trigram indexes, not every row.
    const statement = pageStatement(
      productList,
      { search: 'BULK-04711', sortBy: 'SKU', direction: 'ASC', filter: {} },
      26,
    );
    const plan = await t.db.query<Record<string, string>>(
      `EXPLAIN ${statement.text}`,
      statement.params,
    );
    const text = plan.map((row) => Object.values(row)[0]).join('\n');
    expect(text).toContain('products_sku_trgm_idx');
    expect(text).not.toMatch(/Seq Scan on products/);
    expect(await countRows(t, 'products')).toBeGreaterThanOrEqual(100_000);
  });
});

/** A multipart request with one file from a logged-in browser (its cookies and CSRF header). */
async function upload(browser: Browser, url: string, name: string, bytes: Buffer, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(baseUrl(t.app) + url, {
    method: 'POST',
    body: form,
    headers: {
      cookie,
      accept: 'application/json',
      'x-forwarded-for': browser.ip,
      'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? ''),
    },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers freely
  return { statusCode: response.status, body: (await response.json()) as any };
}

describe('images', () => {
  test('upload a PNG: stored, original served as it was, a WebP thumbnail of at most 200 px', async () => {
    const product = await create();
    const png = await sharp({
      create: {
        width: 800,
        height: 400,
        channels: 4,
        background: { r: 255, g: 0, b: 0, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();
    const answer = await upload(boss, `/spa/products/${product.id}/images`, 'rot.png', png);
    expect(answer.statusCode).toBe(201);
    expect(answer.body).toMatchObject({
      name: 'rot.png',
      contentType: 'image/png',
      width: 800,
      height: 400,
    });
    const original = await boss.request({ url: answer.body.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    const fetched = await fetch(baseUrl(t.app) + answer.body.url, {
      headers: { cookie: [...boss.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(Buffer.from(await fetched.arrayBuffer()).equals(png)).toBe(true);
    const thumb = await fetch(baseUrl(t.app) + answer.body.thumbnailUrl, {
      headers: { cookie: [...boss.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 100]);
    const read = await graphql(boss, PRODUCT, { id: product.id });
    expect(read.data!.product.images).toEqual([
      expect.objectContaining({ id: String(answer.body.id), name: 'rot.png' }),
    ]);
    const removed = await graphql(
      boss,
      'mutation($id: ID!) { deleteProductImage(id: $id) { id images { id } } }',
      { id: String(answer.body.id) },
    );
    expect(removed.data!.deleteProductImage).toEqual({ id: product.id, images: [] });
    expect((await boss.request({ url: answer.body.url })).statusCode).toBe(404);
  });

  test('a file that is no image (by content), a broken image, or a too large one is refused and nothing stored', async () => {
    const product = await create();
    const before = await countRows(t, 'product_images');
    const text = await upload(
      boss,
      `/spa/products/${product.id}/images`,
      'fake.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    );
    expect(text.statusCode).toBe(422);
    expect(text.body.errors.file).toEqual(['The file must be a JPEG, PNG or WebP image.']);
    const broken = await upload(
      boss,
      `/spa/products/${product.id}/images`,
      'broken.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]),
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.body.errors.file).toEqual(['The file is not a readable image.']);
    const huge = await upload(
      boss,
      `/spa/products/${product.id}/images`,
      'huge.png',
      Buffer.alloc(10 * 1024 * 1024 + 10, 0x89),
    );
    expect(huge.statusCode).toBe(413);
    const missing = await upload(boss, '/spa/products/99999999/images', 'a.png', Buffer.alloc(10));
    expect(missing.statusCode).toBe(404);
    expect(await countRows(t, 'product_images')).toBe(before);
  });

  test('uploading needs product:update, viewing product:view', async () => {
    const product = await create();
    const viewer = await staffWith(t, ['product:view']);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    const refused = await upload(
      viewer.browser,
      `/spa/products/${product.id}/images`,
      'a.png',
      png,
    );
    expect(refused.statusCode).toBe(403);
    const stored = await upload(boss, `/spa/products/${product.id}/images`, 'a.png', png);
    expect((await viewer.browser.request({ url: stored.body.thumbnailUrl })).statusCode).toBe(200);
    const nobody = await staffWith(t, ['client:view']);
    expect((await nobody.browser.request({ url: stored.body.thumbnailUrl })).statusCode).toBe(403);
  });
});
