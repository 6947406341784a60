import { startTestApp, type TestApp, Browser } from './helpers';
import { admin, administrationSnapshot, codeOf, graphql, staffWith } from './graphql-support';

let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  const browser = await admin(t.app);
  const run = async (query: string, variables: Record<string, unknown>) => {
    const answer = await graphql(browser, query, variables);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return Object.values(answer.data!)[0] as { id: string };
  };
  ids.client = (
    await run('mutation($i: ClientInput!) { createClient(input: $i) { id } }', {
      i: {
        name: 'Muster GmbH',
        address: {
          street: 'Hafenstraße',
          houseNumber: '1',
          postcode: '20457',
          city: 'Hamburg',
          countryCode: 'DE',
        },
      },
    })
  ).id;
  ids.department = (
    await run('mutation($i: DepartmentInput!) { createDepartment(input: $i) { id } }', {
      i: { name: 'Einkauf', customerNumber: 'K-1', clientId: ids.client },
    })
  ).id;
  ids.product = (
    await run(
      'mutation($c: ID!) { createProduct(input: {clientId: $c, sku: "P-1", name: "Ding"}) { id } }',
      {
        c: ids.client,
      },
    )
  ).id;
  ids.warehouse = (
    await run('mutation($i: WarehouseInput!) { createWarehouse(input: $i) { id } }', {
      i: {
        name: 'Hafenlager',
        code: 'HH',
        address: {
          street: 'Hafenstraße',
          houseNumber: '1',
          postcode: '20457',
          city: 'Hamburg',
          countryCode: 'DE',
        },
      },
    })
  ).id;
  ids.storage = (
    await run(
      'mutation($w: ID!) { createStorage(warehouseId: $w, input: {name: "Halle", code: "S1"}) { id } }',
      {
        w: ids.warehouse,
      },
    )
  ).id;
  ids.rack = (
    await run(
      'mutation($s: ID!) { createRack(storageId: $s, input: {name: "Regal", code: "R1"}) { id } }',
      {
        s: ids.storage,
      },
    )
  ).id;
  ids.place = (
    await run(
      'mutation($r: ID!) { createPlace(rackId: $r, input: {name: "P1", code: "P1"}) { id } }',
      {
        r: ids.rack,
      },
    )
  ).id;
  ids.shipper = (await run('mutation { createShipper(input: {name: "DHL"}) { id } }', {})).id;
  ids.method = (
    await run('mutation($i: ShippingMethodInput!) { createShippingMethod(input: $i) { id } }', {
      i: { name: 'Paket', shipperId: ids.shipper, hazmatAllowed: false, trackingRequired: true },
    })
  ).id;
  ids.role = (
    await run(
      'mutation { createRole(input: {name: "Lager", permissions: ["order:view"]}) { id } }',
      {},
    )
  ).id;
  ids.user = (
    await run('mutation($i: UserInput!) { createUser(input: $i) { id } }', {
      i: {
        name: 'Lea Lager',
        email: 'lea@kontor.test',
        password: 'lager-passwort',
        roleIds: [ids.role],
      },
    })
  ).id;
});
afterAll(() => t.close());

