import { inflateSync } from 'node:zlib';
import { createClient } from '../src/clients/clients';
import { pathSort } from '../src/warehouses/warehouses';
import { baseUrl, Browser, startTestApp, type TestApp } from './helpers';
import { admin, codeOf, countRows, graphql, staffWith } from './graphql-support';

// Warehouses → storages → racks → places over GraphQL (and the labels PDF over REST), on
// PGlite and, with server/scripts/test-postgres.sh, on PostgreSQL.

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterAll(() => t.close());

const address = {
  street: 'Lagerweg',
  houseNumber: '5',
  postcode: '28199',
  city: 'Bremen',
  countryCode: 'DE',
};

const CREATE_WAREHOUSE =
  'mutation($i: WarehouseInput!) { createWarehouse(input: $i) { id name code version address { city street firstName } } }';
const UPDATE_WAREHOUSE =
  'mutation($id: ID!, $v: Int!, $i: WarehouseInput!) { updateWarehouse(id: $id, version: $v, input: $i) { id code version } }';
const CREATE_STORAGE =
  'mutation($w: ID!, $i: StorageInput!) { createStorage(warehouseId: $w, input: $i) { id code version warehouse { id } } }';
const UPDATE_STORAGE =
  'mutation($id: ID!, $v: Int!, $i: StorageInput!) { updateStorage(id: $id, version: $v, input: $i) { id code version } }';
const CREATE_RACK =
  'mutation($s: ID!, $i: RackInput!) { createRack(storageId: $s, input: $i) { id code version storage { id } } }';
const UPDATE_RACK =
  'mutation($id: ID!, $v: Int!, $i: RackInput!) { updateRack(id: $id, version: $v, input: $i) { id code version } }';
const CREATE_PLACE =
  'mutation($r: ID!, $i: PlaceInput!) { createPlace(rackId: $r, input: $i) { id code barcode path version widthCm } }';
const UPDATE_PLACE =
  'mutation($id: ID!, $v: Int!, $i: PlaceInput!) { updatePlace(id: $id, version: $v, input: $i) { id code barcode path version } }';
const CREATE_PLACES =
  'mutation($r: ID!, $i: PlacesInput!) { createPlaces(rackId: $r, input: $i) { id code barcode path } }';
const TREE = `query($id: ID!) { warehouse(id: $id) { code storages { code racks { code places { code path barcode } } } } }`;

async function ok(query: string, variables: Record<string, unknown> = {}, who = boss) {
  const answer = await graphql(who, query, variables);
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}

let serial = 0;
/** A warehouse with one storage and one rack (codes W<n>, S2, R03). */
async function tree(extra: { places?: number } = {}) {
  serial += 1;
  const warehouse = (
    await ok(CREATE_WAREHOUSE, { i: { name: `Lager ${serial}`, code: `W${serial}`, address } })
  ).createWarehouse;
  const storage = (
    await ok(CREATE_STORAGE, { w: warehouse.id, i: { name: 'Halle 2', code: 'S2' } })
  ).createStorage;
  const rack = (await ok(CREATE_RACK, { s: storage.id, i: { name: 'Regal 3', code: 'R03' } }))
    .createRack;
  const places = extra.places
    ? (
        await ok(CREATE_PLACES, {
          r: rack.id,
          i: { prefix: 'P', from: 1, to: extra.places, digits: 2 },
        })
      ).createPlaces
    : [];
  return { warehouse, storage, rack, places } as {
    warehouse: { id: string; code: string; version: number };
    storage: { id: string; version: number };
    rack: { id: string; version: number };
    places: { id: string; code: string; barcode: string; path: string }[];
  };
}

