// Issue 8, the session items: ending a user's sessions ends every session acting as them
// (and says so), sessions have an absolute lifetime, users see and end their sessions,
// a chain of logins-as never impersonates itself, visitors write no rows (a scheduled
// sweep removes expired ones), and secure cookies carry the __Host- prefix.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app';
import { onSessionsEnded } from '../src/auth/session-events';
import { sessionIdOf } from '../src/auth/sessions';
import { loadConfig, testConfig } from '../src/config';
import { assignRole, createRole } from '../src/users/permissions';
import { createUser } from '../src/users/users';
import { graphql } from './graphql-support';
import { Browser, loggedIn, startTestApp, type TestApp } from './helpers';

let t: TestApp;
/** Every session id announced as ended, in order. */
let ended: string[] = [];
let detach: () => void;
beforeAll(async () => {
  t = await startTestApp();
  detach = onSessionsEnded(t.db, (ids) => ended.push(...ids));
});
afterAll(async () => {
  detach();
  await t.close();
});
beforeEach(() => {
  ended = [];
});

const APP_KEY = testConfig().appKey;
const STRONG_PASSWORD = 'Tq7#vLp2-Xw9!zRm-Kontor';

let unique = 0;
/** A new user holding a new role with exactly these permissions, and a way to log in. */
async function userWith(permissions: string[]) {
  unique += 1;
  const email = `session-user${unique}@kontor.test`;
  const password = 'secret-password';
  const user = await createUser(t.db, { name: `Session User ${unique}`, email, password });
  if (permissions.length > 0)
    await assignRole(t.db, user.id, await createRole(t.db, `session-role-${unique}`, permissions));
  return {
    ...user,
    password,
    login: (ip?: string) => loggedIn(t.app, email, password, ip),
  };
}

/** The database id (token hash) of a browser's session cookie. */
const sessionIdIn = (browser: Browser, name = 'kontor_session') =>
  sessionIdOf(decodeURIComponent(browser.cookies.get(name)!));

async function countSessions(): Promise<number> {
  const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
  return row!.n;
}

/** POST /login as the demo guest with the browser's cookies and XSRF token. */
const loginAsGuest = (browser: Browser) =>
  browser.request({
    method: 'POST',
    url: '/login',
    payload: { email: 'guest@kontor.test', password: 'guest' },
  });

const status = async (browser: Browser, url = '/user') =>
  (await browser.request({ url })).statusCode;

