import { Button, Card, Checkbox } from '@blueprintjs/core';
import { HttpError, login, Page, useTranslation } from '@kontor/shared-session';
import { useState, type FormEvent } from 'react';
import { FormField, firstErrors } from './form-field';

type Field = 'email' | 'password';

/** /login: email, password and "remember me"; login() toasts and lands on /dashboard. */
export function LoginPage() {
  const { t } = useTranslation('shell');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [missing, setMissing] = useState<Field[]>([]);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const errorOf = (field: Field) =>
    missing.includes(field) ? t('common:required') : serverErrors[field];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = (['email', 'password'] as const).filter(
      (field) => !{ email, password }[field].trim(),
    );
    setMissing(empty);
    setServerErrors({});
    if (empty.length > 0) {
      document.getElementById(`login-${empty[0]}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await login({ email, password, remember });
    } catch (error) {
      // login() has shown the failure toast; the page stays with what was typed.
      if (error instanceof HttpError) setServerErrors(firstErrors(error.fieldErrors));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card className="kontor-login" elevation={1}>
      <Page title={t('titles.login')}>
        <form className="kontor-form" noValidate onSubmit={(event) => void submit(event)}>
          <FormField
            id="login-email"
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={setEmail}
            error={errorOf('email')}
          />
          <FormField
            id="login-password"
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={setPassword}
            error={errorOf('password')}
          />
          <Checkbox
            label={t('login.remember')}
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          <Button
            type="submit"
            intent="primary"
            icon="log-in"
            text={t('login.submit')}
            loading={submitting}
            disabled={submitting}
          />
        </form>
      </Page>
    </Card>
  );
}
