// The shop connections against the real server (build/jest-real-server.ts): the shops page,
// a connection's form with a connector module's settings form (the real Shopware connector,
// registered as at boot), its page, the connectors registered at runtime, and a connector
// module that failed to load.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import {
  changeLanguage,
  http,
  initSession,
  login,
  logout,
  matchRoute,
  menu$,
  registerManifest,
  reportBootModule,
  type ModuleManifest,
  type PageProps,
} from '@kontor/shared-session';
import { runGraphql } from '@kontor/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { parse } from 'graphql';
import { firstValueFrom } from 'rxjs';
import { mountRootParcel, type AppProps } from 'single-spa';
import { startRealServer, type RealServer } from '../../build/jest-real-server';
import { ready as shopwareRegistered } from '../../mf-connector-shopware/src/kontor-connector-shopware';
import {
  CreateShopConnectionDocument,
  ShopConnectionFormDocument,
  type ShopConnectionInput,
} from '../src/graphql/generated';
import manifest from '../src/manifest.json';
import { bootstrap, mount, registerShopConnector, unmount } from '../src/kontor-shop-connectors';

jest.setTimeout(90_000);

const props = {
  name: '@kontor/shop-connectors',
  singleSpa: {},
  mountParcel: mountRootParcel,
} as AppProps;

// single-spa-react resolves mount/unmount once React has rendered, which act does when its
// callback returns: so start the lifecycle inside act, and wait for it after.
let mounted = false;
async function run(lifecycle: typeof mount) {
  mounted = lifecycle === mount;
  let done: Promise<unknown> = Promise.resolve();
  await act(async () => {
    done = Promise.resolve(lifecycle(props));
  });
  await done;
}

/**
 * After the page navigated (single-spa's navigateToUrl): waits for the path and tells the
 * module's router, as single-spa's patched history does once started.
 */