/** Every place's path from the current codes, and its walking-order key — both as the database holds them. */
async function pathsAreRight(): Promise<void> {
  const wrong = await t.db.query(
    `SELECT p.id, p.path, p.path_sort FROM places p JOIN racks r ON r.id = p.rack_id
       JOIN storages s ON s.id = r.storage_id JOIN warehouses w ON w.id = s.warehouse_id
      WHERE p.path <> w.code || ' / ' || s.code || ' / ' || r.code || ' / ' || p.code
         OR p.path_sort <> warehouse_path_sort(p.path) OR p.warehouse_id <> w.id`,
  );
  expect(wrong).toEqual([]);
}

describe('warehouses', () => {
  test('bad input gets BAD_USER_INPUT with one error per field, and nothing is saved', async () => {
    const before = await countRows(t, 'warehouses');
    const answer = await graphql(boss, CREATE_WAREHOUSE, {
      i: { name: ' ', code: 'W 1/2', address: { ...address, postcode: '123' } },
    });
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    expect(answer.errors![0]!.extensions!.fieldErrors).toEqual({
      name: ['The name field is required.'],
      code: ['The code may only contain letters, digits, dots, dashes and underscores.'],
      'address.postcode': ['The postcode is not valid for DE.'],
    });
    expect(answer.errors![0]!.extensions!.fieldRules!.code![0]!.rule).toBe('treeCode');
    expect(await countRows(t, 'warehouses')).toBe(before);
  });

  test('name and code are unique ignoring case: field errors on name and code', async () => {
    await ok(CREATE_WAREHOUSE, { i: { name: 'Hamburg Süd', code: 'HHS', address } });
    const sameName = await graphql(boss, CREATE_WAREHOUSE, {
      i: { name: 'HAMBURG SÜD', code: 'HHX', address },
    });
    expect(sameName.errors![0]!.extensions!.fieldRules).toEqual({
      name: [expect.objectContaining({ rule: 'unique' })],
    });
    const sameCode = await graphql(boss, CREATE_WAREHOUSE, {
      i: { name: 'Hamburg Nord', code: 'hhs', address },
    });
    expect(sameCode.errors![0]!.extensions!.fieldRules).toEqual({
      code: [expect.objectContaining({ rule: 'unique' })],
    });
  });

  test('the address is saved and read back; the person fields are empty', async () => {
    const w = (
      await ok(CREATE_WAREHOUSE, {
        i: { name: 'Adresslager', code: 'AD1', address: { ...address, firstName: 'Ignored' } },
      })
    ).createWarehouse;
    expect(w.address).toEqual({ city: 'Bremen', street: 'Lagerweg', firstName: '' });
    const list = await ok('{ warehouses(page: {search: "adressl"}) { total items { code } } }');
    expect(list.warehouses).toEqual({ total: 1, items: [{ code: 'AD1' }] });
  });

  test("saving over someone else's newer save is refused with CONFLICT", async () => {
    const { warehouse, storage, rack } = await tree();
    const input = { name: `Neu ${warehouse.code}`, code: warehouse.code, address };
    await ok(UPDATE_WAREHOUSE, { id: warehouse.id, v: warehouse.version, i: input });
    const stale = await graphql(boss, UPDATE_WAREHOUSE, {
      id: warehouse.id,
      v: warehouse.version,
      i: { ...input, name: 'Alt' },
    });
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(stale.errors![0]!.extensions!.reason).toBe('stale');
    await ok(UPDATE_STORAGE, { id: storage.id, v: storage.version, i: { name: 'x', code: 'S2' } });
    const staleStorage = await graphql(boss, UPDATE_STORAGE, {
      id: storage.id,
      v: storage.version,
      i: { name: 'y', code: 'S2' },
    });
    expect(codeOf(staleStorage)).toBe('CONFLICT');
    await ok(UPDATE_RACK, { id: rack.id, v: rack.version, i: { name: 'x', code: 'R03' } });
    expect(
      codeOf(
        await graphql(boss, UPDATE_RACK, {
          id: rack.id,
          v: rack.version,
          i: { name: 'y', code: 'R03' },
        }),
      ),
    ).toBe('CONFLICT');
  });
});

