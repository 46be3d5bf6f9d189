import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME, ROUTES } from '@hive/shared/config';
import { useAuth } from '@hive/shared/shell-contract';
import { reset, selectUser, useAppDispatch, useAppSelector, useAppStore } from '@hive/shared/store';
import { Alert, Button, TextField } from '@hive/shared/ui';
import { Logo } from '../layout';
import { setSidebarOpen } from '../state';
import { loginSchema, signInErrorKey, type LoginValues } from './loginSchema';
import styles from './AdminLogin.module.css';

/**
 * Staff sign-in at /admin (issue 6) through the shell's auth actions. On success the shell has
 * loaded the user into the store: staff then see the console (which lands on their first entry);
 * a merchant account is refused and signed out again. What was typed survives every error.
 */
export function AdminLogin() {
  const { t } = useTranslation('login');
  const auth = useAuth();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const signedInUser = useAppSelector(selectUser);
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setProblem(null);
    setBusy(true);
    try {
      const result = await auth.signIn(email.trim(), password, { callbackUrl: ROUTES.admin });
      if (!result.ok) {
        // No sign-in method on the server: the auth error page, as from the back-office login (SPEC.md 8).
        if (result.error === 'Configuration') {
          navigate(`${ROUTES.authError}?error=Configuration`, { replace: true });
          return;
        }
        const minutes = Math.max(1, Math.ceil((result.retryAfterSeconds ?? 60) / 60));
        setProblem(t(`login.errors.${signInErrorKey(result.error, result.retryAfterSeconds)}`, { minutes }));
        return;
      }
      const user = selectUser(store.getState());
      if (user?.admin) {
        dispatch(setSidebarOpen(true)); // a fresh sign-in starts with the sidebar open
        return;
      }
      // Signed in, but not as platform staff (or without user data): do not stay signed in. The
      // message comes once the sign-out is done, so what it says is already true.
      try {
        await auth.signOut({ callbackUrl: ROUTES.admin });
      } catch {
        // The server session may outlive this; the local state is cleared either way.
      }
      dispatch(reset());
      setProblem(t(user ? 'login.errors.merchant' : 'login.errors.noUserData'));
    } finally {
      setBusy(false);
    }
  });

  // A merchant already signed in to the back-office who opens /admin (not during our own attempt).
  const merchantHere = !busy && !problem && signedInUser !== null && !signedInUser.admin;

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="admin-login-title">
        <p className={styles.brand}>
          <Logo size={24} />
          <span>{PRODUCT_NAME}</span>
        </p>
        <h1 id="admin-login-title" className={styles.title}>
          {t('login.title')}
        </h1>
        <p className={styles.subtitle}>{t('login.subtitle')}</p>
        {problem && <Alert kind="error">{problem}</Alert>}
        {merchantHere && (
          <Alert kind="info" action={<a href="/">{t('login.backoffice')}</a>}>
            {t('login.signedInAsMerchant', { email: signedInUser.email })}
          </Alert>
        )}
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="username"
          error={errors.email?.message && t(`login.errors.${errors.email.message}`)}
          {...register('email')}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message && t(`login.errors.${errors.password.message}`)}
          {...register('password')}
        />
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined} className={styles.submit}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </main>
  );
}
