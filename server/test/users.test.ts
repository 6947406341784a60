import { PERMISSIONS } from '@kontor/contracts';
import { notify } from '../src/notifications/notifications';
import { assignRole, createRole } from '../src/users/permissions';
import { createUser } from '../src/users/users';
import { Browser, loggedIn, startTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function userId(email: string): Promise<number> {
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return row!.id;
}

let unique = 0;
/** Creates a user holding a new role with exactly these permissions. */
async function userWith(permissions: string[], password = 'secret-password') {
  unique += 1;
  const email = `user${unique}@kontor.test`;
  const user = await createUser(t.db, { name: `User ${unique}`, email, password });
  if (permissions.length > 0)
    await assignRole(t.db, user.id, await createRole(t.db, `role-${unique}`, permissions));
  return { ...user, password, browser: () => loggedIn(t.app, email, password) };
}

describe('GET /user', () => {
  test('returns id, name, email, unread notifications newest first and no impersonator', async () => {
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    const body = (await admin.request({ url: '/user' })).json();
    expect(body).toMatchObject({
      id: await userId('admin@kontor.test'),
      name: 'Admin',
      email: 'admin@kontor.test',
      impersonator: null,
    });
    expect(body.notifications[0]).toMatchObject({
      type: 'message',
      // Worded by the shell in the reader's language (the English wording is the fallback).
      message: 'Welcome to Kontor',
      data: { message: 'Welcome to Kontor', text: { key: 'notification.welcome' } },
      read_at: null,
    });
    expect(body.notifications[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(body.notifications[0]).sort()).toEqual([
      'created_at',
      'data',
      'id',
      'message',
      'read_at',
      'type',
    ]);
  });

  test('lists the newest notification first', async () => {
    const someone = await userWith([]);
    await notify(t.db, someone.id, 'first');
    await t.db.query(
      `UPDATE notifications SET created_at = now() - interval '1 minute' WHERE user_id = $1`,
      [someone.id],
    );
    await notify(t.db, someone.id, 'second', { orderId: 7 });
    const body = (await (await someone.browser()).request({ url: '/user' })).json();
    expect(body.notifications.map((n: { message: string }) => n.message)).toEqual([
      'second',
      'first',
    ]);
    expect(body.notifications[0].data).toEqual({ message: 'second', orderId: 7 });
  });
});

describe('GET /spa/me/permissions', () => {
  test('admin holds every permission, sorted, as {name} objects', async () => {
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    const body = (await admin.request({ url: '/spa/me/permissions' })).json();
    const names = body.map((p: { name: string }) => p.name);
    expect(names).toHaveLength(PERMISSIONS.length);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(
      expect.arrayContaining(['administrate', 'user:impersonate', 'order:view', 'shipping:update']),
    );
    expect(body[0]).toEqual({ name: names[0] });
  });

  test('the packer holds order:view and order:create only', async () => {
    const packer = await loggedIn(t.app, 'packer@kontor.test', 'packer');
    expect((await packer.request({ url: '/spa/me/permissions' })).json()).toEqual([
      { name: 'order:create' },
      { name: 'order:view' },
    ]);
  });

  test('the guest holds none', async () => {
    const guest = await loggedIn(t.app, 'guest@kontor.test', 'guest');
    expect((await guest.request({ url: '/spa/me/permissions' })).json()).toEqual([]);
  });
});

describe('PATCH /spa/notifications/:id/read', () => {
  test('marks your own notification read and returns it with read_at; it leaves the unread list', async () => {
    const someone = await userWith([]);
    const notification = await notify(t.db, someone.id, 'Lieferung angekommen');
    const browser = await someone.browser();
    const response = await browser.request({
      method: 'PATCH',
      url: `/spa/notifications/${notification.id}/read`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: notification.id, message: 'Lieferung angekommen' });
    expect(new Date(body.read_at).getTime()).toBeGreaterThan(0);
    expect((await browser.request({ url: '/user' })).json().notifications).toEqual([]);

    // Reading it again keeps the first read time.
    const again = await browser.request({
      method: 'PATCH',
      url: `/spa/notifications/${notification.id}/read`,
    });
    expect(again.json().read_at).toBe(body.read_at);
  });

  test("someone else's notification is 404 and stays unread", async () => {
    const owner = await userWith([]);
    const notification = await notify(t.db, owner.id, 'private');
    const other = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    const response = await other.request({
      method: 'PATCH',
      url: `/spa/notifications/${notification.id}/read`,
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.db.query<{ read_at: Date | null }>(
      'SELECT read_at FROM notifications WHERE id = $1',
      [notification.id],
    );
    expect(row!.read_at).toBeNull();
  });

  test('an unknown or malformed id is 404, not 500', async () => {
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"]) {
      const response = await admin.request({
        method: 'PATCH',
        url: `/spa/notifications/${encodeURIComponent(id)}/read`,
      });
      expect(response.statusCode).toBe(404);
    }
  });

  test('logged out is 401', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    const response = await browser.request({
      method: 'PATCH',
      url: '/spa/notifications/00000000-0000-4000-8000-000000000000/read',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /user', () => {
  test('missing and malformed fields get 422 per field', async () => {
    const someone = await userWith([]);
    const browser = await someone.browser();
    const empty = await browser.request({
      method: 'PUT',
      url: '/user',
      payload: { name: ' ', email: 'nope' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email field must be a valid email address.'],
    });
  });

  test('an address another user has (in any case) is taken', async () => {
    const someone = await userWith([]);
    const browser = await someone.browser();
    const response = await browser.request({
      method: 'PUT',
      url: '/user',
      // A new e-mail needs the current password (issue 8: security-passwords.test.ts).
      payload: { name: 'X', email: 'ADMIN@kontor.test', current_password: someone.password },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  test('a password change needs the current password, at least 8 characters and a matching confirmation', async () => {
    const someone = await userWith([]);
    const browser = await someone.browser();
    const base = { name: someone.name, email: someone.email };
    const noCurrent = await browser.request({
      method: 'PUT',
      url: '/user',
      payload: { ...base, password: 'new-password', password_confirmation: 'new-password' },
    });
    expect(noCurrent.json().errors).toEqual({
      current_password: ['The current password field is required.'],
    });
    const short = await browser.request({
      method: 'PUT',
      url: '/user',
      payload: {
        ...base,
        current_password: someone.password,
        password: 'short',
        password_confirmation: 'short',
      },
    });
    expect(short.json().errors).toEqual({
      password: ['The password field must be at least 8 characters.'],
    });
    const mismatch = await browser.request({
      method: 'PUT',
      url: '/user',
      payload: {
        ...base,
        current_password: someone.password,
        password: 'new-password',
        password_confirmation: 'other',
      },
    });
    expect(mismatch.json().errors).toEqual({
      password: ['The password field confirmation does not match.'],
    });
    const wrongCurrent = await browser.request({
      method: 'PUT',
      url: '/user',
      payload: {
        ...base,
        current_password: 'wrong',
        password: 'new-password',
        password_confirmation: 'new-password',
      },
    });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json().errors).toEqual({
      current_password: ['The password is incorrect.'],
    });
  });

  test('name and email change (with the current password); empty new password fields leave the password alone', async () => {
    const someone = await userWith([]);
    const browser = await someone.browser();
    const response = await browser.request({
      method: 'PUT',
      url: '/user',
      payload: {
        name: '  Neue Name ',
        email: `renamed${someone.id}@kontor.test`,
        current_password: someone.password,
        password: '',
        password_confirmation: '',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: someone.id,
      name: 'Neue Name',
      email: `renamed${someone.id}@kontor.test`,
    });
    expect(
      (await new Browser(t.app).login(`renamed${someone.id}@kontor.test`, someone.password))
        .statusCode,
    ).toBe(204);
  });

  test('a new password works, the old one no longer does, and other sessions end', async () => {
    const someone = await userWith([]);
    const browser = await someone.browser();
    const elsewhere = await someone.browser();
    const response = await browser.request({
      method: 'PUT',
      url: '/user',
      payload: {
        name: someone.name,
        email: someone.email,
        current_password: someone.password,
        password: 'Rollwagen-Tiefkühl-Ost',
        password_confirmation: 'Rollwagen-Tiefkühl-Ost',
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await browser.request({ url: '/user' })).statusCode).toBe(200);
    expect((await elsewhere.request({ url: '/user' })).statusCode).toBe(401);
    expect(
      (await new Browser(t.app, '192.0.2.99').login(someone.email, someone.password)).statusCode,
    ).toBe(422);
    expect(
      (await new Browser(t.app, '192.0.2.99').login(someone.email, 'Rollwagen-Tiefkühl-Ost'))
        .statusCode,
    ).toBe(204);
  });
});

describe('login as another user', () => {
  test('without user:impersonate it is 403', async () => {
    const packer = await loggedIn(t.app, 'packer@kontor.test', 'packer');
    const response = await packer.request({
      method: 'POST',
      url: `/spa/users/login/as/${await userId('guest@kontor.test')}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
    expect((await packer.request({ url: '/user' })).json().email).toBe('packer@kontor.test');
  });

  test('logged out it is 401', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    expect(
      (await browser.request({ method: 'POST', url: '/spa/users/login/as/1' })).statusCode,
    ).toBe(401);
  });

  test('yourself is refused', async () => {
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    const response = await admin.request({
      method: 'POST',
      url: `/spa/users/login/as/${await userId('admin@kontor.test')}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You cannot log in as yourself.');
  });

  test('an unknown user is 404', async () => {
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    for (const id of ['999999', 'abc', '99999999999999']) {
      expect(
        (await admin.request({ method: 'POST', url: `/spa/users/login/as/${id}` })).statusCode,
      ).toBe(404);
    }
  });

  test('a target holding a permission you lack is refused', async () => {
    const support = await userWith(['user:impersonate', 'user:view']);
    const browser = await support.browser();
    const response = await browser.request({
      method: 'POST',
      url: `/spa/users/login/as/${await userId('packer@kontor.test')}`,
    });
    expect(response.statusCode).toBe(403);
    expect((await browser.request({ url: '/user' })).json().email).toBe(support.email);
    const lesser = await userWith(['user:view']);
    expect(
      (await browser.request({ method: 'POST', url: `/spa/users/login/as/${lesser.id}` }))
        .statusCode,
    ).toBe(204);
  });

  test('the admin becomes the packer with a new session, it is recorded, and leaving goes back', async () => {
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    const adminId = await userId('admin@kontor.test');
    const packerId = await userId('packer@kontor.test');
    const before = admin.cookies.get('kontor_session')!;

    const response = await admin.request({
      method: 'POST',
      url: `/spa/users/login/as/${packerId}`,
    });
    expect(response.statusCode).toBe(204);
    expect(admin.cookies.get('kontor_session')).not.toBe(before);
    const user = (await admin.request({ url: '/user' })).json();
    expect(user).toMatchObject({
      id: packerId,
      email: 'packer@kontor.test',
      impersonator: { id: adminId, name: 'Admin' },
    });
    expect((await admin.request({ url: '/spa/me/permissions' })).json()).toEqual([
      { name: 'order:create' },
      { name: 'order:view' },
    ]);

    const audit = await t.db.query<{ user_id: number; subject_id: number }>(
      `SELECT user_id, subject_id FROM audit_log WHERE action = 'impersonate' AND subject_id = $1`,
      [packerId],
    );
    expect(audit).toContainEqual({ user_id: adminId, subject_id: packerId });

    const old = new Browser(t.app);
    old.cookies.set('kontor_session', before);
    expect((await old.request({ url: '/user' })).statusCode).toBe(401);

    expect(
      (await admin.request({ method: 'POST', url: '/spa/users/login/as/leave' })).statusCode,
    ).toBe(204);
    expect((await admin.request({ url: '/user' })).json()).toMatchObject({
      id: adminId,
      impersonator: null,
    });
    expect(
      (await admin.request({ method: 'POST', url: '/spa/users/login/as/leave' })).statusCode,
    ).toBe(409);
  });
});
