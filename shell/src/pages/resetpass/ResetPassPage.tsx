import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { API_PATHS, ROUTES } from '@hive/shared/config';
import { isAxiosError } from '@hive/shared/http';
import { useHttp } from '@hive/shared/shell-contract';
import { AuthField, AuthForm, useRequestError } from '../authForm';
import { emailError, validateNewPassword } from '../authForm/validation';

/** `/authentication/resetpass`: ask for a link, or (with `?token=`) choose a new password. */
export function ResetPassPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPassword token={token} /> : <RequestLink />;
}

function RequestLink() {
  const { t } = useTranslation('shell');
  const http = useHttp();
  const describe = useRequestError();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const problem = emailError(email);
    setError(problem && t(`auth.errors.${problem}`));
    if (problem) return;
    setBusy(true);
    try {
      await http.post(API_PATHS.resetpass, { email: email.trim() });
      setSent(true);
    } catch (err) {
      setFormError(describe(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthForm
      id="resetpass"
      title={t('resetpass.title')}
      error={formError}
      notice={sent ? t('resetpass.sent') : null}
      submitLabel={sent ? undefined : t('resetpass.send')}
      busy={busy}
      onSubmit={onSubmit}
      footer={<Link to={ROUTES.login}>{t('resetpass.backToLogin')}</Link>}
    >
      {!sent && (
        <AuthField
          id="resetpass-email"
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
      )}
    </AuthForm>
  );
}

function NewPassword({ token }: { token: string }) {
  const { t } = useTranslation('shell');
  const http = useHttp();
  const describe = useRequestError();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const local = validateNewPassword(password, confirm);
    setErrors({
      password: local.password && t(`auth.errors.${local.password}`),
      confirm: local.confirm && t(`auth.errors.${local.confirm}`),
    });
    if (local.password || local.confirm) return;
    setBusy(true);
    try {
      await http.post(API_PATHS.resetpass, { token, password });
      setDone(true);
    } catch (err) {
      const res = isAxiosError(err) ? err.response : undefined;
      const data = res?.data as { error?: string } | undefined;
      setFormError(data?.error === 'invalid_token' ? t('resetpass.invalidToken') : describe(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthForm
      id="newpass"
      title={t('resetpass.newTitle')}
      error={formError}
      notice={done ? t('resetpass.done') : null}
      submitLabel={done ? undefined : t('resetpass.save')}
      busy={busy}
      onSubmit={onSubmit}
      footer={<Link to={ROUTES.login}>{done ? t('resetpass.signIn') : t('resetpass.backToLogin')}</Link>}
    >
      {!done && (
        <>
          <AuthField
            id="newpass-password"
            label={t('resetpass.newPassword')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            hint={t('auth.passwordRule')}
          />
          <AuthField
            id="newpass-confirm"
            label={t('resetpass.confirm')}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={errors.confirm}
          />
        </>
      )}
    </AuthForm>
  );
}
