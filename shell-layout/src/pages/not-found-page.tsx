import { Code, NonIdealState } from '@blueprintjs/core';
import { Page, useTranslation } from '@kontor/shared-session';
import { ButtonLink } from './button-link';

/** Any path no module claims (yet): it goes away by itself once a module registers the path. */
export function NotFoundPage({ pathname }: { pathname: string }) {
  const { t } = useTranslation('shell');
  return (
    <Page title={t('titles.notFound')}>
      <NonIdealState
        icon="search"
        title={t('notFound.message')}
        description={<Code>{pathname}</Code>}
        action={<ButtonLink to="/" icon="home" text={t('notFound.home')} />}
      />
    </Page>
  );
}
