import { useTranslation } from 'react-i18next';
import { useOptionalShell } from '@hive/shared/shell-contract';
import { useStaticRender } from '../firstScreen';
import styles from '../ordering.module.css';

const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
];

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('ordering');
  const shell = useOptionalShell();
  const frozen = useStaticRender();
  const current = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return (
    <label className={styles.language}>
      <span>{t('language')}</span>
      <select
        value={current}
        disabled={frozen || undefined}
        onChange={(event) =>
          void (shell ? shell.changeLanguage(event.target.value) : i18n.changeLanguage(event.target.value))
        }
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
