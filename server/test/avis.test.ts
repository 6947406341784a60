import type Pusher from 'pusher-js';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, graphql, staffWith, type GraphqlAnswer } from './graphql-support';
import { pusherClient } from './realtime-support';
import { avisInputOf, avisWorld, type AvisWorld } from './avis-support';
import { ledgerOf, newProduct, stockOf, totalOf } from './stock-support';

// Avis (issue 13) over GraphQL: every transition allowed and refused, partial bookings,
// over-delivery, closing with a difference, the lot / best-before / place rules, the
// permissions, the list, the goods-receipt PDF and the realtime events of a booking.

let t: TestApp;
let boss: Browser;
let w: AvisWorld;
const open: Pusher[] = [];
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  w = await avisWorld(t.db);
});
afterAll(async () => {
  for (const client of open) client.disconnect();
  await t.close();
});

const AVIS_FIELDS = `id number deliveryNoteNumber deliveryDate status comment closeReason version
  announcedTotal receivedTotal createdAt createdByName
  supplier { id } client { id } warehouse { id }
  lines { id announcedQuantity receivedQuantity difference lot bestBefore product { id } }
  receipts { id number createdAt userName lines { id quantity lot bestBefore overDelivery
    place { id } line { id } } }
  history { kind userName detail at }`;
const CREATE = `mutation($i: AvisInput!) { createAvis(input: $i) { ${AVIS_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $v: Int!, $i: AvisInput!) { updateAvis(id: $id, version: $v, input: $i) { ${AVIS_FIELDS} } }`;
const BOOK = `mutation($id: ID!, $i: AvisBookingInput!) { bookAvis(id: $id, input: $i) { ${AVIS_FIELDS} } }`;
const CLOSE = `mutation($id: ID!, $v: Int!, $r: String) { closeAvis(id: $id, version: $v, reason: $r) { ${AVIS_FIELDS} } }`;
const CANCEL = `mutation($id: ID!, $v: Int!, $r: String) { cancelAvis(id: $id, version: $v, reason: $r) { ${AVIS_FIELDS} } }`;
const DELETE = `mutation($id: ID!) { deleteAvis(id: $id) { id } }`;
const GET = `query($id: ID!) { avis(id: $id) { ${AVIS_FIELDS} } }`;
const LIST = `query($f: AvisFilter, $p: PageInput, $s: AvisSort) { avisList(filter: $f, page: $p, sortBy: $s) {
  total items { id number status deliveryDate announcedTotal receivedTotal supplier { id } } } }`;

/** The answer's data, failing with its errors when there are any. */
function ok(answer: GraphqlAnswer): NonNullable<GraphqlAnswer['data']> {
  expect(answer.errors).toBeUndefined();
  return answer.data!;
}

/** The field errors of a refused answer (BAD_USER_INPUT), with each message's rule and params. */
function fieldErrorsOf(answer: GraphqlAnswer) {
  expect(codeOf(answer)).toBe('BAD_USER_INPUT');
  return answer.errors![0]!.extensions! as {
    fieldErrors?: Record<string, string[]>;
    fieldRules?: Record<string, { rule: string; params?: Record<string, unknown> }[]>;
  };
}

async function newAvis(lines?: Parameters<typeof avisInputOf>[1], world = w) {
  return ok(await graphql(boss, CREATE, { i: avisInputOf(world, lines) })).createAvis;
}

/** The avis tables and the stock, to show that a refused change left everything alone. */
async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const table of [
    'avis',
    'avis_lines',
    'avis_receipts',
    'avis_receipt_lines',
    'avis_events',
    'stock',
    'stock_changes',
  ])
    parts.push(await t.db.query(`SELECT * FROM ${table} ORDER BY 1`));
  return JSON.stringify(parts);
}

