import { startTestApp, type Browser, type TestApp } from './helpers';
import {
  admin,
  administrationSnapshot,
  codeOf,
  graphql,
  staffWith,
  type GraphqlAnswer,
} from './graphql-support';
import { countWorld } from './stocktaking-support';
import { newClient, newProduct, stockOf, totalOf } from './stock-support';

// Stocktaking (issue 16) through the API: every transition allowed and refused, the
// snapshot and the lock (bookings on locked stock refused, naming the stocktaking), counts
// (last confirmed wins, with its user; found stock; empty places), the summary's variances
// and values, and booking that writes exactly the variances and releases the locks.

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterAll(() => t.close());

const ST = `id number name status blind placesTotal placesCounted version
  warehouse { id } storage { id } rack { id } client { id } createdByName createdAt startedAt
  completedAt bookedAt cancelledAt`;
const LINE = `id place { id } product { id } lot bestBefore expectedQuantity countedQuantity
  countedByName countedAt found variance varianceValue`;

async function ok(browser: Browser, query: string, variables: Record<string, unknown> = {}) {
  const answer = await graphql(browser, query, variables);
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return Object.values(answer.data!)[0] as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers freely
}

const create = (browser: Browser, input: Record<string, unknown>) =>
  ok(browser, `mutation($i: StocktakingInput!) { createStocktaking(input: $i) { ${ST} } }`, {
    i: input,
  });
const start = (browser: Browser, id: string, version: number) =>
  graphql(
    browser,
    `mutation($id: ID!, $v: Int!) { startStocktaking(id: $id, version: $v) { ${ST} } }`,
    {
      id,
      v: version,
    },
  );
const transition = (browser: Browser, name: string, id: string, version: number) =>
  graphql(browser, `mutation($id: ID!, $v: Int!) { ${name}(id: $id, version: $v) { ${ST} } }`, {
    id,
    v: version,
  });
const count = (browser: Browser, id: string, input: Record<string, unknown>) =>
  graphql(
    browser,
    `mutation($id: ID!, $i: StocktakingCountInput!) { countStock(stocktakingId: $id, input: $i) {
      id counted countedByName place { id } lines { ${LINE} } } }`,
    { id, i: input },
  );
const confirmEmpty = (browser: Browser, id: string, placeId: number) =>
  graphql(
    browser,
    `mutation($id: ID!, $p: ID!) { confirmEmptyPlace(stocktakingId: $id, placeId: $p) { id counted lines { ${LINE} } } }`,
    { id, p: placeId },
  );
const summary = (browser: Browser, id: string, onlyVariances = false) =>
  ok(
    browser,
    `query($id: ID!, $o: Boolean) { stocktakingSummary(id: $id, onlyVariances: $o, page: {pageSize: 100}) {
      stocktaking { status } lines { total items { ${LINE} } }
      totals { expected counted variance varianceValue } } }`,
    { id, o: onlyVariances },
  );
const book = (browser: Browser, input: Record<string, unknown>) =>
  graphql(
    browser,
    `
      mutation ($i: BookingInput!) {
        bookStock(input: $i) {
          id
          delta
        }
      }
    `,
    {
      i: input,
    },
  );

/** The refusal of a booking on a locked place: a field error naming the stocktaking. */
function expectLocked(answer: GraphqlAnswer, field: string, number: string) {
  expect(codeOf(answer)).toBe('BAD_USER_INPUT');
  const extensions = answer.errors![0]!.extensions! as {
    fieldErrors: Record<string, string[]>;
    fieldRules: Record<string, { rule: string; params?: Record<string, unknown> }[]>;
  };
  expect(extensions.fieldRules[field]![0]!.rule).toBe('stocktaking');
  expect(extensions.fieldRules[field]![0]!.params).toEqual({ stocktaking: number });
  expect(extensions.fieldErrors[field]![0]).toContain(number);
}

/** A started rack stocktaking over a fresh world. */
async function started(options: { blind?: boolean; clientId?: number } = {}) {
  const w = await countWorld(t.db);
  const st = await create(boss, {
    name: 'Regal 1',
    warehouseId: String(w.warehouseId),
    storageId: String(w.storageId),
    rackId: String(w.rackId),
    blind: options.blind ?? false,
    ...(options.clientId ? { clientId: String(options.clientId) } : {}),
  });
  const answer = await start(boss, st.id, st.version);
  expect(answer.errors).toBeUndefined();
  return { w, st: answer.data!.startStocktaking };
}

