#!/usr/bin/env node
// GraphQL list overhead: page 1 of 50 users (with their roles) out of 100,000, as POST
// /graphql and as a plain Fastify JSON route reading the same rows with the same business
// functions, each under 32 concurrent clients (autocannon), side by side. Target: GraphQL
// at least 0.7 of the plain route's requests per second. Needs `npm run build -w server`.
import autocannon from 'autocannon';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const server = new URL('../server/dist/', import.meta.url).pathname;
const { PGlite } = await import('@electric-sql/pglite');
const { createApp } = require(`${server}app.js`);
const { testConfig } = require(`${server}config.js`);
const { migrate, wrapPglite } = require(`${server}db/index.js`);
const { seedDemoData } = require(`${server}demo/seed.js`);
const { listUsers, roleIdsOfUsers } = require(`${server}users/directory.js`);
const { requirePermission } = require(`${server}auth/guards.js`);

const USERS = 100_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const db = wrapPglite(await PGlite.create());
await migrate(db);
await seedDemoData(db);
const started = Date.now();
await db.query(
  `INSERT INTO users (name, email, password_hash)
   SELECT 'Bench User ' || n, 'bench' || n || '@kontor.test', 'x' FROM generate_series(1, $1) AS n`,
  [USERS],
);
await db.query(
  `INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM users u, roles r WHERE r.name = 'packer' AND u.email LIKE 'bench%'`,
);
console.log(`seeded ${USERS} users in ${Date.now() - started} ms`);

const app = await createApp(testConfig({ logLevel: 'silent' }), db);
// The plain route: the same rows and roles, as JSON, behind the same permission check.
app.get('/bench/users', { preHandler: requirePermission('user:view') }, async () => {
  const page = await listUsers(db, { page: 1, pageSize: 50 }, 'NAME');
  const roleIds = await roleIdsOfUsers(
    db,
    page.items.map((u) => u.id),
  );
  const roles = await db.query('SELECT id, name FROM roles WHERE id = ANY($1::int[])', [
    [...new Set([...roleIds.values()].flat())],
  ]);
  const byId = new Map(roles.map((r) => [r.id, r]));
  return {
    total: page.total,
    items: page.items.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      roles: roleIds.get(u.id).map((id) => byId.get(id)),
    })),
  };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;

// Log in as the admin like a browser: CSRF cookie, then POST /login.
const cookieJar = new Map();
const keep = (response) => {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    cookieJar.set(pair.slice(0, i), pair.slice(i + 1));
  }
};
const cookies = () => [...cookieJar].map(([k, v]) => `${k}=${v}`).join('; ');
keep(await fetch(`${base}/sanctum/csrf-cookie`));
const xsrf = decodeURIComponent(cookieJar.get('XSRF-TOKEN'));
keep(
  await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies(), 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: 'admin@kontor.test', password: 'admin' }),
  }),
);
const headers = {
  cookie: cookies(),
  'x-xsrf-token': decodeURIComponent(cookieJar.get('XSRF-TOKEN')),
  'content-type': 'application/json',
};
const query =
  '{ users(page: {page: 1, pageSize: 50}) { total items { id name email roles { id name } } } }';

async function load(title, options) {
  const check = await fetch(options.url, options);
  const body = await check.json();
  const items = body.data?.users.items ?? body.items;
  if (!check.ok || items?.length !== 50)
    throw new Error(`${title}: ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
  const result = await autocannon({ ...options, connections: 32, duration: DURATION });
  return {
    title,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const graphqlResult = await load('GraphQL POST /graphql', {
  url: `${base}/graphql`,
  method: 'POST',
  headers,
  body: JSON.stringify({ query }),
});
const plainResult = await load('plain GET /bench/users', {
  url: `${base}/bench/users`,
  method: 'GET',
  headers,
});

// The cost of checking a query's limits against its size: nested fragments that each spread
// the next twice expand to 2^levels fields; the check must grow with the text, not with that.
const { parse } = require('graphql');
const { costErrors, MAX_TOKENS } = require(`${server}graphql/limits.js`);
const schema = app.graphql.schema;
const nested = (levels) => {
  let text = 'query Q { users { ...F0 } }\n';
  for (let i = 0; i < levels; i++)
    text += `fragment F${i} on UserPage { total${i < levels - 1 ? ` ...F${i + 1} ...F${i + 1}` : ''} }\n`;
  return text;
};
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const timeIt = async (runs, fn) => {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return median(times);
};
const limitRows = [];
for (const levels of [5, 10, 20, 30, 100, 300]) {
  const text = nested(levels);
  const bareParse = await timeIt(20, () => parse(text, { maxTokens: MAX_TOKENS }));
  const check = await timeIt(20, () => costErrors(schema, parse(text, { maxTokens: MAX_TOKENS })));
  const http = await timeIt(10, async () => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: text }),
    });
    await response.text();
  });
  limitRows.push({ levels, bytes: text.length, bareParse, check, http });
}
await app.close();
await db.close();

const ratio = graphqlResult.rps / plainResult.rps;
console.log(`\nList of 50 users out of ${USERS}, 32 concurrent clients, ${DURATION} s each\n`);
console.log('| route                    | requests/s | p99 ms | errors |');
console.log('| ------------------------ | ---------- | ------ | ------ |');
for (const r of [graphqlResult, plainResult])
  console.log(
    `| ${r.title.padEnd(24)} | ${r.rps.toFixed(0).padStart(10)} | ${String(r.p99).padStart(6)} | ${String(r.errors).padStart(6)} |`,
  );
console.log(
  `\nGraphQL / plain = ${ratio.toFixed(2)} (target ≥ 0.70): ${ratio >= 0.7 ? 'met' : 'NOT met'}`,
);

console.log(
  '\nLimit check against query size: nested fragments spreading the next twice (2^levels fields)\n',
);
console.log(
  '| levels | bytes  | fields expanded | bare parse ms | parse + limit check ms | HTTP refusal ms |',
);
console.log(
  '| ------ | ------ | --------------- | ------------- | ---------------------- | --------------- |',
);
for (const r of limitRows)
  console.log(
    `| ${String(r.levels).padStart(6)} | ${String(r.bytes).padStart(6)} | ${`2^${r.levels}`.padStart(15)} | ${r.bareParse.toFixed(2).padStart(13)} | ${r.check.toFixed(2).padStart(22)} | ${r.http.toFixed(1).padStart(15)} |`,
  );