async function followedTo(pattern: RegExp) {
  await waitFor(() => expect(window.location.pathname).toMatch(pattern));
  act(() => {
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

/** Opens a path the way the browser would, then mounts the module on it. */
async function open(path: string) {
  window.history.pushState({}, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
  await run(mount);
}

const CreateClient = parse(
  'mutation ShopTestClient($input: ClientInput!) { createClient(input: $input) { id name } }',
) as TypedDocumentNode<
  { createClient: { id: string; name: string } },
  { input: Record<string, unknown> }
>;
const CreateRole = parse(
  'mutation ShopTestRole($input: RoleInput!) { createRole(input: $input) { id } }',
) as TypedDocumentNode<
  { createRole: { id: string } },
  { input: { name: string; permissions: string[] } }
>;
const CreateUser = parse(
  'mutation ShopTestUser($input: UserInput!) { createUser(input: $input) { id } }',
) as TypedDocumentNode<
  { createUser: { id: string } },
  { input: { name: string; email: string; password: string; roleIds: string[] } }
>;

const run_ = Math.random().toString(36).slice(2, 7);
let real: RealServer;
let client: { id: string; name: string };

async function createConnection(name: string, input: Partial<ShopConnectionInput> = {}) {
  const { createShopConnection } = await runGraphql(CreateShopConnectionDocument, {
    input: {
      name,
      connector: 'shopware6',
      clientId: client.id,
      baseUrl: 'https://shop.example.de',
      secrets: [
        { key: 'clientId', value: 'SWIAKONTOR' },
        { key: 'clientSecret', value: 'geheim-123' },
      ],
      ...input,
    },
  });
  return createShopConnection;
}

beforeAll(async () => {
  real = await startRealServer();
  await initSession();
  // One more anti-forgery cookie after initSession's parallel requests (see toolkit-kit.ts).
  await http.get('/sanctum/csrf-cookie');
  await login({ email: 'admin@kontor.test', password: 'admin' });
  registerManifest(manifest as ModuleManifest);
  await bootstrap(props);
  // The Shopware connector module as root-config loads it at boot: its registration is `ready`.
  await shopwareRegistered;
  ({ createClient: client } = await runGraphql(CreateClient, {
    input: {
      name: `Gartenwelt ${run_}`,
      address: {
        street: 'Hauptstraße',
        houseNumber: '1',
        postcode: '10115',
        city: 'Berlin',
        countryCode: 'DE',
      },
    },
  }));
});

afterEach(async () => {
  if (mounted) await run(unmount);
  window.history.pushState({}, '', '/');
});

afterAll(() => real?.close());

const table = () => screen.findByRole('table', { name: 'Shop-Verbindungen' });

describe('the shops page', () => {
  test("lists every client's connections with status, last successful sync, lag, orders imported today and open errors", async () => {
    const name = `Gartenwelt Shop ${run_}`;
    await createConnection(name);
    await open('/administration/shops');

    const row = (await within(await table()).findByRole('link', { name })).closest('tr')!;
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Name',
      'Status',
      'Offene Fehler',
      'Heute importiert',
      'Zuletzt erfolgreich',
      'Rückstand',
      'Mandant',
      'Shopsystem',
      'Aktionen',
    ]);
    const cells = within(row)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(0, 8)).toEqual([
      name,
      'Aktiv',
      '0',
      '0',
      '—',
      '—',
      client.name,
      'Shopware 6',
    ]);
    expect(within(row).getByRole('button', { name: `Pausieren: ${name}` })).toBeVisible();
    expect(
      within(row).getByRole('button', { name: `Jetzt synchronisieren: ${name}` }),
    ).toBeVisible();
    expect(within(row).getByRole('button', { name: `Löschen ${name}` })).toBeVisible();
  });

  test('pausing a connection shows it paused at once, and resuming makes it active again', async () => {
    const name = `Pausenshop ${run_}`;
    await createConnection(name);
    await open('/administration/shops');
    const row = async () =>
      (await within(await table()).findByRole('link', { name })).closest('tr')!;

    await userEvent.click(within(await row()).getByRole('button', { name: `Pausieren: ${name}` }));
    await waitFor(async () => expect(within(await row()).getByText('Pausiert')).toBeVisible());
    await userEvent.click(within(await row()).getByRole('button', { name: `Fortsetzen: ${name}` }));
    await waitFor(async () => expect(within(await row()).getByText('Aktiv')).toBeVisible());
  });

  test('the registered connectors link to their screens', async () => {
    await open('/administration/shops');
    const connectors = await screen.findByRole('region', { name: 'Shopsysteme' });
    expect(within(connectors).getByRole('link', { name: 'Shopware 6' })).toHaveAttribute(
      'href',
      '/administration/shops/shopware',
    );
  });

  test('a connector module that failed to load shows the runtime’s error panel with a retry, and the rest of the page works', async () => {
    let registerOnRetry: (() => void) | null = null;
    const module = {
      name: '@kontor/connector-woocommerce',
      namespace: 'woocommerce',
      retry: async () => registerOnRetry?.(),
    };
    registerManifest({
      name: module.name,
      namespace: module.namespace,
      routes: [],
      menu: [],
      translations: { de: { woocommerce: { title: 'WooCommerce' } } },
    });
    act(() => reportBootModule({ ...module, status: 'failed', error: '404: not found' }));
    await open('/administration/shops');

    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Dieser Bereich konnte nicht geladen werden.')).toBeVisible();
    expect(panel).toHaveTextContent('WooCommerce');
    expect(panel).toHaveTextContent('@kontor/connector-woocommerce: 404: not found');
    // Everything else is there: the list and the Shopware connector.
    expect(await table()).toBeVisible();
    expect(screen.getByRole('link', { name: 'Shopware 6' })).toBeVisible();

    registerOnRetry = () => {
      registerShopConnector({
        name: 'woocommerce',
        path: 'woocommerce',
        component: () => <p>WooCommerce-Einrichtung</p>,
        menu: { title: 'woocommerce:title', icon: 'shopping-cart' },
      });
      reportBootModule({ ...module, status: 'loaded' });
    };
    await userEvent.click(within(panel).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('link', { name: 'WooCommerce' })).toHaveAttribute(
      'href',
      '/administration/shops/woocommerce',
    );
    expect(screen.queryByText('Dieser Bereich konnte nicht geladen werden.')).toBeNull();
  });
});

describe('a connection', () => {
  /** Picks a client in the form's record picker by typing its name. */
  async function pickClient(name: string) {
    const picker = await screen.findByRole('combobox', { name: /^Mandant/ });
    await userEvent.type(picker, name);
    await screen.findByRole('option', { name });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(picker).toHaveAttribute('aria-expanded', 'false'));
    expect(picker).toHaveValue(name);
  }

  test('is created with a connector: Shopware 6’s own fields, and a missing secret access key refused by the server beside its field', async () => {
    await open('/administration/shops/connections/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Shopware 6' }));

    expect(
      await screen.findByRole('heading', { name: 'Shop-Verbindung erstellen: Shopware 6' }),
    ).toBeVisible();
    const name = `Neuer Shop ${run_}`;
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), name);
    await pickClient(client.name);
    await userEvent.type(screen.getByLabelText(/^Shop-URL/), 'https://garten.example.de');
    await userEvent.type(screen.getByLabelText(/^Zugangsschlüssel-ID/), 'SWIAKONTOR');
    // The defaults of the connector's import states are chosen.
    const states = screen.getByRole('group', { name: 'Übernommene Shop-Status' });
    expect(within(states).getByRole('checkbox', { name: 'Bezahlt' })).toBeChecked();
    expect(within(states).getByRole('checkbox', { name: 'Autorisiert' })).toBeChecked();
    expect(screen.getByText('Die Webhook-Adresse erscheint nach dem Speichern.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const secret = screen.getByLabelText(/^Geheimer Zugangsschlüssel/);
    await waitFor(() => expect(secret).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(secret.getAttribute('aria-describedby')!)).toHaveTextContent(
      'Dies ist ein Pflichtfeld',
    );
    await waitFor(() => expect(secret).toHaveFocus());

    await userEvent.type(secret, 'geheim-123');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await followedTo(/^\/administration\/shops\/connections\/\d+$/);
    expect(await screen.findByRole('heading', { name: `Shop-Verbindung ${name}` })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Status' })).toHaveTextContent('Aktiv');
  });

  test('secrets are never prefilled: a stored one says it is kept when left empty, and no answer carries it', async () => {
    const { id } = await createConnection(`Geheimshop ${run_}`);
    const answer = await runGraphql(ShopConnectionFormDocument, { id });
    expect(JSON.stringify(answer)).not.toContain('geheim-123');
    expect(answer.shopConnection?.secretsSet.sort()).toEqual(['clientId', 'clientSecret']);

    await open(`/administration/shops/connections/${id}/edit`);
    // The form names the connection, and leads back to its page.
    expect(
      await screen.findByRole('heading', { name: `Shop-Verbindung Geheimshop ${run_} bearbeiten` }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: `Zurück zu Geheimshop ${run_}` })).toHaveAttribute(
      'href',
      `/administration/shops/connections/${id}`,
    );
    const secret = await screen.findByLabelText(/^Geheimer Zugangsschlüssel/);
    const keyId = screen.getByLabelText(/^Zugangsschlüssel-ID/);
    const webhookSecret = screen.getByLabelText(/^Webhook-Geheimnis/);
    for (const field of [secret, keyId, webhookSecret]) {
      expect(field).toHaveValue('');
      expect(field).toHaveAttribute('type', 'password');
    }
    expect(document.getElementById(secret.getAttribute('aria-describedby')!)).toHaveTextContent(
      'gespeichert — leer lassen, um ihn zu behalten',
    );
    expect(keyId).toHaveAccessibleDescription('gespeichert — leer lassen, um ihn zu behalten');
    expect(webhookSecret).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText(/^Shop-URL/)).toHaveValue('https://shop.example.de');
    // The address to paste into the shop: Kontor's origin and the connection's webhook path.
    expect((screen.getByLabelText(/^Webhook-Adresse/) as HTMLInputElement).value).toMatch(
      new RegExp(`^${window.location.origin}/.+`),
    );

    // Saving without typing them keeps them.
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await followedTo(new RegExp(`/connections/${id}$`));
    expect(
      await screen.findByRole('heading', { name: `Shop-Verbindung Geheimshop ${run_}` }),
    ).toBeVisible();
    const after = await runGraphql(ShopConnectionFormDocument, { id });
    expect(after.shopConnection?.secretsSet.sort()).toEqual(['clientId', 'clientSecret']);
  });

  test("a connector's screen lists only its connections, then how to set it up", async () => {
    await createConnection(`Connector-Liste ${run_}`);
    await open('/administration/shops/shopware');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopware 6' })).toBeVisible();
    const list = await screen.findByRole('table', { name: 'Shopware 6' });
    expect(
      await within(list).findByRole('link', { name: `Connector-Liste ${run_}` }),
    ).toBeVisible();
    expect(within(list).queryByRole('columnheader', { name: 'Shopsystem' })).toBeNull();
    expect(screen.getByText(/Einstellungen › System › Integrationen/)).toBeVisible();
  });
});

