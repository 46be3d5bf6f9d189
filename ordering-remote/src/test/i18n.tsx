import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import en from '../../public/locales/en/ordering.json';

/** An i18next instance with the real English texts, for tests by role and label. */
export function testI18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['ordering'],
    defaultNS: 'ordering',
    resources: { en: { ordering: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function Wrapper({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={testI18n()}>
      <MemoryRouter>{children}</MemoryRouter>
    </I18nextProvider>
  );
}
