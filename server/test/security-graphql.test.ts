// Issue 8, GraphQL: what a probe of the running server found, over HTTP.
import { Browser, send, startTestApp, type TestApp } from './helpers';
import { admin, countRows, graphql } from './graphql-support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** `levels` fragments, each spreading the next twice: 2^levels fields once expanded. */
function nestedFragments(levels: number): string {
  let query = 'query Q { users { ...F0 } }\n';
  for (let i = 0; i < levels; i++) {
    const next = i < levels - 1 ? ` ...F${i + 1} ...F${i + 1}` : '';
    query += `fragment F${i} on UserPage { total${next} }\n`;
  }
  return query;
}

const createClient = (name: string) =>
  `mutation { createClient(input: { name: "${name}", address: { street: "S", houseNumber: "1", postcode: "12345", city: "C", countryCode: "DE" } }) { id } }`;

describe('a query that expands exponentially', () => {
  test('30 levels of nested fragments, anonymous, are refused in under 100 ms and /health keeps answering', async () => {
    const visitor = new Browser(t.app);
    await visitor.csrfCookie(); // anonymous, with the anti-forgery token anyone can get
    const query = nestedFragments(30);
    expect(query.length).toBeLessThan(1500);
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const answer = await graphql(visitor, query);
      timings.push(performance.now() - started);
      expect(answer.statusCode).toBe(400);
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]?.message).toMatch(/too complex/);
      expect(answer.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    }
    // The fastest of five: what the check costs, not what a busy machine adds.
    expect(Math.min(...timings)).toBeLessThan(100);
    const health = await send(t.app, { url: '/health' });
    expect(health.statusCode).toBe(200);
  }, 10_000);

  test('a logged-in user is refused the same way, and a query within the limits still runs', async () => {
    const browser = await admin(t.app);
    const refused = await graphql(browser, nestedFragments(12)); // 4096 fields
    expect(refused.statusCode).toBe(400);
    expect(refused.errors?.[0]?.message).toMatch(/too complex: \d+ fields, at most 500/);
    const fine = await graphql(browser, nestedFragments(5)); // 32 fields
    expect(fine.statusCode).toBe(200);
    expect(fine.errors).toBeUndefined();
    expect(typeof fine.data?.users?.total).toBe('number');
  });

  test('many aliases of a cheap field are refused', async () => {
    const browser = await admin(t.app);
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: permissions`).join(' ');
    const answer = await graphql(browser, `{ ${aliases} }`);
    expect(answer.statusCode).toBe(400);
    expect(answer.errors?.[0]?.message).toMatch(/too many aliases: 40, at most 30/);
  });

  test('a document longer than the token limit is refused by the parser', async () => {
    const browser = await admin(t.app);
    const answer = await graphql(browser, `{ users { ${'total '.repeat(6000)} } }`);
    expect(answer.statusCode).toBe(400);
    expect(answer.errors?.[0]?.message).toMatch(/more that 5000 tokens|tokens/);
  });

  test('a query given as a JSON syntax tree (which skips the parser) is refused', async () => {
    const browser = await admin(t.app);
    const ast = JSON.stringify({
      kind: 'Document',
      definitions: [
        {
          kind: 'OperationDefinition',
          operation: 'query',
          selectionSet: {
            kind: 'SelectionSet',
            selections: [{ kind: 'Field', name: { kind: 'Name', value: 'permissions' } }],
          },
        },
      ],
    });
    const answer = await graphql(browser, ast);
    expect(answer.statusCode).toBe(400);
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]?.message).toMatch(/not JSON/);
  });
});

describe('only POST with the anti-forgery token reaches GraphQL', () => {
  const spellings = ['/graphql', '/%67raphql', '/graphql/', '/GraphQL'];

  test.each(['HEAD', 'GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])(
    '%s with a session cookie runs no mutation, under any spelling of the path',
    async (method) => {
      const browser = await admin(t.app);
      const before = await countRows(t, 'clients');
      for (const path of spellings) {
        const query = encodeURIComponent(createClient(`Via ${method} ${path}`));
        const response = await browser.request({ method, url: `${path}?query=${query}` });
        expect([path, response.statusCode]).toEqual([path, 405]);
        expect(response.headers.allow).toBe('POST');
      }
      expect(await countRows(t, 'clients')).toBe(before);
    },
  );

  test('POST under another spelling still needs the anti-forgery token', async () => {
    const browser = await admin(t.app);
    const before = await countRows(t, 'clients');
    const response = await browser.request({
      method: 'POST',
      url: '/%67raphql',
      payload: { query: createClient('Via spelling') },
      csrf: false,
    });
    expect(response.statusCode).toBe(419);
    expect(await countRows(t, 'clients')).toBe(before);
  });
});

describe('the schema stays private in production', () => {
  test('"Did you mean" suggestions name fields in development, and never in production', async () => {
    const devAnswer = await graphql(await admin(t.app), '{ users { totl } }');
    expect(devAnswer.errors?.[0]?.message).toMatch(/Did you mean/);

    const production = await t.variant({ nodeEnv: 'production' });
    const browser = new Browser(production);
    await browser.login('admin@kontor.test', 'admin');
    for (const query of [
      '{ users { totl } }',
      '{ userz { total } }',
      '{ users(sortBy: NAM) { total } }',
      'query ($s: UserSort) { users(sortBy: $s) { total } }',
    ]) {
      const answer = await graphql(browser, query, { s: 'NAM' });
      expect(answer.errors?.length).toBeGreaterThan(0);
      for (const error of answer.errors!) expect(error.message).not.toMatch(/Did you mean/);
    }
  });
});