describe('create and edit', () => {
  test('createAvis: announced, generated unique number, lines, totals, history with the user', async () => {
    const avis = await newAvis();
    expect(avis.number).toMatch(/^AV-\d{4}-\d{6}$/);
    expect(avis).toMatchObject({
      status: 'ANNOUNCED',
      deliveryDate: '2026-11-30',
      comment: 'Palette 1',
      closeReason: null,
      announcedTotal: 15,
      receivedTotal: 0,
      createdByName: 'Admin',
      supplier: { id: String(w.supplierId) },
      client: { id: String(w.clientId) },
      warehouse: { id: String(w.warehouseId) },
      receipts: [],
    });
    expect(avis.lines).toMatchObject([
      { announcedQuantity: 10, receivedQuantity: 0, difference: -10, lot: '', bestBefore: null },
      { announcedQuantity: 5, receivedQuantity: 0, difference: -5, lot: 'L1' },
    ]);
    expect(avis.history).toMatchObject([{ kind: 'created', userName: 'Admin' }]);
    const second = await newAvis();
    expect(second.number).not.toBe(avis.number);
  });

  test('createAvis refuses what does not fit, on the field, and writes nothing', async () => {
    const before = await snapshot();
    const answer = await graphql(boss, CREATE, {
      i: {
        ...avisInputOf(w, [
          { productId: w.products.foreign, announcedQuantity: 1 },
          { productId: w.products.plain, announcedQuantity: 1, lot: 'X' },
          { productId: w.products.plain, announcedQuantity: 1, bestBefore: '2027-01-01' },
          { productId: w.products.plain, announcedQuantity: 0 },
        ]),
        supplierId: '999999',
        deliveryDate: '2026-02-30',
      },
    });
    const { fieldErrors } = fieldErrorsOf(answer);
    // Shape errors first (zod), then the database's checks.
    expect(Object.keys(fieldErrors!).sort()).toEqual(['deliveryDate', 'lines.3.announcedQuantity']);
    const checked = fieldErrorsOf(
      await graphql(boss, CREATE, {
        i: {
          ...avisInputOf(w, [
            { productId: w.products.foreign, announcedQuantity: 1 },
            { productId: w.products.plain, announcedQuantity: 1, lot: 'X' },
            { productId: w.products.plain, announcedQuantity: 1, bestBefore: '2027-01-01' },
          ]),
          supplierId: '999999',
        },
      }),
    );
    expect(checked.fieldErrors).toEqual({
      supplierId: ['The selected supplier does not exist.'],
      'lines.0.productId': [expect.stringContaining('belongs to another client')],
      'lines.1.lot': ['The product is not tracked by lot: leave the field empty.'],
      'lines.2.bestBefore': ['The product has no best-before date: leave the field empty.'],
    });
    const empty = fieldErrorsOf(
      await graphql(boss, CREATE, { i: { ...avisInputOf(w), lines: [] } }),
    );
    expect(Object.keys(empty.fieldErrors!)).toEqual(['lines']);
    expect(await snapshot()).toBe(before);
  });

  test('a delivery note number is unique per supplier until its avis is cancelled', async () => {
    const input = avisInputOf(w);
    const first = ok(await graphql(boss, CREATE, { i: input })).createAvis;
    const again = fieldErrorsOf(
      await graphql(boss, CREATE, {
        i: { ...input, deliveryNoteNumber: input.deliveryNoteNumber.toLowerCase() },
      }),
    );
    expect(again.fieldRules!.deliveryNoteNumber![0]!.rule).toBe('unique');
    ok(await graphql(boss, CANCEL, { id: first.id, v: first.version, r: 'doppelt' }));
    ok(await graphql(boss, CREATE, { i: input }));
  });

  test('updateAvis while nothing is booked; a stale version and a booked avis are refused', async () => {
    const avis = await newAvis();
    const input = avisInputOf(w, [{ productId: w.products.plain, announcedQuantity: 7 }]);
    const updated = ok(
      await graphql(boss, UPDATE, { id: avis.id, v: avis.version, i: input }),
    ).updateAvis;
    expect(updated.version).toBe(avis.version + 1);
    expect(updated.lines).toMatchObject([{ announcedQuantity: 7 }]);
    expect(updated.history.map((e: { kind: string }) => e.kind)).toEqual(['created', 'updated']);
    const stale = await graphql(boss, UPDATE, { id: avis.id, v: avis.version, i: input });
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(stale.errors![0]!.extensions!.reason).toBe('stale');

    const booked = ok(
      await graphql(boss, BOOK, {
        id: avis.id,
        i: { lines: [{ lineId: updated.lines[0].id, quantity: 1, placeId: w.placeIds[0] }] },
      }),
    ).bookAvis;
    const refused = await graphql(boss, UPDATE, { id: avis.id, v: booked.version, i: input });
    expect(codeOf(refused)).toBe('CONFLICT');
    expect(refused.errors![0]!.extensions!.reason).toBe('status');
    expect(refused.errors![0]!.message).toContain('the status “Partially booked”');
  });
});

