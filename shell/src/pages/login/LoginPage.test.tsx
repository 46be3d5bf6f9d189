import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import axios from 'axios';
import { createInstance } from 'i18next';
import { SHELL_NAMESPACE } from '@hive/shared/config';
import { createSessionSource, ShellProvider, type ShellServices, type SignInResult } from '@hive/shared/shell-contract';
import { createHiveStore } from '@hive/shared/store';
import en from '../../../public/locales/en/shell.json';
import es from '../../../public/locales/es/shell.json';
import { LoginPage } from './LoginPage';

/** The sign-in page in `language`, its sign-in answering `result`. */
function renderLogin(result: SignInResult, language: 'en' | 'es' = 'en') {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    ns: [SHELL_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    resources: { en: { [SHELL_NAMESPACE]: en }, es: { [SHELL_NAMESPACE]: es } },
  });
  const source = createSessionSource();
  const services: ShellServices = {
    http: axios.create(),
    session: { ...source, extend: async () => undefined, logout: async () => undefined },
    auth: { signIn: async () => result, signOut: async () => undefined, getCsrfToken: async () => 'csrf' },
    i18n,
    changeLanguage: async (lng) => void (await i18n.changeLanguage(lng)),
    store: createHiveStore(),
  };
  render(
    <ShellProvider services={services}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </I18nextProvider>
    </ShellProvider>,
  );
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/mail/i), 'lucia@cornermarket.test');
  await user.type(screen.getByLabelText(/password|contraseña/i), 'hive-demo-2026');
  await user.click(screen.getByRole('button', { name: /sign in|iniciar sesión/i }));
}

const suspended = (error: string, language: string): SignInResult => ({
  ok: false,
  status: 200,
  error,
  url: null,
  language,
});

describe('signing in to a suspended company', () => {
  it('tells its administrator, in her language, that support reactivates it (not to ask herself)', async () => {
    renderLogin(suspended('CompanySuspendedAdmin', 'es'), 'en');
    await signIn();
    const alert = await screen.findByText(/La cuenta de tu empresa está suspendida/);
    expect(alert).toHaveTextContent('Solo el soporte de Hive POS puede reactivarla');
    expect(alert).not.toHaveTextContent(/administrador/);
  });

  it('tells its staff to ask their administrator', async () => {
    renderLogin(suspended('CompanySuspended', 'en'), 'en');
    await signIn();
    expect(await screen.findByText(/Ask your company's administrator/)).toHaveTextContent('suspended');
  });
});
