import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { AppProps } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import { getApolloClient } from '../graphql/apollo';
import { loadShared } from '../http/shared-libs';
import { addTranslations, i18n } from '../i18n/i18n';
import { accessDecision, routes$ } from '../registry/registry';
import type { RegisteredRoute, TranslationResources } from '../types';
import { useObservable, useSession } from './hooks';

type RouterModule = typeof import('react-router-dom');
type ApolloReactModule = typeof import('@apollo/client/react');

/**
 * What a domain module's pages run on beside React: react-router-dom (the module's route
 * table, `useParams`, `useSearchParams`, `Link`) and Apollo (its provider with the page's one
 * client). Both are import-map libraries loaded in the module's bootstrap, so /login, which
 * mounts no domain module, loads neither.
 */
interface PageRuntime {
  router: RouterModule;
  apollo?: { react: ApolloReactModule; client: Awaited<ReturnType<typeof getApolloClient>> };
}
let runtime: PageRuntime | null = null;
let loadingRouter: Promise<RouterModule> | null = null;
let loadingApollo: Promise<NonNullable<PageRuntime['apollo']>> | null = null;

interface SystemRegistry {
  resolve(name: string): string;
  has(url: string): boolean;
}

/**
 * Whether the page already holds a shared library: a module that imports Apollo's hooks
 * (itself, or through @kontor/ui) has it loaded before its code runs. Under jest: yes.
 */
function alreadyLoaded(name: string): boolean {
  const system = (globalThis as { System?: SystemRegistry }).System;
  if (!system) return true;
  try {
    return system.has(system.resolve(name));
  } catch {
    return false;
  }
}

/**
 * Loads react-router-dom, and Apollo's React part with the page's client when `apollo` (by
 * default: when the page already imported Apollo's hooks, so a module without GraphQL, e.g.
 * the dashboard, does not download it). Once per page; a later call may add Apollo.
 */
export async function loadPageRuntime(
  apollo = alreadyLoaded('@apollo/client/react'),
): Promise<PageRuntime> {
  loadingRouter ??= loadShared<RouterModule>('react-router-dom');
  if (apollo) {
    loadingApollo ??= Promise.all([
      loadShared<ApolloReactModule>('@apollo/client/react'),
      getApolloClient(),
    ]).then(([react, client]) => ({ react, client }));
  }
  const [router, loaded] = await Promise.all([loadingRouter, loadingApollo ?? undefined]);
  runtime = { router, apollo: loaded ?? runtime?.apollo };
  return runtime;
}

/**
 * Apollo's provider (the page's one client) and a react-router `BrowserRouter`: what
 * defineModule renders a module's pages in. After `loadPageRuntime()` (a parcel, a test).
 */
export function PageProviders({ children }: { children?: React.ReactNode }) {
  if (!runtime) throw new Error('PageProviders: await loadPageRuntime() first');
  const { BrowserRouter } = runtime.router;
  const routed = <BrowserRouter>{children}</BrowserRouter>;
  if (!runtime.apollo) return routed;
  const { ApolloProvider } = runtime.apollo.react;
  return <ApolloProvider client={runtime.apollo.client}>{routed}</ApolloProvider>;
}

/** What a page receives: its route and the path parameters. */
export interface PageProps {
  route: RegisteredRoute;
  params: Record<string, string>;
}

/** A module's pages by route name. */
export type ModulePages = Record<string, ComponentType<PageProps>>;

/** The element a module renders into: its own child of the content area. */
export function mountPoint(appName: string): HTMLElement {
  const id = `kontor-module:${appName}`;
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    element.className = 'kontor-module';
    (document.getElementById('kontor-content') ?? document.body).appendChild(element);
  }
  return element;
}

/**
 * A page that throws while rendering shows this panel in its module's area (the rest of
 * Kontor keeps working); "Erneut versuchen" renders the module again.
 */
class ModuleErrorBoundary extends React.Component<
  { children?: React.ReactNode } & AppProps,
  { error: Error | null }
> {
  override state = { error: null as Error | null };

  override componentDidCatch(error: Error) {
    this.setState({ error });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="bp6-callout bp6-intent-danger kontor-module-error" role="alert">
        <h5 className="bp6-heading">{i18n.t('common:genericError')}</h5>
        <p>{error.message}</p>
        <button
          type="button"
          className="bp6-button bp6-intent-primary"
          onClick={() => this.setState({ error: null })}
        >
          <span className="bp6-button-text">
            {i18n.t('runtime:retry', { defaultValue: 'Erneut versuchen' })}
          </span>
        </button>
      </div>
    );
  }
}

/** single-spa lifecycles rendering a React root into the module's mount point. */
export function createLifecycles(appName: string, Root: ComponentType) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: () => (
      <I18nextProvider i18n={i18n}>
        <Root />
      </I18nextProvider>
    ),
    domElementGetter: () => mountPoint(appName),
    errorBoundaryClass: ModuleErrorBoundary,
  });
}

/**
 * Defines a domain module. root-config decides from the manifests which module is active and
 * guards the route; inside the module its routes (the manifest's, and any registered later)
 * become a react-router route table: each route renders its page (by route name) when the
 * session allows it, faded in on every change of path (not of search: a list's filters live
 * there). Pages read `useParams`/`useSearchParams` and link with react-router-dom's `Link`; the
 * `params` prop is the same parameters. `pages` is read at render time, so a module may add
 * pages later (shop connectors do). Returns the single-spa lifecycles to export.
 */
export function defineModule(options: {
  name: string;
  pages: ModulePages;
  translations?: TranslationResources;
}) {
  if (options.translations) addTranslations(options.translations);

  function RoutePage({ route }: { route: RegisteredRoute }) {
    const { useLocation, useParams } = runtime!.router;
    const session = useSession();
    const location = useLocation();
    const params = useParams() as Record<string, string>;
    const Page = options.pages[route.name];
    if (!Page || accessDecision(route, session) !== 'allow') return null;
    // A page may be `React.lazy` (its code loaded with its route, issue 30): nothing shows
    // until it is there, as while a module's bundle loads.
    return (
      <div key={location.pathname} className="kontor-page kontor-fade">
        <React.Suspense fallback={null}>
          <Page route={route} params={params} />
        </React.Suspense>
      </div>
    );
  }

  function RouteTable() {
    const { useRoutes } = runtime!.router;
    const all = useObservable(routes$, []);
    const table = React.useMemo(
      () =>
        all
          .filter((route) => route.module === options.name)
          .map((route): { path: string; caseSensitive: boolean; element: React.ReactNode } => ({
            path: route.path,
            caseSensitive: true,
            element: <RoutePage route={route} />,
          }))
          // Another module's path (while this one unmounts): nothing, and no warning.
          .concat({ path: '*', caseSensitive: true, element: null }),
      [all],
    );
    return useRoutes(table);
  }

  function ModuleRoot() {
    return (
      <PageProviders>
        <RouteTable />
      </PageProviders>
    );
  }

  const lifecycles = createLifecycles(options.name, ModuleRoot);
  return {
    ...lifecycles,
    bootstrap: (props: AppProps) => loadPageRuntime().then(() => lifecycles.bootstrap(props)),
  };
}
