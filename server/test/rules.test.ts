// Rules the rest of the suite passed even with them broken (issue 17): login-as with a target
// that shares some permissions with the actor, updateRole's grant rule in both directions,
// and a BODY_LIMIT smaller than Fastify's own default.
import { createUser } from '../src/users/users';
import { administrationSnapshot, admin, graphql, staffWith } from './graphql-support';
import { loggedIn, startTestApp, type Browser, type TestApp } from './helpers';

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterAll(() => t.close());

describe('login as another user', () => {
  test('a target holding a permission the actor lacks is refused even when they share others', async () => {
    const actor = await staffWith(t, ['user:impersonate', 'user:view']);
    const target = await staffWith(t, ['user:view', 'role:update']);
    const sessionsBefore = await t.db.query('SELECT id, user_id FROM sessions ORDER BY id');

    const response = await actor.browser.request({
      method: 'POST',
      url: `/spa/users/login/as/${target.id}`,
    });
    expect(response.statusCode).toBe(403);
    expect((await actor.browser.request({ url: '/user' })).json()).toMatchObject({
      id: actor.id,
      email: actor.email,
      impersonator: null,
    });
    expect(await t.db.query('SELECT id, user_id FROM sessions ORDER BY id')).toEqual(
      sessionsBefore,
    );
  });
});

describe("updateRole: nobody hands out or takes away permissions they don't hold", () => {
  const CREATE_ROLE = 'mutation($i: RoleInput!) { createRole(input: $i) { id version } }';
  const UPDATE_ROLE =
    'mutation($id: ID!, $v: Int!, $i: RoleInput!) { updateRole(id: $id, version: $v, input: $i) { id permissions } }';
  const roleNow = (id: string) =>
    graphql(boss, 'query($id: ID!) { role(id: $id) { name permissions version } }', { id });

  async function roleOfBoss(name: string, permissions: string[]) {
    const answer = await graphql(boss, CREATE_ROLE, { i: { name, permissions } });
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!.createRole as { id: string; version: number };
  }

  test('adding a permission the editor does not hold is refused with the privilege rule and changes nothing', async () => {
    const editor = await staffWith(t, ['role:view', 'role:update', 'order:view']);
    const role = await roleOfBoss('Packtisch', ['order:view']);
    const before = await administrationSnapshot(t);

    const answer = await graphql(editor.browser, UPDATE_ROLE, {
      id: role.id,
      v: role.version,
      i: { name: 'Packtisch', permissions: ['order:view', 'user:delete'] },
    });
    expect(answer.errors![0]!.extensions!.fieldRules!.permissions![0]!.rule).toBe('privilege');
    expect(await administrationSnapshot(t)).toBe(before);
    expect((await roleNow(role.id)).data!.role).toMatchObject({
      permissions: ['order:view'],
      version: role.version,
    });
  });

  test('editing a role that holds a permission the editor lacks is refused with privilege, even to remove it, and changes nothing', async () => {
    const editor = await staffWith(t, ['role:view', 'role:update', 'order:view']);
    const role = await roleOfBoss('Versandleitung', ['order:view', 'user:delete']);
    const before = await administrationSnapshot(t);

    // Only order:view is asked for, which the editor holds: the role's present user:delete refuses it.
    const answer = await graphql(editor.browser, UPDATE_ROLE, {
      id: role.id,
      v: role.version,
      i: { name: 'Versand', permissions: ['order:view'] },
    });
    expect(answer.errors![0]!.extensions!.reason).toBe('privilege');
    expect(await administrationSnapshot(t)).toBe(before);
    expect((await roleNow(role.id)).data!.role).toMatchObject({
      name: 'Versandleitung',
      permissions: ['order:view', 'user:delete'],
    });
  });
});

describe('BODY_LIMIT', () => {
  test('a limit below the default is honoured: a body over it gets 413 and changes nothing, one under it is saved', async () => {
    const small = await t.variant({ bodyLimit: 2048 });
    const email = `limit-${process.pid}@kontor.test`;
    await createUser(t.db, { name: 'Limit', email, password: 'secret-password' });
    const browser = await loggedIn(small, email, 'secret-password');
    // Valid JSON padded with whitespace to an exact size: only the size differs.
    const body = (name: string, bytes: number) => {
      const json = JSON.stringify({ name, email });
      return `{${' '.repeat(bytes - json.length)}${json.slice(1)}`;
    };
    const put = (payload: string) =>
      browser.request({
        method: 'PUT',
        url: '/user',
        payload,
        headers: { 'content-type': 'application/json' },
      });

    const over = await put(body('Too big', 4096));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: 'The request body is too large.' });
    expect((await browser.request({ url: '/user' })).json().name).toBe('Limit');

    const under = await put(body('Fits', 1900));
    expect(under.statusCode).toBe(200);
    expect((await browser.request({ url: '/user' })).json().name).toBe('Fits');
  });
});
