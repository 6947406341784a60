// Modules that load at boot (a manifest's loadAtBoot: the shop connectors): loaded for the
// users who may see them, right after boot or login, each on its own — one that fails or
// hangs is reported with a retry and holds up nothing else.
import { BehaviorSubject, type Subscription } from 'rxjs';
import {
  currentBootModules,
  type ModuleRegistryEntry,
  type SessionState,
} from '@kontor/shared-session';
import { loadModulesAtBoot, mayLoadAtBoot } from '../src/boot-modules';
import { LIFECYCLE_MAX_MS } from '../src/module-guard';

const entry = (name: string, loadAtBoot?: { permission?: string }): ModuleRegistryEntry => ({
  name,
  manifest: { name, namespace: name.replace('@kontor/', ''), routes: [], menu: [], loadAtBoot },
});
const loggedOut: SessionState = { loaded: true, isLoggedIn: false, user: null, permissions: [] };
const user = (permissions: string[]): SessionState => ({
  loaded: true,
  isLoggedIn: true,
  user: { id: 1, name: 'Lena Lager', email: 'lena@kontor.test', notifications: [] },
  permissions,
});

const shopware = entry('@kontor/connector-shopware', { permission: 'shop:view' });
const woocommerce = entry('@kontor/connector-woocommerce', { permission: 'shop:view' });
const everyone = entry('@kontor/greeter', {});
const orders = entry('@kontor/orders');

/** A bundle loader that records what it imported and what it was told to forget. */
function loader(bundles: Record<string, () => Promise<unknown>>) {
  const imported: string[] = [];
  const forgotten: string[] = [];
  return {
    imported,
    forgotten,
    load: (name: string) => {
      imported.push(name);
      const bundle = bundles[name];
      return bundle ? bundle() : Promise.reject(new Error(`404: ${name}`));
    },
    forget: (name: string) => forgotten.push(name),
  };
}

const stateOf = (name: string) => currentBootModules().find((s) => s.name === name);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let subscription: Subscription | undefined;
afterEach(() => subscription?.unsubscribe());

describe('modules loaded at boot', () => {
  test('a connector is loaded for a user holding shop:view as soon as the session is there, without one of its routes', async () => {
    const session = new BehaviorSubject(user(['shop:view', 'order:view']));
    const bundles = loader({ [shopware.name]: async () => ({}), [orders.name]: async () => ({}) });
    subscription = loadModulesAtBoot([orders, shopware], session, bundles.load, bundles.forget);
    await settle();

    expect(bundles.imported).toEqual([shopware.name]);
    expect(stateOf(shopware.name)).toMatchObject({
      status: 'loaded',
      namespace: 'connector-shopware',
    });
  });

  test('a packer without shop:view never loads it; logged out nobody does; a module naming no permission loads for every logged-in user', async () => {
    const session = new BehaviorSubject(loggedOut);
    const bundles = loader({
      [woocommerce.name]: async () => ({}),
      [everyone.name]: async () => ({}),
    });
    subscription = loadModulesAtBoot(
      [woocommerce, everyone],
      session,
      bundles.load,
      bundles.forget,
    );
    await settle();
    expect(bundles.imported).toEqual([]);

    session.next(user(['order:view', 'order:create']));
    await settle();
    expect(bundles.imported).toEqual([everyone.name]);
    expect(mayLoadAtBoot(woocommerce, session.value)).toBe(false);
  });

  test('a login as a user who may loads it then, once, however often the session changes after', async () => {
    const session = new BehaviorSubject(loggedOut);
    let registrations = 0;
    const bundles = loader({
      [shopware.name]: async () => ({ ready: Promise.resolve().then(() => (registrations += 1)) }),
    });
    subscription = loadModulesAtBoot([shopware], session, bundles.load, bundles.forget);
    session.next(user(['order:view']));
    await settle();
    expect(bundles.imported).toEqual([]);

    session.next(user(['shop:view']));
    session.next(user(['shop:view', 'shop:update']));
    await settle();
    session.next(loggedOut);
    session.next(user(['shop:view']));
    await settle();
    expect(bundles.imported).toEqual([shopware.name]);
    expect(registrations).toBe(1);
  });

  test('a bundle that fails to load is reported with its reason, the other connector loads, and the retry fetches it anew', async () => {
    const session = new BehaviorSubject(user(['shop:view']));
    let shopwareBroken = true;
    const bundles = loader({
      [shopware.name]: async () => {
        if (shopwareBroken) throw new Error('Unable to resolve bare specifier');
        return {};
      },
      [woocommerce.name]: async () => ({}),
    });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    subscription = loadModulesAtBoot(
      [shopware, woocommerce],
      session,
      bundles.load,
      bundles.forget,
    );
    await settle();

    expect(stateOf(shopware.name)).toMatchObject({
      status: 'failed',
      error: 'Unable to resolve bare specifier',
    });
    expect(stateOf(woocommerce.name)?.status).toBe('loaded');
    expect(bundles.forgotten).toEqual([shopware.name]);

    shopwareBroken = false;
    await stateOf(shopware.name)!.retry();
    expect(stateOf(shopware.name)?.status).toBe('loaded');
    expect(bundles.imported.filter((name) => name === shopware.name)).toHaveLength(2);
    errors.mockRestore();
  });

  test('a registration that fails after the bundle loaded (its `ready` rejects) counts as a failed load', async () => {
    const session = new BehaviorSubject(user(['shop:view']));
    const bundles = loader({
      [shopware.name]: async () => ({
        ready: Promise.reject(
          new Error("Shop connector 'list' would replace the route shops.list"),
        ),
      }),
    });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    subscription = loadModulesAtBoot([shopware], session, bundles.load, bundles.forget);
    await settle();

    expect(stateOf(shopware.name)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/shops\.list/),
    });
    expect(bundles.forgotten).toEqual([shopware.name]);
    errors.mockRestore();
  });

  test('a bundle that never answers is given up after the load limit and reported, while the other loads at once', async () => {
    jest.useFakeTimers();
    try {
      const session = new BehaviorSubject(user(['shop:view']));
      const bundles = loader({
        [shopware.name]: () => new Promise(() => undefined),
        [woocommerce.name]: async () => ({}),
      });
      const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      subscription = loadModulesAtBoot(
        [shopware, woocommerce],
        session,
        bundles.load,
        bundles.forget,
      );
      await jest.advanceTimersByTimeAsync(0);
      expect(stateOf(woocommerce.name)?.status).toBe('loaded');
      expect(stateOf(shopware.name)?.status).toBe('loading');

      await jest.advanceTimersByTimeAsync(LIFECYCLE_MAX_MS.load);
      expect(stateOf(shopware.name)).toMatchObject({
        status: 'failed',
        error: 'load hat länger als 15 s gedauert.',
      });
      errors.mockRestore();
    } finally {
      jest.useRealTimers();
    }
  });
});
