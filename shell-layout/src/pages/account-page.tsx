import { Button, H4, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import {
  format,
  http,
  loadShared,
  Page,
  refusalOf,
  showToast,
  useSession,
  useTranslation,
} from '@kontor/shared-session';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { accountForm, type UiModule } from './account-form';

// The form is built from @kontor/ui, loaded here on first use (never at boot, never by /login).
const AccountEditForm = lazy(async () => ({
  default: accountForm(await loadShared<UiModule>('@kontor/ui')),
}));

/** One of the user's sessions as GET /spa/sessions gives it (by public id, never the token). */
interface SessionEntry {
  id: string;
  userAgent: string | null;
  ip: string | null;
  lastActivity: string;
  loggedInAt: string;
  current: boolean;
  actingAs: { id: number; name: string } | null;
}

/** The user's sessions (device, address, last activity) with a way to end one or all others. */
function SessionList() {
  const { t } = useTranslation('shell');
  const [sessions, setSessions] = useState<SessionEntry[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setSessions(await http.get<SessionEntry[]>('/spa/sessions'));
    } catch {
      setSessions([]);
      showToast(t('sessions.loadFailed'), 'danger');
    }
  }, [t]);
  useEffect(() => void load(), [load]);

  const end = async (request: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await request();
      showToast(t('sessions.ended'), 'success');
    } catch (error) {
      showToast(refusalOf(error) ?? t('sessions.endFailed'), 'danger');
    }
    await load();
    setBusy(false);
  };
  const when = (iso: string) => format.dateTime(iso);
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <section className="kontor-sessions" aria-labelledby="account-sessions">
      <H4 id="account-sessions">{t('sessions.title')}</H4>
      <HTMLTable striped aria-labelledby="account-sessions" aria-busy={sessions === null}>
        <thead>
          <tr>
            <th>{t('sessions.device')}</th>
            <th>{t('sessions.address')}</th>
            <th>{t('sessions.lastActivity')}</th>
            <th>
              <span className="bp6-text-muted">{t('sessions.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(sessions ?? []).map((session) => (
            <tr key={session.id}>
              <td>
                {session.userAgent ?? t('sessions.unknownDevice')}
                {session.actingAs ? (
                  <div className="bp6-text-muted">
                    {t('topbar.actingAs', { name: session.actingAs.name })}
                  </div>
                ) : null}
              </td>
              <td>{session.ip ?? '–'}</td>
              <td>{when(session.lastActivity)}</td>
              <td>
                {session.current ? (
                  <Tag intent="primary" minimal>
                    {t('sessions.thisDevice')}
                  </Tag>
                ) : (
                  <Button
                    size="small"
                    icon="log-out"
                    text={t('sessions.end')}
                    disabled={busy}
                    onClick={() => void end(() => http.delete(`/spa/sessions/${session.id}`))}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Button
        icon="log-out"
        intent="danger"
        text={t('sessions.endOthers')}
        disabled={busy || others === 0}
        onClick={() => void end(() => http.delete('/spa/sessions'))}
      />
    </section>
  );
}

/** /account/edit: the logged-in user's name, email and password, and their sessions. */
export function AccountPage() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  return (
    <Page title={t('titles.account')}>
      {user ? (
        <Suspense fallback={<Spinner size={30} aria-label={t('common:loadingPage')} />}>
          <AccountEditForm key={user.id} user={user} />
        </Suspense>
      ) : null}
      {user ? <SessionList key={`sessions-${user.id}`} /> : null}
    </Page>
  );
}
