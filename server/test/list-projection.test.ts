import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, graphql, type GraphqlAnswer } from './graphql-support';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';

// A list page reads what its GraphQL query asks for (lists/projection.ts): the columns of the
// fields asked, and the records its rows name (the inventory's product, warehouse, client)
// in its own statement — with the answers of reading every column and loading every record.

let t: TestApp;
let boss: Browser;
let clientId: number;
let clientName: string;
let warehouse: { warehouseId: number; code: string; placeIds: number[] };
const skus = ['PRJ-A', 'PRJ-B', 'PRJ-C'];
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  clientId = await newClient(t.db, 'Projektion GmbH');
  [{ name: clientName }] = await t.db.query<{ name: string }>(
    'SELECT name FROM clients WHERE id = $1',
    [clientId],
  );
  warehouse = await warehouseWithPlaces(t.db, 2);
  for (const [i, sku] of skus.entries()) {
    const productId = await newProduct(t.db, clientId, {
      sku,
      name: `Produkt ${sku}`,
      priceNetCents: 100 * (i + 1),
    });
    await t.db.query(
      `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, quantity)
       VALUES ($1, $2, $3, $4, $5)`,
      [productId, warehouse.placeIds[i % 2], clientId, warehouse.warehouseId, 10 + i],
    );
  }
  const [shipper] = await t.db.query<{ id: number }>(
    "INSERT INTO shippers (name) VALUES ('Projektion Express') RETURNING id",
  );
  const [method] = await t.db.query<{ id: number }>(
    "INSERT INTO shipping_methods (shipper_id, name) VALUES ($1, 'Projektion Paket') RETURNING id",
    [shipper!.id],
  );
  const [product] = await t.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [
    'PRJ-A',
  ]);
  for (const [number, lastName] of [
    ['PRJ-1', 'Albers'],
    ['PRJ-2', 'Brandt'],
  ]) {
    const answer = await graphql(
      boss,
      'mutation($i: OrderInput!) { createOrder(input: $i) { id } }',
      {
        i: {
          clientId: String(clientId),
          number,
          shippingMethodId: String(method!.id),
          shippingAddress: {
            company: `${lastName} KG`,
            firstName: 'Jo',
            lastName,
            street: 'Kai',
            houseNumber: '1',
            postcode: '20457',
            city: 'Hamburg',
            countryCode: 'DE',
          },
          billingAddress: {
            firstName: 'Rechnung',
            lastName,
            street: 'Deich',
            houseNumber: '2',
            postcode: '20095',
            city: 'Bremen',
            countryCode: 'DE',
          },
          items: [{ productId: String(product!.id), quantity: 2 }],
        },
      },
    );
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  }
  await graphql(boss, '{ orders { total } }'); // a first request may write the session's activity
});
afterAll(() => t.close());

/** The answer to a query and the statements the server ran for it (the session's included). */
async function withStatements(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ answer: GraphqlAnswer; statements: string[] }> {
  const original = t.db.query.bind(t.db);
  const statements: string[] = [];
  t.db.query = ((sql: string, params?: Parameters<typeof original>[1]) => {
    statements.push(sql.replace(/\s+/g, ' '));
    return original(sql, params);
  }) as typeof t.db.query;
  try {
    const answer = await graphql(boss, query, variables);
    expect(answer.errors).toBeUndefined();
    return { answer, statements };
  } finally {
    t.db.query = original;
  }
}

/** A value of an answer: tests read answers freely. */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers freely

