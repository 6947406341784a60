// A domain module's routes as a react-router route table (defineModule): the page of the
// route that matches, its path parameters and search parameters through react-router's hooks,
// and react-router's Link moving between the module's pages without a reload.
import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { mountRootParcel, type AppProps } from 'single-spa';
import {
  defineModule,
  initSession,
  matchRoute,
  registerManifest,
  type ModuleManifest,
  type PageProps,
} from '../src';

const manifest: ModuleManifest = {
  name: '@kontor/routes-test',
  namespace: 'routesTest',
  routes: [
    { name: 'avis.list', path: '/avis', access: 'public' },
    { name: 'avis.create', path: '/avis/create', access: 'public' },
    { name: 'avis.show', path: '/avis/:id', access: 'public' },
    { name: 'avis.secret', path: '/avis/:id/secret', access: 'login' },
  ],
  menu: [],
};

function AvisList() {
  return (
    <>
      <h2>Avis-Liste</h2>
      <Link to="/avis/A-17?tab=positions">Avis A-17</Link>
    </>
  );
}

function AvisShow({ params }: PageProps) {
  const { id } = useParams();
  const [search] = useSearchParams();
  return (
    <h2>
      Avis {id} (Prop {params.id}), Reiter {search.get('tab')}
    </h2>
  );
}

const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/routes-test',
  pages: {
    'avis.list': AvisList,
    'avis.create': () => <h2>Neues Avis</h2>,
    'avis.show': AvisShow,
    'avis.secret': () => <h2>Geheim</h2>,
  },
});

const props = {
  name: '@kontor/routes-test',
  singleSpa: {},
  mountParcel: mountRootParcel,
} as AppProps;

async function run(lifecycle: typeof mount) {
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

beforeAll(async () => {
  // Logged out: the server answers nothing.
  globalThis.fetch = jest.fn(
    async () => ({ ok: false, status: 401, text: async () => '' }) as Response,
  );
  registerManifest(manifest);
  await initSession();
  await bootstrap(props);
});

afterEach(async () => {
  await run(unmount);
});

test('a route with a parameter renders its page with the parameter and the search parameters from react-router', async () => {
  visit('/avis/A-9?tab=history');
  await run(mount);
  expect(
    await screen.findByRole('heading', { name: 'Avis A-9 (Prop A-9), Reiter history' }),
  ).toBeTruthy();
});

test('a static segment wins over a parameter, in the registry and in the module', async () => {
  expect(matchRoute('/avis/create')?.route.name).toBe('avis.create');
  expect(matchRoute('/avis/A%2F1')?.params).toEqual({ id: 'A/1' });
  expect(matchRoute('/Avis/create')).toBeNull(); // case-sensitive, as before
  visit('/avis/create');
  await run(mount);
  expect(await screen.findByRole('heading', { name: 'Neues Avis' })).toBeTruthy();
});

test("react-router's Link goes to another page of the module without a reload", async () => {
  visit('/avis');
  await run(mount);
  await userEvent.click(await screen.findByRole('link', { name: 'Avis A-17' }));
  expect(window.location.pathname + window.location.search).toBe('/avis/A-17?tab=positions');
  expect(
    await screen.findByRole('heading', { name: 'Avis A-17 (Prop A-17), Reiter positions' }),
  ).toBeTruthy();
});

test('a route the session may not see renders nothing in the module (root-config redirects)', async () => {
  visit('/avis/A-9/secret');
  await run(mount);
  expect(screen.queryByRole('heading')).toBeNull();
});