test('create → DRAFT; edit while DRAFT; start snapshots the scope and moves to COUNTING', async () => {
  const w = await countWorld(t.db);
  const st = await create(boss, { warehouseId: String(w.warehouseId) });
  expect(st).toMatchObject({ status: 'DRAFT', blind: false, placesTotal: 0, version: 1 });
  expect(st.number).toMatch(/^INV-\d{4}-\d{6}$/);
  expect(st.createdByName).toBeTruthy();
  const edited = await ok(
    boss,
    `mutation($id: ID!, $i: StocktakingInput!) { updateStocktaking(id: $id, version: 1, input: $i) { ${ST} } }`,
    {
      id: st.id,
      i: { name: 'Regal', warehouseId: String(w.warehouseId), rackId: String(w.rackId) },
    },
  );
  // A rack alone names its storage.
  expect(edited).toMatchObject({
    name: 'Regal',
    version: 2,
    rack: { id: String(w.rackId) },
    storage: { id: String(w.storageId) },
  });
  const answer = await start(boss, st.id, 2);
  expect(answer.data!.startStocktaking).toMatchObject({
    status: 'COUNTING',
    placesTotal: 4,
    placesCounted: 0,
  });
  expect(answer.data!.startStocktaking.startedAt).toBeTruthy();
  const places = await ok(
    boss,
    `query($id: ID!) { stocktakingPlaces(id: $id) { total items { place { id } counted lines { ${LINE} } } } }`,
    { id: st.id },
  );
  expect(places.total).toBe(4);
  expect(places.items.map((p: { place: { id: string } }) => Number(p.place.id))).toEqual(
    w.placeIds,
  );
  expect(
    places.items.map(
      (p: { lines: { product: { id: string }; lot: string; expectedQuantity: number }[] }) =>
        p.lines.map((l) => [Number(l.product.id), l.lot, l.expectedQuantity]),
    ),
  ).toEqual([
    [[w.products.a, '', 10]],
    [[w.products.lotted, 'L1', 5]],
    [[w.products.b, '', 3]],
    [],
  ]);
  // A place by its barcode; one outside the scope is null.
  const byBarcode = await ok(
    boss,
    `query($id: ID!, $b: String!) { stocktakingPlaceByBarcode(stocktakingId: $id, barcode: $b) { place { id } } }`,
    { id: st.id, b: w.barcodes[1] },
  );
  expect(byBarcode.place.id).toBe(String(w.placeIds[1]));
  expect(
    await ok(
      boss,
      `query($id: ID!, $p: ID!) { stocktakingPlace(stocktakingId: $id, placeId: $p) { id } }`,
      { id: st.id, p: w.outsidePlaceId },
    ),
  ).toBeNull();
});

test('bad input: a storage of another warehouse, a rack of another storage, an unknown client are field errors; nothing written', async () => {
  const w = await countWorld(t.db);
  const other = await countWorld(t.db);
  const before = await administrationSnapshot(t);
  const answer = await graphql(
    boss,
    `
      mutation ($i: StocktakingInput!) {
        createStocktaking(input: $i) {
          id
        }
      }
    `,
    {
      i: {
        warehouseId: String(w.warehouseId),
        storageId: String(other.storageId),
        rackId: String(w.rackId),
        clientId: '2147483000',
      },
    },
  );
  expect(codeOf(answer)).toBe('BAD_USER_INPUT');
  expect(Object.keys(answer.errors![0]!.extensions!.fieldErrors!).sort()).toEqual([
    'clientId',
    'rackId',
    'storageId',
  ]);
  const bad = await graphql(
    boss,
    `
      mutation ($i: StocktakingInput!) {
        createStocktaking(input: $i) {
          id
        }
      }
    `,
    {
      i: { warehouseId: 'x' },
    },
  );
  expect(bad.errors![0]!.extensions!.fieldErrors).toEqual({
    warehouseId: ['The warehouse field must be the id of a warehouse.'],
  });
  expect(await administrationSnapshot(t)).toBe(before);
});