describe('the orders list', () => {
  // The list screen's row (mf-orders' OrderRowFields).
  const ROW = `id number shop status orderDate total fulfillmentError version
    client { id name } shippingMethod { id name }
    shippingAddress { company firstName lastName city }`;

  test('a page reads the columns of the fields asked, with the answers of the whole order', async () => {
    const { answer, statements } = await withStatements(
      `query($c: ID!) { orders(filter: { clientId: $c }, sortBy: NUMBER) { total items { ${ROW} } } }`,
      { c: String(clientId) },
    );
    const page = (answer.data as Json).orders;
    expect(page.items.map((o: Json) => o.number)).toEqual(['PRJ-1', 'PRJ-2']);
    // Each order as its own query reads it (every column).
    for (const item of page.items) {
      const one = await graphql(boss, `query($id: ID!) { order(id: $id) { ${ROW} } }`, {
        id: item.id,
      });
      expect(item).toEqual((one.data as Json).order);
    }
    expect(page.items[1]).toMatchObject({
      total: expect.any(Number),
      client: { name: clientName },
      shippingMethod: { name: 'Projektion Paket' },
      shippingAddress: { company: 'Brandt KG', lastName: 'Brandt', city: 'Hamburg' },
    });
    expect(page.items[1].total).toBeGreaterThan(0);
    // The page's statement leaves out what was not asked: the billing address, the times, the
    // shipping address's parts the row does not show.
    const pageStatement = statements.find((sql) => sql.includes('FROM orders o'))!;
    for (const column of ['company', 'first_name', 'last_name', 'city'])
      expect(pageStatement).toContain(`o.ship_${column}`);
    for (const column of ['street', 'postcode', 'country_code', 'email', 'additional_lines'])
      expect(pageStatement).not.toContain(`o.ship_${column}`);
    expect(pageStatement).not.toContain('bill_');
    expect(pageStatement).not.toContain('o.created_at');
  });

  test('an address asked for its type alone reads none of its columns and is still there', async () => {
    const { answer, statements } = await withStatements(
      `query($c: ID!) { orders(filter: { clientId: $c }, sortBy: NUMBER) {
        items { number shippingAddress { __typename } billingAddress { city } } } }`,
      { c: String(clientId) },
    );
    expect((answer.data as Json).orders.items).toEqual([
      {
        number: 'PRJ-1',
        shippingAddress: { __typename: 'Address' },
        billingAddress: { city: 'Bremen' },
      },
      {
        number: 'PRJ-2',
        shippingAddress: { __typename: 'Address' },
        billingAddress: { city: 'Bremen' },
      },
    ]);
    const pageStatement = statements.find((sql) => sql.includes('FROM orders o'))!;
    expect(pageStatement).not.toContain('ship_');
    expect(pageStatement).toContain('o.bill_city');
  });

  test('every field of an order asked of the page answers as the order itself', async () => {
    const EVERY = `${ROW} heldFromStatus editable subtotal vat currency billingSameAsShipping
      billingAddress { firstName lastName street city } fulfillmentErrorAt createdAt updatedAt
      department { id } items { sku orderedQuantity lineTotal } attributes { key }
      history { kind } packages { id }`;
    const { answer } = await withStatements(
      `query($c: ID!) { orders(filter: { clientId: $c }, sortBy: NUMBER) { items { ${EVERY} } } }`,
      { c: String(clientId) },
    );
    const items = (answer.data as Json).orders.items;
    expect(items).toHaveLength(2);
    for (const item of items) {
      const one = await graphql(boss, `query($id: ID!) { order(id: $id) { ${EVERY} } }`, {
        id: item.id,
      });
      expect(item).toEqual((one.data as Json).order);
    }
    expect(items[0].billingAddress).toMatchObject({ firstName: 'Rechnung', city: 'Bremen' });
    expect(items[0].items).toEqual([{ sku: 'PRJ-A', orderedQuantity: 2, lineTotal: 2 }]);
  });
});

describe('the inventory', () => {
  const INVENTORY = `query($w: ID!) { inventory(filter: { warehouseId: $w }) { total items {
    quantity value ...Names } } }
    fragment Names on InventoryRow { product { id sku name priceNet } ... on InventoryRow {
      warehouse { id name code } client { id name } } }`;

  test('a page reads its rows’ products, warehouses and clients along: two statements in all', async () => {
    const { answer, statements } = await withStatements(INVENTORY, {
      w: String(warehouse.warehouseId),
    });
    const items = (answer.data as Json).inventory.items;
    expect(
      items.map((row: Json) => [
        row.product.sku,
        row.product.name,
        row.product.priceNet,
        row.quantity,
        row.value,
        row.warehouse.code,
        row.client.name,
      ]),
    ).toEqual(
      skus.map((sku, i) => [
        sku,
        `Produkt ${sku}`,
        i + 1,
        10 + i,
        (10 + i) * (i + 1),
        warehouse.code,
        clientName,
      ]),
    );
    // The session, the page: no statement per kind of record.
    expect(statements).toHaveLength(2);
  });

  test('a field the page cannot read along loads the record as before, with the same answers', async () => {
    const carried = await withStatements(INVENTORY, { w: String(warehouse.warehouseId) });
    // The warehouse's address is not read along: the warehouses are loaded (one statement).
    const loaded = await withStatements(
      INVENTORY.replace(
        'warehouse { id name code }',
        'warehouse { id name code address { city } }',
      ),
      { w: String(warehouse.warehouseId) },
    );
    expect(loaded.statements).toHaveLength(3);
    const items = (loaded.answer.data as Json).inventory.items;
    expect(items[0].warehouse.address).toEqual({ city: expect.any(String) });
    for (const item of items) delete item.warehouse.address;
    expect(items).toEqual((carried.answer.data as Json).inventory.items);
  });
});
