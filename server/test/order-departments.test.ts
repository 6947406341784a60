import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, countRows, graphql, type GraphqlAnswer } from './graphql-support';
import { newClient, newProduct } from './stock-support';

// The department of an order (issue 15): the order form sets and changes it, the order shows
// it, and a department that is unknown or another client's is a field error on departmentId
// that changes nothing — never an internal error from the foreign key.

let t: TestApp;
let boss: Browser;
let clientId: number;
let otherClientId: number;
let productId: number;
let otherProductId: number;
const departments: Record<string, string> = {};

const ORDER_FIELDS = `id version department { id name customerNumber client { id } }
  history { kind detail }`;
const CREATE = `mutation($i: OrderInput!) { createOrder(input: $i) { ${ORDER_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $v: Int!, $i: OrderInput!) { updateOrder(id: $id, version: $v, input: $i) { ${ORDER_FIELDS} } }`;
const ORDER = `query($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;

/** A value of an answer: tests read answers freely. */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers freely

const ok = (answer: GraphqlAnswer): Json => {
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return Object.values(answer.data!)[0];
};

/** An order input of the client with one item; `overrides` replace fields. */
function input(overrides: Record<string, unknown> = {}) {
  return {
    clientId: String(clientId),
    shippingAddress: {
      lastName: 'Mustermann',
      street: 'Hafenstraße',
      houseNumber: '7',
      postcode: '20457',
      city: 'Hamburg',
      countryCode: 'DE',
    },
    items: [{ productId: String(productId), quantity: 1 }],
    ...overrides,
  };
}

async function newDepartment(client: number, name: string, customerNumber: string) {
  return ok(
    await graphql(boss, 'mutation($i: DepartmentInput!) { createDepartment(input: $i) { id } }', {
      i: { name, customerNumber, clientId: String(client) },
    }),
  ).id as string;
}

/** The stored department of an order (what the invoice export groups by). */
async function storedDepartment(orderId: string): Promise<number | null> {
  const [row] = await t.db.query<{ departmentId: number | null }>(
    'SELECT department_id AS "departmentId" FROM orders WHERE id = $1',
    [Number(orderId)],
  );
  return row!.departmentId;
}

beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  clientId = await newClient(t.db, 'Abteilung GmbH');
  otherClientId = await newClient(t.db, 'Fremd GmbH');
  productId = await newProduct(t.db, clientId, { sku: 'DEP-1' });
  otherProductId = await newProduct(t.db, otherClientId, { sku: 'DEP-2' });
  departments.purchase = await newDepartment(clientId, 'Einkauf', 'K-100');
  departments.sales = await newDepartment(clientId, 'Vertrieb', 'K-200');
  departments.foreign = await newDepartment(otherClientId, 'Fremdeinkauf', 'F-100');
});
afterAll(() => t.close());

test('an order is created with a department of its client, changed to another and cleared; the history names the change', async () => {
  const created = ok(
    await graphql(boss, CREATE, { i: input({ departmentId: departments.purchase }) }),
  );
  expect(created.department).toEqual({
    id: departments.purchase,
    name: 'Einkauf',
    customerNumber: 'K-100',
    client: { id: String(clientId) },
  });
  expect(await storedDepartment(created.id)).toBe(Number(departments.purchase));

  const changed = ok(
    await graphql(boss, UPDATE, {
      id: created.id,
      v: created.version,
      i: input({ departmentId: departments.sales }),
    }),
  );
  expect(changed.department.name).toBe('Vertrieb');
  expect(changed.history.at(-1)).toEqual(
    expect.objectContaining({
      kind: 'updated',
      detail: JSON.stringify({ changed: ['departmentId'] }),
    }),
  );
  // Read again: the order's page shows it.
  expect(ok(await graphql(boss, ORDER, { id: created.id })).department.customerNumber).toBe(
    'K-200',
  );

  // No department sent: the order has none (the form sends what it shows).
  const cleared = ok(
    await graphql(boss, UPDATE, { id: created.id, v: changed.version, i: input() }),
  );
  expect(cleared.department).toBeNull();
  expect(await storedDepartment(created.id)).toBeNull();
});

test('an unknown department, another client’s or a text that is no id is a field error on departmentId and changes nothing', async () => {
  const order = ok(
    await graphql(boss, CREATE, { i: input({ departmentId: departments.purchase }) }),
  );
  const before = await Promise.all(['orders', 'order_events'].map((table) => countRows(t, table)));

  const refused = async (departmentId: unknown, message: string) => {
    for (const answer of [
      await graphql(boss, CREATE, { i: input({ departmentId }) }),
      await graphql(boss, UPDATE, { id: order.id, v: order.version, i: input({ departmentId }) }),
    ]) {
      expect(codeOf(answer)).toBe('BAD_USER_INPUT');
      expect(answer.errors![0]!.extensions!.fieldErrors).toEqual({ departmentId: [message] });
    }
  };
  await refused('999999', 'The selected department is invalid.');
  await refused(departments.foreign, 'The department is not one of the client’s departments.');
  await refused('Einkauf', 'The department field must be the id of a department.');

  expect(await Promise.all(['orders', 'order_events'].map((table) => countRows(t, table)))).toEqual(
    before,
  );
  const [unchanged] = await t.db.query<{ version: number }>(
    'SELECT version FROM orders WHERE id = $1',
    [Number(order.id)],
  );
  expect(unchanged!.version).toBe(order.version);
  expect(await storedDepartment(order.id)).toBe(Number(departments.purchase));
});

test('moving an order to another client while keeping the old client’s department is a field error, not an internal error', async () => {
  const order = ok(await graphql(boss, CREATE, { i: input({ departmentId: departments.sales }) }));
  const answer = await graphql(boss, UPDATE, {
    id: order.id,
    v: order.version,
    i: input({
      clientId: String(otherClientId),
      departmentId: departments.sales,
      items: [{ productId: String(otherProductId), quantity: 1 }],
    }),
  });
  expect(codeOf(answer)).toBe('BAD_USER_INPUT');
  expect(answer.errors![0]!.extensions!.fieldErrors).toEqual({
    departmentId: ['The department is not one of the client’s departments.'],
  });
  // With the new client's department the move is saved.
  const moved = ok(
    await graphql(boss, UPDATE, {
      id: order.id,
      v: order.version,
      i: input({
        clientId: String(otherClientId),
        departmentId: departments.foreign,
        items: [{ productId: String(otherProductId), quantity: 1 }],
      }),
    }),
  );
  expect(moved.department.name).toBe('Fremdeinkauf');
});

test('deleting a department leaves its orders without one', async () => {
  const gone = await newDepartment(clientId, 'Aufgelöst', 'K-999');
  const order = ok(await graphql(boss, CREATE, { i: input({ departmentId: gone }) }));
  ok(await graphql(boss, 'mutation($id: ID!) { deleteDepartment(id: $id) { id } }', { id: gone }));
  expect(ok(await graphql(boss, ORDER, { id: order.id })).department).toBeNull();
});