describe('ending a user’s sessions ends every session that acts as them', () => {
  test('an administrator’s password reset ends the user’s own sessions, their logins-as and those acting as them', async () => {
    const target = await userWith(['order:view', 'user:impersonate']);
    const own = await target.login();
    // The user, logged in as someone else: the row holds the user only as impersonator_id.
    const theirLoginAs = await target.login();
    const lesser = await userWith(['order:view']);
    expect(
      (await theirLoginAs.request({ method: 'POST', url: `/spa/users/login/as/${lesser.id}` }))
        .statusCode,
    ).toBe(204);
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    const actingAs = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    expect(
      (await actingAs.request({ method: 'POST', url: `/spa/users/login/as/${target.id}` }))
        .statusCode,
    ).toBe(204);
    expect((await actingAs.request({ url: '/user' })).json().id).toBe(target.id);
    const roles = await t.db.query<{ role_id: number }>(
      'SELECT role_id FROM user_roles WHERE user_id = $1',
      [target.id],
    );

    const reset = await graphql(
      admin,
      'mutation($id: ID!, $input: UserInput!) { updateUser(id: $id, version: 1, input: $input) { id } }',
      {
        id: String(target.id),
        input: {
          name: target.name,
          email: target.email,
          password: STRONG_PASSWORD,
          roleIds: roles.map((role) => String(role.role_id)),
        },
      },
    );
    expect(reset.errors).toBeUndefined();

    expect(await status(own)).toBe(401);
    expect(await status(theirLoginAs)).toBe(401);
    expect(await status(actingAs)).toBe(401);
    expect(await status(admin)).toBe(200);
    expect(ended).toEqual(
      expect.arrayContaining([sessionIdIn(own), sessionIdIn(theirLoginAs), sessionIdIn(actingAs)]),
    );
  });

  test('changing one’s own password ends the other sessions (a login-as acting as them too) and announces them; this one stays', async () => {
    const user = await userWith(['order:view']);
    const here = await user.login();
    const elsewhere = await user.login('203.0.113.77');
    const actingAs = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    await actingAs.request({ method: 'POST', url: `/spa/users/login/as/${user.id}` });
    ended = [];
    const change = await here.request({
      method: 'PUT',
      url: '/user',
      payload: {
        name: user.name,
        email: user.email,
        current_password: user.password,
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
      },
    });
    expect(change.statusCode).toBe(200);
    expect(await status(here)).toBe(200);
    expect(await status(elsewhere)).toBe(401);
    expect(await status(actingAs)).toBe(401);
    expect(ended.sort()).toEqual([sessionIdIn(elsewhere), sessionIdIn(actingAs)].sort());
  });

  test('deleting a user ends (and announces) every session acting as them', async () => {
    const user = await userWith(['order:view']);
    const own = await user.login();
    const actingAs = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    await actingAs.request({ method: 'POST', url: `/spa/users/login/as/${user.id}` });
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    ended = [];
    const deleted = await graphql(admin, 'mutation($id: ID!) { deleteUser(id: $id) { id } }', {
      id: String(user.id),
    });
    expect(deleted.errors).toBeUndefined();
    expect(await status(own)).toBe(401);
    expect(await status(actingAs)).toBe(401);
    expect(ended.sort()).toEqual([sessionIdIn(own), sessionIdIn(actingAs)].sort());
  });

  test('logout, a new login and a login-as announce the session they replace', async () => {
    const browser = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    const first = sessionIdIn(browser);
    await browser.request({
      method: 'POST',
      url: `/spa/users/login/as/${(await userWith([])).id}`,
    });
    const second = sessionIdIn(browser);
    expect(await browser.login('admin@kontor.test', 'admin')).toMatchObject({ statusCode: 204 });
    const third = sessionIdIn(browser);
    await browser.request({ method: 'POST', url: '/logout' });
    expect(ended).toEqual([first, second, third]);
  });
});