describe('the tree', () => {
  test('storages, racks and places come back in natural order with paths and default barcodes (W1.S2.R03.P1)', async () => {
    const { warehouse, storage, rack } = await tree();
    await ok(CREATE_STORAGE, { w: warehouse.id, i: { name: 'Halle 10', code: 'S10' } });
    await ok(CREATE_STORAGE, { w: warehouse.id, i: { name: 'Halle 1', code: 'S1' } });
    await ok(CREATE_RACK, { s: storage.id, i: { name: 'Regal 1', code: 'R1' } });
    for (const code of ['P10', 'P2', 'P1'])
      await ok(CREATE_PLACE, { r: rack.id, i: { name: code, code } });
    const answer = (await ok(TREE, { id: warehouse.id })).warehouse;
    expect(answer.storages.map((s: { code: string }) => s.code)).toEqual(['S1', 'S2', 'S10']);
    const s2 = answer.storages[1];
    expect(s2.racks.map((r: { code: string }) => r.code)).toEqual(['R1', 'R03']);
    expect(s2.racks[1].places).toEqual([
      {
        code: 'P1',
        path: `${warehouse.code} / S2 / R03 / P1`,
        barcode: `${warehouse.code}.S2.R03.P1`,
      },
      {
        code: 'P2',
        path: `${warehouse.code} / S2 / R03 / P2`,
        barcode: `${warehouse.code}.S2.R03.P2`,
      },
      {
        code: 'P10',
        path: `${warehouse.code} / S2 / R03 / P10`,
        barcode: `${warehouse.code}.S2.R03.P10`,
      },
    ]);
    await pathsAreRight();
  });

  test('codes are unique per parent; barcodes over all warehouses; bad fields are named', async () => {
    const a = await tree();
    const b = await tree();
    await ok(CREATE_PLACE, { r: a.rack.id, i: { name: 'P1', code: 'P1', barcode: 'SCAN1' } });
    const sameCode = await graphql(boss, CREATE_PLACE, {
      r: a.rack.id,
      i: { name: 'x', code: 'p1' },
    });
    expect(sameCode.errors![0]!.extensions!.fieldErrors).toEqual({
      code: ['The code has already been taken on this rack.'],
    });
    // The same code on another rack is fine; the same barcode in another warehouse is not.
    await ok(CREATE_PLACE, { r: b.rack.id, i: { name: 'P1', code: 'P1' } });
    const sameBarcode = await graphql(boss, CREATE_PLACE, {
      r: b.rack.id,
      i: { name: 'P2', code: 'P2', barcode: 'SCAN1' },
    });
    expect(sameBarcode.errors![0]!.extensions!.fieldErrors).toEqual({
      barcode: ['The barcode has already been taken by another place.'],
    });
    const bad = await graphql(boss, CREATE_PLACE, {
      r: a.rack.id,
      i: { name: 'P3', code: 'P3', barcode: 'with space', widthCm: -1 },
    });
    expect(bad.errors![0]!.extensions!.fieldErrors).toEqual({
      barcode: ['The barcode may only contain printable ASCII characters without spaces.'],
      widthCm: ['The width field must be at least 0.'],
    });
    const sameStorage = await graphql(boss, CREATE_STORAGE, {
      w: a.warehouse.id,
      i: { name: 'again', code: 's2' },
    });
    expect(sameStorage.errors![0]!.extensions!.fieldErrors).toEqual({
      code: ['The code has already been taken in this warehouse.'],
    });
    const noRack = await graphql(boss, CREATE_PLACE, { r: '999999', i: { name: 'x', code: 'x' } });
    expect(codeOf(noRack)).toBe('NOT_FOUND');
  });

  test('bulk creation makes P01–P40 in one go; an overlapping range is refused whole, naming the codes', async () => {
    const { rack, places } = await tree({ places: 40 });
    expect(places.map((p) => p.code)).toEqual(
      Array.from({ length: 40 }, (_, i) => `P${String(i + 1).padStart(2, '0')}`),
    );
    const count = await ok('query($id: ID!) { rack(id: $id) { placeCount } }', { id: rack.id });
    expect(count.rack.placeCount).toBe(40);
    const before = await countRows(t, 'places');
    const overlap = await graphql(boss, CREATE_PLACES, {
      r: rack.id,
      i: { prefix: 'P', from: 38, to: 45, digits: 2 },
    });
    expect(codeOf(overlap)).toBe('BAD_USER_INPUT');
    expect(overlap.errors![0]!.extensions!.fieldErrors).toEqual({
      prefix: ['These places already exist on this rack: P38, P39, P40.'],
    });
    expect(await countRows(t, 'places')).toBe(before);
    const backwards = await graphql(boss, CREATE_PLACES, {
      r: rack.id,
      i: { prefix: 'Q', from: 5, to: 1, digits: 7 },
    });
    expect(backwards.errors![0]!.extensions!.fieldErrors).toEqual({
      to: ['The to field must be at least the from field.'],
      digits: ['The digits field must not be greater than 6.'],
    });
    const tooMany = await graphql(boss, CREATE_PLACES, {
      r: rack.id,
      i: { prefix: 'Q', from: 1, to: 1001, digits: 4 },
    });
    expect(tooMany.errors![0]!.extensions!.fieldErrors).toEqual({
      to: ['At most 1000 places can be created at once.'],
    });
    expect(await countRows(t, 'places')).toBe(before);
    await pathsAreRight();
  });

  test('a changed code rewrites the path of every place below; barcodes stay (printed labels stay valid)', async () => {
    const { warehouse, storage, rack, places } = await tree({ places: 12 });
    const w = (
      await ok(UPDATE_WAREHOUSE, {
        id: warehouse.id,
        v: warehouse.version,
        i: { name: `Renamed ${warehouse.code}`, code: `X${warehouse.code}`, address },
      })
    ).updateWarehouse;
    // After each change every path is right (each level rewrites the places below it).
    await pathsAreRight();
    const placeByScan = 'query($b: String!) { placeByBarcode(barcode: $b) { path } }';
    expect((await ok(placeByScan, { b: places[5]!.barcode })).placeByBarcode.path).toBe(
      `${w.code} / S2 / R03 / P06`,
    );
    await ok(UPDATE_STORAGE, {
      id: storage.id,
      v: storage.version,
      i: { name: 'Halle', code: 'H7' },
    });
    await pathsAreRight();
    expect((await ok(placeByScan, { b: places[5]!.barcode })).placeByBarcode.path).toBe(
      `${w.code} / H7 / R03 / P06`,
    );
    await ok(UPDATE_RACK, { id: rack.id, v: rack.version, i: { name: 'Regal', code: 'R9' } });
    await pathsAreRight();
    const place = (
      await ok('query($id: ID!) { place(id: $id) { version } }', { id: places[0]!.id })
    ).place;
    await ok(UPDATE_PLACE, {
      id: places[0]!.id,
      v: place.version,
      i: { name: 'Erster', code: 'P00' },
    });
    const answer = (await ok(TREE, { id: warehouse.id })).warehouse;
    const got = answer.storages[0].racks[0].places;
    expect(got).toHaveLength(12);
    expect(got[0]).toEqual({
      code: 'P00',
      path: `${w.code} / H7 / R9 / P00`,
      barcode: `${warehouse.code}.S2.R03.P01`,
    });
    expect(got[11]).toEqual({
      code: 'P12',
      path: `${w.code} / H7 / R9 / P12`,
      barcode: `${warehouse.code}.S2.R03.P12`,
    });
    await pathsAreRight();
  });

  test('code changes of a warehouse, its storage and its rack racing with new places leave every path right', async () => {
    const { warehouse, storage, rack } = await tree({ places: 20 });
    const extra = (await ok(CREATE_RACK, { s: storage.id, i: { name: 'Regal 4', code: 'R04' } }))
      .createRack;
    const versions = { w: warehouse.version, s: storage.version, r: rack.version };
    for (let round = 1; round <= 5; round++) {
      // Each edit reads the version it saves over at once, so the four run side by side.
      const answers = await Promise.all([
        graphql(boss, UPDATE_WAREHOUSE, {
          id: warehouse.id,
          v: versions.w,
          i: { name: `Race ${warehouse.code}`, code: `${warehouse.code}V${round}`, address },
        }),
        graphql(boss, UPDATE_STORAGE, {
          id: storage.id,
          v: versions.s,
          i: { name: 'S', code: `S${round}` },
        }),
        graphql(boss, UPDATE_RACK, {
          id: rack.id,
          v: versions.r,
          i: { name: 'R', code: `R${round}` },
        }),
        graphql(boss, CREATE_PLACES, {
          r: extra.id,
          i: { prefix: `B${round}-`, from: 1, to: 10, digits: 2 },
        }),
      ]);
      for (const answer of answers) expect(answer.errors).toBeUndefined();
      versions.w = answers[0]!.data!.updateWarehouse.version;
      versions.s = answers[1]!.data!.updateStorage.version;
      versions.r = answers[2]!.data!.updateRack.version;
    }
    await pathsAreRight();
    expect(await countRows(t, `places WHERE warehouse_id = ${Number(warehouse.id)}`)).toBe(70);
  });

  test('the walking-order key of the server equals the database function', async () => {
    for (const path of ['W1 / S2 / R03 / P12', 'A / B', 'X12345678901 / 7', ''])
      expect(
        (await t.db.query<{ k: string }>('SELECT warehouse_path_sort($1) AS k', [path]))[0]!.k,
      ).toBe(pathSort(path));
  });
});

