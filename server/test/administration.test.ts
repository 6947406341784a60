import { startTestApp, type Browser, type TestApp, loggedIn } from './helpers';
import { admin, administrationSnapshot, codeOf, graphql, staffWith } from './graphql-support';

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterAll(() => t.close());

const address = {
  street: 'Hafenstraße',
  houseNumber: '1',
  postcode: '20457',
  city: 'Hamburg',
  countryCode: 'DE',
};
const CREATE_CLIENT =
  'mutation($i: ClientInput!) { createClient(input: $i) { id name version address { city firstName } } }';
const UPDATE_CLIENT =
  'mutation($id: ID!, $v: Int!, $i: ClientInput!) { updateClient(id: $id, version: $v, input: $i) { id name version } }';
const CREATE_DEPARTMENT =
  'mutation($i: DepartmentInput!) { createDepartment(input: $i) { id customerNumber client { name } } }';

async function createClient(name: string, extra: Record<string, unknown> = {}) {
  const answer = await graphql(boss, CREATE_CLIENT, {
    i: { name, address: { ...address, ...extra } },
  });
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.createClient as { id: string; version: number };
}

describe('clients', () => {
  test('a client without a name and with a bad postcode and e-mail gets BAD_USER_INPUT with one error per field, and nothing is saved', async () => {
    const before = await administrationSnapshot(t);
    const answer = await graphql(boss, CREATE_CLIENT, {
      i: {
        name: ' ',
        address: { ...address, postcode: '1234', email: 'not-an-address', city: 'x'.repeat(101) },
      },
    });
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    const { fieldErrors, fieldRules } = answer.errors![0]!.extensions!;
    expect(fieldErrors).toEqual({
      name: ['The name field is required.'],
      'address.postcode': ['The postcode is not valid for DE.'],
      'address.email': ['The email field must be a valid email address.'],
      'address.city': ['The city field must not be greater than 100 characters.'],
    });
    expect(fieldRules!['address.postcode']![0]!.rule).toBe('postcode');
    expect(fieldRules!.name![0]!.rule).toBe('required');
    expect(await administrationSnapshot(t)).toBe(before);
  });

  test('a second client with the same name in other letters is refused as taken', async () => {
    await createClient('Nordlicht GmbH');
    const answer = await graphql(boss, CREATE_CLIENT, { i: { name: 'NORDLICHT gmbh', address } });
    expect(answer.errors![0]!.extensions!.fieldRules!.name![0]!.rule).toBe('unique');
  });

  test("saving over someone else's newer save is refused with CONFLICT and keeps their change", async () => {
    const client = await createClient('Südwind AG');
    const first = await graphql(boss, UPDATE_CLIENT, {
      id: client.id,
      v: client.version,
      i: { name: 'Südwind AG (neu)', address },
    });
    expect(first.data!.updateClient.version).toBe(client.version + 1);
    const stale = await graphql(boss, UPDATE_CLIENT, {
      id: client.id,
      v: client.version,
      i: { name: 'Südwind alt', address },
    });
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(stale.errors![0]!.extensions!.reason).toBe('stale');
    const now = await graphql(boss, 'query($id: ID!) { client(id: $id) { name } }', {
      id: client.id,
    });
    expect(now.data!.client.name).toBe('Südwind AG (neu)');
  });

  test('the client list pages, sorts and searches on the server with the total count', async () => {
    for (const name of ['Page A', 'Page B', 'Page C', 'Page D', 'Page E'])
      await createClient(name, { city: `Stadt ${name.slice(-1)}` });
    const query =
      'query($p: PageInput, $s: ClientSort) { clients(page: $p, sortBy: $s) { total page pageSize items { name } } }';
    const second = await graphql(boss, query, {
      p: { page: 2, pageSize: 2, search: 'page', sortDirection: 'DESC' },
      s: 'NAME',
    });
    expect(second.data!.clients).toEqual({
      total: 5,
      page: 2,
      pageSize: 2,
      items: [{ name: 'Page C' }, { name: 'Page B' }],
    });
    const byCity = await graphql(boss, query, { p: { search: 'stadt e' }, s: 'CITY' });
    expect(byCity.data!.clients.items).toEqual([{ name: 'Page E' }]);
    const wildcard = await graphql(boss, query, { p: { search: '%' } });
    expect(wildcard.data!.clients.total).toBe(0);
    const tooBig = await graphql(boss, query, { p: { pageSize: 1000 } });
    expect(tooBig.errors![0]!.extensions!.fieldErrors).toEqual({
      pageSize: ['The page size must not be greater than 100.'],
    });
  });

  test('a client with departments cannot be deleted; without them it can', async () => {
    const client = await createClient('Weg GmbH');
    const department = await graphql(boss, CREATE_DEPARTMENT, {
      i: { name: 'Lager', customerNumber: 'W-1', clientId: client.id },
    });
    const refused = await graphql(boss, 'mutation($id: ID!) { deleteClient(id: $id) { id } }', {
      id: client.id,
    });
    expect(codeOf(refused)).toBe('CONFLICT');
    await graphql(boss, 'mutation($id: ID!) { deleteDepartment(id: $id) { id } }', {
      id: department.data!.createDepartment.id,
    });
    const done = await graphql(boss, 'mutation($id: ID!) { deleteClient(id: $id) { id } }', {
      id: client.id,
    });
    expect(done.data!.deleteClient.id).toBe(client.id);
  });
});

