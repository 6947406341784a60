import { declaredUniqueConstraints } from '../src/domain/database-errors';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, countRows, graphql, type GraphqlAnswer } from './graphql-support';

// Two requests that create one unique name at the same moment both pass the area's
// "is the name free?" look-up; the database's unique index then refuses the later insert.
// That refusal must reach the user as the field error of the name, never as an internal
// error. On PostgreSQL (a pool of several connections) the requests really run at once.

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  // Warm up (first compilation of each path, the session cache) so that the 20 requests of
  // a race below really reach the database together.
  await race(3, CREATE_CLIENT, { i: { name: 'Aufwärmen GmbH', address } });
  await race(3, CREATE_ROLE, { i: { name: 'Aufwärmen', permissions: ['client:view'] } });
});
afterAll(() => t.close());

const address = {
  street: 'Hafenstraße',
  houseNumber: '1',
  postcode: '20457',
  city: 'Hamburg',
  countryCode: 'DE',
};

const CREATE_CLIENT = 'mutation($i: ClientInput!) { createClient(input: $i) { id name } }';
const CREATE_ROLE = 'mutation($i: RoleInput!) { createRole(input: $i) { id name } }';

/** The same operation sent `times` times at once. */
const race = (times: number, query: string, variables: Record<string, unknown>) =>
  Promise.all(Array.from({ length: times }, () => graphql(boss, query, variables)));

/** One success and the rest refused on `field` with the rule unique; no internal error. */
function expectOneWinner(answers: GraphqlAnswer[], field: string, message: string) {
  const codes = answers.map((answer) => codeOf(answer) ?? 'OK');
  expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
  expect(codes.filter((code) => code === 'BAD_USER_INPUT')).toHaveLength(answers.length - 1);
  for (const answer of answers.filter((a) => a.errors)) {
    expect(answer.statusCode).toBe(200);
    const { fieldErrors, fieldRules } = answer.errors![0]!.extensions!;
    expect(fieldErrors).toEqual({ [field]: [message] });
    expect(fieldRules![field]![0]!.rule).toBe('unique');
  }
}

test('20 concurrent createClient with one name: one client, 19 field errors on name', async () => {
  const before = await countRows(t, 'clients');
  const answers = await race(20, CREATE_CLIENT, { i: { name: 'Wettlauf GmbH', address } });
  expectOneWinner(answers, 'name', 'The name has already been taken.');
  expect(await countRows(t, 'clients')).toBe(before + 1);
});

test('20 concurrent createRole with one name: one role, 19 field errors on name', async () => {
  const before = await countRows(t, 'roles');
  const answers = await race(20, 'mutation($i: RoleInput!) { createRole(input: $i) { id name } }', {
    i: { name: 'Wettlauf-Rolle', permissions: ['client:view'] },
  });
  expectOneWinner(answers, 'name', 'The name has already been taken.');
  expect(await countRows(t, 'roles')).toBe(before + 1);
  const [row] = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM roles WHERE name = 'Wettlauf-Rolle'",
  );
  expect(row!.n).toBe(1);
});

test('every unique index of the database is declared with its field (or known as internal)', async () => {
  // Unique indexes no user input can break: ids made by the server, the permission catalogue.
  const internal = [
    'permissions_name_key',
    'sessions_public_id_idx',
    'jobs_seq_key',
    // Shop connections (issue 29): keys no form sets — a random webhook key, and the sync's
    // own guards (one binding per order, one dead letter per shop order, one push per key).
    'shop_connections_webhook_key',
    'shop_order_bindings_order_key',
    'shop_dead_letters_order_key',
    'shop_outbox_idempotency_key',
  ];
  const rows = await t.db.query<{ name: string }>(
    `SELECT i.relname AS name FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace n ON n.oid = i.relnamespace
      WHERE x.indisunique AND NOT x.indisprimary AND n.nspname = current_schema()
        AND i.relname <> 'schema_migrations_pkey'`,
  );
  const undeclared = rows
    .map((row) => row.name)
    .filter((name) => !declaredUniqueConstraints().has(name) && !internal.includes(name));
  expect(undeclared).toEqual([]);
});
