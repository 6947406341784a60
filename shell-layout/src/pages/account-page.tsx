import { Button, H4, HTMLTable, Tag } from '@blueprintjs/core';
import {
  http,
  HttpError,
  i18n,
  Page,
  reloadUser,
  showToast,
  useSession,
  useTranslation,
  type User,
} from '@kontor/shared-session';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormField, firstErrors } from './form-field';

interface AccountForm {
  name: string;
  email: string;
  current_password: string;
  password: string;
  password_confirmation: string;
}

type AccountField = keyof AccountForm;

/** Whether the form changes the login e-mail (which, like a new password, needs the current password). */
function changesEmail(form: AccountForm, user: User): boolean {
  return form.email.trim().toLowerCase() !== user.email.toLowerCase();
}

/**
 * What the form asks the server to change: name and email, the password only when a new one
 * is typed; the current password with a new password or a new e-mail.
 */
function changeRequest(form: AccountForm, user: User): Partial<AccountForm> {
  const { name, email, current_password, password, password_confirmation } = form;
  if (password) return { name, email, current_password, password, password_confirmation };
  return changesEmail(form, user) ? { name, email, current_password } : { name, email };
}

/** Checks in the browser what needs no server: required fields and the repeated password. */
function validate(
  form: AccountForm,
  user: User,
  t: (key: string) => string,
): Partial<Record<AccountField, string>> {
  const errors: Partial<Record<AccountField, string>> = {};
  if (!form.name.trim()) errors.name = t('common:required');
  if (!form.email.trim()) errors.email = t('common:required');
  if ((form.password || changesEmail(form, user)) && !form.current_password)
    errors.current_password = t('common:required');
  if (form.password && form.password !== form.password_confirmation)
    errors.password_confirmation = t('shell:account.mismatch');
  return errors;
}

function AccountEditForm({ user }: { user: User }) {
  const { t } = useTranslation('shell');
  const [form, setForm] = useState<AccountForm>({
    name: user.name,
    email: user.email,
    current_password: '',
    password: '',
    password_confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<AccountField, string>>>({});
  const [saving, setSaving] = useState(false);
  const field = (name: AccountField) => ({
    id: `account-${name}`,
    value: form[name],
    error: errors[name],
    onChange: (value: string) => setForm((all) => ({ ...all, [name]: value })),
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form, user, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await http.put('/user', changeRequest(form, user));
    } catch (error) {
      if (error instanceof HttpError && error.status === 422)
        setErrors(firstErrors(error.fieldErrors));
      else showToast(t('account.failed'), 'danger');
      setSaving(false);
      return;
    }
    setForm((all) => ({ ...all, current_password: '', password: '', password_confirmation: '' }));
    showToast(t('account.saved'), 'success');
    setSaving(false);
    await reloadUser();
  };

  return (
    <form className="kontor-form" noValidate onSubmit={(event) => void save(event)}>
      <FormField {...field('name')} label={t('account.name')} autoComplete="name" required />
      <FormField
        {...field('email')}
        label={t('account.email')}
        type="email"
        autoComplete="email"
        required
      />
      <H4>{t('account.passwordSection')}</H4>
      <FormField
        {...field('current_password')}
        label={t('account.currentPassword')}
        type="password"
        autoComplete="current-password"
      />
      <FormField
        {...field('password')}
        label={t('account.newPassword')}
        type="password"
        autoComplete="new-password"
      />
      <FormField
        {...field('password_confirmation')}
        label={t('account.confirmation')}
        type="password"
        autoComplete="new-password"
      />
      <Button
        type="submit"
        intent="primary"
        icon="floppy-disk"
        text={t('common:save')}
        loading={saving}
        disabled={saving}
      />
    </form>
  );
}

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
    } catch {
      showToast(t('sessions.endFailed'), 'danger');
    }
    await load();
    setBusy(false);
  };
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
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
      {user ? <AccountEditForm key={user.id} user={user} /> : null}
      {user ? <SessionList key={`sessions-${user.id}`} /> : null}
    </Page>
  );
}