describe('departments', () => {
  test('a customer number is unique per client, but two clients may use the same one', async () => {
    const a = await createClient('Kunde A');
    const b = await createClient('Kunde B');
    const first = await graphql(boss, CREATE_DEPARTMENT, {
      i: { name: 'Einkauf', customerNumber: 'KD-100', clientId: a.id },
    });
    expect(first.data!.createDepartment).toMatchObject({
      customerNumber: 'KD-100',
      client: { name: 'Kunde A' },
    });
    const twice = await graphql(boss, CREATE_DEPARTMENT, {
      i: { name: 'Verkauf', customerNumber: 'kd-100', clientId: a.id },
    });
    expect(twice.errors![0]!.extensions!.fieldErrors).toEqual({
      customerNumber: ['The customer number has already been taken for this client.'],
    });
    const other = await graphql(boss, CREATE_DEPARTMENT, {
      i: { name: 'Einkauf', customerNumber: 'KD-100', clientId: b.id },
    });
    expect(other.errors).toBeUndefined();
  });

  test('a department of a client that does not exist is refused on the client field', async () => {
    const answer = await graphql(boss, CREATE_DEPARTMENT, {
      i: { name: 'X', customerNumber: 'X-1', clientId: '99999' },
    });
    expect(answer.errors![0]!.extensions!.fieldErrors).toEqual({
      clientId: ['The selected client is invalid.'],
    });
  });
});

describe('shipping', () => {
  test('a shipping method belongs to a shipper and says whether it may carry hazardous goods', async () => {
    const shipper = await graphql(
      boss,
      'mutation { createShipper(input: {name: "DB Schenker"}) { id } }',
    );
    const method = await graphql(
      boss,
      'mutation($s: ID!) { createShippingMethod(input: {name: "Gefahrgut", shipperId: $s, hazmatAllowed: true, trackingRequired: true}) { name hazmatAllowed shipper { name } } }',
      { s: shipper.data!.createShipper.id },
    );
    expect(method.data!.createShippingMethod).toEqual({
      name: 'Gefahrgut',
      hazmatAllowed: true,
      shipper: { name: 'DB Schenker' },
    });
    const inUse = await graphql(boss, 'mutation($id: ID!) { deleteShipper(id: $id) { id } }', {
      id: shipper.data!.createShipper.id,
    });
    expect(inUse.errors![0]!.extensions!.reason).toBe('in-use');
  });
});

