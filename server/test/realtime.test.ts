import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Pusher from 'pusher';
import { notify, NOTIFICATION_EVENT, userChannel } from '../src/notifications/notifications';
import { channelSignature, md5, sign } from '../src/realtime/protocol';
import { loggedIn, send, startTestApp, type TestApp } from './helpers';
import {
  echoClient,
  firstOf,
  portOf,
  pusherClient,
  RawSocket,
  stateReached,
} from './realtime-support';

let t: TestApp;
const open: { disconnect(): void }[] = [];
const sockets: RawSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  for (const client of open.splice(0)) client.disconnect();
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t.close());

/** A raw socket on the main app (closed after each test). */
function raw(path?: string, headers?: Record<string, string>, app = t.app): RawSocket {
  const socket = new RawSocket(app, path, headers);
  sockets.push(socket);
  return socket;
}

/** A raw socket that is connected, and its id. */
async function connected(app = t.app): Promise<[RawSocket, string]> {
  const socket = raw(undefined, undefined, app);
  return [socket, await socket.established()];
}

/** The private-channel auth the server would sign for a socket. */
const signPrivate = (socketId: string, channel: string, data?: string) =>
  channelSignature(
    { key: 'kontor', secret: t.app.config.realtime.appSecret },
    socketId,
    channel,
    data,
  );

const userIdOf = async (email: string) =>
  (await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;

describe('connecting', () => {
  test('an unknown app key gets pusher:error 4001 and the socket is closed with 4001', async () => {
    const socket = raw('/app/someone-else?protocol=7');
    const error = await socket.next('pusher:error');
    expect(error.data.code).toBe(4001);
    expect((await socket.closed).code).toBe(4001);
  });

  test('the first frame carries the socket id as a JSON string and ids are unique', async () => {
    const socket = raw();
    const first = await socket.next('pusher:connection_established');
    expect(typeof JSON.parse(first.raw).data).toBe('string');
    expect(first.data).toEqual({
      socket_id: expect.stringMatching(/^\d+\.\d+$/),
      activity_timeout: 120,
    });
    const [, other] = await connected();
    expect(other).not.toBe(first.data.socket_id);
  });

  test('laravel-echo with the reverb configuration connects', async () => {
    const echo = echoClient(t.app);
    open.push(echo);
    await stateReached(echo.connector.pusher, 'connected');
    expect(echo.socketId()).toMatch(/^\d+\.\d+$/);
  });

  test('more connections than the limit are closed with 4100 and pusher-js comes back once there is room', async () => {
    const small = await t.variant({ realtime: { ...t.app.config.realtime, maxConnections: 1 } });
    const [first] = await connected(small);
    const refused = raw(undefined, undefined, small);
    expect((await refused.next('pusher:error')).data.code).toBe(4100);
    expect((await refused.closed).code).toBe(4100);
    const client = pusherClient(small);
    open.push(client);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.connection.state).not.toBe('connected');
    await first.close();
    await stateReached(client, 'connected', 4000);
  });

  test('a cross-site Origin is refused at the upgrade, the own host and allowed origins are not', async () => {
    const port = portOf(t.app);
    await expect(raw(undefined, { Origin: 'https://evil.example' }).opened).rejects.toThrow(
      'HTTP 403',
    );
    await expect(
      raw(undefined, { Origin: `http://127.0.0.1:${port}` }).opened,
    ).resolves.toBeUndefined();
    const allowing = await t.variant({
      realtime: { ...t.app.config.realtime, allowedOrigins: ['https://kontor.example'] },
    });
    await expect(
      raw(undefined, { Origin: 'https://kontor.example' }, allowing).opened,
    ).resolves.toBeUndefined();
  });
});

describe('frames', () => {
  test('a binary frame closes the socket with 1003', async () => {
    const [socket] = await connected();
    socket.ws.send(Buffer.from('{"event":"pusher:ping","data":{}}'), { binary: true });
    expect((await socket.closed).code).toBe(1003);
  });

  test('a message over 10 KB closes the socket with 1009 while others keep being served', async () => {
    const [big] = await connected();
    const [other] = await connected();
    big.send('pusher:ping', { padding: 'x'.repeat(11 * 1024) });
    expect((await big.closed).code).toBe(1009);
    other.send('pusher:ping');
    await other.next('pusher:pong');
  });

  test('bad JSON and an unknown pusher event get pusher:error 4200 and the socket stays open', async () => {
    const [socket] = await connected();
    socket.ws.send('{not json');
    expect((await socket.next('pusher:error')).data.code).toBe(4200);
    socket.send('pusher:teleport', {});
    expect((await socket.next('pusher:error')).data.code).toBe(4200);
    socket.send('pusher:ping');
    await socket.next('pusher:pong');
  });
});

