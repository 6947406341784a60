import { createUser } from '../src/users/users';
import { admin, graphql, type GraphqlAnswer } from './graphql-support';
import { Browser, loggedIn, startTestApp, type TestApp } from './helpers';

// Issue 8: common, breached-list and context passwords are refused wherever a password is set
// (PUT /user, the administration's createUser / updateUser), with the reason on the password
// field; and a new login e-mail needs the current password, checked before anything about the
// address is told.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let counter = 0;
/** A fresh user, logged in, with a strong password. */
async function someone() {
  counter += 1;
  const email = `picker${counter}@kontor.test`;
  const name = `Paula Picker ${counter}`;
  const password = `Rollwagen-${counter}-Tiefkühl-Ost`;
  const user = await createUser(t.db, { name, email, password });
  const browser = await loggedIn(t.app, email, password, `192.0.2.${counter}`);
  return { ...user, password, browser };
}

/** Whether a fresh browser logs in with these credentials. */
async function logsIn(email: string, password: string): Promise<boolean> {
  counter += 1;
  const browser = new Browser(t.app, `198.51.100.${counter}`);
  return (await browser.login(email, password)).statusCode === 204;
}

const WEAK = /^The password is too easy to guess\. \S/;

describe('PUT /user refuses a guessable new password', () => {
  test.each([
    ['on the breached-password list', 'password123', /commonly used password/],
    ['a German common password', 'Passwort123', /similar to a commonly used password/],
    ['a keyboard row', 'qwertzuiop', /rows of keys/],
    ['a repeated pattern', 'abcabcabcabc', /Repeated character patterns/],
    ['made of the own name', 'PaulaPicker', /personal/],
  ])('%s (%s): 422 with the reason on password, the old password stays', async (_, weak, why) => {
    const user = await someone();
    const response = await user.browser.request({
      method: 'PUT',
      url: '/user',
      payload: {
        name: user.name,
        email: user.email,
        current_password: user.password,
        password: weak,
        password_confirmation: weak,
      },
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(Object.keys(errors)).toEqual(['password']);
    expect(errors.password).toHaveLength(1);
    expect(errors.password[0]).toMatch(WEAK);
    expect(errors.password[0]).toMatch(why);
    expect(await logsIn(user.email, weak)).toBe(false);
    expect(await logsIn(user.email, user.password)).toBe(true);
  });

  test('a passphrase is taken', async () => {
    const user = await someone();
    const response = await user.browser.request({
      method: 'PUT',
      url: '/user',
      payload: {
        name: user.name,
        email: user.email,
        current_password: user.password,
        password: 'winter-ist-kalt-am-tor',
        password_confirmation: 'winter-ist-kalt-am-tor',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await logsIn(user.email, 'winter-ist-kalt-am-tor')).toBe(true);
  });
});

/** PUT /user with a new e-mail address (and the current password, if given). */
const change = (user: { name: string }, email: string, currentPassword?: string) => ({
  method: 'PUT',
  url: '/user',
  payload: { name: user.name, email, current_password: currentPassword },
});

describe('a new login e-mail needs the current password', () => {
  test('without it: 422 on current_password, and the address stays', async () => {
    const user = await someone();
    const response = await user.browser.request(change(user, `new-${user.email}`));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      current_password: ['The current password field is required.'],
    });
    expect((await user.browser.request({ url: '/user' })).json().email).toBe(user.email);
  });

  test('with a wrong one the answer is the same whether the address is taken or free', async () => {
    const user = await someone();
    const taken = await user.browser.request(change(user, 'ADMIN@kontor.test', 'wrong'));
    const free = await user.browser.request(change(user, `free-${user.email}`, 'wrong'));
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: 'The password is incorrect.',
      errors: { current_password: ['The password is incorrect.'] },
    });
    expect(free.statusCode).toBe(taken.statusCode);
    expect(free.body).toBe(taken.body);
    const noPassword = await user.browser.request(change(user, 'ADMIN@kontor.test'));
    expect(noPassword.json().errors).toEqual({
      current_password: ['The current password field is required.'],
    });
  });

  test('with the right one: a taken address is told, a free one is taken and logs in', async () => {
    const user = await someone();
    const taken = await user.browser.request(change(user, 'ADMIN@kontor.test', user.password));
    expect(taken.json().errors).toEqual({ email: ['The email has already been taken.'] });
    const moved = `moved-${user.email}`;
    const response = await user.browser.request(change(user, moved, user.password));
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(moved);
    expect(await logsIn(moved, user.password)).toBe(true);
  });

  test('a name change alone, or the same address in other letter case, needs no password', async () => {
    const user = await someone();
    const response = await user.browser.request(change(user, user.email.toUpperCase()));
    expect(response.statusCode).toBe(200);
    const renamed = await user.browser.request({
      method: 'PUT',
      url: '/user',
      payload: { name: 'Paula P.', email: user.email },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Paula P.');
  });
});

describe('the administration refuses guessable passwords (BAD_USER_INPUT on password)', () => {
  const CREATE = 'mutation($i: UserInput!) { createUser(input: $i) { id version } }';
  const UPDATE =
    'mutation($id: ID!, $v: Int!, $i: UserInput!) { updateUser(id: $id, version: $v, input: $i) { id version } }';

  function expectWeak(answer: GraphqlAnswer) {
    expect(answer.data?.createUser ?? answer.data?.updateUser ?? null).toBeNull();
    const extensions = answer.errors![0]!.extensions!;
    expect(extensions.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(extensions.fieldErrors!)).toEqual(['password']);
    expect(extensions.fieldErrors!.password![0]).toMatch(WEAK);
    expect(extensions.fieldRules!.password![0]!.rule).toBe('weakPassword');
  }

  test('creating a user with a common password creates nobody', async () => {
    const boss = await admin(t.app);
    const answer = await graphql(boss, CREATE, {
      i: { name: 'Tom', email: 'tom@kontor.test', password: 'iloveyou', roleIds: [] },
    });
    expectWeak(answer);
    expect(answer.errors![0]!.extensions!.fieldErrors!.password![0]).toMatch(/frequently used/);
    const rows = await t.db.query("SELECT 1 FROM users WHERE email = 'tom@kontor.test'");
    expect(rows).toHaveLength(0);

    const strong = await graphql(boss, CREATE, {
      i: {
        name: 'Tom',
        email: 'tom@kontor.test',
        password: 'Gabelstapler-fährt-rückwärts',
        roleIds: [],
      },
    });
    expect(strong.errors).toBeUndefined();
    expect(await logsIn('tom@kontor.test', 'Gabelstapler-fährt-rückwärts')).toBe(true);
  });

  test("resetting a user's password to the user's own name changes nothing and ends no session", async () => {
    const boss = await admin(t.app);
    const user = await someone();
    const answer = await graphql(boss, UPDATE, {
      id: user.id,
      v: 1,
      i: { name: user.name, email: user.email, password: 'PaulaPicker', roleIds: [] },
    });
    expectWeak(answer);
    expect((await user.browser.request({ url: '/user' })).statusCode).toBe(200);
    expect(await logsIn(user.email, user.password)).toBe(true);
    const [row] = await t.db.query<{ version: number }>('SELECT version FROM users WHERE id = $1', [
      user.id,
    ]);
    expect(row!.version).toBe(1);
  });
});
