import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, graphql } from './graphql-support';
import { avisInputOf, avisWorld, type AvisWorld } from './avis-support';
import { totalOf } from './stock-support';

// Two people booking the same avis line at once never book it twice (issue 13 "Bad input").
// bookAvis locks the avis row (FOR UPDATE) and reads what was received under the lock: of
// two concurrent bookings of the whole open quantity one books, the other is refused as an
// over-delivery of what is then open (0). On PostgreSQL (server/scripts/test-postgres.sh) the
// requests run at once on several pool connections; on PGlite they are serialized.

let t: TestApp;
let boss: Browser;
let w: AvisWorld;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  w = await avisWorld(t.db);
});
afterAll(() => t.close());

const CREATE = `mutation($i: AvisInput!) { createAvis(input: $i) { id lines { id } } }`;
const BOOK = `mutation($id: ID!, $i: AvisBookingInput!) { bookAvis(id: $id, input: $i) {
  status receivedTotal } }`;

test.each([2, 8])(
  '%i concurrent bookings of the whole open quantity of one line: one books, the others are over-delivery refusals',
  async (people) => {
    const [avis] = await Promise.all([
      graphql(boss, CREATE, {
        // A second line stays open: the avis stays bookable after the first booking.
        i: avisInputOf(w, [
          { productId: w.products.plain, announcedQuantity: 10 },
          { productId: w.products.plain, announcedQuantity: 1 },
        ]),
      }).then((answer) => answer.data!.createAvis),
      // Warm up every path first, so the bookings reach the database together.
      graphql(boss, '{ avisList { total } }'),
    ]);
    const before = await totalOf(t.db, w.products.plain, w.warehouseId);
    const answers = await Promise.all(
      Array.from({ length: people }, (_, i) =>
        graphql(boss, BOOK, {
          id: avis.id,
          i: {
            lines: [{ lineId: avis.lines[0].id, quantity: 10, placeId: w.placeIds[i % 3] }],
          },
        }),
      ),
    );
    const booked = answers.filter((answer) => !answer.errors);
    const refused = answers.filter((answer) => answer.errors);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.data!.bookAvis).toEqual({ status: 'PARTIALLY_BOOKED', receivedTotal: 10 });
    // Each refusal is the over-delivery of the line (0 open after the first booking): never a
    // second booking, never an internal error.
    const refusals = refused.map((answer) => {
      const extensions = answer.errors![0]!.extensions!;
      const rules = extensions.fieldRules as
        Record<string, { rule: string; params?: Record<string, unknown> }[]> | undefined;
      const rule = rules?.['lines.0.quantity']?.[0];
      return extensions.code === 'CONFLICT'
        ? `CONFLICT ${extensions.reason}`
        : `${extensions.code} ${rule?.rule} open=${String(rule?.params?.open)}`;
    });
    for (const refusal of refusals) expect(refusal).toBe('BAD_USER_INPUT overDelivery open=0');
    expect(await totalOf(t.db, w.products.plain, w.warehouseId)).toBe(before + 10);
    const [received] = await t.db.query<{ n: number; receipts: number }>(
      `SELECT (SELECT sum(received_quantity)::int FROM avis_lines WHERE avis_id = $1) AS n,
              (SELECT count(*)::int FROM avis_receipts WHERE avis_id = $1) AS receipts`,
      [avis.id],
    );
    expect(received).toEqual({ n: 10, receipts: 1 });
  },
);
