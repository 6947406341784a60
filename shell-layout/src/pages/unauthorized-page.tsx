import { NonIdealState } from '@blueprintjs/core';
import { Page, useTranslation } from '@kontor/shared-session';
import { ButtonLink } from './button-link';

/** /unauthorized: where the guard sends a user without the route's permission. */
export function UnauthorizedPage() {
  const { t } = useTranslation('shell');
  return (
    <Page title={t('titles.unauthorized')}>
      <NonIdealState
        icon="lock"
        title={t('unauthorized.message')}
        action={<ButtonLink to="/" icon="home" text={t('unauthorized.home')} />}
      />
    </Page>
  );
}
