import { useMemo } from 'react';
import { COUNTRY_CODES, supportedCurrencies } from '@hive/shared/schemas/backoffice/settings';
import { SelectField, type SelectFieldProps } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';

type ChoiceFieldProps = Omit<SelectFieldProps, 'options'>;

function useLanguage(): string {
  const { i18n } = useAreaT('settings');
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}

function displayNames(lng: string, type: 'region' | 'currency'): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([lng], { type });
  } catch {
    return null;
  }
}

/** Currencies with cents, by name in the user's language: "US Dollar (USD)". */
export function CurrencyField(props: ChoiceFieldProps) {
  const lng = useLanguage();
  const options = useMemo(() => {
    const names = displayNames(lng, 'currency');
    return supportedCurrencies()
      .map((code) => ({ value: code, label: `${names?.of(code) ?? code} (${code})` }))
      .sort((a, b) => a.label.localeCompare(b.label, lng));
  }, [lng]);
  return <SelectField {...props} options={options} />;
}

/** Countries by name in the user's language; the value is the ISO code (ES). */
export function CountryField(props: ChoiceFieldProps) {
  const lng = useLanguage();
  const options = useMemo(() => {
    const names = displayNames(lng, 'region');
    return COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) =>
      a.label.localeCompare(b.label, lng),
    );
  }, [lng]);
  return <SelectField {...props} options={options} />;
}

/** A country's name in the user's language (lists show names, the data keeps codes). */
export function useCountryName() {
  const lng = useLanguage();
  return useMemo(() => {
    const names = displayNames(lng, 'region');
    return (code: string) => (code ? (names?.of(code) ?? code) : '');
  }, [lng]);
}
