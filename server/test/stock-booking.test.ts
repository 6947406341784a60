import type { Database } from '../src/db';
import { InvalidInput } from '../src/domain/errors';
import { parse } from '../src/domain/validation';
import { deleteProduct } from '../src/products/products';
import { bookingInput, correctionInput, moveInput } from '../src/stock/rules';
import { bookIn, bookOut, correctStock, moveStock, type Actor } from '../src/stock/stock';
import { startTestApp, type TestApp } from './helpers';
import {
  ledgerOf,
  newClient,
  newProduct,
  stockOf,
  totalOf,
  warehouseWithPlaces,
} from './stock-support';

// The booking rules of stock (issue 12) on the business functions, on PGlite and — with
// server/scripts/test-postgres.sh — on PostgreSQL, where the concurrent bookings below run
// on a pool of several connections at once.

let t: TestApp;
let db: Database;
let actor: Actor;
let clientId: number;
beforeAll(async () => {
  t = await startTestApp();
  db = t.db;
  const [admin] = await db.query<{ id: number }>(
    "SELECT id FROM users WHERE email = 'admin@kontor.test'",
  );
  actor = { userId: admin!.id, actingUserId: admin!.id };
  clientId = await newClient(db);
});
afterAll(() => t.close());

/** The field problems of a refused call (fails the test when it was not refused). */
async function refusal(call: Promise<unknown>): Promise<InvalidInput['problems']> {
  try {
    await call;
  } catch (error) {
    if (error instanceof InvalidInput) return error.problems;
    throw error;
  }
  throw new Error('the call was not refused');
}

const booking = (input: Record<string, unknown>) => parse(bookingInput, input);

/** A snapshot of every stock table, to show a refused booking changed nothing. */
async function stockTables(): Promise<string> {
  return JSON.stringify([
    await db.query('SELECT * FROM stock ORDER BY id'),
    await db.query('SELECT * FROM stock_totals ORDER BY product_id, warehouse_id'),
    await db.query('SELECT count(*)::int AS n FROM stock_changes'),
  ]);
}

test('booking in adds to the place, keeps the total and writes one ledger row', async () => {
  const w = await warehouseWithPlaces(db, 2);
  const productId = await newProduct(db, clientId);
  const input = { warehouseId: w.warehouseId, placeId: w.placeIds[0], productId, quantity: 5 };
  const first = await bookIn(db, actor, booking(input));
  const second = await bookIn(
    db,
    actor,
    booking({ ...input, quantity: 3, comment: 'Nachlieferung' }),
  );
  expect(first).toMatchObject({ delta: 5, quantityAfter: 5, reason: 'book_in', clientId });
  expect(second).toMatchObject({ delta: 3, quantityAfter: 8, comment: 'Nachlieferung' });
  expect(second.userId).toBe(actor.userId);
  expect(await stockOf(db, productId, w.placeIds[0]!)).toMatchObject({ quantity: 8 });
  expect(await totalOf(db, productId, w.warehouseId)).toBe(8);
  expect(await ledgerOf(db, productId)).toHaveLength(2);
});

test('booking out more than is available is refused with the available quantity and changes nothing', async () => {
  const w = await warehouseWithPlaces(db, 1);
  const productId = await newProduct(db, clientId);
  const input = { warehouseId: w.warehouseId, placeId: w.placeIds[0], productId };
  await bookIn(db, actor, booking({ ...input, quantity: 4 }));
  await db.query('UPDATE stock SET locked_qty = 1 WHERE product_id = $1', [productId]);
  const before = await stockTables();
  const problems = await refusal(bookOut(db, actor, booking({ ...input, quantity: 4 })));
  expect(problems.quantity![0]).toMatchObject({ rule: 'available', params: { available: 3 } });
  expect(problems.quantity![0]!.message).toContain('Only 3 available');
  expect(await stockTables()).toBe(before);
  const out = await bookOut(db, actor, booking({ ...input, quantity: 3 }));
  expect(out).toMatchObject({ delta: -3, quantityAfter: 1, reason: 'book_out' });
  expect(await totalOf(db, productId, w.warehouseId)).toBe(1);
});

test('booking out of a place without the product is refused with 0 available', async () => {
  const w = await warehouseWithPlaces(db, 1);
  const productId = await newProduct(db, clientId);
  const problems = await refusal(
    bookOut(
      db,
      actor,
      booking({ warehouseId: w.warehouseId, placeId: w.placeIds[0], productId, quantity: 1 }),
    ),
  );
  expect(problems.quantity![0]).toMatchObject({ rule: 'available', params: { available: 0 } });
});

