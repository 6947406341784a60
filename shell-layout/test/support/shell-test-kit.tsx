// What every shell test needs: the page skeleton, the real Kontor server (one per test file,
// on a fresh database with the demo users, reached through a browser-like fetch), the real
// manifests of every module, and ways to log in and move around. Nothing of ours is mocked.
import {
  changeLanguage,
  http,
  registerManifest,
  reloadUser,
  type ModuleManifest,
} from '@kontor/shared-session';
import { Icons } from '@blueprintjs/icons';
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { start } from 'single-spa';
import { startRealServer, type RealServer } from '../../../build/jest-real-server';
import adminManifest from '../../../mf-admin/src/manifest.json';
import ordersManifest from '../../../mf-orders/src/manifest.json';
import shopsManifest from '../../../mf-shop-connectors/src/manifest.json';
import stocktakingManifest from '../../../mf-stocktaking/src/manifest.json';
import warehouseManifest from '../../../mf-warehouse/src/manifest.json';
import shellManifest from '../../src/manifest.json';
import { ShellRoot } from '../../src/shell-root';

/** The demo users of the server's seed data (README): e-mail and password. */
export const demoUsers = {
  admin: { email: 'admin@kontor.test', password: 'admin' },
  packer: { email: 'packer@kontor.test', password: 'packer' },
  guest: { email: 'guest@kontor.test', password: 'guest' },
};
export type DemoUser = keyof typeof demoUsers;

// Logins hash with argon2 and every test logs in: more than jest's default 5 s on a busy machine.
jest.setTimeout(30_000);

let real: RealServer | null = null;
// One server per test file: each file imports this kit once.
beforeAll(async () => {
  real = await startRealServer();
}, 90_000);
afterAll(() => real?.close());

/** The real server of this test file (started before the first test). */
export function server(): RealServer {
  if (!real) throw new Error('the server starts in beforeAll');
  return real;
}

/** A demo user's id, read through the API as that user. */
export function idOf(who: DemoUser): Promise<number> {
  return server().userId(demoUsers[who].email, demoUsers[who].password);
}

// As in the browser: single-spa started (its history patch makes navigate() fire routing events),
// and every icon loaded up front so no icon arrives after a test has finished looking.
start({ urlRerouteOnly: true });
const iconsLoaded = Icons.loadAll();

let registered = false;

/** Registers the shell's and every domain module's real manifest, as root-config does at boot. */
export function registerAllManifests(): void {
  if (registered) return;
  registered = true;
  for (const manifest of [
    shellManifest,
    ordersManifest,
    warehouseManifest,
    stocktakingManifest,
    adminManifest,
    shopsManifest,
  ]) {
    registerManifest(manifest as ModuleManifest);
  }
}

/** Builds the page skeleton of root-config/index.html. */
export function buildPageSkeleton(): void {
  document.body.innerHTML = `
    <div id="kontor-app" class="kontor-layout">
      <nav id="kontor-menu"></nav>
      <header id="kontor-topbar"></header>
      <main id="kontor-content"></main>
    </div>
    <div id="kontor-overlay"></div>`;
}

/** Goes to a path the way the browser does (the registry re-resolves on popstate). */
export function goTo(path: string): void {
  act(() => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

/** What a test needs on the server before the page shows. */
export interface ShellSetup {
  /** Unread notifications the user gets (sent by the admin) after the earlier ones were read. */
  notifications?: string[];
  /** The administrator logs in as this user (login-as) instead. */
  actingAs?: DemoUser;
  storedDark?: 'true' | 'false';
}

/**
 * The page's session on the real server: the previous one logged out, then `who` logged in
 * (with the anti-forgery cookie, as the page does), their inbox read, the test's
 * notifications sent, and the user reloaded into the page.
 */
export async function logInAs(who: DemoUser | null, setup: ShellSetup = {}): Promise<void> {
  await http.get('/sanctum/csrf-cookie');
  // Whatever the last test left: the server forgets the session (a visitor gets 401 here).
  await http.post('/logout').catch(() => undefined);
  await http.get('/sanctum/csrf-cookie');
  if (who) {
    await http.post('/login', demoUsers[who]);
    if (setup.actingAs) await http.post(`/spa/users/login/as/${await idOf(setup.actingAs)}`);
    await http.post('/spa/notifications/read-all');
    const me = await http.get<{ id: number }>('/user');
    for (const message of setup.notifications ?? []) await server().notify(me.id, message);
  }
  await act(() => reloadUser());
}

/** A fresh page: skeleton, manifests, German, `who` logged in, at `path`; dark mode as stored. */
export async function openShell(path = '/', who: DemoUser | null = null, setup: ShellSetup = {}) {
  await iconsLoaded;
  buildPageSkeleton();
  localStorage.clear();
  if (setup.storedDark) localStorage.setItem('dark', setup.storedDark);
  document.body.classList.remove('bp6-dark');
  registerAllManifests();
  await act(() => changeLanguage('de'));
  await logInAs(who, setup);
  // What a test looks at is what the page asked from here on.
  server().calls.length = 0;
  server().requests.length = 0;
  goTo(path);
  const content = document.getElementById('kontor-content') as HTMLElement;
  return render(<ShellRoot />, { container: content.appendChild(document.createElement('div')) });
}

/** The hover text of an element: hovers it and reads the Blueprint tooltip that opens. */
export async function hoverText(element: Element): Promise<string> {
  await userEvent.hover(element);
  return waitFor(() => {
    const tooltip = document.querySelector('.bp6-tooltip');
    if (!tooltip) throw new Error('no tooltip open');
    return tooltip.textContent ?? '';
  });
}