test('every state transition allowed and refused', async () => {
  const { w, st } = await started();
  const conflictOf = (answer: GraphqlAnswer) => [
    codeOf(answer),
    answer.errors?.[0]?.extensions?.reason,
  ];
  // COUNTING: no edit, no second start, no booking; stale versions refused.
  expect(
    conflictOf(
      await graphql(
        boss,
        `
          mutation ($id: ID!, $v: Int!, $i: StocktakingInput!) {
            updateStocktaking(id: $id, version: $v, input: $i) {
              id
            }
          }
        `,
        { id: st.id, v: st.version, i: { warehouseId: String(w.warehouseId) } },
      ),
    ),
  ).toEqual(['CONFLICT', 'status']);
  expect(conflictOf(await start(boss, st.id, st.version))).toEqual(['CONFLICT', 'status']);
  expect(conflictOf(await transition(boss, 'bookStocktaking', st.id, st.version))).toEqual([
    'CONFLICT',
    'status',
  ]);
  expect(conflictOf(await transition(boss, 'completeStocktaking', st.id, st.version - 1))).toEqual([
    'CONFLICT',
    'stale',
  ]);
  // Complete is refused while a line has no count; the stocktaking says on how many places
  // (the summary's confirmation warns with it first).
  const uncounted = `query($id: ID!) { stocktaking(id: $id) { placesUncounted } }`;
  expect(await ok(boss, uncounted, { id: st.id })).toEqual({ placesUncounted: 3 });
  const open = await transition(boss, 'completeStocktaking', st.id, st.version);
  expect(conflictOf(open)).toEqual(['CONFLICT', 'status']);
  // The reason as a catalogue message (the page words it), naming the places still to count.
  expect((open.errors![0]!.extensions as { text?: unknown }).text).toEqual({
    key: 'stocktaking.uncounted',
    params: { count: 3, number: st.number },
  });
  expect(open.errors![0]!.message).toBe(
    `3 places of the stocktaking ${st.number} have not been counted yet: count them or confirm them empty, then complete.`,
  );
  for (const [i, product, lot, quantity] of [
    [0, w.products.a, '', 10],
    [1, w.products.lotted, 'L1', 5],
    [2, w.products.b, '', 3],
  ] as const)
    expect(
      (await count(boss, st.id, { placeId: w.placeIds[i], productId: product, lot, quantity }))
        .errors,
    ).toBeUndefined();
  const counted = await transition(boss, 'completeStocktaking', st.id, st.version);
  expect(counted.data!.completeStocktaking).toMatchObject({ status: 'COUNTED', placesCounted: 3 });
  expect(await ok(boss, uncounted, { id: st.id })).toEqual({ placesUncounted: 0 });
  const v = counted.data!.completeStocktaking.version;
  // COUNTED: no count, no second complete; a recount goes back to COUNTING.
  expect(
    conflictOf(
      await count(boss, st.id, { placeId: w.placeIds[0], productId: w.products.a, quantity: 1 }),
    ),
  ).toEqual(['CONFLICT', 'status']);
  expect(conflictOf(await transition(boss, 'completeStocktaking', st.id, v))).toEqual([
    'CONFLICT',
    'status',
  ]);
  const lines = (await summary(boss, st.id)).lines.items;
  const recount = await ok(
    boss,
    `mutation($id: ID!, $l: [ID!]!) { recountLines(stocktakingId: $id, lineIds: $l) { ${ST} } }`,
    { id: st.id, l: [lines[0].id] },
  );
  expect(recount).toMatchObject({ status: 'COUNTING', placesCounted: 2, completedAt: null });
  expect((await summary(boss, st.id)).lines.items[0]).toMatchObject({
    countedQuantity: null,
    variance: null,
  });
  await count(boss, st.id, { placeId: w.placeIds[0], productId: w.products.a, quantity: 10 });
  const again = await transition(boss, 'completeStocktaking', st.id, recount.version);
  expect(again.data!.completeStocktaking.status).toBe('COUNTED');
  const booked = await transition(
    boss,
    'bookStocktaking',
    st.id,
    again.data!.completeStocktaking.version,
  );
  expect(booked.data!.bookStocktaking).toMatchObject({ status: 'BOOKED' });
  const bv = booked.data!.bookStocktaking.version;
  // BOOKED is final.
  for (const name of [
    'bookStocktaking',
    'cancelStocktaking',
    'completeStocktaking',
    'startStocktaking',
  ])
    expect(conflictOf(await transition(boss, name, st.id, bv))).toEqual(['CONFLICT', 'status']);
  expect(
    conflictOf(
      await graphql(
        boss,
        `
          mutation ($id: ID!, $l: [ID!]!) {
            recountLines(stocktakingId: $id, lineIds: $l) {
              id
            }
          }
        `,
        {
          id: st.id,
          l: [lines[0].id],
        },
      ),
    ),
  ).toEqual(['CONFLICT', 'status']);
  // Cancel: from DRAFT, and from COUNTED/COUNTING (the locks go); CANCELLED is final.
  const draft = await create(boss, { warehouseId: String(w.warehouseId) });
  const cancelled = await transition(boss, 'cancelStocktaking', draft.id, draft.version);
  expect(cancelled.data!.cancelStocktaking).toMatchObject({ status: 'CANCELLED' });
  expect(cancelled.data!.cancelStocktaking.cancelledAt).toBeTruthy();
  for (const name of ['startStocktaking', 'cancelStocktaking', 'bookStocktaking'])
    expect(conflictOf(await transition(boss, name, draft.id, draft.version + 1))).toEqual([
      'CONFLICT',
      'status',
    ]);
  expect(codeOf(await transition(boss, 'startStocktaking', '2147483000', 1))).toBe('NOT_FOUND');
});

