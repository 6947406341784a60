import { buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { startTestApp, Browser, type TestApp } from './helpers';
import { admin, codeOf, graphql, staffWith } from './graphql-support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /graphql', () => {
  test('a logged-out visitor gets UNAUTHENTICATED and no data', async () => {
    const visitor = new Browser(t.app);
    await visitor.csrfCookie();
    const answer = await graphql(visitor, '{ users { total } }');
    expect(answer.statusCode).toBe(200);
    expect(codeOf(answer)).toBe('UNAUTHENTICATED');
    expect(answer.data).toBeNull();
  });

  test('a request without the anti-forgery header is refused with 419, as REST is', async () => {
    const browser = await admin(t.app);
    const response = await browser.request({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ users { total } }' },
      csrf: false,
    });
    expect(response.statusCode).toBe(419);
  });

  test('GET /graphql is refused, so no query runs without the anti-forgery header', async () => {
    const browser = await admin(t.app);
    const response = await browser.request({ url: '/graphql?query=%7Busers%7Btotal%7D%7D' });
    expect(response.statusCode).toBe(405);
  });

  test('a query nested deeper than the limit is refused before it runs', async () => {
    const browser = await admin(t.app);
    const answer = await graphql(
      browser,
      '{ users { items { roles { permissions } } } departments { items { client { address { city } } } } }',
    );
    expect(answer.errors).toBeUndefined();
    // A warehouse's storages name their warehouse: a cycle a query can follow without end.
    const nested = (levels: number) =>
      `{ warehouses { items { ${'storages { warehouse { '.repeat(levels)}name${' } }'.repeat(levels)} } } }`;
    expect((await graphql(browser, nested(3))).errors).toBeUndefined(); // 8 below the root
    const deep = await graphql(browser, nested(4)); // 10 below the root
    expect(deep.statusCode).toBe(400);
    expect(deep.errors?.[0]?.message).toMatch(/nested too deep/i);
    // Through a fragment it is the same depth.
    const viaFragment = await graphql(
      browser,
      `query { warehouses { items { ...Deep } } } fragment Deep on Warehouse { ${'storages { warehouse { '.repeat(4)}name${' } }'.repeat(4)} }`,
    );
    expect(viaFragment.statusCode).toBe(400);
  });

  test('the standard introspection query of GraphiQL, IDE plugins and codegen answers in development', async () => {
    const browser = await admin(t.app);
    const answer = await graphql(browser, getIntrospectionQuery());
    expect(answer.errors).toBeUndefined();
    const schema = buildClientSchema(answer.data as unknown as IntrospectionQuery);
    expect(Object.keys(schema.getQueryType()!.getFields())).toContain('orders');
  });

  test('a query selecting more fields than the complexity limit is refused', async () => {
    const browser = await admin(t.app);
    const aliases = Array.from({ length: 200 }, (_, i) => `u${i}: users { total page pageSize }`);
    const answer = await graphql(browser, `{ ${aliases.join(' ')} }`);
    expect(answer.statusCode).toBe(400);
    expect(answer.errors?.[0]?.message).toMatch(/too complex/);
  });

  test('a document of several operations is refused (400), so a query never runs a mutation beside it', async () => {
    const browser = await admin(t.app);
    const name = `One Operation ${Date.now()}`;
    const document = `mutation M { createShipper(input: { name: "${name}" }) { id } }
      query Q { shippers(page: { search: "${name}" }) { total } }`;
    // Either operation named, in either order: refused, never the other's plan (Mercurius's
    // compiled-query cache is keyed on the text), and nothing written.
    for (const operationName of ['Q', 'M', 'Q']) {
      const response = await browser.request({
        method: 'POST',
        url: '/graphql',
        payload: { query: document, operationName },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toMatch(/one operation/);
    }
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM shippers WHERE name = $1',
      [name],
    );
    expect(n).toBe(0);
    // One operation (with fragments) is as before.
    const one = await graphql(
      browser,
      `query Q { shippers(page: { search: "${name}" }) { ...Total } } fragment Total on ShipperPage { total }`,
    );
    expect(one.data).toEqual({ shippers: { total: 0 } });
  });

  test('introspection works in development and is off in production', async () => {
    const browser = await admin(t.app);
    expect((await graphql(browser, '{ __schema { queryType { name } } }')).data).toEqual({
      __schema: { queryType: { name: 'Query' } },
    });
    const production = await t.variant({ nodeEnv: 'production' });
    const there = await (async () => {
      const b = new Browser(production);
      await b.login('admin@kontor.test', 'admin');
      return graphql(b, '{ __schema { queryType { name } } }');
    })();
    expect(there.errors?.[0]?.message).toMatch(/introspection/i);
  });

  test('a list page of 50 users asks the database as often as a page of 2: no query per row', async () => {
    const browser = await admin(t.app);
    for (let i = 0; i < 50; i += 1) {
      await t.db.query(`INSERT INTO users (name, email, password_hash) VALUES ($1, $2, 'x')`, [
        `Batch ${i}`,
        `batch${i}@kontor.test`,
      ]);
    }
    const original = t.db.query.bind(t.db);
    async function queriesFor(pageSize: number): Promise<number> {
      let count = 0;
      t.db.query = ((sql: string, params?: Parameters<typeof original>[1]) => {
        count += 1;
        return original(sql, params);
      }) as typeof t.db.query;
      try {
        const answer = await graphql(
          browser,
          `{ users(page: {pageSize: ${pageSize}}) { items { name roles { name permissions userCount } } } }`,
        );
        expect(answer.errors).toBeUndefined();
        expect(answer.data!.users.items).toHaveLength(pageSize);
      } finally {
        t.db.query = original;
      }
      return count;
    }
    expect(await queriesFor(50)).toBe(await queriesFor(2));
  });

  test('a page of users with their roles costs three statements: session, page with total, roles', async () => {
    // Each statement is a round trip; the list pattern's cost per page is this many at any size.
    const browser = await admin(t.app);
    await graphql(browser, '{ users { total } }'); // a first request may write the session's activity
    const original = t.db.query.bind(t.db);
    const statements: string[] = [];
    t.db.query = ((sql: string, params?: Parameters<typeof original>[1]) => {
      statements.push(sql.replace(/\s+/g, ' ').slice(0, 80));
      return original(sql, params);
    }) as typeof t.db.query;
    try {
      const answer = await graphql(
        browser,
        '{ users(page: {pageSize: 50}) { total items { name roles { id name } } } }',
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.users.total).toBeGreaterThan(1);
    } finally {
      t.db.query = original;
    }
    expect(statements).toHaveLength(3);
  });

  test('asking for a record that does not exist answers null, and a malformed id NOT_FOUND', async () => {
    const staff = await staffWith(t, ['client:view']);
    const answer = await graphql(staff.browser, '{ client(id: "999") { name } }');
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({ client: null });
    expect(codeOf(await graphql(staff.browser, '{ client(id: "x1") { name } }'))).toBe('NOT_FOUND');
  });
});
