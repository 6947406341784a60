import { Browser, loggedIn, startTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Counts rows, to show that a refused request changed nothing. */
async function count(
  table: 'sessions' | 'users' | 'login_throttle' | 'notifications',
): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row!.n;
}

function cookieLine(setCookie: string | string[] | undefined, name: string): string | undefined {
  const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return lines.find((line) => line.startsWith(`${name}=`));
}

describe('the anti-forgery cookie', () => {
  test('GET /sanctum/csrf-cookie answers 204 with a readable XSRF-TOKEN and an HttpOnly session cookie', async () => {
    const response = await new Browser(t.app).csrfCookie();
    expect(response.statusCode).toBe(204);
    const xsrf = cookieLine(response.headers['set-cookie'], 'XSRF-TOKEN');
    const session = cookieLine(response.headers['set-cookie'], 'kontor_session');
    expect(xsrf).toMatch(/Path=\//);
    expect(xsrf).toMatch(/SameSite=Lax/);
    expect(xsrf).not.toMatch(/HttpOnly/);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
  });

  test('only a hash of the session token is stored', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    const token = browser.cookies.get('kontor_session')!;
    const rows = await t.db.query('SELECT 1 FROM sessions WHERE id = $1', [token]);
    expect(rows).toHaveLength(0);
  });

  test('asking again keeps the same session and token', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    const first = browser.cookies.get('XSRF-TOKEN');
    await browser.csrfCookie();
    expect(browser.cookies.get('XSRF-TOKEN')).toBe(first);
  });

  test('secure cookies are marked Secure when SECURE_COOKIES is on', async () => {
    const response = await new Browser(await t.variant({ secureCookies: true })).csrfCookie();
    // Secure cookies carry the __Host- prefix (security-sessions.test.ts).
    expect(cookieLine(response.headers['set-cookie'], '__Host-kontor_session')).toMatch(/Secure/);
    expect(cookieLine(response.headers['set-cookie'], '__Host-XSRF-TOKEN')).toMatch(/Secure/);
    const plain = await new Browser(t.app).csrfCookie();
    expect(cookieLine(plain.headers['set-cookie'], 'kontor_session')).not.toMatch(/Secure/);
  });
});