describe('the place list and the scan', () => {
  test('places of a warehouse in walking order, searched by path and barcode; placeByBarcode finds one exactly', async () => {
    const { warehouse, places } = await tree({ places: 12 });
    const PLACES = `query($p: PageInput, $f: PlaceFilter) { places(page: $p, filter: $f) { total items { code warehouse { id } } } }`;
    const all = (await ok(PLACES, { p: { pageSize: 100 }, f: { warehouseId: warehouse.id } }))
      .places;
    expect(all.total).toBe(12);
    expect(all.items.map((p: { code: string }) => p.code)).toEqual(places.map((p) => p.code));
    const search = (
      await ok(PLACES, {
        p: { search: `${warehouse.code}.S2.R03.P1` },
        f: { warehouseId: warehouse.id },
      })
    ).places;
    expect(search.items.map((p: { code: string }) => p.code)).toEqual(['P10', 'P11', 'P12']);
    const badFilter = await graphql(boss, PLACES, { f: { rackId: 'abc' } });
    expect(badFilter.errors![0]!.extensions!.fieldErrors).toEqual({
      'filter.rackId': ['The rackId field must be the id of a rack.'],
    });
    const scan = await ok('query($b: String!) { placeByBarcode(barcode: $b) { id path } }', {
      b: ` ${places[4]!.barcode} `,
    });
    expect(scan.placeByBarcode).toEqual({ id: places[4]!.id, path: places[4]!.path });
    const partial = await ok('query($b: String!) { placeByBarcode(barcode: $b) { id } }', {
      b: places[4]!.barcode.slice(0, -1),
    });
    expect(partial.placeByBarcode).toBeNull();
  });
});

