import { Button, H4 } from '@blueprintjs/core';
import {
  http,
  HttpError,
  Page,
  reloadUser,
  showToast,
  useSession,
  useTranslation,
  type User,
} from '@kontor/shared-session';
import { useState, type FormEvent } from 'react';
import { FormField, firstErrors } from './form-field';

interface AccountForm {
  name: string;
  email: string;
  current_password: string;
  password: string;
  password_confirmation: string;
}

type AccountField = keyof AccountForm;

/** What the form asks the server to change: name and email, the password only when a new one is typed. */
function changeRequest(form: AccountForm): Partial<AccountForm> {
  const { name, email, current_password, password, password_confirmation } = form;
  return password
    ? { name, email, current_password, password, password_confirmation }
    : { name, email };
}

/** Checks in the browser what needs no server: required fields and the repeated password. */
function validate(
  form: AccountForm,
  t: (key: string) => string,
): Partial<Record<AccountField, string>> {
  const errors: Partial<Record<AccountField, string>> = {};
  if (!form.name.trim()) errors.name = t('common:required');
  if (!form.email.trim()) errors.email = t('common:required');
  if (form.password) {
    if (!form.current_password) errors.current_password = t('common:required');
    if (form.password !== form.password_confirmation)
      errors.password_confirmation = t('shell:account.mismatch');
  }
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
    const found = validate(form, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await http.put('/user', changeRequest(form));
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

/** /account/edit: the logged-in user's name, email and password. */
export function AccountPage() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  return (
    <Page title={t('titles.account')}>
      {user ? <AccountEditForm key={user.id} user={user} /> : null}
    </Page>
  );
}
