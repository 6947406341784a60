import { startTestApp, type TestApp } from './helpers';
import { describeOnPostgres } from './server-process';
import { graphql, staffWith } from './graphql-support';
import { bookIn, type Actor } from '../src/stock/stock';
import { countStock, createStocktaking, startStocktaking } from '../src/stocktaking/stocktaking';
import { countWorld } from './stocktaking-support';
import { stockOf } from './stock-support';

// The stocktaking lock against bookings, and two counters on one line, on PostgreSQL with
// several connections (server/scripts/test-postgres.sh). Lock order (stocktaking/locks.ts):
// a booking takes FOR KEY SHARE on its places before it reads the locks; a start takes FOR
// UPDATE on the scope's places before it writes the locks and reads the stock. So a booking
// in flight when a start begins is in the snapshot, and a booking begun during a start waits
// for it and is then refused. On PGlite (one connection) these interleavings cannot happen.

let t: TestApp;
let actor: Actor;
beforeAll(async () => {
  t = await startTestApp();
  const [user] = await t.db.query<{ id: number }>(
    "SELECT id FROM users WHERE email = 'admin@kontor.test'",
  );
  actor = { userId: user!.id, actingUserId: user!.id };
});
afterAll(() => t.close());

/** A promise and the function that resolves it. */
function gate(): { open: () => void; wait: Promise<void> } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { open, wait };
}

/** Whether a promise is still pending after `ms`. */
async function pendingAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const marker = Symbol('pending');
  const winner = await Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((resolve) => setTimeout(() => resolve(marker), ms)),
  ]);
  return winner === marker;
}

async function draftOverRack() {
  const w = await countWorld(t.db);
  const st = await createStocktaking(t.db, actor, {
    name: '',
    warehouseId: w.warehouseId,
    storageId: w.storageId,
    rackId: w.rackId,
    clientId: null,
    blind: false,
  });
  return { w, st };
}

const booking = (w: Awaited<ReturnType<typeof draftOverRack>>['w'], quantity: number) => ({
  warehouseId: w.warehouseId,
  placeId: w.placeIds[0]!,
  productId: w.products.a,
  lot: '',
  bestBefore: null,
  comment: '',
  quantity,
});

