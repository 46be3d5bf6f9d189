import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import i18next, { type i18n } from 'i18next';
import axios, { type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { createHiveStore, setUserData, type AppStore, type User } from '@hive/shared/store';
import { ShellProvider, type AuthService, type SessionSnapshot, type ShellServices } from '@hive/shared/shell-contract';
import en from '../../public/locales/en/login.json';
import es from '../../public/locales/es/login.json';

/*
 * Test harness: the admin remote inside what the shell provides (store, i18n with the real
 * texts, shell services with fakes, a memory router), plus a probe that shows the current path.
 */

export const STAFF_PERMISSIONS = {
  super_admin: ['companies', 'users', 'coupons', 'support', 'base_prices', 'bee_merchant'],
  dev_admin: ['companies', 'users', 'coupons', 'support', 'base_prices', 'bee_merchant'],
  support: ['companies', 'users', 'support'],
  billing: ['companies', 'coupons', 'base_prices'],
  distributors: ['companies', 'bee_merchant'],
  viewer: ['companies'],
} as const;

export function staffUser(
  role: string | null,
  areas: readonly string[] = ['companies'],
  email = 'someone@hive.test',
): User {
  return {
    user_id: 42,
    email,
    admin: true,
    role: role === null ? null : { name: role },
    permissions: areas.map((area) => ({ id_permission: `view_${area}_menu`, description: `view_${area}_menu` })),
  };
}

export function merchantUser(email = 'owner@cornermarket.test'): User {
  return { user_id: 7, email, admin: false, role: 'admin', permissions: [] };
}

export function createTestI18n(lng = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: ['login'],
    defaultNS: 'login',
    resources: { en: { login: en }, es: { login: es } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

export type Responder = (
  config: InternalAxiosRequestConfig,
) => { status: number; data?: unknown } | Promise<{ status: number; data?: unknown }>;

/** An axios instance whose requests go to `respond` (default: an empty page for every GET). */
const EMPTY_PAGE = { items: [], total: 0, page: 1, pageSize: 20 };
const defaultResponder: Responder = (config) =>
  config.url === '/api/admin/me'
    ? {
        status: 200,
        data: {
          user: { id: 1, email: 'someone@hive.test', role: null, roleLabel: 'admin' },
          permissions: [],
          rights: [],
        },
      }
    : { status: 200, data: EMPTY_PAGE };

export function fakeHttp(respond: Responder = defaultResponder) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const { status, data } = await respond(config);
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      throw Object.assign(new Error(`HTTP ${status}`), { isAxiosError: true, response, config, toJSON: () => ({}) });
    }
    return response;
  };
  return { http: axios.create({ adapter }), calls };
}

export interface Harness {
  store: AppStore;
  i18n: i18n;
  services: ShellServices;
  auth: jest.Mocked<AuthService>;
  logout: jest.Mock<Promise<void>, []>;
  setStatus(status: SessionSnapshot['status']): void;
}

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export function renderAdmin(
  ui: ReactElement,
  {
    path = '/admin',
    user = null,
    status = user ? 'authenticated' : 'unauthenticated',
    http = fakeHttp().http,
    lng = 'en',
  }: {
    path?: string;
    user?: User | null;
    status?: SessionSnapshot['status'];
    http?: ShellServices['http'];
    lng?: string;
  } = {},
) {
  const store = createHiveStore({ storage: null });
  if (user) store.dispatch(setUserData({ user, license: null, addons: [] }));
  const i18n = createTestI18n(lng);
  let snapshot: SessionSnapshot = { status, expiresAt: null, remainingMs: null };
  const listeners = new Set<() => void>();
  const logout = jest.fn(async () => undefined);
  const auth = {
    signIn: jest.fn(),
    signOut: jest.fn(async () => undefined),
    getCsrfToken: jest.fn(async () => 'csrf'),
  } as unknown as jest.Mocked<AuthService>;
  const services: ShellServices = {
    http,
    store,
    i18n,
    auth,
    changeLanguage: async () => undefined,
    session: {
      getSnapshot: () => snapshot,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      extend: async () => undefined,
      logout,
    },
  };
  const harness: Harness = {
    store,
    i18n,
    services,
    auth,
    logout,
    setStatus(next) {
      snapshot = { ...snapshot, status: next };
      listeners.forEach((l) => l());
    },
  };
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ShellProvider services={services}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/admin/*" element={ui} />
              <Route path="*" element={<p>outside the admin console</p>} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </ShellProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, ...harness };
}
