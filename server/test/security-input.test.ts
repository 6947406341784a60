import {
  buildSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { schemaSource } from '../src/graphql/plugin';
import { administrationSnapshot, admin, graphql, type GraphqlAnswer } from './graphql-support';
import { Browser, loggedIn, send, startTestApp, type TestApp } from './helpers';

// No input may make the server fail (500): text with a NUL character (PostgreSQL cannot
// store it), ids beyond PostgreSQL's integer range, malformed tokens. Every GraphQL query
// and mutation of the schema and every REST route the server has is probed with them; each
// answer is a 4xx (or a GraphQL error of the client's input) that names the field, and
// nothing changes. Runs on PGlite and, with server/scripts/test-postgres.sh, on PostgreSQL.

const NUL_TEXT = 'a\u0000b';
/** Ids a client may send that name no row: beyond int4, beyond int8, negative, a NUL. */
const BAD_IDS = ['2147483648', '99999999999999999999', '-5', '1\u0000'];

let t: TestApp;
let browser: Browser;
/** A built front end of one page, so page routes answer as in a deployment (a fresh clone has none). */
let dist: string;
/** One row of each kind, made through the API (proving the baseline values are valid). */
const ids: Record<string, string> = {};

beforeAll(async () => {
  dist = mkdtempSync(join(os.tmpdir(), 'kontor-probe-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kontor</title>');
  t = await startTestApp({ distDir: dist });
  browser = await admin(t.app);
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const ok = (answer: GraphqlAnswer, what: string) => {
  if (answer.errors) throw new Error(`${what}: ${JSON.stringify(answer.errors)}`);
  return answer.data!;
};

/** A valid value for an input field, by its name (addresses, names, ids of the rows made above). */
function baselineValue(name: string, type: GraphQLInputType, operation: string): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (name === 'roleIds') return [ids.role];
    if (name === 'permissions') return ['user:view'];
    return [baselineValue(name, nullable.ofType as GraphQLInputType, operation)];
  }
  if (isInputObjectType(nullable)) {
    return Object.fromEntries(
      Object.values(nullable.getFields()).map((f) => [
        f.name,
        baselineValue(f.name, f.type, operation),
      ]),
    );
  }
  if (isEnumType(nullable)) return nullable.getValues()[0]!.value;
  const scalar = nullable.name;
  if (scalar === 'Int') return name === 'pageSize' ? 25 : 1;
  if (scalar === 'Float') return 1;
  if (scalar === 'Boolean') return false;
  if (scalar === 'ID') {
    if (name === 'clientId') return ids.client;
    if (name === 'shipperId') return ids.shipper;
    return ids[entityOf(operation)] ?? '1';
  }
  const texts: Record<string, string> = {
    email: `probe-${operation.toLowerCase()}@kontor.test`,
    password: 'Kontor-Probe-Passwort-2026!',
    street: 'Hauptstraße',
    houseNumber: '1',
    postcode: '10115',
    city: 'Berlin',
    countryCode: 'DE',
    customerNumber: `K-${operation.length}`,
    search: 'probe',
    // Days (the ledger's filter).
    from: '2026-01-01',
    to: '2026-01-31',
  };
  return texts[name] ?? `Probe ${operation}`;
}

/** The kind of row an operation works on. */
function entityOf(operation: string): string {
  const lower = operation.toLowerCase();
  return (
    ['shippingmethod', 'shipper', 'department', 'client', 'role', 'user'].find((kind) =>
      lower.includes(kind),
    ) ?? 'none'
  ).replace('shippingmethod', 'method');
}

/** Every String or ID leaf of a value of this type, as a path, with its scalar name. */
function slotsOf(value: unknown, type: GraphQLInputType, path: string[]): [string[], string][] {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    return (value as unknown[]).flatMap((item, i) =>
      slotsOf(item, nullable.ofType as GraphQLInputType, [...path, String(i)]),
    );
  }
  if (isInputObjectType(nullable)) {
    return Object.values(nullable.getFields()).flatMap((f) =>
      slotsOf((value as Record<string, unknown>)[f.name], f.type, [...path, f.name]),
    );
  }
  if (isScalarType(nullable) && (nullable.name === 'String' || nullable.name === 'ID')) {
    return [[path, nullable.name]];
  }
  return [];
}

function withValue(variables: Record<string, unknown>, path: string[], value: unknown) {
  const copy = structuredClone(variables);
  let target = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

/** The document of one operation with every argument as a variable. */
function documentOf(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const variables = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${kind} Probe${variables ? `(${variables})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

test('the baseline values make one row of each kind (so a probe differs from valid input only in the probed field)', async () => {
  const client = ok(
    await graphql(
      browser,
      'mutation ($input: ClientInput!) { createClient(input: $input) { id } }',
      { input: baselineValue('input', operationArg('createClient', 'input'), 'createClient') },
    ),
    'createClient',
  );
  ids.client = client.createClient.id;
  ids.department = ok(
    await graphql(
      browser,
      'mutation ($input: DepartmentInput!) { createDepartment(input: $input) { id } }',
      {
        input: baselineValue(
          'input',
          operationArg('createDepartment', 'input'),
          'createDepartment',
        ),
      },
    ),
    'createDepartment',
  ).createDepartment.id;
  ids.shipper = ok(
    await graphql(browser, 'mutation { createShipper(input: {name: "Probe Shipper"}) { id } }'),
    'createShipper',
  ).createShipper.id;
  ids.method = ok(
    await graphql(
      browser,
      'mutation ($input: ShippingMethodInput!) { createShippingMethod(input: $input) { id } }',
      {
        input: baselineValue(
          'input',
          operationArg('createShippingMethod', 'input'),
          'createShippingMethod',
        ),
      },
    ),
    'createShippingMethod',
  ).createShippingMethod.id;
  ids.role = ok(
    await graphql(
      browser,
      'mutation { createRole(input: {name: "Probe Role", permissions: ["user:view"]}) { id } }',
    ),
    'createRole',
  ).createRole.id;
  ids.user = ok(
    await graphql(browser, 'mutation ($input: UserInput!) { createUser(input: $input) { id } }', {
      input: baselineValue('input', operationArg('createUser', 'input'), 'createUser'),
    }),
    'createUser',
  ).createUser.id;
  expect(Object.values(ids)).toHaveLength(6);
});

const schema = buildSchema(schemaSource());
function operationArg(operation: string, arg: string): GraphQLInputType {
  return schema
    .getMutationType()!
    .getFields()
    [operation]!.args.find((a) => a.name === arg)!.type;
}

const operations = (['query', 'mutation'] as const).flatMap((kind) =>
  Object.values((kind === 'query' ? schema.getQueryType() : schema.getMutationType())!.getFields())
    .filter((field) => field.args.length > 0)
    .map((field) => [kind, field.name, field] as const),
);

test.each(operations)(
  'GraphQL %s %s: NUL in any text and ids beyond the integer range are refused on their field, not a server error',
  async (kind, name, field) => {
    const before = await administrationSnapshot(t);
    const variables = Object.fromEntries(
      field.args.map((arg) => [arg.name, baselineValue(arg.name, arg.type, name)]),
    );
    const slots = field.args.flatMap((arg) => slotsOf(variables[arg.name], arg.type, [arg.name]));
    expect(slots.length).toBeGreaterThan(0);
    for (const [path, scalar] of slots) {
      for (const bad of scalar === 'ID' ? BAD_IDS : [NUL_TEXT]) {
        const probe = `${name} ${path.join('.')} = ${JSON.stringify(bad)}`;
        const answer = await graphql(
          browser,
          documentOf(kind, field),
          withValue(variables, path, bad),
        );
        const error = answer.errors?.[0];
        const code = error?.extensions?.code;
        expect({ probe, status: answer.statusCode < 500, code }).toEqual({
          probe,
          status: true,
          code: expect.stringMatching(/^(BAD_USER_INPUT|NOT_FOUND)$/),
        });
        // NOT_FOUND only for the id argument itself ("Client not found."); BAD_USER_INPUT
        // names the field.
        const fields = Object.keys(error?.extensions?.fieldErrors ?? {});
        const named =
          code === 'NOT_FOUND'
            ? path.join('.') === 'id'
            : fields.some((f) => path.join('.').endsWith(f));
        expect({ probe, named }).toEqual({ probe, named: true });
      }
    }
    expect(await administrationSnapshot(t)).toBe(before);
  },
);

/** Every route of the server as [method, path] (from Fastify's route tree). */
function routesOf(tree: string): [string, string][] {
  const routes: [string, string][] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│├└─]*?)([^\s│├└─].*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length;
    while (stack.length > 0 && stack.at(-1)!.depth >= depth) stack.pop();
    const path = (stack.at(-1)?.path ?? '') + match[2]!;
    stack.push({ depth, path });
    for (const method of match[3]!.split(', ')) routes.push([method, path]);
  }
  return routes;
}

/** Valid bodies of the REST routes that take one; a probe changes one field at a time. */
const BODIES: Record<string, Record<string, unknown>> = {
  'POST /login': { email: 'probe@kontor.test', password: 'not-the-password' },
  'PUT /user': { name: 'Admin', email: 'admin@kontor.test' },
  'POST /spa/users/:id/notifications': { message: 'Hallo' },
  'POST /spa/deploy': { module: '@kontor/admin', version: 'aaaaaaaaaaaa' },
  'POST /spa/deploy/rollback': { module: '@kontor/admin' },
  'POST /broadcasting/auth': { socket_id: '1.1', channel_name: 'private-App.Models.User.1' },
};

test('every REST route answers NUL, out-of-range ids and malformed tokens with a 4xx that names the field', async () => {
  const routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(
    ([method, path]) => method !== 'HEAD' && !path.includes('*'),
  );
  expect(routes.length).toBeGreaterThan(15);
  const before = await administrationSnapshot(t);
  let session = await loggedIn(t.app, 'admin@kontor.test', 'admin', '203.0.113.80');
  const probed: string[] = [];
  for (const [method, path] of routes) {
    const body = BODIES[`${method} ${path}`];
    const params = path.match(/:\w+/g) ?? [];
    const probes: { url: string; payload?: unknown; headers?: Record<string, string> }[] = [];
    const url = (value: string) => path.replace(/:\w+/g, encodeURIComponent(value));
    for (const id of [...BAD_IDS, NUL_TEXT])
      if (params.length > 0) probes.push({ url: url(id), payload: body });
    const base = url(params.length > 0 ? '1' : '');
    if (method === 'GET') {
      probes.push({
        url: `${base}?module=${encodeURIComponent(NUL_TEXT)}&page=99999999999&search=%00`,
      });
    } else {
      for (const key of Object.keys(body ?? { probe: '' })) {
        probes.push({ url: base, payload: { ...body, [key]: NUL_TEXT } });
      }
      // A malformed anti-forgery token is a mismatch, never a server error.
      probes.push({ url: base, payload: body, headers: { 'x-xsrf-token': '%E0%A4%A' } });
    }
    for (const probe of probes) {
      const response = await session.request({ method, ...probe });
      const what = `${method} ${probe.url} ${JSON.stringify(probe.payload ?? null)} ${JSON.stringify(probe.headers ?? {})}`;
      probed.push(what);
      expect({ what, status: response.statusCode < 500 }).toEqual({ what, status: true });
      // A 422 names the field it refuses.
      const named =
        response.statusCode !== 422 || Object.keys(response.json().errors ?? {}).length > 0;
      expect({ what, named }).toEqual({ what, named: true });
      // A probe that ended the session (logout, ending sessions) needs a new one.
      if ((await session.request({ url: '/user' })).statusCode !== 200) {
        session = await loggedIn(t.app, 'admin@kontor.test', 'admin', '203.0.113.80');
      }
    }
    // A malformed session cookie is no session (sent without the browser's own cookies).
    const cookie = 'kontor_session=%E0%A4%A; XSRF-TOKEN=%E0%A4%A';
    const response = await send(t.app, {
      method,
      url: base,
      payload: body,
      headers: { cookie, 'x-xsrf-token': '%E0%A4%A' },
    });
    const what = `${method} ${base} with a malformed session cookie`;
    probed.push(what);
    expect({ what, status: response.statusCode < 500 }).toEqual({ what, status: true });
  }
  expect(probed.length).toBeGreaterThan(routes.length);
  expect(await administrationSnapshot(t)).toBe(before);
});

test('the fields that reach the database without a rule are named by the safety net over REST', async () => {
  // A session of its own: the route probes above ended the other sessions of the admin.
  const session = await loggedIn(t.app, 'admin@kontor.test', 'admin', '203.0.113.82');
  const answer = async (url: string, payload: unknown) =>
    session.request({ method: 'POST', url, payload });
  const tooLarge = await answer('/spa/users/2147483648/notifications', { message: 'Hallo' });
  expect([tooLarge.statusCode, tooLarge.json().errors]).toEqual([
    422,
    { id: ['The id field must not be greater than 2147483647.'] },
  ]);
  const nul = await answer('/spa/users/1/notifications', { message: NUL_TEXT });
  expect([nul.statusCode, nul.json().errors]).toEqual([
    422,
    { message: ['The message field must not contain NUL characters.'] },
  ]);
  // And the rules named above: a list search, a name.
  const search = await graphql(session, 'query ($p: PageInput) { users(page: $p) { total } }', {
    p: { search: NUL_TEXT },
  });
  expect(search.errors?.[0]?.extensions?.fieldErrors).toEqual({
    search: ['The search must not contain NUL characters.'],
  });
  const login = await new Browser(t.app, '203.0.113.81').login(`admin${NUL_TEXT}@kontor.test`, 'x');
  expect([login.statusCode, Object.keys(login.json().errors)]).toEqual([422, ['email']]);
});