test('a place of another warehouse than the chosen one is refused on placeId', async () => {
  const chosen = await warehouseWithPlaces(db, 1);
  const other = await warehouseWithPlaces(db, 1);
  const productId = await newProduct(db, clientId);
  const before = await stockTables();
  const problems = await refusal(
    bookIn(
      db,
      actor,
      booking({
        warehouseId: chosen.warehouseId,
        placeId: other.placeIds[0],
        productId,
        quantity: 1,
      }),
    ),
  );
  expect(problems.placeId![0]).toMatchObject({ rule: 'warehouse' });
  expect(problems.placeId![0]!.message).toContain(`${other.code} / S1 / R01 / P01`);
  expect(await stockTables()).toBe(before);
});

test('unknown warehouse, place and product are refused each on its field', async () => {
  const problems = await refusal(
    bookIn(
      db,
      actor,
      booking({ warehouseId: 999999, placeId: 999999, productId: 999999, quantity: 1 }),
    ),
  );
  expect(Object.keys(problems).sort()).toEqual(['placeId', 'productId', 'warehouseId']);
});

test('a lot-tracked product needs a lot; a product without lots refuses one', async () => {
  const w = await warehouseWithPlaces(db, 1);
  const tracked = await newProduct(db, clientId, { lotTracked: true });
  const plain = await newProduct(db, clientId);
  const base = { warehouseId: w.warehouseId, placeId: w.placeIds[0], quantity: 2 };
  const missing = await refusal(bookIn(db, actor, booking({ ...base, productId: tracked })));
  expect(missing.lot![0]).toMatchObject({ rule: 'required' });
  const extra = await refusal(bookIn(db, actor, booking({ ...base, productId: plain, lot: 'L1' })));
  expect(extra.lot![0]).toMatchObject({ rule: 'prohibited' });
  await bookIn(db, actor, booking({ ...base, productId: tracked, lot: 'L1' }));
  await bookIn(db, actor, booking({ ...base, productId: tracked, lot: 'L2', quantity: 5 }));
  expect(await stockOf(db, tracked, w.placeIds[0]!, 'L1')).toMatchObject({ quantity: 2 });
  expect(await stockOf(db, tracked, w.placeIds[0]!, 'L2')).toMatchObject({ quantity: 5 });
  expect(await totalOf(db, tracked, w.warehouseId)).toBe(7);
  // Booking out names the lot: L1 has only 2.
  const short = await refusal(
    bookOut(db, actor, booking({ ...base, productId: tracked, lot: 'L1', quantity: 3 })),
  );
  expect(short.quantity![0]!.params).toEqual({ available: 2 });
});

test('a best-before product needs the date; the place keeps one date per lot', async () => {
  const w = await warehouseWithPlaces(db, 1);
  const productId = await newProduct(db, clientId, { bestBefore: true });
  const base = { warehouseId: w.warehouseId, placeId: w.placeIds[0], productId, quantity: 2 };
  const missing = await refusal(bookIn(db, actor, booking(base)));
  expect(missing.bestBefore![0]).toMatchObject({ rule: 'required' });
  await bookIn(db, actor, booking({ ...base, bestBefore: '2027-03-31' }));
  const other = await refusal(bookIn(db, actor, booking({ ...base, bestBefore: '2027-04-30' })));
  expect(other.bestBefore![0]).toMatchObject({ params: { bestBefore: '2027-03-31' } });
  // Once the place is empty, a new date may come.
  await bookOut(db, actor, booking(base));
  await bookIn(db, actor, booking({ ...base, bestBefore: '2027-04-30' }));
  expect(await stockOf(db, productId, w.placeIds[0]!)).toMatchObject({
    quantity: 2,
    bestBefore: '2027-04-30',
  });
});

test('the input rules: whole positive quantities, real dates, a correction needs a comment', () => {
  const problems = (schema: Parameters<typeof parse>[0], input: unknown) => {
    try {
      parse(schema, input);
      return {};
    } catch (error) {
      return (error as InvalidInput).errors;
    }
  };
  const base = { warehouseId: '1', placeId: '2', productId: '3' };
  expect(problems(bookingInput, { ...base, quantity: 0 })).toHaveProperty('quantity');
  expect(problems(bookingInput, { ...base, quantity: 1.5 })).toHaveProperty('quantity');
  expect(problems(bookingInput, { ...base, quantity: 2_000_000 })).toHaveProperty('quantity');
  expect(problems(bookingInput, { ...base, quantity: 1, bestBefore: '2027-02-30' })).toHaveProperty(
    'bestBefore',
  );
  expect(problems(bookingInput, { ...base, placeId: 'x', quantity: 1 })).toHaveProperty('placeId');
  expect(problems(correctionInput, { ...base, quantity: 1 })).toEqual({
    comment: ['The comment field is required.'],
  });
  expect(problems(moveInput, { ...base, toPlaceId: '2', quantity: 1 })).toHaveProperty('toPlaceId');
});

