// Realtime record changes (issue 10): after a GraphQL mutation committed, users who may view
// the record's type hear RecordChanged {typename, id, change} on `private-records.<entity>`
// — heard here through the real pusher-js client on a started server.
import type Pusher from 'pusher-js';
import { getNamedType } from 'graphql';
import { ownChannelsOf, recordOfMutation, viewPermissions } from '../src/graphql/record-changes';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, graphql, staffWith } from './graphql-support';
import { pusherClient, RawSocket, stateReached } from './realtime-support';

let t: TestApp;
let boss: Browser;
const open: Pusher[] = [];

beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterEach(async () => {
  for (const client of open.splice(0)) {
    client.disconnect();
    await stateReached(client, 'disconnected').catch(() => undefined);
  }
});
afterAll(() => t.close());

const address = {
  street: 'Hafenstraße',
  houseNumber: '1',
  postcode: '20457',
  city: 'Hamburg',
  countryCode: 'DE',
};
const CREATE_CLIENT = 'mutation($i: ClientInput!) { createClient(input: $i) { id version } }';
const UPDATE_CLIENT =
  'mutation($id: ID!, $v: Int!, $i: ClientInput!) { updateClient(id: $id, version: $v, input: $i) { id version } }';
const DELETE_CLIENT = 'mutation($id: ID!) { deleteClient(id: $id) { id } }';

interface Heard {
  events: unknown[];
  /** Resolves with the next event not yet taken (fails after 3 s). */
  next(): Promise<unknown>;
}

/** A pusher-js client of `browser`'s session, subscribed to a record channel, collecting RecordChanged. */
async function listener(browser: Browser, channelName = 'private-records.client'): Promise<Heard> {
  const client = pusherClient(t.app, browser);
  open.push(client);
  const channel = client.subscribe(channelName);
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error: unknown) =>
      reject(new Error(`refused: ${JSON.stringify(error)}`)),
    );
  });
  const events: unknown[] = [];
  let taken = 0;
  let wake: (() => void) | null = null;
  channel.bind('RecordChanged', (data: unknown) => {
    events.push(data);
    wake?.();
  });
  return {
    events,
    async next() {
      const deadline = Date.now() + 3000;
      while (events.length <= taken) {
        if (Date.now() > deadline) throw new Error(`no RecordChanged; heard ${events.length}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
      return events[taken++];
    },
  };
}

/** Lets anything in flight arrive (a publish that should not happen has had its chance). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('RecordChanged after GraphQL mutations', () => {
  test('a user with client:view hears created, updated and deleted of a client another user changed — type, id and change only', async () => {
    const viewer = await staffWith(t, ['client:view']);
    const heard = await listener(viewer.browser);

    const created = await graphql(boss, CREATE_CLIENT, { i: { name: 'Funk GmbH', address } });
    const { id, version } = created.data!.createClient as { id: string; version: number };
    expect(await heard.next()).toEqual({ typename: 'Client', id, change: 'created' });

    const updated = await graphql(boss, UPDATE_CLIENT, {
      id,
      v: version,
      i: { name: 'Funk & Söhne GmbH', address },
    });
    expect(updated.errors).toBeUndefined();
    expect(await heard.next()).toEqual({ typename: 'Client', id, change: 'updated' });

    const deleted = await graphql(boss, DELETE_CLIENT, { id });
    expect(deleted.data!.deleteClient).toEqual({ id });
    expect(await heard.next()).toEqual({ typename: 'Client', id, change: 'deleted' });

    await settle();
    expect(heard.events).toHaveLength(3);
  });

  test('a failed mutation publishes nothing: bad input, a stale version, a missing permission', async () => {
    const viewer = await staffWith(t, ['client:view']);
    const heard = await listener(viewer.browser);
    const created = await graphql(boss, CREATE_CLIENT, { i: { name: 'Still GmbH', address } });
    const { id, version } = created.data!.createClient as { id: string; version: number };
    await heard.next();

    const bad = await graphql(boss, CREATE_CLIENT, { i: { name: '', address } });
    expect(bad.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    const stale = await graphql(boss, UPDATE_CLIENT, {
      id,
      v: version + 5,
      i: { name: 'Still AG', address },
    });
    expect(stale.errors![0]!.extensions!.code).toBe('CONFLICT');
    const refused = await graphql(viewer.browser, DELETE_CLIENT, { id });
    expect(refused.errors![0]!.extensions!.code).toBe('FORBIDDEN');

    await settle();
    expect(heard.events).toHaveLength(1);
  });

  test('a user without client:view is refused the client channel (403 at /broadcasting/auth), one with it is not', async () => {
    const outsider = await staffWith(t, ['role:view']);
    const socket = new RawSocket(t.app);
    try {
      const socketId = await socket.established();
      const authorize = (browser: Browser, channel: string) =>
        browser.request({
          method: 'POST',
          url: '/broadcasting/auth',
          payload: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      expect((await authorize(outsider.browser, 'private-records.client')).statusCode).toBe(403);
      expect((await authorize(outsider.browser, 'private-records.role')).statusCode).toBe(200);
      // Names that are no view permission of the catalogue are refused to everyone.
      expect((await authorize(boss, 'private-records.nothing')).statusCode).toBe(403);
      expect((await authorize(boss, 'private-records.Client')).statusCode).toBe(403);
    } finally {
      await socket.close();
    }
    await expect(listener(outsider.browser)).rejects.toThrow('refused');
  });

  test('other types publish on the channel of their view permission (a shipper on private-records.shipping)', async () => {
    const viewer = await staffWith(t, ['shipping:view']);
    const heard = await listener(viewer.browser, 'private-records.shipping');
    const created = await graphql(
      boss,
      'mutation($i: ShipperInput!) { createShipper(input: $i) { id } }',
      { i: { name: 'Schnellpost' } },
    );
    expect(created.errors).toBeUndefined();
    expect(await heard.next()).toEqual({
      typename: 'Shipper',
      id: created.data!.createShipper.id,
      change: 'created',
    });
  });

  test('every mutation of the schema publishes for a type with a view permission', () => {
    const schema = t.app.graphql.schema;
    const views = viewPermissions(schema);
    const fields = Object.keys(schema.getMutationType()!.getFields());
    // …or for a type whose area publishes its changes on channels of its own (a Job).
    const returned = (name: string) =>
      getNamedType(schema.getMutationType()!.getFields()[name]!.type).name;
    const unpublished = fields.filter(
      (name) => !recordOfMutation(schema, name, views) && !ownChannelsOf(returned(name)),
    );
    expect(unpublished).toEqual([]);
    expect(ownChannelsOf('Job')).toMatch(/private-jobs/);
    expect(recordOfMutation(schema, 'deleteShippingMethod', views)).toEqual({
      typename: 'ShippingMethod',
      change: 'deleted',
      permission: 'shipping:view',
    });
  });
});
