// Issue 8, realtime: the channels a session authorized end with it (logout, password change,
// reset), and one address cannot take every socket of a node.
import { createUser } from '../src/users/users';
import { graphql } from './graphql-support';
import { Browser, loggedIn, startTestApp, type TestApp } from './helpers';
import { echoClient, firstOf, pusherClient, RawSocket, stateReached } from './realtime-support';

let t: TestApp;
let admin: Browser;
const open: { disconnect(): void }[] = [];
const sockets: RawSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  admin = await loggedIn(t.app, 'admin@kontor.test', 'admin', '198.51.100.1');
});
afterEach(async () => {
  for (const client of open.splice(0)) client.disconnect();
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t.close());

const PASSWORD = 'Nordwind-Lager-8471';
let unique = 0;

/** A new warehouse user, logged in from its own address. */
async function newUser() {
  unique += 1;
  const email = `rt-${unique}-${process.pid}@kontor.test`;
  const user = await createUser(t.db, { name: `Realtime ${unique}`, email, password: PASSWORD });
  const browser = await loggedIn(t.app, email, PASSWORD, `198.51.100.${10 + unique}`);
  return { ...user, browser };
}

/** An admin sends the user a message (POST /spa/users/{id}/notifications). */
async function sendNotification(userId: number, message: string): Promise<void> {
  const response = await admin.request({
    method: 'POST',
    url: `/spa/users/${userId}/notifications`,
    payload: { message },
  });
  expect(response.statusCode).toBe(201);
}

/** Waits until the condition holds (or fails after the time). */
async function until(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * How /broadcasting/auth refuses a page whose session ended: 419 while the page still sends
 * the ended session's cookie and CSRF token, 403 once it holds a logged-out one.
 */
const REFUSED = /^(403|419) /;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How the server closed a socket (fails fast when it stays open). */
const closedWithin = (socket: RawSocket, ms = 2000) =>
  Promise.race([
    socket.closed,
    pause(ms).then(() => {
      throw new Error(`the socket is still open after ${ms} ms`);
    }),
  ]);

/**
 * A page of the user listening to its notifications through Echo: what it heard, and the
 * subscription error pusher-js reports when it authorizes the channel again.
 */
async function notificationsPage(app: typeof t.app, browser: Browser, userId: number) {
  const echo = echoClient(app, browser);
  open.push(echo);
  const heard: string[] = [];
  const channel = echo.private(`App.Models.User.${userId}`);
  channel.notification((n: { message: string }) => heard.push(n.message));
  const errors: { type: string; error: string }[] = [];
  channel.error((error: { type: string; error: string }) => errors.push(error));
  await firstOf((cb) => channel.subscribed(cb));
  return { echo, heard, errors };
}

describe('a session that ends takes its realtime subscriptions with it', () => {
  test('after logout an open page hears none of the user’s notifications, and pusher-js is refused when it authorizes again', async () => {
    const user = await newUser();
    const page = await notificationsPage(t.app, user.browser, user.id);
    const firstSocket = page.echo.socketId();
    await sendNotification(user.id, 'Before logout');
    await until(() => page.heard.includes('Before logout'), 'the first notification');

    const logout = await user.browser.request({ method: 'POST', url: '/logout' });
    expect(logout.statusCode).toBe(204);
    await sendNotification(user.id, 'After logout');
    await pause(500);
    expect(page.heard).toEqual(['Before logout']);

    // The socket was closed with 4200: pusher-js reconnected at once and authorized the
    // channel again with the (now logged-out) cookie — refused, and Echo's .error() hears it.
    await until(() => page.errors.length > 0, 'the subscription error');
    expect(page.errors[0]).toMatchObject({
      type: 'AuthError',
      error: expect.stringMatching(/^403 /),
    });
    await stateReached(page.echo.connector.pusher, 'connected');
    expect(page.echo.socketId()).not.toBe(firstSocket);
  });

  test('a password change ends the subscriptions of the user’s other sessions, not of the one that changed it', async () => {
    const user = await newUser();
    const desk = user.browser;
    const phone = await loggedIn(t.app, user.email, PASSWORD, '198.51.100.200');
    const onPhone = await notificationsPage(t.app, phone, user.id);
    const onDesk = await notificationsPage(t.app, desk, user.id);

    const changed = await desk.request({
      method: 'PUT',
      url: '/user',
      payload: {
        name: user.name,
        email: user.email,
        current_password: PASSWORD,
        password: 'Sonnenweg-Palette-3920',
        password_confirmation: 'Sonnenweg-Palette-3920',
      },
    });
    expect(changed.statusCode).toBe(200);
    await sendNotification(user.id, 'After the change');
    await until(() => onDesk.heard.includes('After the change'), 'the changing session');
    await pause(300);
    expect(onPhone.heard).toEqual([]);
    await until(() => onPhone.errors.length > 0, 'the phone’s subscription error');
    expect(onPhone.errors[0]!.error).toMatch(REFUSED);
    expect(onDesk.errors).toEqual([]);
  });

  test('a password reset by an administrator ends the user’s subscriptions', async () => {
    const user = await newUser();
    const page = await notificationsPage(t.app, user.browser, user.id);
    const [{ version }] = await t.db.query<{ version: number }>(
      'SELECT version FROM users WHERE id = $1',
      [user.id],
    );
    const reset = await graphql(
      admin,
      'mutation($id: ID!, $version: Int!, $input: UserInput!) { updateUser(id: $id, version: $version, input: $input) { id } }',
      {
        id: String(user.id),
        version,
        input: {
          name: user.name,
          email: user.email,
          password: 'Hafenkran-Rampe-5512',
          roleIds: [],
        },
      },
    );
    expect(reset.errors).toBeUndefined();
    await sendNotification(user.id, 'After the reset');
    await pause(500);
    expect(page.heard).toEqual([]);
    await until(() => page.errors.length > 0, 'the subscription error');
    expect(page.errors[0]!.error).toMatch(REFUSED);
  });

  test('the user leaves presence channels when the session ends', async () => {
    const user = await newUser();
    const watcher = echoClient(t.app, admin);
    const leaver = echoClient(t.app, user.browser);
    open.push(watcher, leaver);
    await firstOf((cb) => watcher.join('online').here(cb));
    const joined = firstOf<{ name: string }>((cb) => watcher.join('online').joining(cb));
    await firstOf((cb) => leaver.join('online').here(cb));
    expect(await joined).toEqual({ name: user.name });

    const leaving = firstOf<{ name: string }>((cb) => watcher.join('online').leaving(cb));
    const refused = firstOf<{ error: string }>((cb) => leaver.join('online').error(cb));
    await user.browser.request({ method: 'POST', url: '/logout' });
    expect(await leaving).toEqual({ name: user.name });
    // The page reconnects at once and is refused: it is settled before the test ends.
    expect((await refused).error).toMatch(REFUSED);
    expect((await t.app.realtime.members('presence-online')).map((m) => m.user_id)).not.toContain(
      user.id,
    );
  });

  test('authorizations fetched in advance for the next socket ids are worthless once the session ended', async () => {
    const user = await newUser();
    const channel = `private-App.Models.User.${user.id}`;
    const first = new RawSocket(t.app);
    sockets.push(first);
    const [node, counter] = (await first.established()).split('.');
    // While logged in, sign the channel for the socket ids that might come next.
    const signatures = new Map<string, string>();
    for (let i = 1; i <= 5; i++) {
      const socketId = `${node}.${Number(counter) + i}`;
      const answer = await user.browser.request({
        method: 'POST',
        url: '/broadcasting/auth',
        payload: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(answer.statusCode).toBe(200);
      signatures.set(socketId, answer.json().auth);
    }
    await user.browser.request({ method: 'POST', url: '/logout' });

    for (let i = 1; i <= 5; i++) {
      const later = new RawSocket(t.app);
      sockets.push(later);
      const socketId = await later.established();
      const answer = await later.subscribe(channel, { auth: signatures.get(socketId) ?? '' });
      expect(answer.event).toBe('pusher:subscription_error');
    }
  });
});

describe('sockets per address', () => {
  const limited = (trustProxy: false | string[]) =>
    t.variant({
      trustProxy,
      realtime: { ...t.app.config.realtime, maxConnectionsPerAddress: 2 },
    });

  test('one address gets at most WS_MAX_CONNECTIONS_PER_IP sockets (4100), other addresses still connect', async () => {
    const app = await limited(['loopback']);
    const from = (address: string) => {
      const socket = new RawSocket(app, undefined, { 'X-Forwarded-For': address });
      sockets.push(socket);
      return socket;
    };
    await from('203.0.113.7').established();
    await from('203.0.113.7').established();
    const third = from('203.0.113.7');
    expect((await third.next('pusher:error')).data.code).toBe(4100);
    expect((await closedWithin(third)).code).toBe(4100);
    await expect(from('203.0.113.8').established()).resolves.toMatch(/^\d+\.\d+$/);
    // An IPv6 client is counted by its /64: a new address in the same network does not help.
    await from('2001:db8:7:1::1').established();
    await from('2001:db8:7:1::2').established();
    const sameNetwork = from('2001:db8:7:1:ffff::3');
    expect((await closedWithin(sameNetwork)).code).toBe(4100);
    await expect(from('2001:db8:7:2::1').established()).resolves.toMatch(/^\d+\.\d+$/);
    expect(app.realtime.metrics.rejections.get('address_capacity')).toBe(2);
  });

  test('without a trusted proxy a forged X-Forwarded-For does not get around the limit, and pusher-js retries until a socket closes', async () => {
    const app = await limited(false);
    const first = new RawSocket(app);
    const second = new RawSocket(app, undefined, { 'X-Forwarded-For': '192.0.2.50' });
    sockets.push(first, second);
    await first.established();
    await second.established();
    const forged = new RawSocket(app, undefined, { 'X-Forwarded-For': '192.0.2.51' });
    sockets.push(forged);
    expect((await closedWithin(forged)).code).toBe(4100);

    const client = pusherClient(app);
    open.push(client);
    await pause(300);
    expect(client.connection.state).not.toBe('connected');
    await first.close();
    await stateReached(client, 'connected', 4000);
  });
});
