import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, graphql, staffWith } from './graphql-support';
import { countWorld, type CountWorld } from './stocktaking-support';

// A blind count never shows the expected quantity (issue 16), checked over the whole schema:
// the introspection is walked, every query field whose arguments can be filled is asked for
// every field it reaches (to a depth), and every number and every field named like an
// expected quantity in the answers is checked against the snapshot's secret quantities (and
// what would tell them: variances, values, sums). A counter (stocktaking permissions, no
// stock:view) is checked over the whole schema; the admin over every stocktaking field. The
// same walk after completion finds the quantities: the walk reaches them.

let t: TestApp;
let boss: Browser;
let w: CountWorld;
// Quantities no other number of the answers is likely to be.
const EXPECTED = { a: 7919, lotted: 6133, b: 4999 };
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  w = await countWorld(t.db, EXPECTED);
});
afterAll(() => t.close());

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface Field {
  name: string;
  args: { name: string; type: TypeRef; defaultValue: string | null }[];
  type: TypeRef;
}
interface Type {
  kind: string;
  name: string;
  fields: Field[] | null;
  possibleTypes: { name: string }[] | null;
}

// Two introspections: the limits (graphql/limits.ts) allow a depth of 8.
const INTROSPECTION = `{ __schema { types { kind name possibleTypes { name }
  fields { name type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }`;
const ARGUMENTS = `{ __schema { types { name fields { name args { name defaultValue
  type { kind name ofType { kind name } } } } } } }`;

/**
 * The stock itself (the inventory's quantities), for holders of stock:view: a counter has no
 * stock:view (checked below); who has it sees the inventory by design. Left out of the walks,
 * since a refused non-null field would blank the whole answer around it.
 */
const STOCK_VIEW_FIELDS = new Set(['Product.stock']);

const named = (ref: TypeRef): TypeRef => (ref.ofType ? named(ref.ofType) : ref);
const required = (ref: TypeRef) => ref.kind === 'NON_NULL';