describe('sessions have an absolute lifetime', () => {
  /** Moves a session's login back in time, with activity a moment ago (so it is not idle). */
  async function loggedInAgo(browser: Browser, interval: string) {
    await t.db.query(
      `UPDATE sessions SET created_at = now() - $2::interval, last_activity = now() - interval '2 minutes'
       WHERE id = $1`,
      [sessionIdIn(browser), interval],
    );
  }

  test('an active session ends 12 hours after login, and activity never moves its end past that', async () => {
    const user = await userWith([]);
    const young = await user.login();
    await loggedInAgo(young, '11 hours 30 minutes');
    expect(await status(young)).toBe(200);
    const [row] = await t.db.query<{ left_minutes: number }>(
      `SELECT extract(epoch FROM expires_at - now()) / 60 AS left_minutes FROM sessions WHERE id = $1`,
      [sessionIdIn(young)],
    );
    expect(Number(row!.left_minutes)).toBeLessThanOrEqual(30.1);

    const old = await user.login();
    await loggedInAgo(old, '12 hours 1 minute');
    expect(await status(old)).toBe(401);
  });

  test('a remembered session ends 30 days after login, however active', async () => {
    const user = await userWith([]);
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    await browser.request({
      method: 'POST',
      url: '/login',
      payload: { email: user.email, password: user.password, remember: true },
    });
    await loggedInAgo(browser, '29 days');
    expect(await status(browser)).toBe(200);
    await loggedInAgo(browser, '30 days 1 minute');
    expect(await status(browser)).toBe(401);
  });

  test('SESSION_ABSOLUTE_LIFETIME sets the hours (and applies to sessions already running)', async () => {
    const strict = await t.variant({ sessionAbsoluteLifetimeHours: 1 });
    const user = await userWith([]);
    const browser = await user.login();
    await loggedInAgo(browser, '90 minutes');
    const onStrict = new Browser(strict);
    onStrict.cookies.set('kontor_session', browser.cookies.get('kontor_session')!);
    expect(await status(onStrict)).toBe(401);
    expect(await status(browser)).toBe(200);

    const cwd = mkdtempSync(path.join(os.tmpdir(), 'kontor-sessions-'));
    try {
      expect(loadConfig({}, cwd)).toMatchObject({
        sessionAbsoluteLifetimeHours: 12,
        sessionRememberDays: 30,
      });
      expect(
        loadConfig({ SESSION_ABSOLUTE_LIFETIME: '8', SESSION_REMEMBER_LIFETIME: '7' }, cwd),
      ).toMatchObject({ sessionAbsoluteLifetimeHours: 8, sessionRememberDays: 7 });
      expect(() => loadConfig({ SESSION_ABSOLUTE_LIFETIME: '0' }, cwd)).toThrow(
        /SESSION_ABSOLUTE_LIFETIME/,
      );
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  test('logging in as someone and leaving again does not start the clock anew', async () => {
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    await loggedInAgo(admin, '11 hours 58 minutes');
    const target = await userWith([]);
    await admin.request({ method: 'POST', url: `/spa/users/login/as/${target.id}` });
    expect((await admin.request({ url: '/user' })).json().id).toBe(target.id);
    await loggedInAgo(admin, '12 hours 1 minute'); // as if 3 more minutes had passed
    expect(await status(admin)).toBe(401);

    const again = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    await loggedInAgo(again, '11 hours 58 minutes');
    await again.request({ method: 'POST', url: `/spa/users/login/as/${target.id}` });
    await again.request({ method: 'POST', url: '/spa/users/login/as/leave' });
    const [row] = await t.db.query<{ hours: number }>(
      'SELECT extract(epoch FROM now() - created_at) / 3600 AS hours FROM sessions WHERE id = $1',
      [sessionIdIn(again)],
    );
    expect(Number(row!.hours)).toBeGreaterThan(11.9);
  });
});

describe('a user sees and ends their own sessions (GET/DELETE /spa/sessions)', () => {
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1';

  async function loginWith(user: { email: string; password: string }, ip: string, agent: string) {
    const browser = new Browser(t.app, ip);
    await browser.request({ url: '/sanctum/csrf-cookie', headers: { 'user-agent': agent } });
    const response = await browser.request({
      method: 'POST',
      url: '/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': agent },
    });
    expect(response.statusCode).toBe(204);
    return browser;
  }

  test('the list shows device, address, last activity and which one is this device — never a token or its hash', async () => {
    const user = await userWith([]);
    const desk = await loginWith(user, '203.0.113.21', FIREFOX);
    const phone = await loginWith(user, '203.0.113.22', PHONE);
    await (await userWith([])).login(); // someone else's session is not listed

    const response = await desk.request({ url: '/spa/sessions' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = response.json();
    expect(list).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userAgent: FIREFOX,
        ip: '203.0.113.21',
        lastActivity: expect.any(String),
        loggedInAt: expect.any(String),
        current: true,
        actingAs: null,
      },
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userAgent: PHONE,
        ip: '203.0.113.22',
        lastActivity: expect.any(String),
        loggedInAt: expect.any(String),
        current: false,
        actingAs: null,
      },
    ]);
    expect(Number.isNaN(Date.parse(list[0].lastActivity))).toBe(false);
    for (const browser of [desk, phone]) {
      const token = decodeURIComponent(browser.cookies.get('kontor_session')!);
      expect(response.body).not.toContain(token);
      expect(response.body).not.toContain(sessionIdOf(token));
      expect(response.body).not.toContain(decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!));
    }
    expect((await new Browser(t.app).request({ url: '/spa/sessions' })).statusCode).toBe(401);
  });

  test('a login-as is listed for the one who logged in, with whom it acts as', async () => {
    const target = await userWith([]);
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    await admin.request({ method: 'POST', url: `/spa/users/login/as/${target.id}` });
    const list = (await admin.request({ url: '/spa/sessions' })).json();
    expect(list[0]).toMatchObject({
      current: true,
      actingAs: { id: target.id, name: target.name },
    });
    const own = await target.login();
    const ownList = (await own.request({ url: '/spa/sessions' })).json();
    expect(ownList).toHaveLength(1);
    expect(ownList[0].current).toBe(true);
  });

  test('ending one session by its id logs that device out and nothing else', async () => {
    const user = await userWith([]);
    const desk = await loginWith(user, '203.0.113.31', FIREFOX);
    const phone = await loginWith(user, '203.0.113.32', PHONE);
    const other = await (await userWith([])).login();
    const phoneId = (await desk.request({ url: '/spa/sessions' })).json()[1].id;
    const othersId = (await other.request({ url: '/spa/sessions' })).json()[0].id;

    // Someone else's session is not found, and keeps working.
    const foreign = await desk.request({ method: 'DELETE', url: `/spa/sessions/${othersId}` });
    expect(foreign.statusCode).toBe(404);
    expect(await status(other)).toBe(200);
    // Not a public id: 404, not a server error; without the CSRF header: 419.
    for (const bad of ['nonsense', sessionIdIn(phone), '00000000-0000-0000-0000-00000000000g']) {
      expect(
        (await desk.request({ method: 'DELETE', url: `/spa/sessions/${bad}` })).statusCode,
      ).toBe(404);
    }
    expect(
      (await desk.request({ method: 'DELETE', url: `/spa/sessions/${phoneId}`, csrf: false }))
        .statusCode,
    ).toBe(419);
    expect(await status(phone)).toBe(200);
    expect(ended).toEqual([]);

    const response = await desk.request({ method: 'DELETE', url: `/spa/sessions/${phoneId}` });
    expect(response.statusCode).toBe(204);
    expect(await status(phone)).toBe(401);
    expect(await status(desk)).toBe(200);
    expect(ended).toEqual([sessionIdIn(phone)]);
    expect(
      (await desk.request({ method: 'DELETE', url: `/spa/sessions/${phoneId}` })).statusCode,
    ).toBe(404);

    const mine = (await desk.request({ url: '/spa/sessions' })).json()[0].id;
    const self = await desk.request({ method: 'DELETE', url: `/spa/sessions/${mine}` });
    expect(self.statusCode).toBe(409);
    expect(await status(desk)).toBe(200);
  });

  test('ending all other sessions keeps this one', async () => {
    const user = await userWith([]);
    const here = await user.login('203.0.113.41');
    const others = [await user.login('203.0.113.42'), await user.login('203.0.113.43')];
    const bystander = await (await userWith([])).login();
    const response = await here.request({ method: 'DELETE', url: '/spa/sessions' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect(await status(here)).toBe(200);
    for (const browser of others) expect(await status(browser)).toBe(401);
    expect(await status(bystander)).toBe(200);
    expect(ended.sort()).toEqual(others.map((browser) => sessionIdIn(browser)).sort());
    expect((await here.request({ url: '/spa/sessions' })).json()).toHaveLength(1);
  });
});

describe('a chain of logins-as never ends in a session that impersonates itself', () => {
  test('acting as B, the original user A cannot log in as A', async () => {
    const first = await userWith(['user:impersonate', 'user:view']);
    const second = await userWith(['user:impersonate', 'user:view']);
    const browser = await first.login();
    expect(
      (await browser.request({ method: 'POST', url: `/spa/users/login/as/${second.id}` }))
        .statusCode,
    ).toBe(204);
    const back = await browser.request({ method: 'POST', url: `/spa/users/login/as/${first.id}` });
    expect(back.statusCode).toBe(403);
    expect(back.json()).toEqual({
      message: 'You cannot log in as yourself.',
      text: { key: 'users.impersonateSelf' },
    });
    expect((await browser.request({ url: '/user' })).json()).toMatchObject({
      id: second.id,
      impersonator: { id: first.id },
    });
    // Onward to a third user is fine, and still remembers the original.
    const third = await userWith(['user:view']);
    expect(
      (await browser.request({ method: 'POST', url: `/spa/users/login/as/${third.id}` }))
        .statusCode,
    ).toBe(204);
    expect((await browser.request({ url: '/user' })).json()).toMatchObject({
      id: third.id,
      impersonator: { id: first.id },
    });
  });
});

describe('visitors before login write no rows', () => {
  test('cookie-less calls of /sanctum/csrf-cookie add no session row, and their cookie still logs in', async () => {
    const before = await countSessions();
    const visitors = Array.from({ length: 20 }, () => new Browser(t.app, '198.51.100.200'));
    for (const visitor of visitors) expect((await visitor.csrfCookie()).statusCode).toBe(204);
    expect(await countSessions()).toBe(before);
    const tokens = new Set(visitors.map((visitor) => visitor.cookies.get('XSRF-TOKEN')));
    expect(tokens.size).toBe(20);

    // A visitor's own token logs in (a new session); another visitor's token does not.
    const [one, two] = visitors as [Browser, Browser];
    const crossed = await one.request({
      method: 'POST',
      url: '/login',
      payload: { email: 'guest@kontor.test', password: 'guest' },
      headers: { 'x-xsrf-token': decodeURIComponent(two.cookies.get('XSRF-TOKEN')!) },
    });
    expect(crossed.statusCode).toBe(419);
    expect((await one.login('guest@kontor.test', 'guest')).statusCode).toBe(204);
    expect(await countSessions()).toBe(before + 1);
    expect(await status(one)).toBe(200);
  });

  test('a forged, foreign or expired visitor cookie gets 419', async () => {
    const visitor = new Browser(t.app);
    await visitor.csrfCookie();
    const pass = decodeURIComponent(visitor.cookies.get('kontor_session')!);

    const forged = new Browser(t.app);
    forged.cookies.set('XSRF-TOKEN', visitor.cookies.get('XSRF-TOKEN')!);
    const [, nonce, expiry] = pass.split('.');
    const later = String(Number(expiry) + 365 * 24 * 3600);
    forged.cookies.set('kontor_session', `g.${nonce}.${later}.${pass.split('.')[3]}`);
    expect((await loginAsGuest(forged)).statusCode).toBe(419);

    const foreign = new Browser(await t.variant({ appKey: 'another-key-another-key-another-key' }));
    foreign.cookies.set('kontor_session', visitor.cookies.get('kontor_session')!);
    foreign.cookies.set('XSRF-TOKEN', visitor.cookies.get('XSRF-TOKEN')!);
    expect((await loginAsGuest(foreign)).statusCode).toBe(419);

    const expired = new Browser(t.app);
    const past = `${nonce}.${Math.floor(Date.now() / 1000) - 1}`;
    const mac = (purpose: string, value: string) =>
      createHmac('sha256', APP_KEY).update(`kontor ${purpose}|${value}`).digest('base64url');
    expired.cookies.set('kontor_session', `g.${past}.${mac('guest session', past)}`);
    expired.cookies.set('XSRF-TOKEN', mac('guest csrf', nonce!));
    expect((await loginAsGuest(expired)).statusCode).toBe(419);

    expect((await loginAsGuest(visitor)).statusCode).toBe(204);
  });

  test('asking again renews the visitor cookie with the same token; logging out leaves a visitor cookie, no row', async () => {
    const browser = await loggedIn(t.app, 'guest@kontor.test', 'guest');
    const before = await countSessions();
    await browser.request({ method: 'POST', url: '/logout' });
    expect(await countSessions()).toBe(before - 1);
    const xsrf = browser.cookies.get('XSRF-TOKEN');
    await browser.csrfCookie();
    expect(browser.cookies.get('XSRF-TOKEN')).toBe(xsrf);
    expect(await countSessions()).toBe(before - 1);
  });

  test('a timer sweeps expired sessions and throttle rows (no lottery on requests)', async () => {
    const [packer] = await t.db.query<{ id: number }>(
      `SELECT id FROM users WHERE email = 'packer@kontor.test'`,
    );
    const row = (id: string, created: string, expires: string) =>
      t.db.query(
        `INSERT INTO sessions (id, user_id, csrf_token, created_at, last_activity, expires_at)
         VALUES ($1, $2, 'x', now() - $3::interval, now(), now() + $4::interval)`,
        [id, packer!.id, created, expires],
      );
    await row('sweep-idle', '1 hour', '-1 second');
    await row('sweep-too-old', '13 hours', '1 hour');
    await row('sweep-alive', '1 hour', '1 hour');
    await t.db.query(
      `INSERT INTO login_throttle (key, attempts, reset_at) VALUES
         ('sweep|old', 3, now() - interval '1 second'), ('sweep|live', 3, now() + interval '1 minute')`,
    );
    const sweeper = await createApp(testConfig({ sessionSweepIntervalMs: 100 }), t.db);
    try {
      const deadline = Date.now() + 5000;
      const swept = () => ended.filter((id) => id.startsWith('sweep-')).sort();
      while (Date.now() < deadline && swept().length < 2)
        await new Promise((r) => setTimeout(r, 50));
      expect(swept()).toEqual(['sweep-idle', 'sweep-too-old']);
    } finally {
      await sweeper.close();
    }
    const left = await t.db.query<{ id: string }>(
      `SELECT id FROM sessions WHERE id LIKE 'sweep-%'`,
    );
    expect(left.map((r) => r.id)).toEqual(['sweep-alive']);
    const throttles = await t.db.query<{ key: string }>(
      `SELECT key FROM login_throttle WHERE key LIKE 'sweep|%'`,
    );
    expect(throttles.map((r) => r.key)).toEqual(['sweep|live']);
  });
});

describe('cookies', () => {
  test('production makes cookies secure by default; SECURE_COOKIES=false turns it off', () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'kontor-cookies-'));
    const production = {
      NODE_ENV: 'production',
      APP_KEY: 'k'.repeat(40),
      DEPLOY_TOKEN: 'd'.repeat(40),
    };
    try {
      expect(loadConfig(production, cwd).secureCookies).toBe(true);
      expect(loadConfig({ ...production, SECURE_COOKIES: 'false' }, cwd).secureCookies).toBe(false);
      expect(loadConfig({}, cwd).secureCookies).toBe(false);
      expect(loadConfig({ SECURE_COOKIES: 'true' }, cwd).secureCookies).toBe(true);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  test('secure cookies are named __Host-…, Secure, on path / without a domain, and a plain-named cookie is ignored', async () => {
    const secure = await t.variant({ secureCookies: true });
    const browser = new Browser(secure);
    const response = await browser.csrfCookie();
    const lines = response.headers['set-cookie'] as string[];
    const session = lines.find((line) => line.startsWith('__Host-kontor_session='))!;
    const xsrf = lines.find((line) => line.startsWith('__Host-XSRF-TOKEN='))!;
    expect(session).toMatch(/; Path=\/;.*HttpOnly; Secure$/);
    expect(xsrf).toMatch(/; Path=\/;.*Secure$/);
    expect(xsrf).not.toMatch(/HttpOnly/);
    expect(lines.join('\n')).not.toMatch(/Domain=/i);
    expect(lines).toHaveLength(2);

    const csrf = () => ({
      'x-xsrf-token': decodeURIComponent(browser.cookies.get('__Host-XSRF-TOKEN')!),
    });
    const login = await browser.request({
      method: 'POST',
      url: '/login',
      payload: { email: 'guest@kontor.test', password: 'guest' },
      headers: csrf(),
    });
    expect(login.statusCode).toBe(204);
    expect(await status(browser)).toBe(200);

    // The same live token under the plain name (as a sibling subdomain could plant it) counts for nothing.
    const planted = new Browser(secure);
    planted.cookies.set('kontor_session', browser.cookies.get('__Host-kontor_session')!);
    expect(await status(planted)).toBe(401);
  });
});
