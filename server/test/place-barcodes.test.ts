import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { migrationsDir } from '../src/db/migrate';
import { safeBarcode } from '../src/warehouses/warehouses';
import { baseUrl, startTestApp, type Browser, type TestApp } from './helpers';
import { admin, graphql } from './graphql-support';
import { createPicklist, order, product, stockRow, world } from './picklists-support';
import { countWorld } from './stocktaking-support';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';

// Place barcodes a hand scanner types alike whatever keyboard layout it or the PC is set to
// (issue 30): capitals A–X, digits and "." only. New places get one made from the path; a
// typed barcode with "/" and other layout-dependent characters is refused; migration 0161
// gives places whose barcode was their path a safe one, and the old path barcode keeps
// finding the place in every scan (stock change and avis booking, picking, stocktaking).
// Labels print the barcode the screens show.

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterAll(() => t.close());

async function ok(query: string, variables: Record<string, unknown> = {}) {
  const answer = await graphql(boss, query, variables);
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return Object.values(answer.data!)[0] as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers freely
}

const address = {
  street: 'Lagerweg',
  houseNumber: '5',
  postcode: '28199',
  city: 'Bremen',
  countryCode: 'DE',
};
const PLACE = 'id code barcode formerBarcode path version';
const CREATE_PLACE = `mutation($r: ID!, $i: PlaceInput!) { createPlace(rackId: $r, input: $i) { ${PLACE} } }`;
const UPDATE_PLACE = `mutation($id: ID!, $v: Int!, $i: PlaceInput!) { updatePlace(id: $id, version: $v, input: $i) { ${PLACE} } }`;
const CREATE_PLACES = `mutation($r: ID!, $i: PlacesInput!) { createPlaces(rackId: $r, input: $i) { ${PLACE} } }`;
const SCAN = `query($b: String!) { placeByBarcode(barcode: $b) { id path barcode } }`;

let serial = 0;
/** A warehouse B<n> with a storage and a rack of the given codes. */
async function rack(storageCode = 'S1', rackCode = 'R01') {
  serial += 1;
  const warehouse = await ok(
    'mutation($i: WarehouseInput!) { createWarehouse(input: $i) { id code } }',
    { i: { name: `Barcodelager ${serial}`, code: `B${serial}`, address } },
  );
  const storage = await ok(
    'mutation($w: ID!, $i: StorageInput!) { createStorage(warehouseId: $w, input: $i) { id } }',
    { w: warehouse.id, i: { name: 'Halle', code: storageCode } },
  );
  const made = await ok(
    'mutation($s: ID!, $i: RackInput!) { createRack(storageId: $s, input: $i) { id } }',
    { s: storage.id, i: { name: 'Regal', code: rackCode } },
  );
  return { warehouseCode: warehouse.code as string, rackId: made.id as string };
}

/** The characters a scanner types alike in US, UK, German, Swiss, Nordic … layouts. */
const SAFE = /^[0-9A-X.]+$/;