/** The selection set of every field of a type reachable to `depth` (fields needing arguments we cannot give are left out). */
function selection(
  types: Map<string, Type>,
  typeName: string,
  depth: number,
  path: readonly string[] = [],
): string {
  const type = types.get(typeName)!;
  if (type.kind === 'UNION' || type.kind === 'INTERFACE') return '{ __typename }';
  const parts = ['__typename'];
  for (const field of type.fields ?? []) {
    if (field.args.some((arg) => required(arg.type) && arg.defaultValue === null)) continue;
    if (STOCK_VIEW_FIELDS.has(`${typeName}.${field.name}`)) continue;
    const inner = named(field.type);
    // Lists of lists nest deeper than the introspection reads: lists of scalars in this schema.
    if (!inner.name) parts.push(field.name);
    else if (inner.kind === 'SCALAR' || inner.kind === 'ENUM') parts.push(field.name);
    // A type already on the path is not opened again (Warehouse → Storage → Warehouse …).
    else if (depth > 0 && !path.includes(inner.name!))
      parts.push(`${field.name} ${selection(types, inner.name!, depth - 1, [...path, typeName])}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/** Values for the arguments a root field needs, or undefined when one cannot be given. */
function argumentsOf(field: Field, stocktakingId: string): string | undefined {
  const values: Record<string, string> = {
    id: JSON.stringify(stocktakingId),
    stocktakingId: JSON.stringify(stocktakingId),
    placeId: JSON.stringify(String(w.placeIds[0])),
    productId: JSON.stringify(String(w.products.a)),
    warehouseId: JSON.stringify(String(w.warehouseId)),
    clientId: JSON.stringify(String(w.clientId)),
    barcode: JSON.stringify(w.barcodes[0]),
    uploadId: '"1"',
  };
  const given: string[] = [];
  for (const arg of field.args) {
    if (values[arg.name] !== undefined && named(arg.type).kind === 'SCALAR')
      given.push(`${arg.name}: ${values[arg.name]}`);
    else if (required(arg.type) && arg.defaultValue === null) return undefined;
  }
  return given.length ? `(${given.join(', ')})` : '';
}

/** Every number of an answer, and the values of fields named like an expected quantity. */
function leaks(value: unknown, secrets: Set<number>, path = ''): string[] {
  if (typeof value === 'number') return secrets.has(value) ? [`${path} = ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaks(item, secrets, `${path}.${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => {
      const own =
        /^(expected|expectedQuantity|variance|varianceValue)$/.test(key) && inner !== null
          ? [`${path}.${key} is ${String(inner)}`]
          : [];
      return [...own, ...leaks(inner, secrets, `${path}.${key}`)];
    });
  return [];
}

async function schemaTypes(browser: Browser): Promise<Map<string, Type>> {
  const answer = await graphql(browser, INTROSPECTION);
  const args = await graphql(browser, ARGUMENTS);
  if (answer.errors || args.errors) throw new Error(JSON.stringify([answer.errors, args.errors]));
  const types = new Map((answer.data!.__schema.types as Type[]).map((type) => [type.name, type]));
  for (const type of args.data!.__schema.types as Pick<Type, 'name' | 'fields'>[])
    for (const field of type.fields ?? [])
      types.get(type.name)!.fields!.find((f) => f.name === field.name)!.args = field.args;
  return types;
}

/** Asks every query field (only those starting with `prefix`, if given) for everything it reaches; the leaks found. */
async function walk(
  browser: Browser,
  stocktakingId: string,
  secrets: Set<number>,
  prefix = '',
): Promise<{ leaks: string[]; asked: string[] }> {
  const types = await schemaTypes(browser);
  const found: string[] = [];
  const asked: string[] = [];
  const refused: string[] = [];
  for (const field of types.get('Query')!.fields!) {
    if (!field.name.startsWith(prefix) || field.name === '_empty') continue;
    const args = argumentsOf(field, stocktakingId);
    if (args === undefined) continue;
    const inner = named(field.type);
    const depth = field.name.startsWith('stocktaking') ? 5 : 3;
    const select =
      inner.kind === 'SCALAR' || inner.kind === 'ENUM' ? '' : selection(types, inner.name!, depth);
    const answer = await graphql(browser, `{ ${field.name}${args} ${select} }`);
    expect(answer.statusCode).toBe(200);
    // A refused or missing record is no leak; a refused query (too deep, too complex) would hide one.
    // A refused or missing record is no leak; a refused query (too deep, too complex) would hide one.
    for (const error of answer.errors ?? [])
      if (/too (deep|complex)|too many/.test(error.message))
        refused.push(`${field.name}: ${error.message}`);
    if (field.name.startsWith('stocktaking') && !answer.data?.[field.name])
      refused.push(`${field.name}: null`);
    asked.push(field.name);
    found.push(...leaks(answer.data, secrets, field.name));
  }
  expect(refused).toEqual([]);
  return { leaks: found, asked };
}

test('a blind count hides the expected quantities in every response until it is completed', async () => {
  const counter = await staffWith(t, ['stocktaking:view', 'stocktaking:count']);
  const types = await schemaTypes(boss);
  const ST = selection(types, 'Stocktaking', 3);
  const PLACE = selection(types, 'StocktakingPlace', 4);
  const created = await graphql(
    boss,
    `mutation($i: StocktakingInput!) { createStocktaking(input: $i) ${ST} }`,
    { i: { warehouseId: String(w.warehouseId), rackId: String(w.rackId), blind: true } },
  );
  const id = created.data!.createStocktaking.id as string;
  const startedAnswer = await graphql(
    boss,
    `mutation($id: ID!) { startStocktaking(id: $id, version: 1) ${ST} }`,
    { id },
  );
  expect(startedAnswer.data!.startStocktaking.status).toBe('COUNTING');
  // Counts: A 12 (variance 12 − 7919), P03 confirmed empty (variance −4999), found 3 on P04.
  const counted = [
    await graphql(
      counter.browser,
      `mutation($id: ID!, $i: StocktakingCountInput!) { countStock(stocktakingId: $id, input: $i) ${PLACE} }`,
      { id, i: { placeId: String(w.placeIds[0]), productId: String(w.products.a), quantity: 12 } },
    ),
    await graphql(
      counter.browser,
      `mutation($id: ID!, $p: ID!) { confirmEmptyPlace(stocktakingId: $id, placeId: $p) ${PLACE} }`,
      { id, p: String(w.placeIds[2]) },
    ),
    await graphql(
      counter.browser,
      `mutation($id: ID!, $i: StocktakingCountInput!) { countStock(stocktakingId: $id, input: $i) ${PLACE} }`,
      {
        id,
        i: { placeId: String(w.placeIds[3]), productId: String(w.products.found), quantity: 3 },
      },
    ),
  ];
  const a = 12 - EXPECTED.a;
  const b = -EXPECTED.b;
  const secrets = new Set<number>([
    ...Object.values(EXPECTED),
    EXPECTED.a + EXPECTED.lotted + EXPECTED.b,
    EXPECTED.a + EXPECTED.lotted,
    EXPECTED.a + EXPECTED.b,
    a,
    b,
    a + b,
    a + b + 3,
    (a * 250) / 100,
    (b * 1000) / 100,
    (a * 250 + b * 1000 + 3 * 199) / 100,
  ]);
  for (const answer of [created, startedAnswer, ...counted]) {
    expect(answer.errors).toBeUndefined();
    expect(leaks(answer.data, secrets)).toEqual([]);
  }
  const lines = await graphql(
    boss,
    `
      query ($id: ID!) {
        stocktakingSummary(id: $id) {
          lines {
            items {
              id
            }
          }
        }
      }
    `,
    { id },
  );
  const recount = await graphql(
    counter.browser,
    `mutation($id: ID!, $l: [ID!]!) { recountLines(stocktakingId: $id, lineIds: $l) ${ST} }`,
    { id, l: [lines.data!.stocktakingSummary.lines.items[1].id] },
  );
  expect(recount.errors).toBeUndefined();
  expect(leaks(recount.data, secrets)).toEqual([]);

  // The stock of a product is refused to the counter (no stock:view).
  const stock = await graphql(
    counter.browser,
    `
      query ($id: ID!) {
        stocktakingSummary(id: $id) {
          lines {
            items {
              product {
                stock {
                  quantity
                }
              }
            }
          }
        }
      }
    `,
    { id },
  );
  expect(stock.errors![0]!.extensions!.code).toBe('FORBIDDEN');
  expect(stock.data).toBeNull();
  // The counter over the whole schema; the admin over every stocktaking field.
  const byCounter = await walk(counter.browser, id, secrets);
  expect(byCounter.asked).toEqual(
    expect.arrayContaining([
      'stocktakings',
      'stocktaking',
      'stocktakingPlaces',
      'stocktakingPlace',
      'stocktakingPlaceByBarcode',
      'stocktakingSummary',
    ]),
  );
  expect(byCounter.leaks).toEqual([]);
  const byAdmin = await walk(boss, id, secrets, 'stocktaking');
  expect(byAdmin.asked).toHaveLength(6);
  expect(byAdmin.leaks).toEqual([]);
  // Only variances would tell which lines differ: ignored while blind.
  const only = await graphql(
    boss,
    `
      query ($id: ID!) {
        stocktakingSummary(id: $id, onlyVariances: true) {
          lines {
            total
          }
        }
      }
    `,
    { id },
  );
  expect(only.data!.stocktakingSummary.lines.total).toBe(4);
  // The CSV of the result: no expected quantity either.
  const csv = await boss.request({
    url: `/export/stocktakings/${id}.csv?lang=en&onlyVariances=true`,
  });
  expect(csv.statusCode).toBe(200);
  for (const secret of secrets)
    expect(csv.body).not.toMatch(new RegExp(`(^|[,;])${secret}([,;]|$)`, 'm'));
  expect(csv.body.trim().split('\r\n')).toHaveLength(5);

  // Completed: the same walk finds the expected quantities (it reaches them).
  await graphql(
    counter.browser,
    `
      mutation ($id: ID!, $i: StocktakingCountInput!) {
        countStock(stocktakingId: $id, input: $i) {
          id
        }
      }
    `,
    {
      id,
      i: {
        placeId: String(w.placeIds[1]),
        productId: String(w.products.lotted),
        lot: 'L1',
        quantity: 1,
      },
    },
  );
  const version = (
    await graphql(
      boss,
      `
        query ($id: ID!) {
          stocktaking(id: $id) {
            version
          }
        }
      `,
      { id },
    )
  ).data!.stocktaking.version;
  const completed = await graphql(
    boss,
    `
      mutation ($id: ID!, $v: Int!) {
        completeStocktaking(id: $id, version: $v) {
          status
        }
      }
    `,
    {
      id,
      v: version,
    },
  );
  expect(completed.data!.completeStocktaking.status).toBe('COUNTED');
  const after = await walk(counter.browser, id, secrets);
  expect(after.leaks.join('\n')).toContain(String(EXPECTED.a));
  expect(after.leaks.join('\n')).toContain(String(EXPECTED.b));
});