describe('booking', () => {
  test('partial bookings: stock and ledger (reason avis, reference = receipt) in one go, status, receipts, history', async () => {
    const avis = await newAvis();
    const [plainLine, lotLine] = avis.lines;
    const first = ok(
      await graphql(boss, BOOK, {
        id: avis.id,
        i: { lines: [{ lineId: plainLine.id, quantity: 4, placeId: w.placeIds[0] }] },
      }),
    ).bookAvis;
    expect(first.status).toBe('PARTIALLY_BOOKED');
    expect(first.receivedTotal).toBe(4);
    expect(first.lines[0]).toMatchObject({ receivedQuantity: 4, difference: -6 });
    expect(first.receipts).toHaveLength(1);
    const receipt = first.receipts[0];
    expect(receipt).toMatchObject({
      number: `${avis.number}-1`,
      userName: 'Admin',
      lines: [{ quantity: 4, overDelivery: 0, place: { id: String(w.placeIds[0]) } }],
    });
    const plainStock = (await stockOf(t.db, w.products.plain, w.placeIds[0]!))?.quantity ?? 0;
    expect(plainStock).toBeGreaterThanOrEqual(4);
    const ledger = await ledgerOf(t.db, w.products.plain);
    expect(ledger.at(-1)).toMatchObject({ delta: 4, reason: 'avis', reference: receipt.id });

    // The rest of line 1 onto two places, and line 2 with its announced lot: one receipt.
    const second = ok(
      await graphql(boss, BOOK, {
        id: avis.id,
        i: {
          lines: [
            { lineId: plainLine.id, quantity: 2, placeId: w.placeIds[1] },
            { lineId: plainLine.id, quantity: 4, placeId: w.placeIds[2] },
            { lineId: lotLine.id, quantity: 5, placeId: w.placeIds[1] },
          ],
        },
      }),
    ).bookAvis;
    expect(second.status).toBe('BOOKED');
    expect(second.receivedTotal).toBe(15);
    expect(second.lines.map((l: { difference: number }) => l.difference)).toEqual([0, 0]);
    expect(second.receipts).toHaveLength(2);
    expect(second.receipts[1].number).toBe(`${avis.number}-2`);
    expect(second.receipts[1].lines.map((l: { lot: string }) => l.lot)).toEqual(['', '', 'L1']);
    expect(await stockOf(t.db, w.products.lotted, w.placeIds[1]!, 'L1')).toMatchObject({
      quantity: 5,
    });
    expect(second.history.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'booked',
      'booked',
    ]);
    expect(second.history[2].detail).toContain(`${avis.number}-2`);

    // A booked avis takes no further booking, no cancel, no close, no delete.
    const before = await snapshot();
    const again = await graphql(boss, BOOK, {
      id: avis.id,
      i: { lines: [{ lineId: plainLine.id, quantity: 1, placeId: w.placeIds[0] }] },
    });
    expect(codeOf(again)).toBe('CONFLICT');
    expect(again.errors![0]!.extensions!.reason).toBe('status');
    expect(codeOf(await graphql(boss, CANCEL, { id: avis.id, v: second.version }))).toBe(
      'CONFLICT',
    );
    expect(codeOf(await graphql(boss, CLOSE, { id: avis.id, v: second.version, r: 'x' }))).toBe(
      'CONFLICT',
    );
    expect(codeOf(await graphql(boss, DELETE, { id: avis.id }))).toBe('CONFLICT');
    expect(await snapshot()).toBe(before);
  });

  test('over-delivery: refused with the open quantity unless confirmed, then recorded', async () => {
    const avis = await newAvis([{ productId: w.products.plain, announcedQuantity: 3 }]);
    const lineId = avis.lines[0].id;
    const before = await snapshot();
    const refused = await graphql(boss, BOOK, {
      id: avis.id,
      i: { lines: [{ lineId, quantity: 5, placeId: w.placeIds[0] }] },
    });
    const { fieldErrors, fieldRules } = fieldErrorsOf(refused);
    expect(Object.keys(fieldErrors!)).toEqual(['lines.0.quantity']);
    expect(fieldRules!['lines.0.quantity']![0]).toMatchObject({
      rule: 'overDelivery',
      params: { rule: 'overDelivery', open: 3, overDelivery: 2 },
    });
    // Two lines of one booking for the same avis line count together.
    const split = await graphql(boss, BOOK, {
      id: avis.id,
      i: {
        lines: [
          { lineId, quantity: 2, placeId: w.placeIds[0] },
          { lineId, quantity: 2, placeId: w.placeIds[1] },
        ],
      },
    });
    expect(fieldErrorsOf(split).fieldRules!['lines.1.quantity']![0]!.params).toMatchObject({
      open: 1,
    });
    expect(await snapshot()).toBe(before);

    const confirmed = ok(
      await graphql(boss, BOOK, {
        id: avis.id,
        i: { lines: [{ lineId, quantity: 5, placeId: w.placeIds[0] }], confirmOverDelivery: true },
      }),
    ).bookAvis;
    expect(confirmed.status).toBe('BOOKED');
    expect(confirmed.lines[0]).toMatchObject({ receivedQuantity: 5, difference: 2 });
    expect(confirmed.receipts[0].lines[0]).toMatchObject({ quantity: 5, overDelivery: 2 });
    expect(JSON.parse(confirmed.history.at(-1).detail)).toMatchObject({ overDelivery: 2 });
  });

  test('lot, best-before and place rules, each on its line field; nothing written', async () => {
    const avis = await newAvis([
      { productId: w.products.lotted, announcedQuantity: 2 },
      { productId: w.products.dated, announcedQuantity: 2 },
      { productId: w.products.plain, announcedQuantity: 2 },
    ]);
    const [lotLine, datedLine, plainLine] = avis.lines;
    const other = await newAvis();
    const before = await snapshot();
    const refused = await graphql(boss, BOOK, {
      id: avis.id,
      i: {
        lines: [
          { lineId: lotLine.id, quantity: 1, placeId: w.placeIds[0] },
          { lineId: datedLine.id, quantity: 1, placeId: w.placeIds[0] },
          { lineId: plainLine.id, quantity: 1, placeId: w.otherPlaceId },
          { lineId: plainLine.id, quantity: 1, placeId: w.placeIds[0], lot: 'Y' },
        ],
      },
    });
    const { fieldErrors } = fieldErrorsOf(refused);
    expect(fieldErrors).toEqual({
      'lines.0.lot': ['The product is tracked by lot: enter the lot.'],
      'lines.1.bestBefore': ['The product has a best-before date: enter it.'],
      'lines.2.placeId': [expect.stringContaining('belongs to another warehouse')],
      'lines.3.lot': ['The product is not tracked by lot: leave the field empty.'],
    });
    // A line of another avis is no line of this one.
    const foreignLine = await graphql(boss, BOOK, {
      id: avis.id,
      i: { lines: [{ lineId: other.lines[0].id, quantity: 1, placeId: w.placeIds[0] }] },
    });
    expect(Object.keys(fieldErrorsOf(foreignLine).fieldErrors!)).toEqual(['lines.0.lineId']);
    expect(await snapshot()).toBe(before);

    const booked = ok(
      await graphql(boss, BOOK, {
        id: avis.id,
        i: {
          lines: [
            { lineId: lotLine.id, quantity: 2, placeId: w.placeIds[2], lot: 'CH-7' },
            { lineId: datedLine.id, quantity: 2, placeId: w.placeIds[2], bestBefore: '2027-03-31' },
          ],
        },
      }),
    ).bookAvis;
    expect(booked.status).toBe('PARTIALLY_BOOKED');
    expect(await stockOf(t.db, w.products.lotted, w.placeIds[2]!, 'CH-7')).toMatchObject({
      quantity: 2,
    });
    expect(await stockOf(t.db, w.products.dated, w.placeIds[2]!)).toMatchObject({
      quantity: 2,
      bestBefore: '2027-03-31',
    });
    expect(await totalOf(t.db, w.products.dated, w.warehouseId)).toBeGreaterThanOrEqual(2);
  });
});