describe('heartbeat', () => {
  test('pusher:ping is answered with pusher:pong', async () => {
    const [socket] = await connected();
    socket.send('pusher:ping', {});
    expect(await socket.next('pusher:pong')).toMatchObject({ event: 'pusher:pong' });
  });

  test('the server pings a silent socket and closes it with 4201 when no answer comes', async () => {
    const quick = await t.variant({
      realtime: { ...t.app.config.realtime, activityTimeoutMs: 200, pongTimeoutMs: 200 },
    });
    const [silent] = await connected(quick);
    const [answering] = await connected(quick);
    await silent.next('pusher:ping', 2000);
    await answering.next('pusher:ping', 2000);
    answering.send('pusher:pong');
    expect((await silent.closed).code).toBe(4201);
    expect(answering.ws.readyState).toBe(answering.ws.OPEN);
  });

  test('a stopping node closes its sockets with 4200 spread over the shutdown time', async () => {
    const stopping = await t.variant({
      realtime: { ...t.app.config.realtime, shutdownSpreadMs: 400 },
    });
    const clients = await Promise.all([1, 2, 3].map(() => connected(stopping)));
    const times: number[] = [];
    const codes = clients.map(([s]) => s.closed.then(({ code }) => (times.push(Date.now()), code)));
    await stopping.close();
    expect(await Promise.all(codes)).toEqual([4200, 4200, 4200]);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(300);
  });

  test('pusher-js reconnects at once after 4200 and gives up for good after 4001', async () => {
    const stopping = await t.variant({
      realtime: { ...t.app.config.realtime, shutdownSpreadMs: 0 },
    });
    const client = pusherClient(stopping);
    open.push(client);
    await stateReached(client, 'connected');
    const states: string[] = [];
    client.connection.bind('state_change', (c: { current: string }) => states.push(c.current));
    const closedAt = Date.now();
    await stopping.close();
    await stateReached(client, 'connecting', 1000);
    expect(Date.now() - closedAt).toBeLessThan(900);

    const rejectedBefore = t.app.realtime.metrics.rejections.get('app_key') ?? 0;
    const wrongKey = pusherClient(t.app, undefined, 'nobody');
    open.push(wrongKey);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(wrongKey.connection.state).not.toBe('connected');
    expect(t.app.realtime.metrics.rejections.get('app_key')).toBe(rejectedBefore + 1);
  });
});