test('the lock: bookings, moves and corrections on stock in a running stocktaking are refused naming it; cancel releases', async () => {
  const { w, st } = await started();
  const before = await administrationSnapshot(t);
  const on = (placeId: number) => ({
    warehouseId: String(w.warehouseId),
    placeId: String(placeId),
    productId: String(w.products.a),
    quantity: 1,
  });
  expectLocked(await book(boss, { kind: 'IN', ...on(w.placeIds[0]!) }), 'placeId', st.number);
  expectLocked(await book(boss, { kind: 'OUT', ...on(w.placeIds[0]!) }), 'placeId', st.number);
  // An empty place of the scope is locked too (nothing may be put there while counting).
  expectLocked(await book(boss, { kind: 'IN', ...on(w.placeIds[3]!) }), 'placeId', st.number);
  expectLocked(
    await graphql(
      boss,
      `
        mutation ($i: MoveInput!) {
          moveStock(input: $i) {
            id
          }
        }
      `,
      {
        i: { ...on(w.outsidePlaceId), toPlaceId: String(w.placeIds[0]) },
      },
    ),
    'toPlaceId',
    st.number,
  );
  expectLocked(
    await graphql(
      boss,
      `
        mutation ($i: CorrectionInput!) {
          correctStock(input: $i) {
            id
          }
        }
      `,
      {
        i: { ...on(w.placeIds[0]!), quantity: 4, comment: 'Gezählt' },
      },
    ),
    'placeId',
    st.number,
  );
  expect(await administrationSnapshot(t)).toBe(before);
  // Outside the scope (another rack) bookings go on.
  expect((await book(boss, { kind: 'OUT', ...on(w.outsidePlaceId) })).errors).toBeUndefined();
  // A second stocktaking over an overlapping scope cannot start.
  const overlap = await create(boss, { warehouseId: String(w.warehouseId) });
  const refused = await start(boss, overlap.id, overlap.version);
  expect(codeOf(refused)).toBe('CONFLICT');
  expect(refused.errors![0]!.message).toContain(st.number);
  // Cancelling releases the lock.
  expect((await transition(boss, 'cancelStocktaking', st.id, st.version)).errors).toBeUndefined();
  expect((await book(boss, { kind: 'IN', ...on(w.placeIds[0]!) })).errors).toBeUndefined();
  expect(await stockOf(t.db, w.products.a, w.placeIds[0]!)).toMatchObject({ quantity: 11 });
});

test("a client's stocktaking locks only that client's stock and snapshots only its products", async () => {
  const w = await countWorld(t.db);
  const otherClient = await newClient(t.db, 'Andere GmbH');
  const foreign = await newProduct(t.db, otherClient);
  await t.db.query(
    `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, quantity) VALUES ($1, $2, $3, $4, 7)`,
    [foreign, w.placeIds[0], otherClient, w.warehouseId],
  );
  const st = await create(boss, {
    warehouseId: String(w.warehouseId),
    rackId: String(w.rackId),
    clientId: String(w.clientId),
  });
  const startedSt = (await start(boss, st.id, st.version)).data!.startStocktaking;
  const lines = (await summary(boss, st.id)).lines.items;
  expect(lines.map((l: { product: { id: string } }) => Number(l.product.id)).sort()).toEqual(
    [w.products.a, w.products.lotted, w.products.b].sort(),
  );
  const on = (productId: number) => ({
    kind: 'IN',
    warehouseId: String(w.warehouseId),
    placeId: String(w.placeIds[0]),
    productId: String(productId),
    quantity: 1,
  });
  expectLocked(await book(boss, on(w.products.a)), 'placeId', startedSt.number);
  expect((await book(boss, on(foreign))).errors).toBeUndefined();
  // Counting another client's product there is refused.
  const answer = await count(boss, st.id, {
    placeId: w.placeIds[0],
    productId: foreign,
    quantity: 8,
  });
  expect(answer.errors![0]!.extensions!.fieldErrors).toHaveProperty('productId');
});

