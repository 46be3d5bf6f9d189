import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ROUTES } from '@hive/shared/config';
import { useAuth } from '@hive/shared/shell-contract';
import { prefetchRemoteApp } from '../../remotes';
import { whenUsable } from '../../lib/whenUsable';
import { AuthField, AuthForm } from '../authForm';
import { safeCallbackPath } from './safeCallback';
import { validateLogin, type LoginErrors } from './validateLogin';

/** Back-office sign-in. What the user typed survives every error. */
export function LoginPage() {
  const { t, i18n } = useTranslation('shell');
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Most sign-ins land in the back-office: fetch its remote (and start the federation) once the
  // user starts typing, or once the page has settled, never while the page itself starts.
  useEffect(() => whenUsable(() => prefetchRemoteApp('backoffice')), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = validateLogin({ email, password });
    setFieldErrors(errors);
    setFormError(null);
    if (errors.email || errors.password) return;
    setBusy(true);
    const result = await auth.signIn(email.trim(), password);
    setBusy(false);
    if (result.ok) {
      navigate(safeCallbackPath(params.get('callbackUrl'), window.location.origin) ?? '/', { replace: true });
      return;
    }
    if (result.error === 'Configuration') {
      navigate(`${ROUTES.authError}?error=Configuration`, { replace: true });
      return;
    }
    // A lock reported without a wait (the attempt that caused it) gets its own sentence.
    const key = result.error === 'AccountLocked' && !result.retryAfterSeconds ? 'AccountLockedNow' : result.error;
    const minutes = Math.max(1, Math.ceil((result.retryAfterSeconds ?? 60) / 60));
    // Told in the account's own language when the server named it (the page may be in another).
    const lng = result.language && result.language !== i18n.language ? result.language : undefined;
    if (lng) await i18n.loadLanguages(lng).catch(() => undefined);
    const say = lng ? i18n.getFixedT(lng, 'shell') : t;
    setFormError(say(`login.errors.${key}`, { minutes, defaultValue: t('login.errors.generic') }));
  }

  return (
    <AuthForm
      id="login"
      title={t('login.title')}
      error={formError}
      submitLabel={busy ? t('login.submitting') : t('login.submit')}
      busy={busy}
      onSubmit={onSubmit}
      footer={
        <>
          <Link to={ROUTES.authResetpass}>{t('login.forgot')}</Link>
          <Link to={ROUTES.authSignup}>{t('login.signup')}</Link>
        </>
      }
    >
      <AuthField
        id="login-email"
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors.email && t(`login.errors.${fieldErrors.email}`)}
      />
      <AuthField
        id="login-password"
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password && t(`login.errors.${fieldErrors.password}`)}
      />
    </AuthForm>
  );
}