describe('channels', () => {
  test('a subscription with data as object or as string succeeds with data "{}", twice is harmless', async () => {
    const [socket] = await connected();
    const first = await socket.subscribe('orders');
    expect(JSON.parse(first.raw)).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'orders',
      data: '{}',
    });
    socket.send('pusher:subscribe', JSON.stringify({ channel: 'stock' }));
    expect((await socket.next('pusher_internal:subscription_succeeded')).channel).toBe('stock');
    expect((await socket.subscribe('orders')).event).toBe('pusher_internal:subscription_succeeded');
  });

  test('unsubscribing gets no reply and no more events arrive', async () => {
    const [socket, id] = await connected();
    await socket.subscribe('orders');
    socket.send('pusher:unsubscribe', { channel: 'orders' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.frames).toEqual([]);
    await t.app.realtime.broadcast({ channels: ['orders'], event: 'created', data: {} });
    expect(await socket.none('created', 150)).toBe(true);
    void id;
  });

  test('channel names outside the allowed characters or longer than 164 are refused', async () => {
    const [socket] = await connected();
    socket.send('pusher:subscribe', { channel: 'orders/all' });
    expect((await socket.next('pusher:error')).data.code).toBe(4200);
    socket.send('pusher:subscribe', { channel: 'a'.repeat(165) });
    expect((await socket.next('pusher:error')).data.code).toBe(4200);
    expect((await socket.subscribe('a'.repeat(164))).event).toBe(
      'pusher_internal:subscription_succeeded',
    );
    expect((await socket.subscribe('A-z_0=9@,.;')).event).toBe(
      'pusher_internal:subscription_succeeded',
    );
  });

  test('the private-channel signature matches the Pusher test vector', () => {
    expect(
      channelSignature(
        { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' },
        '1234.1234',
        'private-foobar',
      ),
    ).toBe('278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4');
  });

  test('a private subscription with a forged auth gets subscription_error AuthError 401, which Echo hears', async () => {
    const [socket, id] = await connected();
    const refused = await socket.subscribe('private-App.Models.User.1', {
      auth: `kontor:${'0'.repeat(64)}`,
    });
    expect(refused).toMatchObject({
      event: 'pusher:subscription_error',
      channel: 'private-App.Models.User.1',
      data: { type: 'AuthError', error: expect.any(String), status: 401 },
    });
    const accepted = await socket.subscribe('private-App.Models.User.1', {
      auth: signPrivate(id, 'private-App.Models.User.1'),
    });
    expect(accepted.event).toBe('pusher_internal:subscription_succeeded');

    const guest = await loggedIn(t.app, 'guest@kontor.test', 'guest', '198.51.100.5');
    const adminId = await userIdOf('admin@kontor.test');
    const echo = echoClient(t.app, guest); // the guest asks for the admin's channel: 403
    open.push(echo);
    const error = await firstOf<{ type: string; error: string }>((cb) =>
      echo.private(`App.Models.User.${adminId}`).error(cb),
    );
    expect(error).toMatchObject({ type: 'AuthError', error: expect.stringMatching(/^403/) });
  });

  test('presence lists every member, announces a user on the first connection and removes them with the last', async () => {
    const channel = 'presence-team';
    const member = (socketId: string, userId: number, name: string) => {
      const data = JSON.stringify({ user_id: userId, user_info: { name } });
      return { auth: signPrivate(socketId, channel, data), channel_data: data };
    };
    const [anna, annaId] = await connected();
    const joined = await anna.subscribe(channel, member(annaId, 1, 'Anna'));
    expect(joined.data).toEqual({
      presence: { ids: [1], hash: { 1: { name: 'Anna' } }, count: 1 },
    });

    const [ben, benId] = await connected();
    const benJoined = await ben.subscribe(channel, member(benId, 2, 'Ben'));
    expect(benJoined.data.presence.count).toBe(2);
    expect((await anna.next('pusher_internal:member_added')).data).toEqual({
      user_id: 2,
      user_info: { name: 'Ben' },
    });

    const [ben2, ben2Id] = await connected();
    await ben2.subscribe(channel, member(ben2Id, 2, 'Ben'));
    expect(await anna.none('pusher_internal:member_added', 150)).toBe(true);

    await ben2.close();
    expect(await anna.none('pusher_internal:member_removed', 150)).toBe(true);
    ben.send('pusher:unsubscribe', { channel });
    expect((await anna.next('pusher_internal:member_removed')).data).toEqual({ user_id: 2 });
  });

  test('presence over the real clients: Echo here, joining and leaving', async () => {
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin', '198.51.100.1');
    const packer = await loggedIn(t.app, 'packer@kontor.test', 'packer', '198.51.100.2');
    const adminEcho = echoClient(t.app, admin);
    open.push(adminEcho);
    const here = await firstOf<{ name: string }[]>((cb) => adminEcho.join('online').here(cb));
    expect(here).toEqual([{ name: 'Admin' }]);
    const joining = firstOf<{ name: string }>((cb) => adminEcho.join('online').joining(cb));
    const leaving = firstOf<{ name: string }>((cb) => adminEcho.join('online').leaving(cb), 5000);
    const packerEcho = echoClient(t.app, packer);
    const packerHere = await firstOf<unknown[]>((cb) => packerEcho.join('online').here(cb));
    expect(packerHere).toHaveLength(2);
    expect(await joining).toEqual({ name: 'Packer' });
    packerEcho.disconnect();
    expect(await leaving).toEqual({ name: 'Packer' });
  });

  test('client events reach the others on a joined private channel, never the sender, at most 10 a second', async () => {
    const channel = 'private-chat';
    const [a, aId] = await connected();
    const [b, bId] = await connected();
    await a.subscribe(channel, { auth: signPrivate(aId, channel) });
    await b.subscribe(channel, { auth: signPrivate(bId, channel) });
    a.send('client-typing', { who: 'a' }, channel);
    expect(await b.next('client-typing')).toMatchObject({ channel, data: { who: 'a' } });
    expect(await a.none('client-typing', 100)).toBe(true);

    a.send('client-typing', {}, 'private-elsewhere');
    expect((await a.next('pusher:error')).data.code).toBe(4200);
    await a.subscribe('public-board');
    a.send('client-typing', {}, 'public-board');
    expect((await a.next('pusher:error')).data.code).toBe(4200);

    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    for (let i = 0; i < 11; i++) a.send('client-burst', { i }, channel);
    expect((await a.next('pusher:error')).data.code).toBe(4301);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.frames.filter((f) => f.event === 'client-burst')).toHaveLength(10);
  });
});