describe('new places', () => {
  test('the barcode made from the path: capitals, digits and "." (codes upper-cased, "-" and "_" as ".")', () => {
    expect(safeBarcode('W1 / S2 / R03 / P12')).toBe('W1.S2.R03.P12');
    expect(safeBarcode('w1 / hall_2 / r-3 / p.1')).toBe('W1.HALL.2.R.3.P.1');
    // Y and Z are swapped on a German keyboard: no barcode from such a path.
    expect(safeBarcode('W1 / ZONE / R03 / P1')).toBeNull();
    expect(safeBarcode('W1 / S2 / R03 / PY')).toBeNull();
  });

  test('a place, and a series of places, get a safe barcode from the path; Y or Z in a code gives PL<id>', async () => {
    const { warehouseCode, rackId } = await rack();
    const one = await ok(CREATE_PLACE, { r: rackId, i: { name: 'Fach 1', code: 'p1' } });
    expect(one.barcode).toBe(`${warehouseCode}.S1.R01.P1`);
    expect(one.barcode).toMatch(SAFE);
    expect(one.formerBarcode).toBeNull();
    const series = await ok(CREATE_PLACES, {
      r: rackId,
      i: { prefix: 'F-', from: 1, to: 3, digits: 2 },
    });
    expect(series.map((p: { barcode: string }) => p.barcode)).toEqual([
      `${warehouseCode}.S1.R01.F.01`,
      `${warehouseCode}.S1.R01.F.02`,
      `${warehouseCode}.S1.R01.F.03`,
    ]);
    const zone = await rack('ZONE', 'R1');
    const z1 = await ok(CREATE_PLACE, { r: zone.rackId, i: { name: 'Z', code: 'P1' } });
    expect(z1.barcode).toBe(`PL${z1.id}`);
    const zSeries = await ok(CREATE_PLACES, {
      r: zone.rackId,
      i: { prefix: 'Y', from: 1, to: 2, digits: 1 },
    });
    expect(zSeries.map((p: { id: string; barcode: string }) => p.barcode)).toEqual(
      zSeries.map((p: { id: string }) => `PL${p.id}`),
    );
    // Each scans: the booking screens find the place by what its label says.
    for (const place of [one, series[2], z1, zSeries[1]])
      expect((await ok(SCAN, { b: place.barcode })).id).toBe(place.id);
  });

  test('a typed barcode with "/", "-", Y, Z or small letters is refused with a field error; a safe one is kept', async () => {
    const { rackId } = await rack();
    for (const typed of ['W1/S1/R01/P01', 'SCAN-1', 'ZONE1', 'scan1']) {
      const refused = await graphql(boss, CREATE_PLACE, {
        r: rackId,
        i: { name: 'P', code: 'P9', barcode: typed },
      });
      expect(refused.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
      expect(refused.errors![0]!.extensions!.fieldRules).toEqual({
        barcode: [expect.objectContaining({ rule: 'barcodeChars' })],
      });
      expect(refused.errors![0]!.extensions!.fieldErrors!.barcode![0]).toContain(
        'capital letters A to X, digits and dots',
      );
    }
    expect(await ok(SCAN, { b: 'W1/S1/R01/P01' })).toBeNull();
    const typed = await ok(CREATE_PLACE, {
      r: rackId,
      i: { name: 'P', code: 'P9', barcode: 'FACH.9' },
    });
    expect(typed.barcode).toBe('FACH.9');
    // A barcode a user typed before the rule stays when the place is saved unchanged …
    await t.db.query(`UPDATE places SET barcode = 'alt/9' WHERE id = $1`, [typed.id]);
    const saved = await ok(UPDATE_PLACE, {
      id: typed.id,
      v: typed.version,
      i: { name: 'Fach 9', code: 'P9', barcode: 'alt/9' },
    });
    expect(saved.barcode).toBe('alt/9');
    // … but a changed one must be safe.
    const changed = await graphql(boss, UPDATE_PLACE, {
      id: typed.id,
      v: saved.version,
      i: { name: 'Fach 9', code: 'P9', barcode: 'neu/9' },
    });
    expect(changed.errors![0]!.extensions!.fieldRules!.barcode![0]!.rule).toBe('barcodeChars');
  });

  test('a scan typed with Caps Lock on (small letters) still finds the place', async () => {
    const { rackId } = await rack();
    const place = await ok(CREATE_PLACE, { r: rackId, i: { name: 'P1', code: 'P1' } });
    expect((await ok(SCAN, { b: place.barcode.toLowerCase() })).id).toBe(place.id);
  });
});

// ---------------------------------------------------------------- migration 0161

/** Runs migration 0161 again (it is written to be re-run: IF NOT EXISTS, only path barcodes). */
async function migrate0161(): Promise<void> {
  await t.db.exec(readFileSync(path.join(migrationsDir, '0161_place_barcodes.sql'), 'utf8'));
}

/** Gives places the barcode they had before 0161: their path without spaces (W1/S1/R01/P01). */
async function pathBarcodes(placeIds: number[]): Promise<string[]> {
  const rows = await t.db.query<{ barcode: string }>(
    `UPDATE places SET barcode = replace(path, ' ', ''), former_barcode = NULL
      WHERE id = any($1::int[]) RETURNING barcode`,
    [placeIds],
  );
  expect(rows).toHaveLength(placeIds.length);
  return (
    await t.db.query<{ barcode: string }>(
      'SELECT barcode FROM places WHERE id = any($1::int[]) ORDER BY array_position($1::int[], id)',
      [placeIds],
    )
  ).map((r) => r.barcode);
}

async function barcodesOf(placeIds: number[]) {
  return t.db.query<{ barcode: string; formerBarcode: string | null; version: number }>(
    `SELECT barcode, former_barcode AS "formerBarcode", version FROM places
      WHERE id = any($1::int[]) ORDER BY array_position($1::int[], id)`,
    [placeIds],
  );
}

describe('migration 0161', () => {
  test('path barcodes become safe ones, the old ones stay as former barcodes; typed barcodes stay', async () => {
    const w = await warehouseWithPlaces(t.db, 3);
    const old = await pathBarcodes(w.placeIds.slice(0, 2));
    expect(old[0]).toBe(`${w.code}/S1/R01/P01`);
    // A place whose code holds a Z, and one whose made barcode a user already typed elsewhere.
    const [zPlace] = await t.db.query<{ id: number }>(
      `INSERT INTO places (rack_id, warehouse_id, name, code, barcode, path, path_sort)
       SELECT rack_id, warehouse_id, 'PZ', 'PZ', $2, $3, $3 FROM places WHERE id = $1 RETURNING id`,
      [w.placeIds[0], `${w.code}/S1/R01/PZ`, `${w.code} / S1 / R01 / PZ`],
    );
    const before = await barcodesOf(w.placeIds);
    await migrate0161();
    const after = await barcodesOf([...w.placeIds, zPlace!.id]);
    const made = `${w.code.toUpperCase()}.S1.R01`;
    expect(after).toEqual([
      { barcode: `${made}.P01`, formerBarcode: old[0], version: before[0]!.version + 1 },
      { barcode: `${made}.P02`, formerBarcode: old[1], version: before[1]!.version + 1 },
      // A barcode a user typed (the support's `<code>-P03`) is not touched.
      { barcode: before[2]!.barcode, formerBarcode: null, version: before[2]!.version },
      { barcode: `PL${zPlace!.id}`, formerBarcode: `${w.code}/S1/R01/PZ`, version: 2 },
    ]);
    // Run again: nothing changes.
    await migrate0161();
    expect(await barcodesOf([...w.placeIds, zPlace!.id])).toEqual(after);
  });

  test('stock change and avis booking: the old label finds the place (placeByBarcode), and the booking lands there', async () => {
    const w = await warehouseWithPlaces(t.db, 2);
    const [old] = await pathBarcodes([w.placeIds[1]!]);
    await migrate0161();
    // The stock change screen and the avis booking screen both scan with placeByBarcode.
    const found = await ok(SCAN, { b: old });
    expect(found).toEqual({
      id: String(w.placeIds[1]),
      path: `${w.code} / S1 / R01 / P02`,
      barcode: `${w.code.toUpperCase()}.S1.R01.P02`,
    });
    expect((await ok(SCAN, { b: found.barcode })).id).toBe(found.id);
    const clientId = await newClient(t.db, 'Etikett GmbH');
    const productId = await newProduct(t.db, clientId, { sku: 'ETI-1' });
    const booked = await ok(
      `mutation($i: BookingInput!) { bookStock(input: $i) { quantityAfter place { id } } }`,
      { i: { kind: 'IN', warehouseId: w.warehouseId, placeId: found.id, productId, quantity: 4 } },
    );
    expect(booked).toEqual({ quantityAfter: 4, place: { id: found.id } });
  });

  test('picking: the old label and the new one both confirm the line’s place', async () => {
    const w = await world(t.db, 2);
    const [old] = await pathBarcodes([w.placeIds[0]!]);
    await migrate0161();
    const tea = await product(t.db, w, { sku: 'TEE', ean: '4000417025005' });
    await stockRow(t.db, w, tea, w.placeIds[0]!, 5);
    await order(boss, w, [[tea, 3]]);
    const answer = await createPicklist(boss, { clientId: String(w.clientId) });
    const line = answer.data!.createPicklist.picklist.lines[0];
    expect(line.place.barcode).toBe(`${w.barcodes[0]!.split('-')[0]!.toUpperCase()}.S1.R01.P01`);
    const PICK = `mutation($l: ID!, $p: String!, $e: String!, $q: Int!) {
      pickLine(lineId: $l, placeBarcode: $p, ean: $e, quantity: $q) { pickedCount status } }`;
    const wrong = await graphql(boss, PICK, {
      l: line.id,
      p: w.barcodes[1],
      e: '4000417025005',
      q: 1,
    });
    expect(wrong.errors![0]!.extensions!.fieldErrors).toHaveProperty('placeBarcode');
    expect(await ok(PICK, { l: line.id, p: old, e: '4000417025005', q: 1 })).toEqual({
      pickedCount: 0,
      status: 'IN_PROGRESS',
    });
    expect(await ok(PICK, { l: line.id, p: line.place.barcode, e: '4000417025005', q: 2 })).toEqual(
      { pickedCount: 1, status: 'DONE' },
    );
  });

  test('stocktaking: the old label finds the place of the count', async () => {
    const w = await countWorld(t.db);
    const [old] = await pathBarcodes([w.placeIds[2]!]);
    await migrate0161();
    const st = await ok(
      'mutation($i: StocktakingInput!) { createStocktaking(input: $i) { id version } }',
      { i: { warehouseId: String(w.warehouseId), rackId: String(w.rackId) } },
    );
    await ok('mutation($id: ID!, $v: Int!) { startStocktaking(id: $id, version: $v) { id } }', {
      id: st.id,
      v: st.version,
    });
    const BY = `query($id: ID!, $b: String!) { stocktakingPlaceByBarcode(stocktakingId: $id, barcode: $b) { place { id barcode } } }`;
    const found = await ok(BY, { id: st.id, b: old });
    expect(found.place.id).toBe(String(w.placeIds[2]));
    expect(found.place.barcode).toMatch(SAFE);
    expect((await ok(BY, { id: st.id, b: found.place.barcode })).place.id).toBe(found.place.id);
    // A place outside the count stays unknown however it is scanned.
    expect(await ok(BY, { id: st.id, b: 'NIX' })).toBeNull();
  });

  test('labels print the barcode the screens show (the new one, not the path)', async () => {
    const w = await warehouseWithPlaces(t.db, 2);
    const old = await pathBarcodes(w.placeIds);
    await migrate0161();
    const places = await ok(
      `query($f: PlaceFilter) { places(filter: $f, page: { pageSize: 10 }) { items { id barcode path } } }`,
      { f: { warehouseId: String(w.warehouseId) } },
    );
    const response = await fetch(
      `${baseUrl(t.app)}/spa/warehouses/labels.pdf?warehouseId=${w.warehouseId}`,
      { headers: { cookie: [...boss.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } },
    );
    expect(response.status).toBe(200);
    const content = pdfText(Buffer.from(await response.arrayBuffer()));
    for (const place of places.items) {
      expect(place.barcode).toMatch(SAFE);
      expect(content).toContain(`<${hex(place.barcode)}>`);
    }
    for (const code of old) expect(content).not.toContain(`<${hex(code)}>`);
  });
});

/** The text of a PDF's deflated content streams (pdfkit writes strings as <hex>). */
function pdfText(bytes: Buffer): string {
  let content = '';
  for (const match of bytes.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    try {
      content += inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      // not a deflated stream
    }
  }
  return content;
}
const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');