test('counts: the last confirmed count wins with its user; found stock; empty places; bad input refused', async () => {
  const { w, st } = await started();
  const anna = await staffWith(t, ['stocktaking:view', 'stocktaking:count']);
  const bert = await staffWith(t, ['stocktaking:view', 'stocktaking:count']);
  const a = { placeId: w.placeIds[0], productId: w.products.a };
  expect((await count(anna.browser, st.id, { ...a, quantity: 7 })).errors).toBeUndefined();
  const second = await count(bert.browser, st.id, { ...a, quantity: 8 });
  const line = second.data!.countStock.lines[0];
  expect(line).toMatchObject({ countedQuantity: 8, variance: -2, varianceValue: -5, found: false });
  const [bertName] = await t.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [
    bert.id,
  ]);
  expect(line.countedByName).toBe(bertName!.name);
  expect(second.data!.countStock).toMatchObject({ counted: true, countedByName: bertName!.name });
  // Found: a product not expected on P04 (the place gets a found line).
  const found = await count(anna.browser, st.id, {
    placeId: w.placeIds[3],
    productId: w.products.found,
    quantity: 4,
  });
  expect(found.data!.countStock.lines).toEqual([
    expect.objectContaining({
      found: true,
      expectedQuantity: 0,
      countedQuantity: 4,
      variance: 4,
      varianceValue: 7.96,
    }),
  ]);
  // Bad input: the lot of a lot-tracked product, a place outside the scope, a negative quantity.
  const noLot = await count(anna.browser, st.id, {
    placeId: w.placeIds[1],
    productId: w.products.lotted,
    quantity: 1,
  });
  expect(noLot.errors![0]!.extensions!.fieldErrors).toHaveProperty('lot');
  const outside = await count(anna.browser, st.id, {
    placeId: w.outsidePlaceId,
    productId: w.products.a,
    quantity: 1,
  });
  expect(outside.errors![0]!.extensions!.fieldErrors).toHaveProperty('placeId');
  const negative = await count(anna.browser, st.id, { ...a, quantity: -1 });
  expect(negative.errors![0]!.extensions!.fieldErrors).toHaveProperty('quantity');
  // Confirm P03 empty: its line counted 0.
  const empty = await confirmEmpty(anna.browser, st.id, w.placeIds[2]!);
  expect(empty.data!.confirmEmptyPlace).toMatchObject({ counted: true });
  expect(empty.data!.confirmEmptyPlace.lines[0]).toMatchObject({
    countedQuantity: 0,
    variance: -3,
  });
  // Counters without stocktaking:count are refused.
  const viewer = await staffWith(t, ['stocktaking:view']);
  expect(codeOf(await count(viewer.browser, st.id, { ...a, quantity: 1 }))).toBe('FORBIDDEN');
});