describe('CSV exports', () => {
  test("a warehouse's places in walking order, and the warehouse list, as CSV", async () => {
    const { warehouse } = await tree({ places: 10 });
    const places = await boss.request({
      url: `/export/places.csv?warehouseId=${warehouse.id}&lang=en`,
    });
    expect(places.statusCode).toBe(200);
    const lines = places.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Path');
    expect(lines).toHaveLength(11);
    expect(lines[2]).toContain(`${warehouse.code} / S2 / R03 / P02`);
    expect(lines[10]).toContain(`${warehouse.code} / S2 / R03 / P10`);
    const list = await boss.request({ url: `/export/warehouses.csv?search=${warehouse.code}` });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Kürzel');
    expect(list.body).toContain(warehouse.code);
  });
});

describe('deleting', () => {
  /** A product of a new client, for stock rows. */
  async function product(): Promise<{ productId: number; clientId: number }> {
    serial += 1;
    const client = await createClient(t.db, {
      name: `Kunde ${serial}`,
      address: {
        ...address,
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
      },
    });
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO products (client_id, sku, name) VALUES ($1, 'SKU-1', 'Ding') RETURNING id`,
      [client.id],
    );
    return { productId: row!.id, clientId: client.id };
  }

  test('a place with stock cannot be deleted, nor its rack, storage or warehouse: CONFLICT, nothing deleted', async () => {
    const { warehouse, storage, rack, places } = await tree({ places: 3 });
    const { productId, clientId } = await product();
    await t.db.query(
      `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, quantity) VALUES ($1, $2, $3, $4, 5)`,
      [productId, Number(places[1]!.id), clientId, Number(warehouse.id)],
    );
    const before = await countRows(t, 'places');
    for (const [mutation, id] of [
      ['deletePlace', places[1]!.id],
      ['deleteRack', rack.id],
      ['deleteStorage', storage.id],
      ['deleteWarehouse', warehouse.id],
    ] as const) {
      const answer = await graphql(boss, `mutation($id: ID!) { ${mutation}(id: $id) { id } }`, {
        id,
      });
      expect(codeOf(answer)).toBe('CONFLICT');
      expect(answer.errors![0]!.message).toMatch(/still holds stock/);
      expect(answer.errors![0]!.extensions!.reason).toBe('in-use');
    }
    expect(await countRows(t, 'places')).toBe(before);
    // A place beside it is free.
    await ok('mutation($id: ID!) { deletePlace(id: $id) { id } }', { id: places[0]!.id });
    expect(await countRows(t, 'places')).toBe(before - 1);
  });

  test('a place the ledger names cannot be deleted even when empty (the ledger is append-only)', async () => {
    const { warehouse, rack, places } = await tree({ places: 2 });
    const { productId, clientId } = await product();
    await t.db.query(
      `INSERT INTO stock_changes (product_id, place_id, client_id, warehouse_id, delta, quantity_after, reason)
       VALUES ($1, $2, $3, $4, 1, 1, 'book_in')`,
      [productId, Number(places[0]!.id), clientId, Number(warehouse.id)],
    );
    const answer = await graphql(boss, 'mutation($id: ID!) { deleteRack(id: $id) { id } }', {
      id: rack.id,
    });
    expect(codeOf(answer)).toBe('CONFLICT');
    expect(answer.errors![0]!.message).toMatch(/bookings in the stock ledger/);
    expect(await countRows(t, `places WHERE rack_id = ${Number(rack.id)}`)).toBe(2);
  });

  test('an unused warehouse is deleted with its storages, racks and places', async () => {
    const { warehouse, storage } = await tree({ places: 5 });
    await ok(CREATE_RACK, { s: storage.id, i: { name: 'Regal 4', code: 'R04' } });
    await ok('mutation($id: ID!) { deleteWarehouse(id: $id) { id } }', { id: warehouse.id });
    expect(await countRows(t, `places WHERE warehouse_id = ${Number(warehouse.id)}`)).toBe(0);
    expect(await countRows(t, `storages WHERE warehouse_id = ${Number(warehouse.id)}`)).toBe(0);
    expect(await countRows(t, `racks WHERE storage_id = ${Number(storage.id)}`)).toBe(0);
    expect((await ok(TREE, { id: warehouse.id })).warehouse).toBeNull();
  });
});

describe('permissions', () => {
  test('the server decides: view may read, not write; stock:view may scan, not list', async () => {
    const { warehouse, rack, places } = await tree({ places: 1 });
    const viewer = await staffWith(t, ['warehouse:view']);
    expect((await ok(TREE, { id: warehouse.id }, viewer.browser)).warehouse.code).toBe(
      warehouse.code,
    );
    const write = await graphql(viewer.browser, CREATE_PLACE, {
      r: rack.id,
      i: { name: 'x', code: 'x' },
    });
    expect(codeOf(write)).toBe('FORBIDDEN');
    const create = await graphql(viewer.browser, CREATE_WAREHOUSE, {
      i: { name: 'Nope', code: 'NOPE', address },
    });
    expect(codeOf(create)).toBe('FORBIDDEN');
    const updater = await staffWith(t, ['warehouse:update']);
    const del = await graphql(
      updater.browser,
      'mutation($id: ID!) { deleteWarehouse(id: $id) { id } }',
      {
        id: warehouse.id,
      },
    );
    expect(codeOf(del)).toBe('FORBIDDEN');
    const scanner = await staffWith(t, ['stock:view']);
    const scan = await ok(
      'query($b: String!) { placeByBarcode(barcode: $b) { id } }',
      { b: places[0]!.barcode },
      scanner.browser,
    );
    expect(scan.placeByBarcode.id).toBe(places[0]!.id);
    expect(codeOf(await graphql(scanner.browser, '{ places { total } }'))).toBe('FORBIDDEN');
    expect(
      codeOf(
        await graphql(viewer.browser, 'query($b: String!) { placeByBarcode(barcode: $b) { id } }', {
          b: 'x',
        }),
      ),
    ).toBe('FORBIDDEN');
  });
});

describe('labels PDF', () => {
  /** GET with the browser's cookies, reading the body as bytes. */
  async function getBytes(browser: Browser | null, url: string) {
    const headers: Record<string, string> = {};
    if (browser) headers.cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(baseUrl(t.app) + url, { headers });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  /** The PDF's page count and the text of its (deflated) content streams. */
  function readPdf(bytes: Buffer): { pages: number; content: string } {
    const text = bytes.toString('latin1');
    const pages = (text.match(/\/Type \/Page\b(?!s)/g) ?? []).length;
    let content = '';
    for (const match of text.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
      try {
        content += inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
      } catch {
        // not a deflated stream (fonts are not embedded; nothing else is expected)
      }
    }
    return { pages, content };
  }
  const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

  test("a rack's 40 labels: a PDF of two A4 pages with every barcode's text and bars", async () => {
    const { rack, places } = await tree({ places: 40 });
    const answer = await getBytes(boss, `/spa/warehouses/labels.pdf?rackId=${rack.id}`);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, content } = readPdf(answer.bytes);
    expect(pages).toBe(2); // 24 labels a page
    for (const place of places) expect(content).toContain(`<${hex(place.barcode)}>`);
    // The bars are rectangles: one per bar of each Code 128 symbol (well over 40 × 20).
    expect((content.match(/ re\n/g) ?? []).length).toBeGreaterThan(40 * 20);
  });

  test('chosen places only; bad or missing parameters are 422 naming the parameter; 401 and 403', async () => {
    const { places } = await tree({ places: 3 });
    const two = await getBytes(
      boss,
      `/spa/warehouses/labels.pdf?placeIds=${places[0]!.id},${places[2]!.id}`,
    );
    const { content } = readPdf(two.bytes);
    expect(content).toContain(`<${hex(places[0]!.barcode)}>`);
    expect(content).not.toContain(`<${hex(places[1]!.barcode)}>`);
    const none = await boss.request({ url: '/spa/warehouses/labels.pdf' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({
      rackId: ['Name exactly one of rackId, storageId, warehouseId or placeIds.'],
    });
    const bad = await boss.request({ url: '/spa/warehouses/labels.pdf?placeIds=1,x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['placeIds']);
    expect((await getBytes(null, '/spa/warehouses/labels.pdf?rackId=1')).status).toBe(401);
    const other = await staffWith(t, ['stock:view']);
    expect((await getBytes(other.browser, '/spa/warehouses/labels.pdf?rackId=1')).status).toBe(403);
  });
});