test('a move takes from one place and adds to the other: two ledger rows, one reference', async () => {
  const w = await warehouseWithPlaces(db, 2);
  const productId = await newProduct(db, clientId, { bestBefore: true });
  const [from, to] = w.placeIds as [number, number];
  await bookIn(
    db,
    actor,
    booking({
      warehouseId: w.warehouseId,
      placeId: from,
      productId,
      quantity: 10,
      bestBefore: '2027-01-31',
    }),
  );
  const move = await moveStock(
    db,
    actor,
    parse(moveInput, {
      warehouseId: w.warehouseId,
      placeId: from,
      toPlaceId: to,
      productId,
      quantity: 4,
    }),
  );
  expect(move.from).toMatchObject({ placeId: from, delta: -4, quantityAfter: 6, reason: 'move' });
  expect(move.to).toMatchObject({ placeId: to, delta: 4, quantityAfter: 4, reason: 'move' });
  expect(move.from.reference).toBe(move.id);
  expect(move.to.reference).toBe(move.id);
  expect(await stockOf(db, productId, to)).toMatchObject({ quantity: 4, bestBefore: '2027-01-31' });
  expect(await totalOf(db, productId, w.warehouseId)).toBe(10);
  // More than is there: refused, nothing changed (not even an empty target row).
  const before = await stockTables();
  const problems = await refusal(
    moveStock(
      db,
      actor,
      parse(moveInput, {
        warehouseId: w.warehouseId,
        placeId: from,
        toPlaceId: to,
        productId,
        quantity: 7,
      }),
    ),
  );
  expect(problems.quantity![0]!.params).toEqual({ available: 6 });
  expect(await stockTables()).toBe(before);
});

test('a move to a place of another warehouse is refused on toPlaceId', async () => {
  const w = await warehouseWithPlaces(db, 1);
  const other = await warehouseWithPlaces(db, 1);
  const productId = await newProduct(db, clientId);
  await bookIn(
    db,
    actor,
    booking({ warehouseId: w.warehouseId, placeId: w.placeIds[0], productId, quantity: 1 }),
  );
  const problems = await refusal(
    moveStock(
      db,
      actor,
      parse(moveInput, {
        warehouseId: w.warehouseId,
        placeId: w.placeIds[0],
        toPlaceId: other.placeIds[0],
        productId,
        quantity: 1,
      }),
    ),
  );
  expect(Object.keys(problems)).toEqual(['toPlaceId']);
});

test('a correction sets the counted quantity and books the difference with its comment', async () => {
  const w = await warehouseWithPlaces(db, 1);
  const productId = await newProduct(db, clientId);
  const base = { warehouseId: w.warehouseId, placeId: w.placeIds[0], productId };
  const correction = (quantity: number) =>
    correctStock(db, actor, parse(correctionInput, { ...base, quantity, comment: 'Gezählt' }));
  expect(await correction(7)).toMatchObject({ delta: 7, quantityAfter: 7, reason: 'correction' });
  expect(await correction(5)).toMatchObject({ delta: -2, quantityAfter: 5, comment: 'Gezählt' });
  expect((await refusal(correction(5))).quantity![0]).toMatchObject({ rule: 'unchanged' });
  await db.query('UPDATE stock SET locked_qty = 2 WHERE product_id = $1', [productId]);
  expect((await refusal(correction(1))).quantity![0]).toMatchObject({
    rule: 'locked',
    params: { locked: 2 },
  });
  expect(await correction(2)).toMatchObject({ delta: -3, quantityAfter: 2 });
  expect(await totalOf(db, productId, w.warehouseId)).toBe(2);
});

test('the ledger is append-only', async () => {
  await expect(db.query('UPDATE stock_changes SET delta = 99')).rejects.toThrow(/append-only/);
  await expect(db.query('DELETE FROM stock_changes')).rejects.toThrow(/append-only/);
});

test('200 concurrent bookings onto one product and place end with the exact sum and 200 ledger rows', async () => {
  const w = await warehouseWithPlaces(db, 1);
  const productId = await newProduct(db, clientId);
  const input = booking({
    warehouseId: w.warehouseId,
    placeId: w.placeIds[0],
    productId,
    quantity: 1,
  });
  const quantities = Array.from({ length: 200 }, (_, i) => (i % 5) + 1);
  await Promise.all(quantities.map((quantity) => bookIn(db, actor, { ...input, quantity })));
  const sum = quantities.reduce((a, b) => a + b, 0);
  expect(await stockOf(db, productId, w.placeIds[0]!)).toMatchObject({ quantity: sum });
  expect(await totalOf(db, productId, w.warehouseId)).toBe(sum);
  const ledger = await ledgerOf(db, productId);
  expect(ledger).toHaveLength(200);
  expect(ledger.reduce((total, row) => total + row.delta, 0)).toBe(sum);
  // Each change saw the quantity before it: the quantities after are 200 distinct steps.
  expect(new Set(ledger.map((row) => row.quantityAfter)).size).toBe(200);
  expect(Math.max(...ledger.map((row) => row.quantityAfter))).toBe(sum);
});

