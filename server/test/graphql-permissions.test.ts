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
  // Suppliers and the avis file import (issue 13).
  ['supplier:view', '{ suppliers { total } }', () => ({})],
  ['supplier:view', 'query { supplier(id: "1") { name } }', () => ({})],
  [
    'supplier:create',
    'mutation { createSupplier(input: {name: "Neu", number: "L-9", address: {street: "A", houseNumber: "1", postcode: "12345", city: "B", countryCode: "DE"}}) { id } }',
    () => ({}),
  ],
  [
    'supplier:update',
    'mutation { updateSupplier(id: "1", version: 1, input: {name: "Neu", number: "L-9", address: {street: "A", houseNumber: "1", postcode: "12345", city: "B", countryCode: "DE"}}) { id } }',
    () => ({}),
  ],
  ['supplier:delete', 'mutation { deleteSupplier(id: "1") { id } }', () => ({})],
  [
    'avis:import',
    'query($id: ID!) { avisImportPreview(uploadId: $id) { fileName } }',
    () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  ],
  [
    'avis:import',
    'mutation($id: ID!, $c: ID!, $w: ID!) { importAvis(uploadId: $id, supplierId: "1", clientId: $c, warehouseId: $w, mapping: [{column: 0, field: "sku"}], mode: GOOD_ROWS) { id } }',
    () => ({ id: '00000000-0000-4000-8000-000000000000', c: ids.client, w: ids.warehouse }),
  ],
  // Avis (issue 13).
  ['avis:view', '{ avisList { total } }', () => ({})],
  ['avis:view', 'query { avis(id: "1") { number } }', () => ({})],
  [
    'avis:create',
    'mutation($c: ID!, $w: ID!, $p: ID!) { createAvis(input: {supplierId: "1", clientId: $c, warehouseId: $w, deliveryNoteNumber: "LS-1", deliveryDate: "2026-12-01", lines: [{productId: $p, announcedQuantity: 1}]}) { id } }',
    () => ({ c: ids.client, w: ids.warehouse, p: ids.product }),
  ],
  [
    'avis:update',
    'mutation($c: ID!, $w: ID!, $p: ID!) { updateAvis(id: "1", version: 1, input: {supplierId: "1", clientId: $c, warehouseId: $w, deliveryNoteNumber: "LS-1", deliveryDate: "2026-12-01", lines: [{productId: $p, announcedQuantity: 1}]}) { id } }',
    () => ({ c: ids.client, w: ids.warehouse, p: ids.product }),
  ],
  ['avis:update', 'mutation { cancelAvis(id: "1", version: 1) { id } }', () => ({})],
  ['avis:delete', 'mutation { deleteAvis(id: "1") { id } }', () => ({})],
  [
    'avis:book',
    'mutation($pl: ID!) { bookAvis(id: "1", input: {lines: [{lineId: "1", quantity: 1, placeId: $pl}]}) { id } }',
    () => ({ pl: ids.place }),
  ],
  ['avis:book', 'mutation { closeAvis(id: "1", version: 1, reason: "x") { id } }', () => ({})],
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
  // Orders (issue 14).
  ['order:view', '{ orders { total } }', () => ({})],
  ['order:view', 'query { order(id: "1") { id } }', () => ({})],
  // Dashboard (issue 14): @loggedIn since issue 31, each figure null without its list's
  // permission (server/test/dashboard.test.ts).
  // Order import (issue 14).
  [
    'order:import',
    'query($id: ID!) { orderImportPreview(uploadId: $id) { fileName } }',
    () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  ],
  [
    'order:import',
    'mutation($id: ID!, $c: ID!) { importOrders(uploadId: $id, clientId: $c, mapping: [{column: 0, field: "sku"}], mode: GOOD_ROWS) { id } }',
    () => ({ id: '00000000-0000-4000-8000-000000000000', c: ids.client }),
  ],
  [
    'order:create',
    'mutation($p: ID!, $c: ID!) { createOrder(input: {clientId: $c, shippingAddress: {lastName: "Muster", street: "Weg", houseNumber: "1", postcode: "20457", city: "Hamburg", countryCode: "DE"}, items: [{productId: $p, quantity: 1}]}) { id } }',
    () => ({ p: ids.product, c: ids.client }),
  ],
  [
    'order:update',
    'mutation($p: ID!, $c: ID!) { updateOrder(id: "1", version: 1, input: {clientId: $c, shippingAddress: {lastName: "Muster", street: "Weg", houseNumber: "1", postcode: "20457", city: "Hamburg", countryCode: "DE"}, items: [{productId: $p, quantity: 1}]}) { id } }',
    () => ({ p: ids.product, c: ids.client }),
  ],
  ['order:update', 'mutation { holdOrders(ids: ["1"]) { id } }', () => ({})],
  ['order:update', 'mutation { releaseOrders(ids: ["1"]) { id } }', () => ({})],
  ['order:update', 'mutation { retryOrder(id: "1") { id } }', () => ({})],
  ['order:cancel', 'mutation { cancelOrders(ids: ["1"]) { id } }', () => ({})],
  // Stocktaking (issue 16).
  ['stocktaking:view', '{ stocktakings { total } }', () => ({})],
  ['stocktaking:view', 'query { stocktaking(id: "1") { id } }', () => ({})],
  ['stocktaking:view', 'query { stocktakingPlaces(id: "1") { total } }', () => ({})],
  [
    'stocktaking:view',
    'query { stocktakingPlace(stocktakingId: "1", placeId: "1") { id } }',
    () => ({}),
  ],
  [
    'stocktaking:view',
    'query { stocktakingPlaceByBarcode(stocktakingId: "1", barcode: "x") { id } }',
    () => ({}),
  ],
  ['stocktaking:view', 'query { stocktakingSummary(id: "1") { totals { counted } } }', () => ({})],
  [
    'stocktaking:create',
    'mutation($w: ID!) { createStocktaking(input: {warehouseId: $w}) { id } }',
    () => ({ w: ids.warehouse }),
  ],
  [
    'stocktaking:update',
    'mutation($w: ID!) { updateStocktaking(id: "1", version: 1, input: {warehouseId: $w}) { id } }',
    () => ({ w: ids.warehouse }),
  ],
  ['stocktaking:update', 'mutation { startStocktaking(id: "1", version: 1) { id } }', () => ({})],
  [
    'stocktaking:update',
    'mutation { completeStocktaking(id: "1", version: 1) { id } }',
    () => ({}),
  ],
  [
    'stocktaking:count',
    'mutation($p: ID!, $pl: ID!) { countStock(stocktakingId: "1", input: {placeId: $pl, productId: $p, quantity: 1}) { id } }',
    () => ({ p: ids.product, pl: ids.place }),
  ],
  [
    'stocktaking:count',
    'mutation($pl: ID!) { confirmEmptyPlace(stocktakingId: "1", placeId: $pl) { id } }',
    () => ({ pl: ids.place }),
  ],
  [
    'stocktaking:count',
    'mutation { recountLines(stocktakingId: "1", lineIds: ["1"]) { id } }',
    () => ({}),
  ],
  ['stocktaking:book', 'mutation { bookStocktaking(id: "1", version: 1) { id } }', () => ({})],
  ['stocktaking:delete', 'mutation { cancelStocktaking(id: "1", version: 1) { id } }', () => ({})],
  // Picklists and the packing station (issue 15).
  ['picklist:view', '{ picklists { total } }', () => ({})],
  ['picklist:view', 'query { picklist(id: "1") { id } }', () => ({})],
  ['picklist:create', 'mutation { createPicklist(input: {}) { errors { reason } } }', () => ({})],
  [
    'picklist:create',
    'mutation { createPicklist(input: {orderIds: ["1"]}) { skipped { rule } } }',
    () => ({}),
  ],
  [
    'picklist:pick',
    'mutation { pickLine(lineId: "1", placeBarcode: "x", ean: "x", quantity: 1) { id } }',
    () => ({}),
  ],
  ['picklist:create', 'mutation { cancelPicklist(id: "1", version: 1) { id } }', () => ({})],
  ['shipment:create', 'query { shipment(id: "1") { id } }', () => ({})],
  ['shipment:create', 'query { orderForPacking(number: "x") { id } }', () => ({})],
  [
    'shipment:create',
    'mutation { createShipment(orderId: "1", version: 1, packages: [{items: [{orderItemId: "1", quantity: 1}]}]) { id } }',
    () => ({}),
  ],
  ['shipment:create', 'mutation { shipAll(orderId: "1", version: 1) { id } }', () => ({})],
  // Invoice export (issue 15).
  [
    'invoice:export',
    'query($c: ID!) { invoiceExportPreview(clientId: $c, from: "2026-01-01", to: "2026-01-31") { positions } }',
    () => ({ c: ids.client }),
  ],
  [
    'invoice:export',
    'mutation($c: ID!) { exportInvoices(clientId: $c, from: "2026-01-01", to: "2026-01-31") { id } }',
    () => ({ c: ids.client }),
  ], // Shop connections (issue 29).
  ['shop:view', '{ shopConnectors { name } }', () => ({})],
  ['shop:view', '{ shopConnections { total } }', () => ({})],
  ['shop:view', 'query { shopConnection(id: "1") { id } }', () => ({})],
  [
    'shop:create',
    'mutation { createShopConnection(input: {name: "Shop", connector: "woocommerce", clientId: "1", baseUrl: "http://127.0.0.1:9", secrets: [{key: "consumerKey", value: "ck"}, {key: "consumerSecret", value: "cs"}]}) { id } }',
    () => ({}),
  ],
  [
    'shop:update',
    'mutation { updateShopConnection(id: "1", version: 1, input: {name: "Shop", connector: "woocommerce", clientId: "1", baseUrl: "http://127.0.0.1:9", secrets: [{key: "consumerKey", value: "ck"}, {key: "consumerSecret", value: "cs"}]}) { id } }',
    () => ({}),
  ],
  ['shop:delete', 'mutation { deleteShopConnection(id: "1") { id } }', () => ({})],
  ['shop:update', 'mutation { pauseShopConnection(id: "1") { id } }', () => ({})],
  ['shop:update', 'mutation { resumeShopConnection(id: "1") { id } }', () => ({})],
  ['shop:sync', 'mutation { syncShopConnection(id: "1") { id } }', () => ({})],
  [
    'shop:sync',
    'mutation { testShopConnection(input: {name: "Shop", connector: "woocommerce", clientId: "1", baseUrl: "http://127.0.0.1:9", secrets: [{key: "consumerKey", value: "ck"}, {key: "consumerSecret", value: "cs"}]}) { ok } }',
    () => ({}),
  ],
  ['shop:sync', 'mutation { retryShopDeadLetter(id: "1") { id } }', () => ({})],
  ['shop:sync', 'mutation { retryShopPushes(id: "1") { id } }', () => ({})],
];

/** Fields any logged-in user may run; their own rule is tested with their area. */
const LOGGED_IN_FIELDS = ['job', 'cancelJob', 'dashboard'];

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
  .concat(['stock:view', 'stock:book', 'stock:correct'])
  .concat(['order:view', 'order:create', 'order:update', 'order:cancel', 'order:import'])
  .concat(['supplier:view', 'supplier:create', 'supplier:update', 'supplier:delete'])
  .concat(['avis:import'])
  .concat(['avis:view', 'avis:create', 'avis:update', 'avis:delete', 'avis:book'])
  .concat(['view', 'create', 'update', 'count', 'book', 'delete'].map((a) => `stocktaking:${a}`))
  .concat(['picklist:view', 'picklist:create', 'picklist:pick', 'shipment:create'])
  .concat(['invoice:export'])
  .concat(['view', 'create', 'update', 'delete', 'sync'].map((a) => `shop:${a}`));

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
