// The frames of the toolkit's screens: the empty list and the record a form edits.
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ComponentProps, ReactNode } from 'react';
import { Page, useTranslation } from '@kontor/shared-session';
import type { GraphqlQueryState } from './graphql';
import './toolkit-i18n';

/** What a list shows with no rows: 'Keine Einträge' (shared-session's, kept here for the toolkit's users). */
export { EmptyState } from '@kontor/shared-session';

/** A page's back link above its heading: where it leads and what it says. */
export type PageBack = NonNullable<ComponentProps<typeof Page>['back']>;

/**
 * An edit screen's frame while its record loads: a spinner, then the record, or — when the
 * record does not exist or cannot be loaded — the page title with the reason and a retry
 * (and the back link, when `back` is given: the loaded record's page shows its own).
 */
export function RecordPage<Data, Entity>({
  title,
  back,
  query,
  pick,
  children,
}: {
  title: string;
  back?: PageBack;
  query: GraphqlQueryState<Data>;
  pick: (data: Data) => Entity | null | undefined;
  children: (record: Entity) => ReactNode;
}) {
  const { t } = useTranslation('ui');
  const record = query.data ? pick(query.data) : undefined;
  if (record) return <>{children(record)}</>;
  if (query.loading) {
    return (
      <Page title={title} back={back}>
        <Spinner aria-label={t('ui:loading')} />
      </Page>
    );
  }
  const code = query.problem?.code ?? 'NOT_FOUND';
  const known = ['FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND'].includes(code);
  return (
    <Page title={title} back={back}>
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