describe('CSRF protection', () => {
  test('a POST without a session is refused with 419', async () => {
    const response = await new Browser(t.app).request({
      method: 'POST',
      url: '/login',
      payload: { email: 'admin@kontor.test', password: 'admin' },
    });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  test('a POST without the X-XSRF-TOKEN header is refused with 419', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    const response = await browser.request({
      method: 'POST',
      url: '/login',
      payload: { email: 'admin@kontor.test', password: 'admin' },
      csrf: false,
    });
    expect(response.statusCode).toBe(419);
  });

  test('a POST with a wrong X-XSRF-TOKEN is refused with 419 and logs nobody in', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    const response = await browser.request({
      method: 'POST',
      url: '/login',
      payload: { email: 'admin@kontor.test', password: 'admin' },
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(response.statusCode).toBe(419);
    expect((await browser.request({ url: '/user' })).statusCode).toBe(401);
  });

  test('the token of another session does not count', async () => {
    const victim = new Browser(t.app);
    await victim.csrfCookie();
    const attacker = new Browser(t.app);
    await attacker.csrfCookie();
    const response = await attacker.request({
      method: 'POST',
      url: '/logout',
      headers: { 'x-xsrf-token': decodeURIComponent(victim.cookies.get('XSRF-TOKEN')!) },
    });
    expect(response.statusCode).toBe(419);
  });

  test('PUT and PATCH are checked too, even for a logged-in user', async () => {
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    const put = await admin.request({
      method: 'PUT',
      url: '/user',
      payload: { name: 'X', email: 'x@kontor.test' },
      csrf: false,
    });
    expect(put.statusCode).toBe(419);
    const patch = await admin.request({
      method: 'PATCH',
      url: '/spa/notifications/00000000-0000-4000-8000-000000000000/read',
      csrf: false,
    });
    expect(patch.statusCode).toBe(419);
    expect((await admin.request({ url: '/user' })).json().name).toBe('Admin');
  });
});

describe('login', () => {
  test('a logged-out user gets 401 on a protected route', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    const response = await browser.request({ url: '/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await new Browser(t.app).request({ url: '/spa/me/permissions' })).statusCode).toBe(401);
  });

  test('missing and malformed fields get 422 with errors per field', async () => {
    const browser = new Browser(t.app, '198.51.100.1');
    await browser.csrfCookie();
    const missing = await browser.request({ method: 'POST', url: '/login', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The email field is required. (and 1 more error)',
      errors: {
        email: ['The email field is required.'],
        password: ['The password field is required.'],
      },
    });
    const malformed = await browser.request({
      method: 'POST',
      url: '/login',
      payload: { email: 'not-an-address', password: 42 },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({
      email: ['The email field must be a valid email address.'],
      password: ['The password field must be a string.'],
    });
  });

  test('wrong credentials get 422 with the message on email, for unknown and known addresses alike', async () => {
    const browser = new Browser(t.app, '198.51.100.2');
    for (const email of ['admin@kontor.test', 'nobody@kontor.test']) {
      const response = await browser.login(email, 'wrong');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      });
    }
  });

  test('the right credentials log in with 204, and the address is matched without regard to case', async () => {
    const browser = new Browser(t.app);
    const response = await browser.login('Admin@Kontor.TEST', 'admin');
    expect(response.statusCode).toBe(204);
    const user = await browser.request({ url: '/user' });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ name: 'Admin', email: 'admin@kontor.test' });
  });

  test('logging in gives a new session cookie and a new XSRF token (no session fixation)', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    const before = {
      session: browser.cookies.get('kontor_session'),
      xsrf: browser.cookies.get('XSRF-TOKEN'),
    };
    expect((await browser.login('packer@kontor.test', 'packer')).statusCode).toBe(204);
    expect(browser.cookies.get('kontor_session')).not.toBe(before.session);
    expect(browser.cookies.get('XSRF-TOKEN')).not.toBe(before.xsrf);

    // The cookie from before the login is dead: it neither is logged in nor has a session.
    const planted = new Browser(t.app);
    planted.cookies.set('kontor_session', before.session!);
    planted.cookies.set('XSRF-TOKEN', before.xsrf!);
    expect((await planted.request({ url: '/user' })).statusCode).toBe(401);
    // Before login there is no row, only a signed visitor cookie: it stays a visitor's.
    const write = await planted.request({
      method: 'PUT',
      url: '/user',
      payload: { name: 'Planted', email: 'packer@kontor.test' },
    });
    expect(write.statusCode).toBe(401);
  });

  test('remember keeps the cookies beyond the browser session', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    const plain = await browser.request({
      method: 'POST',
      url: '/login',
      payload: { email: 'guest@kontor.test', password: 'guest' },
    });
    expect(cookieLine(plain.headers['set-cookie'], 'kontor_session')).not.toMatch(/Max-Age/);
    const remembered = await browser.request({
      method: 'POST',
      url: '/login',
      payload: { email: 'guest@kontor.test', password: 'guest', remember: true },
    });
    expect(cookieLine(remembered.headers['set-cookie'], 'kontor_session')).toMatch(
      /Max-Age=2592000/,
    );
  });
});

