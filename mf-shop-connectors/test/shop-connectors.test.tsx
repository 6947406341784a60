import {
  initSession,
  matchRoute,
  menu$,
  registerManifest,
  type ModuleManifest,
  type PageProps,
} from '@kontor/shared-session';
import { act, screen } from '@testing-library/react';
import { firstValueFrom } from 'rxjs';
import { mountRootParcel, type AppProps } from 'single-spa';
import manifest from '../src/manifest.json';
import { bootstrap, mount, registerShopConnector, unmount } from '../src/kontor-shop-connectors';

// The server's answers for a logged-in user without special permissions.
const SERVER: Record<string, unknown> = {
  '/sanctum/csrf-cookie': null,
  '/user': { id: 7, name: 'Lena Lager', email: 'lena@kontor.test', notifications: [] },
  '/spa/me/permissions': [],
};

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

function visit(path: string) {
  window.history.pushState({}, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

function ShopwareScreen({ route }: PageProps) {
  return <p>Shopware-Bestellungen abrufen ({route.name})</p>;
}

// Registering a name again replaces it, so each test registers what it needs.
const shopware = {
  name: 'shopware',
  path: 'shopware',
  component: ShopwareScreen,
  menu: { title: 'Shopware' },
};

beforeAll(async () => {
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    const body = SERVER[String(url)];
    return { ok: true, status: 200, text: async () => JSON.stringify(body) } as Response;
  });
  registerManifest(manifest as ModuleManifest);
  await initSession();
  await bootstrap(props);
});

afterEach(async () => {
  if (mounted) await run(unmount);
  visit('/');
});

describe('shop connectors', () => {
  test('a registered connector is rendered at /administration/shops/{path} under the route shops.{name}', async () => {
    registerShopConnector(shopware);
    visit('/administration/shops/shopware');
    await run(mount);

    expect(matchRoute('/administration/shops/shopware')?.route).toMatchObject({
      name: 'shops.shopware',
      access: 'login',
      module: '@kontor/shop-connectors',
    });
    expect(await screen.findByText('Shopware-Bestellungen abrufen (shops.shopware)')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Shopware');
  });

  test('a registered connector becomes a child of the shop connections menu item', async () => {
    registerShopConnector(shopware);
    const menu = await firstValueFrom(menu$);
    const shops = menu.find((item) => item.name === 'shops');
    const child = shops?.children.find((item) => item.name === 'shops.shopware');
    expect(child).toMatchObject({ pathTo: '/administration/shops/shopware', title: 'Shopware' });
  });

  test('a connector delivered as a single-spa parcel is mounted into its page', async () => {
    registerShopConnector({
      name: 'amazon',
      path: '/amazon/',
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
    visit('/administration/shops/amazon');
    await run(mount);

    expect(await screen.findByText('Amazon-Parcel aktiv')).toBeTruthy();
  });

  test('the shop connections page lists the registered connectors as links to their screens', async () => {
    registerShopConnector(shopware);
    visit('/administration/shops');
    await run(mount);

    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe(
      'Shop-Verbindungen',
    );
    expect(screen.getByRole('link', { name: /Shopware/ }).getAttribute('href')).toBe(
      '/administration/shops/shopware',
    );
  });

  test('a connector may not take the route of the shop connections page', () => {
    expect(() =>
      registerShopConnector({ name: 'list', path: 'list', component: ShopwareScreen }),
    ).toThrow(/shops\.list/);
  });
});
