import { Page, useSession, useTranslation } from '@kontor/shared-session';
import { ButtonLink } from './button-link';

/** /: a welcome; the way in when logged out, the way to the dashboard when logged in. */
export function HomePage() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  return (
    <Page title={t('home.welcome')}>
      <p>{t('home.intro')}</p>
      {user ? (
        <>
          <p>{t('home.hello', { name: user.name })}</p>
          <ButtonLink to="/dashboard" icon="dashboard" text={t('home.toDashboard')} primary />
        </>
      ) : (
        <>
          <p>{t('home.pleaseLogin')}</p>
          <ButtonLink to="/login" icon="log-in" text={t('home.login')} primary />
        </>
      )}
    </Page>
  );
}