describe('without the permissions to change connections', () => {
  beforeAll(async () => {
    const { createRole } = await runGraphql(CreateRole, {
      input: { name: `Shops ansehen ${run_}`, permissions: ['shop:view'] },
    });
    await runGraphql(CreateUser, {
      input: {
        name: `Shop-Leser ${run_}`,
        email: `shop-leser-${run_}@kontor.test`,
        password: 'shop-leser-passwort',
        roleIds: [createRole.id],
      },
    });
    await createConnection(`Nur lesen ${run_}`);
    await logout();
    await login({ email: `shop-leser-${run_}@kontor.test`, password: 'shop-leser-passwort' });
  });
  afterAll(async () => {
    await logout();
    await login({ email: 'admin@kontor.test', password: 'admin' });
  });

  test('the shops page shows the connections but no create, edit, delete, pause or sync button', async () => {
    await open('/administration/shops');
    const row = (
      await within(await table()).findByRole('link', { name: `Nur lesen ${run_}` })
    ).closest('tr')!;
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Erstellen' })).toBeNull();
  });

  test("a connection's page shows its health but neither edit, pause, sync nor test", async () => {
    await open('/administration/shops');
    await userEvent.click(
      await within(await table()).findByRole('link', { name: `Nur lesen ${run_}` }),
    );
    expect(
      await screen.findByRole('heading', { name: `Shop-Verbindung Nur lesen ${run_}` }),
    ).toBeVisible();
    // Back to the list, above the title.
    expect(screen.getByRole('link', { name: 'Zu den Shop-Verbindungen' })).toHaveAttribute(
      'href',
      '/administration/shops',
    );
    expect(screen.getByRole('group', { name: 'Offene Fehler' })).toHaveTextContent('0');
    for (const name of ['Bearbeiten', 'Pausieren', 'Jetzt synchronisieren', 'Verbindung testen'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});

function DemoScreen({ route }: PageProps) {
  return <p>Demo-Einrichtung ({route.name})</p>;
}

describe('connectors registered at runtime', () => {
  test('a connector gets the route shops.{name} at /administration/shops/{path}, guarded by shop:view, and a child of the shop connections menu item after their overview', async () => {
    registerShopConnector({
      name: 'demo',
      path: '/demo/',
      component: DemoScreen,
      menu: { title: 'Demo-Shop' },
    });
    expect(matchRoute('/administration/shops/demo')?.route).toMatchObject({
      name: 'shops.demo',
      access: 'login',
      permission: 'shop:view',
      module: '@kontor/shop-connectors',
    });
    const menu = await firstValueFrom(menu$);
    const child = menu
      .find((item) => item.name === 'shops')
      ?.children.find((item) => item.name === 'shops.demo');
    expect(child).toMatchObject({
      pathTo: '/administration/shops/demo',
      title: 'Demo-Shop',
      acl: 'shop:view',
    });
    // An item with children opens them: the shop connections page is its first child.
    const shops = menu.find((item) => item.name === 'shops')!;
    expect(shops.children[0]).toMatchObject({
      name: 'shops.connections',
      pathTo: '/administration/shops',
      title: 'shops:menu.connections',
    });

    await open('/administration/shops/demo');
    expect(await screen.findByText('Demo-Einrichtung (shops.demo)')).toBeVisible();
  });

  test('a connector delivered as a single-spa parcel is mounted into its page', async () => {
    registerShopConnector({
      name: 'amazon',
      path: 'amazon',
      component: {
        bootstrap: async () => undefined,
        // single-spa hands a parcel the element to render into as domElement.
        mount: async (parcelProps) => {
          const { domElement } = parcelProps as typeof parcelProps & { domElement: HTMLElement };
          domElement.textContent = 'Amazon-Parcel aktiv';
        },
        unmount: async () => undefined,
      },
    });
    await open('/administration/shops/amazon');
    expect(await screen.findByText('Amazon-Parcel aktiv')).toBeVisible();
  });

  test('a connector may take neither a page of the shop connections nor a path of several segments', () => {
    const screenOnly = { component: DemoScreen };
    expect(() => registerShopConnector({ name: 'list', path: 'list', ...screenOnly })).toThrow(
      /shops\.list/,
    );
    expect(() => registerShopConnector({ name: 'connection', path: 'x', ...screenOnly })).toThrow(
      /shops\.connection/,
    );
    expect(() =>
      registerShopConnector({ name: 'conn', path: 'connections', ...screenOnly }),
    ).toThrow(/\/administration\/shops\/connections/);
    expect(() => registerShopConnector({ name: 'deep', path: 'a/b', ...screenOnly })).toThrow(
      /one segment/,
    );
  });
});

describe('in English', () => {
  beforeAll(() => act(() => changeLanguage('en')));
  afterAll(() => act(() => changeLanguage('de')));

  test('the shops page and the connection form speak English', async () => {
    await open('/administration/shops');
    const list = await screen.findByRole('table', { name: 'Shop connections' });
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Name',
      'Status',
      'Open errors',
      'Imported today',
      'Last success',
      'Lag',
      'Client',
      'Connector',
      'Actions',
    ]);
    await run(unmount);
    await open('/administration/shops/connections/create?connector=shopware6');
    expect(await screen.findByLabelText(/^Access key ID/)).toBeVisible();
    expect(screen.getByLabelText(/^Secret access key/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeVisible();
  });
});