describe('close, cancel, delete', () => {
  test('closeAvis: a difference needs the reason, which is kept; only a partially booked avis closes', async () => {
    const avis = await newAvis();
    const announced = await graphql(boss, CLOSE, { id: avis.id, v: avis.version, r: 'x' });
    expect(codeOf(announced)).toBe('CONFLICT');
    const booked = ok(
      await graphql(boss, BOOK, {
        id: avis.id,
        i: { lines: [{ lineId: avis.lines[0].id, quantity: 8, placeId: w.placeIds[0] }] },
      }),
    ).bookAvis;
    const noReason = await graphql(boss, CLOSE, { id: avis.id, v: booked.version, r: '  ' });
    expect(fieldErrorsOf(noReason).fieldRules!.reason![0]!.rule).toBe('required');
    const stale = await graphql(boss, CLOSE, { id: avis.id, v: avis.version, r: 'Bruch' });
    expect(stale.errors![0]!.extensions!.reason).toBe('stale');
    const closed = ok(
      await graphql(boss, CLOSE, { id: avis.id, v: booked.version, r: '2 Stück Bruch' }),
    ).closeAvis;
    expect(closed).toMatchObject({ status: 'BOOKED', closeReason: '2 Stück Bruch' });
    expect(closed.lines.map((l: { difference: number }) => l.difference)).toEqual([-2, -5]);
    expect(closed.history.at(-1)).toMatchObject({ kind: 'closed', detail: '2 Stück Bruch' });
    const after = await graphql(boss, BOOK, {
      id: avis.id,
      i: { lines: [{ lineId: avis.lines[0].id, quantity: 1, placeId: w.placeIds[0] }] },
    });
    expect(codeOf(after)).toBe('CONFLICT');
  });

  test('cancelAvis only while nothing is booked; a cancelled avis cannot be booked, edited or deleted', async () => {
    const avis = await newAvis();
    const cancelled = ok(
      await graphql(boss, CANCEL, { id: avis.id, v: avis.version, r: 'Lieferant storniert' }),
    ).cancelAvis;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.history.at(-1)).toMatchObject({
      kind: 'cancelled',
      detail: 'Lieferant storniert',
    });
    const before = await snapshot();
    for (const answer of [
      await graphql(boss, BOOK, {
        id: avis.id,
        i: { lines: [{ lineId: avis.lines[0].id, quantity: 1, placeId: w.placeIds[0] }] },
      }),
      await graphql(boss, UPDATE, { id: avis.id, v: cancelled.version, i: avisInputOf(w) }),
      await graphql(boss, CANCEL, { id: avis.id, v: cancelled.version }),
      await graphql(boss, DELETE, { id: avis.id }),
    ]) {
      expect(codeOf(answer)).toBe('CONFLICT');
      expect(answer.errors![0]!.extensions!.reason).toBe('status');
    }
    expect(await snapshot()).toBe(before);

    const partly = await newAvis();
    const booked = ok(
      await graphql(boss, BOOK, {
        id: partly.id,
        i: { lines: [{ lineId: partly.lines[0].id, quantity: 1, placeId: w.placeIds[0] }] },
      }),
    ).bookAvis;
    expect(codeOf(await graphql(boss, CANCEL, { id: partly.id, v: booked.version }))).toBe(
      'CONFLICT',
    );
    expect(codeOf(await graphql(boss, DELETE, { id: partly.id }))).toBe('CONFLICT');
  });

  test('deleteAvis removes an announced avis with its lines and history; an unknown id is NOT_FOUND', async () => {
    const avis = await newAvis();
    expect(ok(await graphql(boss, DELETE, { id: avis.id })).deleteAvis).toEqual({ id: avis.id });
    expect(ok(await graphql(boss, GET, { id: avis.id }))).toEqual({ avis: null });
    const [left] = await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM avis_lines WHERE avis_id = $1)
            + (SELECT count(*) FROM avis_events WHERE avis_id = $1) AS n`,
      [avis.id],
    );
    expect(Number(left!.n)).toBe(0);
    expect(codeOf(await graphql(boss, DELETE, { id: avis.id }))).toBe('NOT_FOUND');
    expect(codeOf(await graphql(boss, DELETE, { id: 'abc' }))).toBe('NOT_FOUND');
  });
});

test('a product announced on an avis is archived when deleted: the avis still names it', async () => {
  const productId = await newProduct(t.db, w.clientId, { name: 'Auslaufartikel' });
  const avis = await newAvis([{ productId, announcedQuantity: 4 }]);
  const deleted = await graphql(boss, 'mutation($id: ID!) { deleteProduct(id: $id) { id } }', {
    id: String(productId),
  });
  expect(deleted.errors).toBeUndefined();
  const [row] = await t.db.query<{ archived: boolean }>(
    'SELECT deleted_at IS NOT NULL AS archived FROM products WHERE id = $1',
    [productId],
  );
  expect(row).toEqual({ archived: true });
  const read = ok(await graphql(boss, GET, { id: avis.id })).avis;
  expect(read.lines.map((line: { product: { id: string } }) => line.product.id)).toEqual([
    String(productId),
  ]);
});

describe('permissions', () => {
  test('each operation needs its permission (the server decides)', async () => {
    const avis = await newAvis();
    const viewer = await staffWith(t, ['avis:view']);
    const booker = await staffWith(t, ['avis:view', 'avis:book']);
    const nobody = await staffWith(t, []);
    expect(codeOf(await graphql(nobody.browser, LIST, {}))).toBe('FORBIDDEN');
    expect(codeOf(await graphql(nobody.browser, GET, { id: avis.id }))).toBe('FORBIDDEN');
    ok(await graphql(viewer.browser, GET, { id: avis.id }));
    const book = {
      id: avis.id,
      i: { lines: [{ lineId: avis.lines[0].id, quantity: 1, placeId: w.placeIds[0] }] },
    };
    for (const [query, variables] of [
      [CREATE, { i: avisInputOf(w) }],
      [UPDATE, { id: avis.id, v: avis.version, i: avisInputOf(w) }],
      [CANCEL, { id: avis.id, v: avis.version }],
      [DELETE, { id: avis.id }],
      [BOOK, book],
      [CLOSE, { id: avis.id, v: avis.version, r: 'x' }],
    ] as const)
      expect(codeOf(await graphql(viewer.browser, query, variables))).toBe('FORBIDDEN');
    // avis:book books (without stock:book) but neither creates nor cancels.
    expect(codeOf(await graphql(booker.browser, CREATE, { i: avisInputOf(w) }))).toBe('FORBIDDEN');
    const booked = ok(await graphql(booker.browser, BOOK, book)).bookAvis;
    expect(booked.receipts[0].userName).toMatch(/^Staff /);
    const pdf = await viewer.browser.request({
      url: `/spa/avis/receipts/${booked.receipts[0].id}.pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF-')).toBe(true);
    const refusedPdf = await nobody.browser.request({
      url: `/spa/avis/receipts/${booked.receipts[0].id}.pdf`,
    });
    expect(refusedPdf.statusCode).toBe(403);
    expect((await boss.request({ url: '/spa/avis/receipts/999999.pdf' })).statusCode).toBe(404);
    expect((await boss.request({ url: '/spa/avis/receipts/abc.pdf' })).statusCode).toBe(404);
  });
});

