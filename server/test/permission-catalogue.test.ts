import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { PERMISSIONS, isPermission } from '@kontor/contracts';
import { buildSchema } from 'graphql';
import { checkManifest } from '../src/deploy/manifest';
import { fieldAccess, guardRootFields } from '../src/graphql/access';
import { schemaSource } from '../src/graphql/plugin';
import { startTestApp, type TestApp } from './helpers';
import { admin, codeOf, graphql } from './graphql-support';

// One permission catalogue (@kontor/contracts' PERMISSIONS): the schema's directives, the
// manifests and the database's seed name only permissions it has, and every GraphQL field
// declares its permission on the schema.

const root = join(__dirname, '..', '..');
const DIRECTIVES = `
  directive @allow(permission: String!) on FIELD_DEFINITION
  directive @loggedIn on FIELD_DEFINITION
`;

describe('GraphQL fields declare their permission on the schema', () => {
  test('every Query and Mutation field of the schema declares @allow with a catalogue permission, or @loggedIn', () => {
    const { access, problems } = fieldAccess(buildSchema(schemaSource()));
    expect(problems).toEqual([]);
    expect(access.size).toBeGreaterThan(30);
    expect(access.get('Query.clients')).toEqual({ permission: 'client:view' });
    expect(access.get('Mutation.deleteUser')).toEqual({ permission: 'user:delete' });
  });

  test('a field without a declaration, or naming a permission the catalogue lacks, is found and stops the start', () => {
    const schema = buildSchema(`${DIRECTIVES}
      type Query {
        fine: Int @allow(permission: "client:view")
        open: Int
        typo: Int @allow(permission: "client:veiw")
        both: Int @allow(permission: "client:view") @loggedIn
      }
      type Mutation { me: Int @loggedIn }
    `);
    expect(fieldAccess(schema).problems).toEqual([
      'Query.open declares no @allow(permission: …) or @loggedIn',
      'Query.typo names "client:veiw", which is not in the permission catalogue',
      'Query.both declares more than one of @allow and @loggedIn',
    ]);
    expect(() => guardRootFields(schema)).toThrow(/Query\.open declares no/);
  });

  test('a declared field without a resolver stops the start too', () => {
    const schema = buildSchema(`${DIRECTIVES} type Query { lonely: Int @loggedIn }`);
    expect(() => guardRootFields(schema)).toThrow('Query.lonely has no resolver');
  });
});

interface MenuItemJson {
  acl?: string;
  children?: MenuItemJson[];
}

/** Every `acl` of menu items and their children. */
const aclsOf = (items: MenuItemJson[] = []): string[] =>
  items.flatMap((item) => [...(item.acl ? [item.acl] : []), ...aclsOf(item.children)]);

/** Every `permission` of a route, `acl` of a menu item (with children) and loadAtBoot of a manifest. */
function permissionsNamedBy(manifest: {
  routes?: { permission?: string }[];
  menu?: MenuItemJson[];
  loadAtBoot?: { permission?: string };
}): string[] {
  return [
    ...(manifest.routes ?? []).flatMap((route) => (route.permission ? [route.permission] : [])),
    ...aclsOf(manifest.menu),
    ...(manifest.loadAtBoot?.permission ? [manifest.loadAtBoot.permission] : []),
  ];
}

describe('manifests name only permissions of the catalogue', () => {
  const manifests = readdirSync(root)
    .map((dir) => join(root, dir, 'src', 'manifest.json'))
    .filter((file) => existsSync(file));

  test('there are manifests to check', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(5);
  });

  test.each(manifests.map((file) => [file.slice(root.length + 1), file]))('%s', (_name, file) => {
    const named = permissionsNamedBy(JSON.parse(readFileSync(file, 'utf8')));
    expect(named.filter((name) => !isPermission(name))).toEqual([]);
  });

  test('a deploy whose manifest names an unknown permission is refused on that field', () => {
    const manifest = {
      name: '@kontor/orders',
      namespace: 'orders',
      routes: [{ name: 'orders.list', path: '/orders', access: 'login', permission: 'order:veiw' }],
      menu: [{ name: 'orders', title: 'orders:menu', acl: 'orders:view' }],
    };
    const check = checkManifest(JSON.stringify(manifest), '@kontor/orders');
    expect(check).toEqual({
      ok: false,
      errors: {
        'manifest.routes.0.permission': ['permission must be a permission of the catalogue.'],
        'manifest.menu.0.acl': ['acl must be a permission of the catalogue.'],
      },
    });
  });

  test('a module loaded at boot names a permission of the catalogue, or none', () => {
    const connector = (loadAtBoot: unknown) =>
      checkManifest(
        JSON.stringify({
          name: '@kontor/connector-shopware',
          namespace: 'shopware',
          routes: [],
          menu: [],
          loadAtBoot,
        }),
        '@kontor/connector-shopware',
      );
    expect(connector({ permission: 'shop:view' })).toMatchObject({
      ok: true,
      manifest: { loadAtBoot: { permission: 'shop:view' } },
    });
    expect(connector({})).toMatchObject({ ok: true, manifest: { loadAtBoot: {} } });
    expect(connector({ permission: 'shop:veiw' })).toEqual({
      ok: false,
      errors: {
        'manifest.loadAtBoot.permission': [
          'loadAtBoot.permission must be a permission of the catalogue.',
        ],
      },
    });
    expect(connector(true)).toEqual({
      ok: false,
      errors: {
        'manifest.loadAtBoot': ['loadAtBoot must be an object with an optional permission.'],
      },
    });
    expect(connector({ permission: 'shop:view', when: 'always' })).toEqual({
      ok: false,
      errors: {
        'manifest.loadAtBoot': ['loadAtBoot must be an object with an optional permission.'],
      },
    });
  });
});

describe('the database and the running server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  test('after the migrations, the permissions table holds exactly the catalogue', async () => {
    const rows = await t.db.query<{ name: string }>('SELECT name FROM permissions ORDER BY name');
    expect(rows.map((row) => row.name)).toEqual([...PERMISSIONS].sort());
  });

  test('the permissions query lists the catalogue (checked by its @allow(permission: "role:view"))', async () => {
    const answer = await graphql(await admin(t.app), '{ permissions }');
    expect(codeOf(answer)).toBeUndefined();
    expect([...answer.data!.permissions].sort()).toEqual([...PERMISSIONS].sort());
  });
});
