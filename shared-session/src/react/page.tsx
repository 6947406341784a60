import { Button, Callout, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import { useTranslation } from './hooks';
import type { GraphqlQueryState } from './graphql';
import type { ModulePages, PageProps } from './lifecycles';

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

/** What a list shows with no rows: 'Keine Einträge'. */
export function EmptyState({ description }: { description?: ReactNode }) {
  useTranslation('common');
  return <NonIdealState icon="inbox" title={i18n.t('common:empty')} description={description} />;
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

/**
 * An edit screen's frame while its record loads: a spinner, then the record, or — when the
 * record does not exist or cannot be loaded — the page title with the reason and a retry.
 */
export function RecordPage<Data, Entity>({
  title,
  query,
  pick,
  children,
}: {
  title: string;
  query: GraphqlQueryState<Data>;
  pick: (data: Data) => Entity | null | undefined;
  children: (record: Entity) => ReactNode;
}) {
  const { t } = useTranslation('ui');
  const record = query.data ? pick(query.data) : undefined;
  if (record) return <>{children(record)}</>;
  if (query.loading) {
    return (
      <Page title={title}>
        <Spinner aria-label={t('ui:loading')} />
      </Page>
    );
  }
  const code = query.problem?.code ?? 'NOT_FOUND';
  const known = ['FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND'].includes(code);
  return (
    <Page title={title}>
      <NonIdealState
        icon={code === 'NOT_FOUND' ? 'search' : 'error'}
        title={t(known ? `ui:errors.${code}` : 'ui:errors.generic')}
        action={
          code === 'NOT_FOUND' ? undefined : (
            <Button icon="refresh" text={t('ui:retry')} onClick={query.reload} />
          )
        }
      />
    </Page>
  );
}