describe('list', () => {
  test('filters by status (any of), supplier, dates; searches; sorts', async () => {
    const world = await avisWorld(t.db);
    const a = ok(
      await graphql(boss, CREATE, { i: { ...avisInputOf(world), deliveryDate: '2026-12-01' } }),
    ).createAvis;
    const b = ok(
      await graphql(boss, CREATE, { i: { ...avisInputOf(world), deliveryDate: '2026-12-05' } }),
    ).createAvis;
    const c = ok(
      await graphql(boss, CREATE, { i: { ...avisInputOf(world), deliveryDate: '2026-12-09' } }),
    ).createAvis;
    ok(
      await graphql(boss, BOOK, {
        id: b.id,
        i: { lines: [{ lineId: b.lines[0].id, quantity: 1, placeId: world.placeIds[0] }] },
      }),
    );
    ok(await graphql(boss, CANCEL, { id: c.id, v: c.version }));
    const list = async (f: Record<string, unknown>, s = 'DELIVERY_DATE', p = {}) =>
      ok(await graphql(boss, LIST, { f: { supplierId: world.supplierId, ...f }, s, p })).avisList;
    expect((await list({})).items.map((i: { id: string }) => i.id)).toEqual([a.id, b.id, c.id]);
    expect(
      (await list({ status: ['ANNOUNCED', 'PARTIALLY_BOOKED'] })).items.map(
        (i: { id: string }) => i.id,
      ),
    ).toEqual([a.id, b.id]);
    expect((await list({ status: ['CANCELLED'] })).items).toMatchObject([
      { id: c.id, status: 'CANCELLED' },
    ]);
    expect(
      (await list({ from: '2026-12-02', to: '2026-12-09' })).items.map((i: { id: string }) => i.id),
    ).toEqual([b.id, c.id]);
    expect(
      (await list({}, 'NUMBER', { sortDirection: 'DESC' })).items.map((i: { id: string }) => i.id),
    ).toEqual([c.id, b.id, a.id]);
    const searched = await list({}, 'DELIVERY_DATE', { search: b.number });
    expect(searched.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
    expect(searched.items[0]).toMatchObject({ announcedTotal: 15, receivedTotal: 1 });
    const badDay = await graphql(boss, LIST, { f: { from: '2026-13-01' } });
    expect(fieldErrorsOf(badDay).fieldErrors).toEqual({
      'filter.from': ['The from filter must be a date (YYYY-MM-DD).'],
    });
    const badStatus = await graphql(boss, LIST, { f: { supplierId: 'x' } });
    expect(Object.keys(fieldErrorsOf(badStatus).fieldErrors!)).toEqual(['filter.supplierId']);
    const csv = await boss.request({
      url: `/export/avis.csv?supplierId=${world.supplierId}&lang=en`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(a.number);
    expect(csv.body).toContain(c.number);
  });
});

test('a booking publishes RecordChanged of the Avis and of its stock changes', async () => {
  const avis = await newAvis();
  const client = pusherClient(t.app, boss);
  open.push(client);
  const heard: { channel: string; data: unknown }[] = [];
  for (const name of ['private-records.avis', 'private-records.stock']) {
    const channel = client.subscribe(name);
    await new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (e: unknown) =>
        reject(new Error(JSON.stringify(e))),
      );
    });
    channel.bind('RecordChanged', (data: unknown) => heard.push({ channel: name, data }));
  }
  ok(
    await graphql(boss, BOOK, {
      id: avis.id,
      i: {
        lines: [
          { lineId: avis.lines[0].id, quantity: 1, placeId: w.placeIds[0] },
          { lineId: avis.lines[1].id, quantity: 1, placeId: w.placeIds[0] },
        ],
      },
    }),
  );
  const deadline = Date.now() + 3000;
  while (heard.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(heard).toContainEqual({
    channel: 'private-records.avis',
    data: { typename: 'Avis', id: avis.id, change: 'updated' },
  });
  const stock = heard.filter((h) => h.channel === 'private-records.stock');
  expect(stock).toHaveLength(2);
  expect(stock[0]!.data).toMatchObject({ typename: 'StockChange', change: 'created' });
});
