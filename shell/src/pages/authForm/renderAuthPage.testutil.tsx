// Test helper (imported by tests only): an authentication page with the real shell texts (English
// unless `language` says es),
// a router and an HTTP client answering from a fake adapter.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import axios from 'axios';
import { createInstance } from 'i18next';
import { SHELL_NAMESPACE } from '@hive/shared/config';
import { createSessionSource, ShellProvider, type ShellServices } from '@hive/shared/shell-contract';
import { createHiveStore } from '@hive/shared/store';
import en from '../../../public/locales/en/shell.json';
import es from '../../../public/locales/es/shell.json';
import { createFakeAdapter, type Responder } from '../../http/fakeAdapter.testutil';

export function renderAuthPage(
  page: ReactElement,
  { url = '/', respond, language = 'en' }: { url?: string; respond: Responder; language?: 'en' | 'es' },
) {
  const fake = createFakeAdapter(respond);
  const http = axios.create({ adapter: fake.adapter });
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    ns: [SHELL_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    resources: { en: { [SHELL_NAMESPACE]: en }, es: { [SHELL_NAMESPACE]: es } },
  });
  const source = createSessionSource();
  const services: ShellServices = {
    http,
    session: { ...source, extend: async () => undefined, logout: async () => undefined },
    auth: {
      signIn: async () => ({ ok: false, status: 0, error: 'Network', url: null }),
      signOut: async () => undefined,
      getCsrfToken: async () => 'csrf',
    },
    i18n,
    changeLanguage: async (lng) => void (await i18n.changeLanguage(lng)),
    store: createHiveStore(),
  };
  const view = render(
    <ShellProvider services={services}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
      </I18nextProvider>
    </ShellProvider>,
  );
  return { ...view, calls: fake.calls };
}