/** Every query and mutation with the permission it needs. */
const operations: [
  permission: string,
  operation: string,
  variables: () => Record<string, unknown>,
][] = [
  ['user:view', '{ users { total } }', () => ({})],
  ['user:view', 'query($id: ID!) { user(id: $id) { name } }', () => ({ id: ids.user })],
  [
    'user:create',
    'mutation { createUser(input: {name: "X", email: "x@kontor.test", password: "12345678", roleIds: []}) { id } }',
    () => ({}),
  ],
  [
    'user:update',
    'mutation($id: ID!) { updateUser(id: $id, version: 1, input: {name: "X", email: "lea@kontor.test", roleIds: []}) { id } }',
    () => ({ id: ids.user }),
  ],
  ['user:delete', 'mutation($id: ID!) { deleteUser(id: $id) { id } }', () => ({ id: ids.user })],
  ['role:view', '{ roles { total } }', () => ({})],
  ['role:view', '{ permissions }', () => ({})],
  ['role:view', 'query($id: ID!) { role(id: $id) { name } }', () => ({ id: ids.role })],
  [
    'role:create',
    'mutation { createRole(input: {name: "Neu", permissions: []}) { id } }',
    () => ({}),
  ],
  [
    'role:update',
    'mutation($id: ID!) { updateRole(id: $id, version: 1, input: {name: "Neu", permissions: []}) { id } }',
    () => ({ id: ids.role }),
  ],
  [
    'role:delete',
    'mutation($id: ID!) { deleteRole(id: $id, confirmed: true) { id } }',
    () => ({ id: ids.role }),
  ],
  ['client:view', '{ clients { total } }', () => ({})],
  ['client:view', 'query($id: ID!) { client(id: $id) { name } }', () => ({ id: ids.client })],
  [
    'client:create',
    'mutation { createClient(input: {name: "Neu", address: {street: "A", houseNumber: "1", postcode: "12345", city: "B", countryCode: "DE"}}) { id } }',
    () => ({}),
  ],
  [
    'client:update',
    'mutation($id: ID!) { updateClient(id: $id, version: 1, input: {name: "Neu", address: {street: "A", houseNumber: "1", postcode: "12345", city: "B", countryCode: "DE"}}) { id } }',
    () => ({ id: ids.client }),
  ],
  [
    'client:delete',
    'mutation($id: ID!) { deleteClient(id: $id) { id } }',
    () => ({ id: ids.client }),
  ],
  ['department:view', '{ departments { total } }', () => ({})],
  [
    'department:view',
    'query($id: ID!) { department(id: $id) { name } }',
    () => ({ id: ids.department }),
  ],
  [
    'department:create',
    'mutation($c: ID!) { createDepartment(input: {name: "Neu", customerNumber: "K-9", clientId: $c}) { id } }',
    () => ({ c: ids.client }),
  ],
  [
    'department:update',
    'mutation($id: ID!, $c: ID!) { updateDepartment(id: $id, version: 1, input: {name: "Neu", customerNumber: "K-9", clientId: $c}) { id } }',
    () => ({ id: ids.department, c: ids.client }),
  ],
  [
    'department:delete',
    'mutation($id: ID!) { deleteDepartment(id: $id) { id } }',
    () => ({ id: ids.department }),
  ],
  ['shipping:view', '{ shippers { total } }', () => ({})],
  ['shipping:view', 'query($id: ID!) { shipper(id: $id) { name } }', () => ({ id: ids.shipper })],
  ['shipping:view', '{ shippingMethods { total } }', () => ({})],
  [
    'shipping:view',
    'query($id: ID!) { shippingMethod(id: $id) { name } }',
    () => ({ id: ids.method }),
  ],
  ['shipping:create', 'mutation { createShipper(input: {name: "UPS"}) { id } }', () => ({})],
  [
    'shipping:update',
    'mutation($id: ID!) { updateShipper(id: $id, version: 1, input: {name: "UPS"}) { id } }',
    () => ({ id: ids.shipper }),
  ],
  [
    'shipping:delete',
    'mutation($id: ID!) { deleteShipper(id: $id) { id } }',
    () => ({ id: ids.shipper }),
  ],
  [
    'shipping:create',
    'mutation($s: ID!) { createShippingMethod(input: {name: "Express", shipperId: $s, hazmatAllowed: true, trackingRequired: true}) { id } }',
    () => ({ s: ids.shipper }),
  ],
  [
    'shipping:update',
    'mutation($id: ID!, $s: ID!) { updateShippingMethod(id: $id, version: 1, input: {name: "Express", shipperId: $s, hazmatAllowed: true, trackingRequired: true}) { id } }',
    () => ({ id: ids.method, s: ids.shipper }),
  ],
  [
    'shipping:delete',
    'mutation($id: ID!) { deleteShippingMethod(id: $id) { id } }',
    () => ({ id: ids.method }),
  ],
  // Background jobs (issue 11); job and cancelJob are @loggedIn (starter or administrate:
  // server/test/jobs.test.ts).
  ['administrate', '{ queues { kind } }', () => ({})],
  ['administrate', '{ jobs { total } }', () => ({})],
  [
    'administrate',
    'mutation($id: ID!) { retryJob(id: $id) { id } }',
    () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  ],
  [
    'client:create',
    'mutation($id: ID!) { importClients(uploadId: $id) { id } }',
    () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  ],
  // Products (issue 12).
  ['product:view', '{ products { total } }', () => ({})],
  ['product:view', 'query($id: ID!) { product(id: $id) { sku } }', () => ({ id: ids.product })],
  ['product:view', '{ productByEan(ean: "4006381333931") { id } }', () => ({})],
  [
    'product:create',
    'mutation($c: ID!) { createProduct(input: {clientId: $c, sku: "P-9", name: "Neu"}) { id } }',
    () => ({ c: ids.client }),
  ],
  [
    'product:update',
    'mutation($id: ID!, $c: ID!) { updateProduct(id: $id, version: 1, input: {clientId: $c, sku: "P-9", name: "Neu"}) { id } }',
    () => ({ id: ids.product, c: ids.client }),
  ],
  [
    'product:delete',
    'mutation($id: ID!) { deleteProduct(id: $id) { id } }',
    () => ({ id: ids.product }),
  ],
  [
    'product:update',
    'mutation($id: ID!) { deleteProductImage(id: $id) { id } }',
    () => ({ id: '1' }),
  ],
  // Product import (issue 12).
  [
    'product:import',
    'query($id: ID!) { productImportPreview(uploadId: $id) { fileName } }',
    () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  ],
  [
    'product:import',
    'mutation($id: ID!, $c: ID!) { importProducts(uploadId: $id, clientId: $c, mapping: [{column: 0, field: "sku"}, {column: 1, field: "name"}], mode: GOOD_ROWS) { id } }',
    () => ({ id: '00000000-0000-4000-8000-000000000000', c: ids.client }),
  ],
  // Warehouses (issue 12).
  ['warehouse:view', '{ warehouses { total } }', () => ({})],
  [
    'warehouse:view',
    'query($id: ID!) { warehouse(id: $id) { name } }',
    () => ({ id: ids.warehouse }),
  ],
  ['warehouse:view', 'query($id: ID!) { storage(id: $id) { name } }', () => ({ id: ids.storage })],
  ['warehouse:view', 'query($id: ID!) { rack(id: $id) { name } }', () => ({ id: ids.rack })],
  ['warehouse:view', 'query($id: ID!) { place(id: $id) { name } }', () => ({ id: ids.place })],
  ['warehouse:view', '{ places { total } }', () => ({})],
  ['stock:view', '{ placeByBarcode(barcode: "HH/S1/R1/P1") { id } }', () => ({})],
  [
    'warehouse:create',
    'mutation { createWarehouse(input: {name: "Neu", code: "NEU", address: {street: "A", houseNumber: "1", postcode: "20457", city: "Hamburg", countryCode: "DE"}}) { id } }',
    () => ({}),
  ],
  [
    'warehouse:update',
    'mutation($id: ID!) { updateWarehouse(id: $id, version: 1, input: {name: "Neu", code: "NEU", address: {street: "A", houseNumber: "1", postcode: "20457", city: "Hamburg", countryCode: "DE"}}) { id } }',
    () => ({ id: ids.warehouse }),
  ],
  [
    'warehouse:delete',
    'mutation($id: ID!) { deleteWarehouse(id: $id) { id } }',
    () => ({ id: ids.warehouse }),
  ],
  [
    'warehouse:update',
    'mutation($w: ID!) { createStorage(warehouseId: $w, input: {name: "Neu", code: "S9"}) { id } }',
    () => ({ w: ids.warehouse }),
  ],
  [
    'warehouse:update',
    'mutation($id: ID!) { updateStorage(id: $id, version: 1, input: {name: "Neu", code: "S9"}) { id } }',
    () => ({ id: ids.storage }),
  ],
  [
    'warehouse:update',
    'mutation($id: ID!) { deleteStorage(id: $id) { id } }',
    () => ({ id: ids.storage }),
  ],
  [
    'warehouse:update',
    'mutation($s: ID!) { createRack(storageId: $s, input: {name: "Neu", code: "R9"}) { id } }',
    () => ({ s: ids.storage }),
  ],
  [
    'warehouse:update',
    'mutation($id: ID!) { updateRack(id: $id, version: 1, input: {name: "Neu", code: "R9"}) { id } }',
    () => ({ id: ids.rack }),
  ],
  [
    'warehouse:update',
    'mutation($id: ID!) { deleteRack(id: $id) { id } }',
    () => ({ id: ids.rack }),
  ],
  [
    'warehouse:update',
    'mutation($r: ID!) { createPlace(rackId: $r, input: {name: "P9", code: "P9"}) { id } }',
    () => ({ r: ids.rack }),
  ],
  [
    'warehouse:update',
    'mutation($id: ID!) { updatePlace(id: $id, version: 1, input: {name: "P9", code: "P9"}) { id } }',
    () => ({ id: ids.place }),
  ],
  [
    'warehouse:update',
    'mutation($id: ID!) { deletePlace(id: $id) { id } }',
    () => ({ id: ids.place }),
  ],
  [
    'warehouse:update',
    'mutation($r: ID!) { createPlaces(rackId: $r, input: {prefix: "P", from: 10, to: 12, digits: 2}) { id } }',
    () => ({ r: ids.rack }),
  ],
  // Stock (issue 12).
  ['stock:view', '{ stockChanges { total } }', () => ({})],
  ['stock:view', 'query($id: ID!) { stockChange(id: $id) { id } }', () => ({ id: '1' })],
  ['stock:view', 'query($id: ID!) { stockMove(id: $id) { id } }', () => ({ id: 'move:1' })],
  ['stock:view', '{ inventory { total } }', () => ({})],
  [
    'stock:view',
    'query($p: ID!) { inventoryDetail(productId: $p, warehouseId: "1") { id } }',
    () => ({ p: ids.product }),
  ],
  [
    'stock:book',
    'mutation($p: ID!) { bookStock(input: {kind: IN, warehouseId: "1", placeId: "1", productId: $p, quantity: 1}) { id } }',
    () => ({ p: ids.product }),
  ],
  [
    'stock:book',
    'mutation($p: ID!) { moveStock(input: {warehouseId: "1", placeId: "1", toPlaceId: "2", productId: $p, quantity: 1}) { id } }',
    () => ({ p: ids.product }),
  ],
  [
    'stock:correct',
    'mutation($p: ID!) { correctStock(input: {warehouseId: "1", placeId: "1", productId: $p, quantity: 1, comment: "Gezählt"}) { id } }',
    () => ({ p: ids.product }),
  ],
];