describe('POST /broadcasting/auth', () => {
  test('a logged-out caller, an unknown channel and another user\u2019s channel get 403; your own is signed', async () => {
    const packer = await loggedIn(t.app, 'packer@kontor.test', 'packer', '198.51.100.3');
    const packerId = await userIdOf('packer@kontor.test');
    const adminId = await userIdOf('admin@kontor.test');
    const ask = (channel: string) =>
      packer.request({
        method: 'POST',
        url: '/broadcasting/auth',
        payload: `socket_id=1.2&channel_name=${encodeURIComponent(channel)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const own = await ask(`private-App.Models.User.${packerId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ auth: signPrivate('1.2', `private-App.Models.User.${packerId}`) });
    expect((await ask(`private-App.Models.User.${adminId}`)).statusCode).toBe(403);
    expect((await ask('private-secret-stuff')).statusCode).toBe(403);

    const json = await packer.request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: '1.2', channel_name: 'presence-online' },
    });
    expect(json.json()).toEqual({
      auth: signPrivate('1.2', 'presence-online', json.json().channel_data),
      channel_data: JSON.stringify({ user_id: packerId, user_info: { name: 'Packer' } }),
    });

    const anonymous = await send(t.app, {
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: '1.2', channel_name: `private-App.Models.User.${packerId}` },
    });
    expect(anonymous.statusCode).toBe(419); // no session, no CSRF token: refused as every unsafe call
    const noToken = await packer.request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: '1.2', channel_name: `private-App.Models.User.${packerId}` },
      csrf: false,
    });
    expect(noToken.statusCode).toBe(419);
  });

  test('a logged-out session with a valid CSRF token gets 403, and bad input 422', async () => {
    const guest = await loggedIn(t.app, 'guest@kontor.test', 'guest', '198.51.100.4');
    const bad = await guest.request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: 'x', channel_name: 'private-a' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('socket_id');
    await guest.request({ method: 'POST', url: '/logout' });
    const after = await guest.request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: '1.2', channel_name: 'presence-online' },
    });
    expect(after.statusCode).toBe(403);
  });
});

