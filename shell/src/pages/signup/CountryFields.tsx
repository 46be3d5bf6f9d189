import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COUNTRY_CODES,
  COUNTRY_OF_LANGUAGE,
  TAX_MODES,
  countryDefaults,
  supportedCurrencies,
  timeZoneChoices,
  type TaxMode,
} from '@hive/shared/schemas/countries';
import { AuthField, authFormStyles as styles } from '../authForm';

/** Where the business is, and what that proposes: sent with the sign-up, stored as its settings. */
export interface LocaleChoice {
  country: string;
  currency: string;
  timezone: string;
  taxMode: TaxMode;
}
export type LocaleField = keyof LocaleChoice;

/** The form starts in the country of its language (es: Spain, en: the United States). */
export function initialLocale(language: string | undefined): LocaleChoice {
  const country = COUNTRY_OF_LANGUAGE[language ?? ''] ?? 'US';
  return { country, ...countryDefaults(country)! };
}

function names(language: string, type: 'region' | 'currency'): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language], { type });
  } catch {
    return null;
  }
}

/**
 * Country, currency, time zone and tax mode. Choosing a country proposes the other three (the
 * shared table, @hive/shared/schemas/countries); each stays changeable. Names come from the
 * browser (Intl), so no country list ships with the page. Memoised: some 800 options are not
 * rendered again on every key typed in the other fields.
 */
export const CountryFields = memo(function CountryFields({
  value,
  onChange,
  errors,
}: {
  value: LocaleChoice;
  onChange: (next: LocaleChoice) => void;
  errors: Partial<Record<LocaleField, string>>;
}) {
  const { t, i18n } = useTranslation('shell');
  const language = i18n.resolvedLanguage ?? 'en';
  // One collator (localeCompare with a locale builds one per call).
  const byName = useMemo(() => {
    const collator = new Intl.Collator(language);
    return (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
  }, [language]);
  const countries = useMemo(() => {
    const region = names(language, 'region');
    return COUNTRY_CODES.map((code) => ({ code, name: region?.of(code) ?? code })).sort(byName);
  }, [language, byName]);
  const currencies = useMemo(() => {
    const currency = names(language, 'currency');
    return supportedCurrencies()
      .map((code) => ({ code, name: `${currency?.of(code) ?? code} (${code})` }))
      .sort(byName);
  }, [language, byName]);
  // The proposed zone is listed even where the browser knows it by an older name.
  const zones = useMemo(() => {
    const all = timeZoneChoices();
    return all.includes(value.timezone) ? all : [value.timezone, ...all];
  }, [value.timezone]);

  const select = (field: LocaleField, options: { code: string; name: string }[], hint?: string) => (
    <AuthField id={`signup-${field}`} label={t(`signup.${field}`)} error={errors[field]} hint={hint}>
      <select
        id={`signup-${field}`}
        className={styles.input}
        value={value[field]}
        onChange={(e) => {
          const picked = e.target.value;
          // A new country proposes its currency, zone and tax mode; other fields change alone.
          const proposed = field === 'country' ? countryDefaults(picked) : undefined;
          onChange({ ...value, [field]: picked, ...proposed });
        }}
        aria-invalid={!!errors[field]}
        aria-describedby={errors[field] ? `signup-${field}-error` : hint ? `signup-${field}-hint` : undefined}
      >
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
    </AuthField>
  );

  return (
    <>
      {select('country', countries, t('signup.countryHint'))}
      {select('currency', currencies)}
      {select(
        'timezone',
        zones.map((zone) => ({ code: zone, name: zone.replace(/_/g, ' ') })),
      )}
      {select(
        'taxMode',
        TAX_MODES.map((mode) => ({ code: mode, name: t(`signup.taxModes.${mode}`) })),
      )}
    </>
  );
});