/** Fields any logged-in user may run; their own rule is tested with their area. */
const LOGGED_IN_FIELDS = ['job', 'cancelJob'];

const EVERY_PERMISSION = [
  'user',
  'role',
  'client',
  'department',
  'shipping',
  'product',
  'warehouse',
]
  .flatMap((entity) =>
    ['view', 'create', 'update', 'delete'].map((action) => `${entity}:${action}`),
  )
  .concat(['stock:view', 'stock:book', 'stock:correct']);

describe('every query and mutation checks its permission on the server', () => {
  test.each(operations)(
    'staff holding every administration permission but %s get FORBIDDEN and nothing changes: %s',
    async (permission, operation, variables) => {
      const staff = await staffWith(
        t,
        EVERY_PERMISSION.filter((p) => p !== permission),
      );
      const before = await administrationSnapshot(t);
      const answer = await graphql(staff.browser, operation, variables());
      expect(codeOf(answer)).toBe('FORBIDDEN');
      expect(await administrationSnapshot(t)).toBe(before);
    },
  );

  test('the operations above are every query and mutation of the schema', async () => {
    const browser = await admin(t.app);
    const answer = await graphql(
      browser,
      '{ q: __type(name: "Query") { fields { name } } m: __type(name: "Mutation") { fields { name } } }',
    );
    const names = [...answer.data!.q.fields, ...answer.data!.m.fields]
      .map((f: { name: string }) => f.name)
      .filter((name: string) => name !== '_empty');
    const covered = new Set(operations.map(([, op]) => op.match(/\{\s*(\w+)/)![1]));
    for (const name of LOGGED_IN_FIELDS) covered.add(name);
    expect(names.filter((name: string) => !covered.has(name))).toEqual([]);
  });

  test('a logged-out visitor gets UNAUTHENTICATED for a mutation and nothing changes', async () => {
    const visitor = new Browser(t.app);
    await visitor.csrfCookie();
    const before = await administrationSnapshot(t);
    const answer = await graphql(
      visitor,
      'mutation { createShipper(input: {name: "GLS"}) { id } }',
    );
    expect(codeOf(answer)).toBe('UNAUTHENTICATED');
    expect(await administrationSnapshot(t)).toBe(before);
  });
});
