import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@hive/shared/config';
import { useShell } from '@hive/shared/shell-contract';
import styles from './AuthForm.module.css';

/** The card every authentication page uses: brand, title, form-level message, fields, submit. */
export function AuthForm({
  id,
  title,
  error,
  notice,
  submitLabel,
  busy,
  onSubmit,
  children,
  footer,
}: {
  id: string;
  title: string;
  error?: string | null;
  notice?: string | null;
  submitLabel?: string;
  busy?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('shell');
  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <p className={styles.brand}>{t('productName')}</p>
        <h1 id={`${id}-title`} className={styles.title}>
          {title}
        </h1>
        {error && (
          <p role="alert" className={styles.formError}>
            {error}
          </p>
        )}
        {notice && (
          <p role="status" className={styles.notice}>
            {notice}
          </p>
        )}
        {children}
        {submitLabel && (
          <button className={styles.submit} type="submit" disabled={busy}>
            {submitLabel}
          </button>
        )}
        {footer && <div className={styles.links}>{footer}</div>}
        <LanguageSwitch />
      </form>
    </main>
  );
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español' };

/** Signed out there is no stored choice yet: the person picks (never detected). */
function LanguageSwitch() {
  const { i18n, changeLanguage } = useShell();
  const { t } = useTranslation('shell');
  return (
    <div className={styles.languages} role="group" aria-label={t('language')}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className={styles.language}
          aria-pressed={i18n.language === lng}
          onClick={() => void changeLanguage(lng)}
        >
          {LANGUAGE_NAMES[lng]}
        </button>
      ))}
    </div>
  );
}

/** A labelled input with its per-field message wired for assistive technology. */
export function AuthField({
  id,
  label,
  error,
  hint,
  children,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  // The error restates the rule, so the hint steps aside while an error shows.
  const showHint = hint && !error;
  const describedBy = [error && `${id}-error`, showHint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children ?? (
        <input id={id} className={styles.input} aria-invalid={!!error} aria-describedby={describedBy} {...input} />
      )}
      {showHint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </>
  );
}

export { styles as authFormStyles };