describe('login throttling', () => {
  test('after 5 failed logins in a minute for one email and address the 6th is refused with 429, even with the right password', async () => {
    const browser = new Browser(t.app, '198.51.100.50');
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await browser.login('packer@kontor.test', `wrong-${attempt}`)).statusCode).toBe(422);
    }
    const refused = await browser.login('packer@kontor.test', 'packer');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json().message).toMatch(/Too many login attempts/);
    expect((await browser.request({ url: '/user' })).statusCode).toBe(401);
  });

  test('the limit counts one email and address together: the same email elsewhere and another email here still work', async () => {
    const here = new Browser(t.app, '198.51.100.60');
    for (let attempt = 1; attempt <= 5; attempt++) await here.login('guest@kontor.test', 'wrong');
    expect((await here.login('guest@kontor.test', 'guest')).statusCode).toBe(429);
    expect((await here.login('GUEST@kontor.test', 'guest')).statusCode).toBe(429);

    const elsewhere = new Browser(t.app, '198.51.100.61');
    expect((await elsewhere.login('guest@kontor.test', 'guest')).statusCode).toBe(204);
    const otherEmail = new Browser(t.app, '198.51.100.60');
    expect((await otherEmail.login('packer@kontor.test', 'packer')).statusCode).toBe(204);
  });

  test('a successful login resets the count', async () => {
    const browser = new Browser(t.app, '198.51.100.70');
    for (let attempt = 1; attempt <= 4; attempt++)
      await browser.login('admin@kontor.test', 'wrong');
    expect((await browser.login('admin@kontor.test', 'admin')).statusCode).toBe(204);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await browser.login('admin@kontor.test', 'wrong')).statusCode).toBe(422);
    }
  });

  test('the window ends: once reset_at has passed, logging in works again', async () => {
    const browser = new Browser(t.app, '198.51.100.80');
    for (let attempt = 1; attempt <= 5; attempt++)
      await browser.login('packer@kontor.test', 'wrong');
    expect((await browser.login('packer@kontor.test', 'packer')).statusCode).toBe(429);
    await t.db.query(
      `UPDATE login_throttle SET reset_at = now() - interval '1 second' WHERE key = $1`,
      ['packer@kontor.test|198.51.100.80'],
    );
    expect((await browser.login('packer@kontor.test', 'packer')).statusCode).toBe(204);
  });
});

describe('logout', () => {
  test('logout answers 204, the old cookie stops working and a fresh guest session is issued', async () => {
    const browser = await loggedIn(t.app, 'admin@kontor.test', 'admin');
    const oldSession = browser.cookies.get('kontor_session')!;
    const oldXsrf = browser.cookies.get('XSRF-TOKEN')!;
    expect((await browser.request({ method: 'POST', url: '/logout' })).statusCode).toBe(204);
    expect(browser.cookies.get('kontor_session')).not.toBe(oldSession);
    expect(browser.cookies.get('XSRF-TOKEN')).not.toBe(oldXsrf);
    expect((await browser.request({ url: '/user' })).statusCode).toBe(401);

    const stolen = new Browser(t.app);
    stolen.cookies.set('kontor_session', oldSession);
    expect((await stolen.request({ url: '/user' })).statusCode).toBe(401);

    // The fresh guest session can log in again without another csrf-cookie call.
    expect((await browser.login('admin@kontor.test', 'admin')).statusCode).toBe(204);
  });

  test('an expired session counts as logged out', async () => {
    const browser = await loggedIn(t.app, 'guest@kontor.test', 'guest');
    await t.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = 'guest@kontor.test')`,
    );
    expect((await browser.request({ url: '/user' })).statusCode).toBe(401);
  });
});

describe('malformed requests', () => {
  test('bad JSON gets 400 with a clear message and changes nothing', async () => {
    const browser = await loggedIn(t.app, 'packer@kontor.test', 'packer');
    const before = await count('users');
    const response = await browser.request({
      method: 'PUT',
      url: '/user',
      payload: '{"name": "Hacked", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
    expect(await count('users')).toBe(before);
    expect((await browser.request({ url: '/user' })).json().name).toBe('Packer');
  });

  test('a body over the limit gets 413 and changes nothing', async () => {
    const browser = await loggedIn(t.app, 'packer@kontor.test', 'packer');
    const response = await browser.request({
      method: 'PUT',
      url: '/user',
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), email: 'packer@kontor.test' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large.' });
    expect((await browser.request({ url: '/user' })).json().name).toBe('Packer');
  });

  test('an unsupported content type gets 415', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    const sessionsBefore = await count('sessions');
    const response = await browser.request({
      method: 'POST',
      url: '/login',
      payload: 'email=admin@kontor.test&password=admin',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/application\/json/);
    expect(await count('sessions')).toBe(sessionsBefore);
  });

  test('a JSON body that is not an object gets 422, not 500', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    const response = await browser.request({
      method: 'POST',
      url: '/login',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(422);
  });

  test('unknown API routes answer 404 JSON', async () => {
    const browser = new Browser(t.app);
    await browser.csrfCookie();
    for (const [method, url] of [
      ['GET', '/spa/nothing'],
      ['GET', '/sanctum/other'],
      ['POST', '/spa/nothing'],
      ['DELETE', '/dashboard'],
    ] as const) {
      const response = await browser.request({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not Found.' });
    }
  });
});