test('summary and booking: exactly the variances become stock changes (reason stocktaking); the locks go', async () => {
  const { w, st } = await started();
  await count(boss, st.id, { placeId: w.placeIds[0], productId: w.products.a, quantity: 8 });
  // Half way: the variance is that of the lines counted so far (−2 × 2.50), not of those
  // still to count as if they were missing.
  expect((await summary(boss, st.id)).totals).toEqual({
    expected: 18,
    counted: 8,
    variance: -2,
    varianceValue: -5,
  });
  await count(boss, st.id, {
    placeId: w.placeIds[1],
    productId: w.products.lotted,
    lot: 'L1',
    quantity: 5,
  });
  await confirmEmpty(boss, st.id, w.placeIds[2]!);
  await count(boss, st.id, { placeId: w.placeIds[3], productId: w.products.found, quantity: 4 });
  const all = await summary(boss, st.id);
  expect(all.lines.total).toBe(4);
  // −2 × 2.50 + 0 − 3 × 10.00 + 4 × 1.99 = −27.04
  expect(all.totals).toEqual({ expected: 18, counted: 17, variance: -1, varianceValue: -27.04 });
  const variances = await summary(boss, st.id, true);
  expect(variances.lines.total).toBe(3);
  expect(variances.totals).toEqual({
    expected: 13,
    counted: 12,
    variance: -1,
    varianceValue: -27.04,
  });
  const counted = (await transition(boss, 'completeStocktaking', st.id, st.version)).data!
    .completeStocktaking;
  const ledgerBefore = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM stock_changes`,
  );
  const booked = await transition(boss, 'bookStocktaking', st.id, counted.version);
  expect(booked.data!.bookStocktaking.status).toBe('BOOKED');
  const changes = await t.db.query<{
    productId: number;
    placeId: number;
    delta: number;
    after: number;
    reason: string;
    reference: string;
  }>(
    `SELECT product_id AS "productId", place_id AS "placeId", delta, quantity_after AS after, reason, reference
       FROM stock_changes WHERE id > (SELECT coalesce(max(id), 0) FROM stock_changes) - 100
        AND reason = 'stocktaking' AND reference = $1 ORDER BY product_id, place_id`,
    [st.number],
  );
  const expected = [
    { productId: w.products.a, placeId: w.placeIds[0], delta: -2, after: 8 },
    { productId: w.products.b, placeId: w.placeIds[2], delta: -3, after: 0 },
    { productId: w.products.found, placeId: w.placeIds[3], delta: 4, after: 4 },
  ].sort((x, y) => x.productId - y.productId || x.placeId! - y.placeId!);
  expect(
    changes.map(({ productId, placeId, delta, after }) => ({ productId, placeId, delta, after })),
  ).toEqual(expected);
  const [ledgerAfter] = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM stock_changes`,
  );
  expect(ledgerAfter!.n).toBe(ledgerBefore[0]!.n + 3);
  expect(await stockOf(t.db, w.products.a, w.placeIds[0]!)).toMatchObject({ quantity: 8 });
  expect(await stockOf(t.db, w.products.lotted, w.placeIds[1]!, 'L1')).toMatchObject({
    quantity: 5,
  });
  expect(await stockOf(t.db, w.products.b, w.placeIds[2]!)).toMatchObject({ quantity: 0 });
  expect(await stockOf(t.db, w.products.found, w.placeIds[3]!)).toMatchObject({ quantity: 4 });
  // The inventory (stock_totals) follows: A 8 on the rack + 6 outside.
  expect(await totalOf(t.db, w.products.a, w.warehouseId)).toBe(14);
  // The ledger shows them with reason STOCKTAKING.
  const ledger = await ok(
    boss,
    `query($w: ID!) { stockChanges(filter: {warehouseId: $w, reason: STOCKTAKING}) { total items { reason reference } } }`,
    { w: String(w.warehouseId) },
  );
  expect(ledger.total).toBe(3);
  expect(ledger.items[0]).toEqual({ reason: 'STOCKTAKING', reference: st.number });
  // The lock is gone: bookings on the rack go on.
  expect(
    (
      await book(boss, {
        kind: 'IN',
        warehouseId: String(w.warehouseId),
        placeId: String(w.placeIds[0]),
        productId: String(w.products.a),
        quantity: 1,
      })
    ).errors,
  ).toBeUndefined();
  // CSV and PDF of the result.
  const csv = await boss.request({ url: `/export/stocktakings/${st.id}.csv?lang=en` });
  expect(csv.statusCode).toBe(200);
  const rows = csv.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(rows[0]).toContain('Expected,Counted,Variance,Variance value (EUR)');
  expect(rows).toHaveLength(5);
  expect(rows.find((row) => row.includes('Apfel'))).toContain(',10,8,-2,-5.00,no,');
  const pdf = await boss.request({ url: `/spa/stocktakings/${st.id}.pdf` });
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  expect(pdf.body.slice(0, 5)).toBe('%PDF-');
  const stranger = await staffWith(t, ['stock:view']);
  expect(
    (await stranger.browser.request({ url: `/spa/stocktakings/${st.id}.pdf` })).statusCode,
  ).toBe(403);
  expect(
    (await stranger.browser.request({ url: `/export/stocktakings/${st.id}.csv` })).statusCode,
  ).toBe(403);
});

test('the list: status filter, search, progress', async () => {
  const { st } = await started();
  const list = await ok(
    boss,
    `query($s: String) { stocktakings(filter: {status: [COUNTING]}, page: {search: $s}) { total items { number status placesTotal placesCounted } } }`,
    { s: st.number },
  );
  expect(list).toEqual({
    total: 1,
    items: [{ number: st.number, status: 'COUNTING', placesTotal: 4, placesCounted: 0 }],
  });
  const none = await ok(
    boss,
    `query($s: String) { stocktakings(filter: {status: [BOOKED, DRAFT]}, page: {search: $s}) { total } }`,
    {
      s: st.number,
    },
  );
  expect(none.total).toBe(0);
});
