// Suppliers (issue 13): name, number (unique ignoring case), dropshipping, address and contact;
// the list searches name and number, sorts and pages on the server, exports CSV; create, edit
// (a stale copy is refused), delete (refused while an avis names the supplier). Runs on PGlite
// and on PostgreSQL (server/scripts/test-postgres.sh), where the races really run at once.
import { parse } from 'csv-parse/sync';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, countRows, graphql, staffWith } from './graphql-support';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterAll(() => t?.close());

const address = {
  street: 'Industriestraße',
  houseNumber: '7',
  postcode: '28199',
  city: 'Bremen',
  countryCode: 'DE',
  email: 'vertrieb@nordholz.test',
  phone: '+49 421 123',
};

const FIELDS = `id name number isDropshipping contactPerson email phone version
  address { street houseNumber postcode city countryCode email phone }`;
const CREATE = `mutation($i: SupplierInput!) { createSupplier(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $v: Int!, $i: SupplierInput!) {
  updateSupplier(id: $id, version: $v, input: $i) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteSupplier(id: $id) { id } }';
const ONE = `query($id: ID!) { supplier(id: $id) { ${FIELDS} } }`;
const LIST = `query($p: PageInput, $s: SupplierSort) { suppliers(page: $p, sortBy: $s) {
  total nextCursor items { name number } } }`;

let unique = 0;
/** A supplier created through the API (a unique number unless given). */
async function newSupplier(overrides: Record<string, unknown> = {}) {
  unique += 1;
  const answer = await graphql(boss, CREATE, {
    i: { name: `Lieferant ${unique}`, number: `L-${unique}-${process.pid}`, address, ...overrides },
  });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createSupplier as { id: string; version: number; number: string };
}

const snapshot = () => t.db.query('SELECT * FROM suppliers ORDER BY id');

describe('suppliers', () => {
  test('create and read a supplier: address, contact, dropshipping; email and phone are the address’s', async () => {
    const created = await newSupplier({
      name: 'Nordholz GmbH',
      number: 'NH-100',
      isDropshipping: true,
      contactPerson: '  Frau Kühn, Vertrieb ',
    });
    const read = await graphql(boss, ONE, { id: created.id });
    expect(read.data!.supplier).toEqual({
      id: created.id,
      name: 'Nordholz GmbH',
      number: 'NH-100',
      isDropshipping: true,
      contactPerson: 'Frau Kühn, Vertrieb',
      email: 'vertrieb@nordholz.test',
      phone: '+49 421 123',
      version: 1,
      address: { ...address },
    });
    // Without isDropshipping: false.
    const plain = await newSupplier({ isDropshipping: null });
    expect((await graphql(boss, ONE, { id: plain.id })).data!.supplier.isDropshipping).toBe(false);
    // An id that names nothing: null (not an error).
    expect((await graphql(boss, ONE, { id: '999999' })).data!.supplier).toBeNull();
  });

  test('the number is unique ignoring case: a field error on number, nothing written', async () => {
    await newSupplier({ number: 'DUP-1' });
    const before = await snapshot();
    const answer = await graphql(boss, CREATE, {
      i: { name: 'Zweiter', number: ' dup-1 ', address },
    });
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    expect(answer.errors![0]!.extensions!.fieldErrors).toEqual({
      number: ['The number has already been taken.'],
    });
    expect(await snapshot()).toEqual(before);
    // Renaming another supplier onto the number: the same field error.
    const other = await newSupplier();
    const renamed = await graphql(boss, UPDATE, {
      id: other.id,
      v: 1,
      i: { name: 'Anders', number: 'Dup-1', address },
    });
    expect(JSON.stringify(renamed.errors)).toContain('number');
    expect(renamed.errors![0]!.extensions!.fieldRules!.number![0]!.rule).toBe('unique');
    expect(await snapshot()).toEqual(
      before.concat(await t.db.query('SELECT * FROM suppliers WHERE id = $1', [Number(other.id)])),
    );
  });

  test('bad input names its fields and writes nothing', async () => {
    const before = await snapshot();
    const answer = await graphql(boss, CREATE, {
      i: {
        name: '   ',
        number: 'A\nB',
        address: { ...address, postcode: '123', email: 'keine-adresse' },
        contactPerson: 'x'.repeat(256),
      },
    });
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    expect(Object.keys(answer.errors![0]!.extensions!.fieldErrors!).sort()).toEqual([
      'address.email',
      'address.postcode',
      'contactPerson',
      'name',
      'number',
    ]);
    const nul = await graphql(boss, CREATE, { i: { name: 'A\u0000', number: 'N-NUL', address } });
    expect(codeOf(nul)).toBe('BAD_USER_INPUT');
    expect(Object.keys(nul.errors![0]!.extensions!.fieldErrors!)).toEqual(['name']);
    expect(await snapshot()).toEqual(before);
  });

  test('an edit saves with a new version; an edit of a stale copy is a CONFLICT and changes nothing', async () => {
    const created = await newSupplier();
    const saved = await graphql(boss, UPDATE, {
      id: created.id,
      v: 1,
      i: {
        name: 'Umbenannt',
        number: created.number,
        address: { ...address, city: 'Hamburg', postcode: '20457' },
      },
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.updateSupplier).toMatchObject({ name: 'Umbenannt', version: 2 });
    expect(saved.data!.updateSupplier.address.city).toBe('Hamburg');
    const before = await snapshot();
    const stale = await graphql(boss, UPDATE, {
      id: created.id,
      v: 1,
      i: { name: 'Alt', number: created.number, address },
    });
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(stale.errors![0]!.extensions!.reason).toBe('stale');
    expect(await snapshot()).toEqual(before);
    const missing = await graphql(boss, UPDATE, {
      id: '999999',
      v: 1,
      i: { name: 'X', number: 'X-404', address },
    });
    expect(codeOf(missing)).toBe('NOT_FOUND');
  });

  test('the list searches name and number, sorts by name or number and pages with a cursor', async () => {
    const tag = `Q${process.pid}`;
    for (const [name, number] of [
      ['Bergmann', `${tag}-3`],
      ['anker', `${tag}-1`],
      ['Zeller', `${tag}-2`],
    ])
      await newSupplier({ name: `${name} ${tag}`, number });
    const byName = await graphql(boss, LIST, { p: { search: tag, pageSize: 2 }, s: 'NAME' });
    expect(byName.data!.suppliers.total).toBe(3);
    expect(byName.data!.suppliers.items.map((s: { name: string }) => s.name)).toEqual([
      `anker ${tag}`,
      `Bergmann ${tag}`,
    ]);
    const next = await graphql(boss, LIST, {
      p: { search: tag, pageSize: 2, after: byName.data!.suppliers.nextCursor },
      s: 'NAME',
    });
    expect(next.data!.suppliers.items.map((s: { name: string }) => s.name)).toEqual([
      `Zeller ${tag}`,
    ]);
    expect(next.data!.suppliers.nextCursor).toBeNull();
    const byNumber = await graphql(boss, LIST, {
      p: { search: tag, sortDirection: 'DESC' },
      s: 'NUMBER',
    });
    expect(byNumber.data!.suppliers.items.map((s: { number: string }) => s.number)).toEqual([
      `${tag}-3`,
      `${tag}-2`,
      `${tag}-1`,
    ]);
    // The search matches the number too.
    const oneNumber = await graphql(boss, LIST, { p: { search: `${tag}-2` } });
    expect(oneNumber.data!.suppliers.items).toEqual([
      { name: `Zeller ${tag}`, number: `${tag}-2` },
    ]);
  });

  test('CSV export of the searched list in German and English; supplier:view is required', async () => {
    const tag = `CSV${process.pid}`;
    await newSupplier({ name: `Export ${tag}`, number: `${tag}-1`, contactPerson: 'Herr Ohm' });
    const german = await boss.request({ url: `/export/suppliers.csv?search=${tag}&lang=de` });
    expect(german.statusCode).toBe(200);
    expect(german.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(german.body.replace(/^\ufeff/, ''), { delimiter: ';' }) as string[][];
    expect(rows[0]!.slice(0, 5)).toEqual([
      'ID',
      'Name',
      'Nummer',
      'Streckengeschäft',
      'Ansprechpartner',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 5)).toEqual([`Export ${tag}`, `${tag}-1`, 'nein', 'Herr Ohm']);
    const english = await boss.request({ url: `/export/suppliers.csv?search=${tag}&lang=en` });
    expect(english.body.replace(/^\ufeff/, '').split('\r\n')[0]).toMatch(
      /^ID,Name,Number,Dropshipping,/,
    );
    const clientViewer = await staffWith(t, ['client:view']);
    expect((await clientViewer.browser.request({ url: '/export/suppliers.csv' })).statusCode).toBe(
      403,
    );
    const viewer = await staffWith(t, ['supplier:view']);
    expect((await viewer.browser.request({ url: '/export/suppliers.csv' })).statusCode).toBe(200);
  });

  test('delete: refused with CONFLICT while an avis names the supplier; allowed once it is gone', async () => {
    const supplier = await newSupplier();
    const clientId = await newClient(t.db);
    const productId = await newProduct(t.db, clientId);
    const { warehouseId } = await warehouseWithPlaces(t.db, 1);
    const avis = await graphql(boss, 'mutation($i: AvisInput!) { createAvis(input: $i) { id } }', {
      i: {
        supplierId: supplier.id,
        clientId,
        warehouseId,
        deliveryNoteNumber: 'LS-1',
        deliveryDate: '2026-12-01',
        lines: [{ productId, announcedQuantity: 5 }],
      },
    });
    expect(avis.errors).toBeUndefined();
    const before = await snapshot();
    const refused = await graphql(boss, DELETE, { id: supplier.id });
    expect(codeOf(refused)).toBe('CONFLICT');
    expect(refused.errors![0]!.extensions!.reason).toBe('in-use');
    expect(refused.errors![0]!.message).toBe('An avis names this supplier: it cannot be deleted.');
    expect(await snapshot()).toEqual(before);

    await t.db.query('DELETE FROM avis WHERE id = $1', [Number(avis.data!.createAvis.id)]);
    const deleted = await graphql(boss, DELETE, { id: supplier.id });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data!.deleteSupplier).toEqual({ id: supplier.id });
    expect((await graphql(boss, ONE, { id: supplier.id })).data!.supplier).toBeNull();
    expect(codeOf(await graphql(boss, DELETE, { id: supplier.id }))).toBe('NOT_FOUND');
  });

  test('10 concurrent creates of one number: one supplier, 9 field errors on number', async () => {
    const before = await countRows(t, 'suppliers');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        graphql(boss, CREATE, {
          i: { name: `Wettlauf ${i}`, number: `RACE-${process.pid}`, address },
        }),
      ),
    );
    const codes = answers.map((answer) => codeOf(answer) ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(codes.filter((code) => code === 'BAD_USER_INPUT')).toHaveLength(9);
    for (const answer of answers.filter((a) => a.errors))
      expect(answer.errors![0]!.extensions!.fieldRules!.number![0]!.rule).toBe('unique');
    expect(await countRows(t, 'suppliers')).toBe(before + 1);
  });

  test('a delete racing an avis for the same supplier: either the avis exists and the delete is refused, or the avis is refused', async () => {
    const clientId = await newClient(t.db);
    const productId = await newProduct(t.db, clientId);
    const { warehouseId } = await warehouseWithPlaces(t.db, 1);
    for (let round = 0; round < 5; round += 1) {
      const supplier = await newSupplier();
      const [avis, deleted] = await Promise.all([
        graphql(boss, 'mutation($i: AvisInput!) { createAvis(input: $i) { id } }', {
          i: {
            supplierId: supplier.id,
            clientId,
            warehouseId,
            deliveryNoteNumber: `RACE-${round}`,
            deliveryDate: '2026-12-01',
            lines: [{ productId, announcedQuantity: 1 }],
          },
        }),
        graphql(boss, DELETE, { id: supplier.id }),
      ]);
      const [{ count }] = (await t.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM suppliers WHERE id = $1',
        [Number(supplier.id)],
      )) as [{ count: number }];
      // What happened, in one line: the avis's answer (its field), the delete's, the supplier left.
      const outcome = [
        codeOf(avis) ?? 'OK',
        Object.keys(avis.errors?.[0]?.extensions?.fieldErrors ?? {}).join(','),
        codeOf(deleted) ?? 'OK',
        count,
      ].join(' ');
      expect(['BAD_USER_INPUT supplierId OK 0', 'OK  CONFLICT 1']).toContain(outcome);
    }
  });
});
