import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, graphql } from './graphql-support';

// An edit to a name another record has is that field's error, never an internal error —
// on the embedded default too, where the unique violation comes out of a PGlite
// transaction (in tests a PGlite of another realm: its error must still be understood).

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterAll(() => t.close());

const address = {
  street: 'Weg',
  houseNumber: '1',
  postcode: '28199',
  city: 'Bremen',
  countryCode: 'DE',
};

test.each([
  ['client', 'Client', { name: 'Eindeutig A' }, { name: 'Eindeutig B' }, 'name'],
  [
    'warehouse',
    'Warehouse',
    { name: 'Lager A', code: 'LA' },
    { name: 'Lager B', code: 'LB' },
    'code',
  ],
])(
  'renaming a %s to a taken value is the field error, and nothing changes',
  async (_label, type, first, second, field) => {
    const create = `mutation($i: ${type}Input!) { create${type}(input: $i) { id version } }`;
    const a = await graphql(boss, create, { i: { ...first, address } });
    const b = await graphql(boss, create, { i: { ...second, address } });
    const bId = (b.data as Record<string, { id: string }>)[`create${type}`]!.id;
    expect(a.errors).toBeUndefined();
    const taken = { ...second, [field]: (first as Record<string, string>)[field], address };
    const update = await graphql(
      boss,
      `mutation($id: ID!, $i: ${type}Input!) { update${type}(id: $id, version: 1, input: $i) { id } }`,
      { id: bId, i: taken },
    );
    expect(update.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { [field]: [expect.stringMatching(/already been taken/)] },
    });
    const read = await graphql(
      boss,
      `query($id: ID!) { ${type.toLowerCase()}(id: $id) { version } }`,
      { id: bId },
    );
    expect(read.data).toEqual({ [type.toLowerCase()]: { version: 1 } });
  },
);
