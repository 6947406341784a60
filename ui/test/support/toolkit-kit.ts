// What the toolkit's component tests share: the GraphQL documents they run against the real
// server (written here, as a module's .graphql files would be), a route to render pages
// under, and the toasts the page showed.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import type { Subscription } from 'rxjs';
import { startRealServer, type RealServer } from '../../../build/jest-real-server';
import { render as renderInDom, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  http,
  initSession,
  loadPageRuntime,
  login,
  PageProviders,
  toast$,
  type RegisteredRoute,
  type ToastMessage,
} from '@kontor/shared-session';
import type { ListVariables } from '../../src';

export type UserRow = { id: string; name: string; email: string; version: number };
export type UserInput = { name: string; email: string; password: string | null; roleIds: string[] };

export const Users = parse(`
  query Users($page: PageInput, $sortBy: UserSort) {
    users(page: $page, sortBy: $sortBy) { total items { id name email version } }
  }
`) as TypedDocumentNode<
  { users: { total: number; items: UserRow[] } },
  ListVariables<'NAME' | 'EMAIL'>
>;

export const User = parse(`
  query User($id: ID!) { user(id: $id) { id name email version } }
`) as TypedDocumentNode<{ user: UserRow | null }, { id: string }>;

export const CreateUser = parse(`
  mutation CreateUser($input: UserInput!) { createUser(input: $input) { id name email version } }
`) as TypedDocumentNode<{ createUser: UserRow }, { input: UserInput }>;

export const UpdateUser = parse(`
  mutation UpdateUser($id: ID!, $version: Int!, $input: UserInput!) {
    updateUser(id: $id, version: $version, input: $input) { id version }
  }
`) as TypedDocumentNode<unknown, { id: string; version: number; input: UserInput }>;

export const DeleteUser = parse(`
  mutation DeleteUser($id: ID!) { deleteUser(id: $id) { id } }
`) as TypedDocumentNode<unknown, { id: string }>;

/** A route to render a page under; its title is shown as it is (no such i18n key). */
export const route = (pageTitle: string): RegisteredRoute => ({
  name: 'toolkit.test',
  path: '/toolkit/test/:id',
  access: 'login',
  pageTitle,
  module: '@kontor/toolkit-test',
});

/** A tag that keeps one run's records apart from every other's. */
export const tag = () => Math.random().toString(36).slice(2, 8);

/** The toasts shown since the last `clear()`. */
export function recordToasts(): { messages: () => string[]; clear: () => void; stop: () => void } {
  let seen: ToastMessage[] = [];
  const subscription: Subscription = toast$.subscribe((toast) => seen.push(toast));
  return {
    messages: () => seen.map((toast) => toast.message),
    clear: () => (seen = []),
    stop: () => subscription.unsubscribe(),
  };
}

/**
 * Starts the real server for a test file, logged in as the demo admin; stops it after the
 * file. Returns the server and the toasts (both cleared before each test).
 */
export function toolkitSuite(): {
  server: () => RealServer;
  toasts: ReturnType<typeof recordToasts>;
} {
  let real: RealServer | undefined;
  const toasts = recordToasts();
  jest.setTimeout(60_000);
  beforeAll(async () => {
    real = await startRealServer();
    await initSession();
    // initSession's three requests run at once and each may answer with a fresh guest pass;
    // one more anti-forgery cookie after them leaves the jar and document.cookie agreeing
    // (a login refused with 419 was seen once on a loaded CI machine).
    await http.get('/sanctum/csrf-cookie');
    await login({ email: 'admin@kontor.test', password: 'admin' });
    await loadPageRuntime();
  });
  afterAll(async () => {
    toasts.stop();
    await real?.close();
  });
  beforeEach(() => {
    // A list keeps its search, sort and page in the URL: each test starts from a clean one.
    window.history.replaceState(null, '', '/');
    toasts.clear();
    if (real) real.calls.length = 0;
  });
  return { server: () => real!, toasts };
}

/** Renders a toolkit screen as defineModule would: in Apollo's provider and a react-router. */
export function render(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return renderInDom(ui, { ...options, wrapper: PageProviders });
}
