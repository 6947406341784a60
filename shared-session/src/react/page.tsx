import { Callout, H2, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from './hooks';
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

/** The frame every page shares: its title as the heading, then the content. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="kontor-page-frame" aria-label={title}>
      <header className="kontor-page-header">
        <H2>{title}</H2>
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
