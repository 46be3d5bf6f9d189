import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { API_PATHS, DEFAULT_LANGUAGE, isLanguage, LICENSES, ROUTES } from '@hive/shared/config';
import { isAxiosError } from '@hive/shared/http';
import { useHttp } from '@hive/shared/shell-contract';
import { AuthField, AuthForm, authFormStyles as styles, useRequestError } from '../authForm';
import { validateSignup, type SignupInput } from '../authForm/validation';
import { CountryFields, initialLocale, type LocaleChoice, type LocaleField } from './CountryFields';

type Errors = Partial<Record<keyof SignupInput | LocaleField, string>>;

/**
 * `/authentication/signup`: a new company and its admin. The server answers alike whether or not
 * the address has an account (it e-mails an activation link, or tells the owner), so the page
 * always ends on "check your e-mail". The country proposes the company's currency, time zone and
 * tax mode, shown and changeable before sending.
 */
export function SignupPage() {
  const { t, i18n } = useTranslation('shell');
  const http = useHttp();
  const describe = useRequestError();
  const [form, setForm] = useState<SignupInput>({ company: '', email: '', password: '', license: '' });
  const [locale, setLocale] = useState<LocaleChoice>(() => initialLocale(i18n.resolvedLanguage));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const set = (field: keyof SignupInput) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const local = validateSignup(form);
    setErrors(Object.fromEntries(Object.entries(local).map(([k, v]) => [k, t(`auth.errors.${v}`)])));
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      // The language the form is in becomes the company's: its payment and order types are named in it.
      const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
      await http.post(API_PATHS.signup, {
        ...form,
        company: form.company.trim(),
        email: form.email.trim(),
        language,
        ...locale,
      });
      setSent(true);
    } catch (err) {
      const res = isAxiosError(err) ? err.response : undefined;
      const data = res?.data as { error?: string; fields?: Record<string, string> } | undefined;
      if (res?.status === 400 && data?.fields) setErrors(data.fields as Errors);
      else setFormError(describe(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthForm
      id="signup"
      title={t('signup.title')}
      error={formError}
      notice={sent ? t('signup.sent', { email: form.email.trim() }) : null}
      submitLabel={sent ? undefined : busy ? t('signup.submitting') : t('signup.submit')}
      busy={busy}
      onSubmit={onSubmit}
      footer={<Link to={ROUTES.login}>{sent ? t('resetpass.backToLogin') : t('signup.haveAccount')}</Link>}
    >
      {!sent && (
        <>
          <AuthField
            id="signup-company"
            label={t('signup.company')}
            name="company"
            autoComplete="organization"
            value={form.company}
            onChange={set('company')}
            error={errors.company}
          />
          <AuthField
            id="signup-email"
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            error={errors.email}
          />
          <AuthField
            id="signup-password"
            label={t('login.password')}
            type="password"
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            error={errors.password}
            hint={t('auth.passwordRule')}
          />
          <AuthField id="signup-license" label={t('signup.license')} error={errors.license}>
            <select
              id="signup-license"
              className={styles.input}
              value={form.license}
              onChange={set('license')}
              aria-invalid={!!errors.license}
              aria-describedby={errors.license ? 'signup-license-error' : undefined}
            >
              <option value="">{t('signup.chooseLicense')}</option>
              {LICENSES.map((l) => (
                <option key={l} value={l}>
                  {t(`signup.licenses.${l}`)}
                </option>
              ))}
            </select>
          </AuthField>
          <CountryFields value={locale} onChange={setLocale} errors={errors} />
        </>
      )}
    </AuthForm>
  );
}