describeOnPostgres('on PostgreSQL with several connections', () => {
  test('a booking in flight when the start begins: the start waits for it and its stock is in the snapshot', async () => {
    const { w, st } = await draftOverRack();
    const held = gate();
    const inFlight = t.db.transaction(async (tx) => {
      await bookIn(tx, actor, booking(w, 5));
      await held.wait; // booked, not yet committed
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const start = startStocktaking(t.db, actor, st.id, st.version);
    const waited = await pendingAfter(start, 500);
    held.open();
    expect(waited).toBe(true);
    await inFlight;
    await start;
    const [line] = await t.db.query<{ expected: number }>(
      `SELECT expected_quantity AS expected FROM stocktaking_lines
      WHERE stocktaking_id = $1 AND place_id = $2 AND product_id = $3`,
      [st.id, w.placeIds[0], w.products.a],
    );
    expect(line!.expected).toBe(15);
    expect(await stockOf(t.db, w.products.a, w.placeIds[0]!)).toMatchObject({ quantity: 15 });
  });

  test('a booking begun while a start runs: it waits for the start and is then refused naming the stocktaking', async () => {
    const { w, st } = await draftOverRack();
    const held = gate();
    const starting = t.db.transaction(async (tx) => {
      const started = await startStocktaking(tx, actor, st.id, st.version);
      await held.wait; // started, not yet committed
      return started;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const late = bookIn(t.db, actor, booking(w, 5));
    late.catch(() => undefined);
    const waited = await pendingAfter(late, 500);
    held.open();
    expect(waited).toBe(true);
    const started = await starting;
    await expect(late).rejects.toMatchObject({
      problems: {
        placeId: [
          expect.objectContaining({ rule: 'stocktaking', params: { stocktaking: started.number } }),
        ],
      },
    });
    expect(await stockOf(t.db, w.products.a, w.placeIds[0]!)).toMatchObject({ quantity: 10 });
  });

  test('bookings racing a start: every booking is either in the snapshot or refused; the stock equals the snapshot', async () => {
    const { w, st } = await draftOverRack();
    const bookings = Array.from({ length: 12 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 15)).then(() =>
        bookIn(t.db, actor, booking(w, 1)).then(
          () => 'booked',
          (error: { problems?: Record<string, { rule: string }[]> }) =>
            error.problems?.placeId?.[0]?.rule ?? String(error),
        ),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 80));
    await startStocktaking(t.db, actor, st.id, st.version);
    const outcomes = await Promise.all(bookings);
    expect(outcomes.every((outcome) => outcome === 'booked' || outcome === 'stocktaking')).toBe(
      true,
    );
    const booked = outcomes.filter((outcome) => outcome === 'booked').length;
    const [line] = await t.db.query<{ expected: number }>(
      `SELECT expected_quantity AS expected FROM stocktaking_lines
      WHERE stocktaking_id = $1 AND place_id = $2 AND product_id = $3`,
      [st.id, w.placeIds[0], w.products.a],
    );
    expect(line!.expected).toBe(10 + booked);
    expect(await stockOf(t.db, w.products.a, w.placeIds[0]!)).toMatchObject({
      quantity: 10 + booked,
    });
  });

  test('two counters on one line at once: the line keeps one whole count with its user', async () => {
    const { w, st } = await draftOverRack();
    const started = await startStocktaking(t.db, actor, st.id, st.version);
    const anna = await staffWith(t, ['stocktaking:view', 'stocktaking:count']);
    const bert = await staffWith(t, ['stocktaking:view', 'stocktaking:count']);
    const COUNT = `mutation($id: ID!, $i: StocktakingCountInput!) { countStock(stocktakingId: $id, input: $i) { id } }`;
    // 16 counts at once, Anna's even quantities and Bert's odd ones.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        graphql(i % 2 === 0 ? anna.browser : bert.browser, COUNT, {
          id: String(started.id),
          i: { placeId: String(w.placeIds[0]), productId: String(w.products.a), quantity: 100 + i },
        }),
      ),
    );
    expect(answers.every((answer) => !answer.errors)).toBe(true);
    const [line] = await t.db.query<{ quantity: number; by: number }>(
      `SELECT counted_quantity AS quantity, counted_by AS by FROM stocktaking_lines
      WHERE stocktaking_id = $1 AND place_id = $2 AND product_id = $3`,
      [started.id, w.placeIds[0], w.products.a],
    );
    // The count and its user belong together: the row holds one whole count, never a mix.
    expect(line!.by).toBe(line!.quantity % 2 === 0 ? anna.id : bert.id);
  });

  test('two counters finishing the two lines of one place at once: the place is counted', async () => {
    const { w, st } = await draftOverRack();
    // A second line on P01: a lot of the lotted product.
    await t.db.query(
      `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, lot, quantity)
     SELECT id, $2, client_id, $3, 'L9', 2 FROM products WHERE id = $1`,
      [w.products.lotted, w.placeIds[0], w.warehouseId],
    );
    const started = await startStocktaking(t.db, actor, st.id, st.version);
    for (let round = 0; round < 5; round += 1) {
      await t.db.query(
        `UPDATE stocktaking_lines SET counted_quantity = NULL WHERE stocktaking_id = $1`,
        [started.id],
      );
      await t.db.query(`UPDATE stocktaking_places SET counted = false WHERE stocktaking_id = $1`, [
        started.id,
      ]);
      await Promise.all([
        countStock(t.db, actor, started.id, { ...booking(w, 0), quantity: 10 }),
        countStock(t.db, actor, started.id, {
          ...booking(w, 0),
          productId: w.products.lotted,
          lot: 'L9',
          quantity: 2,
        }),
      ]);
      const [place] = await t.db.query<{ counted: boolean }>(
        'SELECT counted FROM stocktaking_places WHERE stocktaking_id = $1 AND place_id = $2',
        [started.id, w.placeIds[0]],
      );
      expect(place!.counted).toBe(true);
    }
  });
});