test('concurrent bookings out never make stock negative: exactly what is there goes out', async () => {
  const w = await warehouseWithPlaces(db, 1);
  const productId = await newProduct(db, clientId);
  const input = booking({
    warehouseId: w.warehouseId,
    placeId: w.placeIds[0],
    productId,
    quantity: 50,
  });
  await bookIn(db, actor, input);
  const outcomes = await Promise.allSettled(
    Array.from({ length: 80 }, () => bookOut(db, actor, { ...input, quantity: 1 })),
  );
  const refused = outcomes.filter((o) => o.status === 'rejected');
  expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(50);
  expect(refused).toHaveLength(30);
  for (const outcome of refused) {
    const error = (outcome as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(InvalidInput);
    expect((error as InvalidInput).problems.quantity![0]!.params).toEqual({ available: 0 });
  }
  expect(await stockOf(db, productId, w.placeIds[0]!)).toMatchObject({ quantity: 0 });
  expect(await totalOf(db, productId, w.warehouseId)).toBe(0);
  expect(await ledgerOf(db, productId)).toHaveLength(51);
});

test('concurrent moves in both directions and bookings on the same rows neither deadlock nor lose units', async () => {
  const w = await warehouseWithPlaces(db, 3);
  const productId = await newProduct(db, clientId);
  const [a, b, c] = w.placeIds as [number, number, number];
  const base = { warehouseId: w.warehouseId, productId };
  await bookIn(db, actor, booking({ ...base, placeId: a, quantity: 100 }));
  await bookIn(db, actor, booking({ ...base, placeId: b, quantity: 100 }));
  const move = (placeId: number, toPlaceId: number) =>
    moveStock(db, actor, parse(moveInput, { ...base, placeId, toPlaceId, quantity: 1 }));
  const work: Promise<unknown>[] = [];
  for (let i = 0; i < 30; i += 1) {
    work.push(move(a, b), move(b, a), move(a, c), move(c, a));
    work.push(bookIn(db, actor, booking({ ...base, placeId: c, quantity: 1 })));
  }
  const outcomes = await Promise.allSettled(work);
  // A move from c may find c empty (refused with its field error); nothing else fails.
  for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
    const error = (outcome as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(InvalidInput);
  }
  const quantities = await Promise.all([a, b, c].map((place) => stockOf(db, productId, place)));
  const onPlaces = quantities.reduce((sum, row) => sum + (row?.quantity ?? 0), 0);
  expect(onPlaces).toBe(230);
  expect(await totalOf(db, productId, w.warehouseId)).toBe(230);
  const ledger = await ledgerOf(db, productId);
  expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(230);
});

test('a product deleted while it is booked keeps the booking or refuses it, never stock on a deleted product', async () => {
  const w = await warehouseWithPlaces(db, 1);
  for (let round = 0; round < 20; round += 1) {
    // Booked once and emptied: the ledger names it, so deleting archives it (soft delete).
    const productId = await newProduct(db, clientId);
    const input = booking({
      warehouseId: w.warehouseId,
      placeId: w.placeIds[0],
      productId,
      quantity: 3,
    });
    await bookIn(db, actor, input);
    await bookOut(db, actor, input);
    const [booked, deleted] = await Promise.allSettled([
      bookIn(db, actor, input),
      deleteProduct(db, productId),
    ]);
    const [row] = await db.query<{ deleted: boolean; quantity: number }>(
      `SELECT p.deleted_at IS NOT NULL AS deleted,
              coalesce((SELECT sum(quantity)::int FROM stock WHERE product_id = p.id), 0) AS quantity
         FROM products p WHERE p.id = $1`,
      [productId],
    );
    // Exactly one of the two won, and the database agrees with it.
    expect({ round, booked: booked.status, deleted: deleted.status, row }).toEqual(
      booked.status === 'fulfilled'
        ? { round, booked: 'fulfilled', deleted: 'rejected', row: { deleted: false, quantity: 3 } }
        : { round, booked: 'rejected', deleted: 'fulfilled', row: { deleted: true, quantity: 0 } },
    );
  }
});