describe('roles and users', () => {
  const CREATE_ROLE =
    'mutation($i: RoleInput!) { createRole(input: $i) { id name permissions version } }';
  const CREATE_USER =
    'mutation($i: UserInput!) { createUser(input: $i) { id name roles { name } version } }';

  test('nobody grants a permission they do not hold, and unknown permissions are refused', async () => {
    const lead = await staffWith(t, ['role:view', 'role:create', 'order:view']);
    const beyond = await graphql(lead.browser, CREATE_ROLE, {
      i: { name: 'Mehr', permissions: ['order:view', 'user:delete'] },
    });
    expect(beyond.errors![0]!.extensions!.fieldRules!.permissions![0]!.rule).toBe('privilege');
    const unknown = await graphql(boss, CREATE_ROLE, {
      i: { name: 'Komisch', permissions: ['order:fly'] },
    });
    expect(unknown.errors![0]!.extensions!.fieldRules!.permissions![0]!.rule).toBe('exists');
    const fine = await graphql(lead.browser, CREATE_ROLE, {
      i: { name: 'Versand', permissions: ['order:view'] },
    });
    expect(fine.data!.createRole).toMatchObject({ name: 'Versand', permissions: ['order:view'] });
  });

  test('a role some user holds is deleted only after confirmation', async () => {
    const role = (await graphql(boss, CREATE_ROLE, { i: { name: 'Temporär', permissions: [] } }))
      .data!.createRole;
    await graphql(boss, CREATE_USER, {
      i: {
        name: 'Tim',
        email: 'tim@kontor.test',
        password: 'Zeitweise-Aushilfe-7',
        roleIds: [role.id],
      },
    });
    const unconfirmed = await graphql(boss, 'mutation($id: ID!) { deleteRole(id: $id) { id } }', {
      id: role.id,
    });
    expect(unconfirmed.errors![0]!.extensions!.reason).toBe('in-use');
    const confirmed = await graphql(
      boss,
      'mutation($id: ID!) { deleteRole(id: $id, confirmed: true) { id } }',
      { id: role.id },
    );
    expect(confirmed.errors).toBeUndefined();
  });

  test('a user created with a role logs in with the password and holds exactly its permissions', async () => {
    const role = (
      await graphql(boss, CREATE_ROLE, {
        i: { name: 'Kommissionierer', permissions: ['order:view', 'client:view'] },
      })
    ).data!.createRole;
    const created = await graphql(boss, CREATE_USER, {
      i: {
        name: 'Kim',
        email: 'kim@kontor.test',
        password: 'Kim-pickt-Regal-B4',
        roleIds: [role.id],
      },
    });
    expect(created.data!.createUser).toMatchObject({
      name: 'Kim',
      roles: [{ name: 'Kommissionierer' }],
    });
    const kim = await loggedIn(t.app, 'kim@kontor.test', 'Kim-pickt-Regal-B4');
    const names = (await kim.request({ url: '/spa/me/permissions' }))
      .json()
      .map((p: { name: string }) => p.name);
    expect(names).toEqual(['client:view', 'order:view']);
  });

  test('a new user needs a password of 8 characters and an e-mail nobody has', async () => {
    const answer = await graphql(boss, CREATE_USER, {
      i: { name: 'Ohne', email: 'ADMIN@kontor.test', password: 'kurz', roleIds: [] },
    });
    expect(answer.errors![0]!.extensions!.fieldErrors).toEqual({
      password: ['The password field must be at least 8 characters.'],
    });
    const taken = await graphql(boss, CREATE_USER, {
      i: {
        name: 'Ohne',
        email: 'ADMIN@kontor.test',
        password: 'lang-genug-und-sicher',
        roleIds: [],
      },
    });
    expect(taken.errors![0]!.extensions!.fieldErrors).toEqual({
      email: ['The email has already been taken.'],
    });
  });

  test('a user manager cannot assign a role beyond their own permissions, nor edit or delete a user holding more', async () => {
    const manager = await staffWith(t, ['user:view', 'user:create', 'user:update', 'user:delete']);
    const adminRole = (
      await t.db.query<{ id: number }>("SELECT id FROM roles WHERE name = 'admin'")
    )[0]!.id;
    const before = await administrationSnapshot(t);
    const escalate = await graphql(manager.browser, CREATE_USER, {
      i: {
        name: 'Evil',
        email: 'evil@kontor.test',
        password: 'escalate-to-the-top!',
        roleIds: [String(adminRole)],
      },
    });
    expect(escalate.errors![0]!.extensions!.fieldRules!.roleIds![0]!.rule).toBe('privilege');
    const adminId = (
      await t.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'admin@kontor.test'")
    )[0]!.id;
    const edit = await graphql(
      manager.browser,
      'mutation($id: ID!) { updateUser(id: $id, version: 1, input: {name: "Pwned", email: "admin@kontor.test", roleIds: []}) { id } }',
      { id: adminId },
    );
    expect(edit.errors![0]!.extensions!.reason).toBe('privilege');
    const remove = await graphql(
      manager.browser,
      'mutation($id: ID!) { deleteUser(id: $id) { id } }',
      { id: adminId },
    );
    expect(remove.errors![0]!.extensions!.reason).toBe('privilege');
    const self = await graphql(
      manager.browser,
      'mutation($id: ID!) { deleteUser(id: $id) { id } }',
      { id: manager.id },
    );
    expect(self.errors![0]!.extensions!.reason).toBe('self');
    expect(await administrationSnapshot(t)).toBe(before);
  });

  test('login as: an administrator may act as a user created here, but not as themselves; the user may not act as the administrator', async () => {
    const created = await graphql(boss, CREATE_USER, {
      i: { name: 'Lotte', email: 'lotte@kontor.test', password: 'lotte-lotte', roleIds: [] },
    });
    const id = created.data!.createUser.id;
    const me = (await boss.request({ url: '/user' })).json();
    expect(
      (await boss.request({ method: 'POST', url: `/spa/users/login/as/${me.id}` })).statusCode,
    ).toBe(403);
    const lotte = await loggedIn(t.app, 'lotte@kontor.test', 'lotte-lotte');
    expect(
      (await lotte.request({ method: 'POST', url: `/spa/users/login/as/${me.id}` })).statusCode,
    ).toBe(403);
    const acting = await admin(t.app);
    expect(
      (await acting.request({ method: 'POST', url: `/spa/users/login/as/${id}` })).statusCode,
    ).toBe(204);
    expect((await acting.request({ url: '/user' })).json()).toMatchObject({
      name: 'Lotte',
      impersonator: { name: 'Admin' },
    });
  });

  test("the user list shows each user's roles and finds users by e-mail", async () => {
    const answer = await graphql(
      boss,
      '{ users(page: {search: "packer@"}) { total items { email roles { name } } } }',
    );
    expect(answer.data!.users).toEqual({
      total: 1,
      items: [{ email: 'packer@kontor.test', roles: [{ name: 'packer' }] }],
    });
  });
});
