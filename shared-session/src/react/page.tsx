import { Callout, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link, useTranslation } from './hooks';
import './page.css';
import type { ModulePages, PageProps } from './lifecycles';

/**
 * What a list or a page shows with nothing in it: 'Keine Einträge'. Here rather than in the
 * toolkit, so that a page showing only this does not load the toolkit and Apollo.
 */
export function EmptyState({ description }: { description?: ReactNode }) {
  const { t } = useTranslation('common');
  return <NonIdealState icon="inbox" title={t('common:empty')} description={description} />;
}

/** Where a page's back link leads (the list of a record) and what it says ('Zu den Produkten'). */
export interface PageBack {
  to: string;
  label: string;
}

/**
 * The frame every page shares: its title as the page's one `h1` (a record's page names the
 * record: 'Produkt MV-30001 – Farbe rot'; its sections' headings rank below), above it the back link when `back` is given, then the content.
 */
export function Page({
  title,
  back,
  actions,
  children,
}: {
  title: string;
  back?: PageBack;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="kontor-page-frame" aria-label={title}>
      {back ? (
        <Link className="kontor-page-back" to={back.to}>
          <span aria-hidden="true">←</span>
          {back.label}
        </Link>
      ) : null}
      <header className="kontor-page-header">
        <h1 className="bp6-heading kontor-page-title">{title}</h1>
        {actions ? <div className="kontor-page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

// A screen not built yet shows its page title and says so; its area swaps in the real page.
function PlaceholderPage({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <Page title={t(route.pageTitle ?? '')}>
      <Callout intent="primary" icon="build">
        {t('common:placeholder')}
      </Callout>
    </Page>
  );
}

/** Placeholder pages for the named routes, until their screens are built. */
export const placeholderPages = (...routeNames: string[]): ModulePages =>
  Object.fromEntries(routeNames.map((name) => [name, PlaceholderPage]));
