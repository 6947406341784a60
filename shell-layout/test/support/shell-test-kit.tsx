// What every shell test needs: the page skeleton, the server (the one foreign thing, behind
// `fetch`), the real manifests of every module, and ways to log in and move around.
import {
  changeLanguage,
  registerManifest,
  reloadUser,
  type ModuleManifest,
  type Notification,
  type User,
} from '@kontor/shared-session';
import { Icons } from '@blueprintjs/icons';
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { start } from 'single-spa';
import adminManifest from '../../../mf-admin/src/manifest.json';
import ordersManifest from '../../../mf-orders/src/manifest.json';
import shopsManifest from '../../../mf-shop-connectors/src/manifest.json';
import stocktakingManifest from '../../../mf-stocktaking/src/manifest.json';
import warehouseManifest from '../../../mf-warehouse/src/manifest.json';
import shellManifest from '../../src/manifest.json';
import { ShellRoot } from '../../src/shell-root';

/** The demo users of the server's seed data (README), with their permissions. */
export const demoUsers = {
  admin: {
    user: { id: 1, name: 'Admin', email: 'admin@kontor.test', notifications: [] as Notification[] },
    permissions: [
      'administrate',
      'user:impersonate',
      'user:view',
      'user:create',
      'user:update',
      'client:view',
      'client:create',
      'client:update',
      'product:update',
      'product:create',
      'product:import',
      'department:view',
      'department:create',
      'department:update',
      'order:create',
      'order:import',
      'order:view',
      'warehouse:view',
      'warehouse:create',
      'warehouse:update',
    ],
  },
  packer: {
    user: {
      id: 2,
      name: 'Packer',
      email: 'packer@kontor.test',
      notifications: [] as Notification[],
    },
    permissions: ['order:view', 'order:create'],
  },
  guest: {
    user: { id: 3, name: 'Guest', email: 'guest@kontor.test', notifications: [] as Notification[] },
    permissions: [] as string[],
  },
};

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown };
type Handler = (call: RecordedCall) => Reply | undefined;

/** A stand-in for the Kontor server: who is logged in, and optional answers per test. */
export const server = {
  user: null as User | null,
  permissions: [] as string[],
  calls: [] as RecordedCall[],
  handlers: [] as Handler[],
  /** Answers one kind of call differently in this test (checked before the defaults). */
  on(handler: Handler) {
    this.handlers.push(handler);
  },
  reset() {
    this.user = null;
    this.permissions = [];
    this.calls = [];
    this.handlers = [];
  },
};

function defaultReply(call: RecordedCall): Reply {
  const key = `${call.method} ${call.url}`;
  if (key === 'GET /sanctum/csrf-cookie') return { status: 204 };
  if (key === 'GET /user')
    return server.user ? { status: 200, body: server.user } : { status: 401 };
  if (key === 'GET /spa/me/permissions') {
    return server.user
      ? { status: 200, body: server.permissions.map((name) => ({ name })) }
      : { status: 401 };
  }
  if (key === 'POST /logout') {
    server.user = null;
    return { status: 204 };
  }
  const read = /^PATCH \/spa\/notifications\/([^/]+)\/read$/.exec(key);
  if (read) return { status: 200, body: { id: read[1], read_at: '2025-01-02T10:00:00Z' } };
  return { status: 404, body: { message: 'Not Found' } };
}

/** Routes every `fetch` of the page to the stand-in server. */
export function installServer(): void {
  server.reset();
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    server.calls.push(call);
    const reply = server.handlers.map((h) => h(call)).find(Boolean) ?? defaultReply(call);
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    // shared-session's http client reads ok, status, headers and text(); jsdom has no Response.
    return {
      ok: reply.status < 400,
      status: reply.status,
      headers: new Map<string, string>(),
      text: async () => text,
    } as unknown as Response;
  });
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

/** Logs a demo user in on the server and lets the page load them (as after a login). */
export async function logInAs(
  who: keyof typeof demoUsers | null,
  extra: Partial<User> = {},
): Promise<void> {
  server.user = who ? { ...demoUsers[who].user, ...extra } : null;
  server.permissions = who ? demoUsers[who].permissions : [];
  await act(() => reloadUser());
}

/** A fresh page: skeleton, server, manifests, German, at `path`; dark mode as stored (default off). */
export async function openShell(
  path = '/',
  who: keyof typeof demoUsers | null = null,
  { user: extra = {}, storedDark }: { user?: Partial<User>; storedDark?: 'true' | 'false' } = {},
) {
  await iconsLoaded;
  buildPageSkeleton();
  localStorage.clear();
  if (storedDark) localStorage.setItem('dark', storedDark);
  document.body.classList.remove('bp6-dark');
  installServer();
  registerAllManifests();
  await act(() => changeLanguage('de'));
  await logInAs(who, extra);
  goTo(path);
  const content = document.getElementById('kontor-content') as HTMLElement;
  return render(<ShellRoot />, { container: content.appendChild(document.createElement('div')) });
}

/** A notification as the server sends it. */
export function notification(id: string, message: string, read = false): Notification {
  return {
    id,
    message,
    data: { message },
    read_at: read ? '2025-01-01T09:00:00Z' : null,
    created_at: '2025-01-01T08:00:00Z',
  };
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