describe('server-side publishing', () => {
  test('a notification reaches the user through Echo, but not the tab that caused it', async () => {
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin', '198.51.100.6');
    const adminId = await userIdOf('admin@kontor.test');
    const tab = echoClient(t.app, admin);
    const sender = echoClient(t.app, admin);
    open.push(tab, sender);
    const heard = firstOf<Record<string, unknown>>((cb) =>
      tab.private(`App.Models.User.${adminId}`).notification(cb),
    );
    const senderHeard: unknown[] = [];
    sender.private(`App.Models.User.${adminId}`).notification((n: unknown) => senderHeard.push(n));
    await stateReached(sender.connector.pusher, 'connected');
    await new Promise((resolve) => setTimeout(resolve, 200)); // both subscriptions confirmed
    const created = await admin.request({
      method: 'POST',
      url: `/spa/users/${adminId}/notifications`,
      payload: { message: 'Import finished' },
      headers: { 'x-socket-id': sender.socketId() ?? 'not-connected' },
    });
    expect(created.statusCode).toBe(201);
    expect(await heard).toMatchObject({
      id: created.json().id,
      type: 'message',
      message: 'Import finished',
      data: { message: 'Import finished' },
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(senderHeard).toEqual([]);
  });

  test('a notification is broadcast only after its transaction commits, and never when it rolls back', async () => {
    const packerId = await userIdOf('packer@kontor.test');
    const [socket, socketId] = await connected();
    const channel = userChannel(packerId);
    await socket.subscribe(channel, { auth: signPrivate(socketId, channel) });
    const stored = (message: string) =>
      t.db.query("SELECT 1 FROM notifications WHERE data->>'message' = $1", [message]);

    const rolledBack = t.db.transaction(async (tx) => {
      await notify(tx, packerId, 'Order 1002 failed');
      throw new Error('the order could not be saved');
    });
    await expect(rolledBack).rejects.toThrow('the order could not be saved');
    expect(await stored('Order 1002 failed')).toHaveLength(0);
    expect(await socket.none(NOTIFICATION_EVENT, 300)).toBe(true);

    let heardBeforeCommit = true;
    await t.db.transaction(async (tx) => {
      await tx.transaction((inner) => notify(inner, packerId, 'Order 1003 shipped'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      heardBeforeCommit = socket.frames.some((f) => f.event === NOTIFICATION_EVENT);
    });
    expect(heardBeforeCommit).toBe(false);
    expect((await socket.next(NOTIFICATION_EVENT)).data).toMatchObject({
      message: 'Order 1003 shipped',
    });
    expect(await stored('Order 1003 shipped')).toHaveLength(1);
  });

  test('the pusher server SDK publishes through POST /apps/{id}/events, leaving out its socket_id', async () => {
    const sdk = new Pusher({
      appId: 'kontor',
      key: 'kontor',
      secret: t.app.config.realtime.appSecret,
      host: '127.0.0.1',
      port: String(portOf(t.app)),
      useTLS: false,
    });
    const [a] = await connected();
    const [b, bId] = await connected();
    await a.subscribe('stock');
    await b.subscribe('stock');
    const response = await sdk.trigger(
      ['stock', 'orders'],
      'level-low',
      { sku: 'A-1' },
      { socket_id: bId },
    );
    expect(response.status).toBe(200);
    expect(await a.next('level-low')).toMatchObject({ channel: 'stock', data: { sku: 'A-1' } });
    expect(await b.none('level-low', 100)).toBe(true);
  });

  test('the HTTP API refuses a bad signature, a replayed timestamp, oversized data and over 100 channels', async () => {
    const secret = t.app.config.realtime.appSecret;
    const post = (body: object, options: { secret?: string; timestamp?: number } = {}) => {
      const text = JSON.stringify(body);
      const query: Record<string, string> = {
        auth_key: 'kontor',
        auth_timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
        auth_version: '1.0',
        body_md5: md5(text),
      };
      const sorted = Object.keys(query)
        .sort()
        .map((k) => `${k}=${query[k]}`)
        .join('&');
      const signature = sign(options.secret ?? secret, `POST\n/apps/kontor/events\n${sorted}`);
      return send(t.app, {
        method: 'POST',
        url: `/apps/kontor/events?${sorted}&auth_signature=${signature}`,
        payload: text,
        headers: { 'content-type': 'application/json' },
      });
    };
    const event = { name: 'x', data: '{}', channels: ['a'] };
    expect((await post(event)).statusCode).toBe(200);
    expect((await post(event, { secret: 'wrong-secret' })).statusCode).toBe(401);
    expect((await post(event, { timestamp: Math.floor(Date.now() / 1000) - 601 })).statusCode).toBe(
      401,
    );
    expect((await post({ ...event, data: 'x'.repeat(10 * 1024 + 1) })).statusCode).toBe(413);
    const many = Array.from({ length: 101 }, (_, i) => `c${i}`);
    expect((await post({ ...event, channels: many })).statusCode).toBe(400);
    expect((await post({ ...event, channels: many.slice(0, 100) })).statusCode).toBe(200);
  });
});

describe('notifications', () => {
  test('GET /user lists the unread ones; reading one, all, or someone else\u2019s', async () => {
    const packer = await loggedIn(t.app, 'packer@kontor.test', 'packer', '198.51.100.7');
    const packerId = await userIdOf('packer@kontor.test');
    const adminId = await userIdOf('admin@kontor.test');
    const first = await notify(t.db, packerId, 'Order 1001 failed');
    await notify(t.db, packerId, 'Stock of A-1 ran out');
    const admins = await notify(t.db, adminId, 'For the admin');
    const unread = (await packer.request({ url: '/user' })).json().notifications;
    expect(unread.map((n: { message: string }) => n.message)).toEqual(
      expect.arrayContaining(['Order 1001 failed', 'Stock of A-1 ran out']),
    );
    const foreign = await packer.request({
      method: 'PATCH',
      url: `/spa/notifications/${admins.id}/read`,
    });
    expect(foreign.statusCode).toBe(404);
    const own = await packer.request({
      method: 'PATCH',
      url: `/spa/notifications/${first.id}/read`,
    });
    expect(own.json().read_at).toBeTruthy();
    const all = await packer.request({ method: 'POST', url: '/spa/notifications/read-all' });
    expect(all.json()).toEqual({ read: unread.length - 1 });
    expect((await packer.request({ url: '/user' })).json().notifications).toEqual([]);
    const adminUnread = await t.db.query(
      'SELECT 1 FROM notifications WHERE id = $1 AND read_at IS NULL',
      [admins.id],
    );
    expect(adminUnread).toHaveLength(1);
  });

  test('sending a message needs administrate, a known user and a message', async () => {
    const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin', '198.51.100.8');
    const packer = await loggedIn(t.app, 'packer@kontor.test', 'packer', '198.51.100.9');
    const packerId = await userIdOf('packer@kontor.test');
    const before = await t.db.query('SELECT id FROM notifications');
    const asPacker = await packer.request({
      method: 'POST',
      url: `/spa/users/${packerId}/notifications`,
      payload: { message: 'Hi' },
    });
    expect(asPacker.statusCode).toBe(403);
    const unknown = await admin.request({
      method: 'POST',
      url: '/spa/users/999999/notifications',
      payload: { message: 'Hi' },
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await admin.request({
      method: 'POST',
      url: `/spa/users/${packerId}/notifications`,
      payload: { message: '  ' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toHaveProperty('message');
    expect(await t.db.query('SELECT id FROM notifications')).toHaveLength(before.length);
  });
});

describe('operations', () => {
  test('/health answers ok and /metrics counts connections, channels, messages and auth failures', async () => {
    const [socket, id] = await connected();
    await socket.subscribe('orders');
    await socket.subscribe('private-x', { auth: 'kontor:bad' });
    void id;
    expect((await send(t.app, { url: '/health' })).json()).toMatchObject({ status: 'ok' });
    const metrics = await send(t.app, { url: '/metrics' });
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(/^kontor_ws_connections [1-9]\d*$/m);
    expect(metrics.body).toMatch(/^kontor_ws_channels [1-9]\d*$/m);
    expect(metrics.body).toMatch(/^kontor_ws_messages_in_total [1-9]\d*$/m);
    expect(metrics.body).toMatch(/^kontor_ws_messages_out_total [1-9]\d*$/m);
    expect(metrics.body).toMatch(/^kontor_ws_auth_failures_total [1-9]\d*$/m);
  });

  test('/metrics is refused to a remote caller without the token', async () => {
    const guarded = await t.variant({
      realtime: { ...t.app.config.realtime, metricsToken: 'm'.repeat(20) },
    });
    const remote = { 'x-forwarded-for': '203.0.113.50' };
    expect((await send(guarded, { url: '/metrics', headers: remote })).statusCode).toBe(403);
    const withToken = await send(guarded, {
      url: '/metrics',
      headers: { ...remote, authorization: `Bearer ${'m'.repeat(20)}` },
    });
    expect(withToken.statusCode).toBe(200);
  });

  test('after 300 clients misbehave and leave, memory returns to its baseline', async () => {
    const gc = collector();
    const measure = async () => {
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return process.memoryUsage().heapUsed;
    };
    const round = async () => {
      const clients = await Promise.all(Array.from({ length: 300 }, () => connected()));
      await Promise.all(
        clients.map(async ([s, id], i) => {
          await s.subscribe(`private-room-${i % 10}`, {
            auth: signPrivate(id, `private-room-${i % 10}`),
          });
          await s.subscribe(`presence-room-${i % 5}`, {
            auth: signPrivate(id, `presence-room-${i % 5}`, `{"user_id":${i}}`),
            channel_data: `{"user_id":${i}}`,
          });
          s.ws.send('{bad json');
          s.send('client-spam', {}, `private-room-${i % 10}`);
        }),
      );
      await Promise.all(clients.map(([s]) => s.close()));
      sockets.length = 0;
    };
    await round(); // warm up: code paths compiled, pools allocated
    const baseline = await measure();
    await round();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await measure();
    expect(t.app.realtime.connectionCount).toBe(0);
    expect(t.app.realtime.channelCount).toBe(0);
    expect(await t.app.realtime.members('presence-room-0')).toEqual([]);
    expect(after - baseline).toBeLessThan(4 * 1024 * 1024);
  });
});

/** Node's garbage collector, exposed at run time (no --expose-gc needed). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
