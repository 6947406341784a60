import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { AppProps } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import { addTranslations, i18n } from '../i18n/i18n';
import { accessDecision } from '../registry/registry';
import type { RegisteredRoute, TranslationResources } from '../types';
import { useRoute, useSession } from './hooks';

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
 * Defines a domain module: the page for the current route (by route name), re-rendered and
 * faded in on every change of full path. `pages` is read at render time, so a module may add
 * pages later (shop connectors do). Returns the single-spa lifecycles to export.
 */
export function defineModule(options: {
  name: string;
  pages: ModulePages;
  translations?: TranslationResources;
}) {
  if (options.translations) addTranslations(options.translations);
  function ModuleRoot() {
    const current = useRoute();
    const session = useSession();
    const route = current.route;
    if (!route || route.module !== options.name) return null;
    if (accessDecision(route, session) !== 'allow') return null;
    const Page = options.pages[route.name];
    if (!Page) return null;
    return (
      <div key={current.fullPath} className="kontor-page kontor-fade">
        <Page route={route} params={current.params} />
      </div>
    );
  }
  return createLifecycles(options.name, ModuleRoot);
}
