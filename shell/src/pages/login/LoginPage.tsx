import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '@hive/shared/shell-contract';
import { validateLogin, type LoginErrors } from './validateLogin';
import styles from './LoginPage.module.css';

/** Back-office sign-in. What the user typed survives every error. */
export function LoginPage() {
  const { t } = useTranslation('shell');
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
      const target = params.get('callbackUrl');
      navigate(target && target.startsWith('/') && !target.startsWith('//') ? target : '/', { replace: true });
      return;
    }
    if (result.error === 'Configuration') {
      navigate('/authentication/error?error=Configuration', { replace: true });
      return;
    }
    // A lock reported without a wait (the attempt that caused it) gets its own sentence.
    const key = result.error === 'AccountLocked' && !result.retryAfterSeconds ? 'AccountLockedNow' : result.error;
    const minutes = Math.max(1, Math.ceil((result.retryAfterSeconds ?? 60) / 60));
    setFormError(t(`login.errors.${key}`, { minutes, defaultValue: t('login.errors.generic') }));
  }

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <p className={styles.brand}>{t('productName')}</p>
        <h1 id="login-title" className={styles.title}>
          {t('login.title')}
        </h1>
        {formError && (
          <p role="alert" className={styles.formError}>
            {formError}
          </p>
        )}
        <label className={styles.label} htmlFor="login-email">
          {t('login.email')}
        </label>
        <input
          id="login-email"
          className={styles.input}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={!!fieldErrors.email}
          aria-describedby={fieldErrors.email ? 'login-email-error' : undefined}
        />
        {fieldErrors.email && (
          <p id="login-email-error" className={styles.fieldError}>
            {t(`login.errors.${fieldErrors.email}`)}
          </p>
        )}
        <label className={styles.label} htmlFor="login-password">
          {t('login.password')}
        </label>
        <input
          id="login-password"
          className={styles.input}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!fieldErrors.password}
          aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
        />
        {fieldErrors.password && (
          <p id="login-password-error" className={styles.fieldError}>
            {t(`login.errors.${fieldErrors.password}`)}
          </p>
        )}
        <button className={styles.submit} type="submit" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </main>
  );
}
