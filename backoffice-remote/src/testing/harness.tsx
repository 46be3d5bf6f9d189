// Test-only helpers (never imported by the app): the back-office as the shell renders it, with a
// real store, real i18n texts, a router and a fake HTTP client.
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { BackendModule } from 'i18next';
import { BACKOFFICE_DEFAULT_NAMESPACE } from '@hive/shared/config';
import { initI18n } from '@hive/shared/i18n';
import { createSessionSource, ShellProvider, type LiveService, type ShellServices } from '@hive/shared/shell-contract';
import { allBackofficePermissionNames } from '@hive/shared/menu';
import { createHiveStore, setUserData, type UserDataPayload } from '@hive/shared/store';
import en from '../../public/locales/en/common.json';
import es from '../../public/locales/es/common.json';
import enSettings from '../../public/locales/en/settings.json';
import esSettings from '../../public/locales/es/settings.json';
import enDevices from '../../public/locales/en/devices.json';
import esDevices from '../../public/locales/es/devices.json';
import enReports from '../../public/locales/en/reports.json';
import esReports from '../../public/locales/es/reports.json';
import enInventory from '../../public/locales/en/inventory.json';
import esInventory from '../../public/locales/es/inventory.json';
import enTeam from '../../public/locales/en/team.json';
import esTeam from '../../public/locales/es/team.json';
import enScheduling from '../../public/locales/en/scheduling.json';
import esScheduling from '../../public/locales/es/scheduling.json';
import enLabor from '../../public/locales/en/labor.json';
import esLabor from '../../public/locales/es/labor.json';
import enOffers from '../../public/locales/en/offers.json';
import enSales from '../../public/locales/en/sales.json';
import enCatalog from '../../public/locales/en/catalog.json';
import esCatalog from '../../public/locales/es/catalog.json';
import esSales from '../../public/locales/es/sales.json';
import esOffers from '../../public/locales/es/offers.json';
import enRewards from '../../public/locales/en/rewards.json';
import esRewards from '../../public/locales/es/rewards.json';

// Pages are lazy chunks and CI machines are busy: give findBy* more than the default second.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const noBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (_lng, _ns, callback) => callback(null, {}),
};

export const everyPermission = () =>
  allBackofficePermissionNames().map((name) => ({ id_permission: name, description: name }));

export const OWNER: UserDataPayload = {
  user: { user_id: 1, email: 'owner@cornermarket.test', admin: false, role: 'admin', permissions: everyPermission() },
  license: { name: 'Retail' },
  addons: ['Item Modifiers', 'Loyalty', 'Inventory', 'Kiosk'],
};

export const CLERK: UserDataPayload = {
  user: {
    user_id: 3,
    email: 'clerk@cornermarket.test',
    admin: false,
    role: 'user',
    permissions: [{ id_permission: 'view_overview_menu', description: 'view_overview_menu' }],
  },
  license: { name: 'Retail' },
  addons: [],
};

export type FakeRoute = (config: InternalAxiosRequestConfig) => { status?: number; data: unknown } | undefined;

/** An axios instance answering from `routes` (first match wins); unknown URLs answer 404. */
export function fakeHttp(routes: FakeRoute[] = []) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const answer = routes.map((route) => route(config)).find(Boolean) ?? {
      status: 404,
      data: { error: 'not_found', message: 'no fake' },
    };
    const status = answer.status ?? 200;
    const response = { data: answer.data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, String(status), config, null, response);
    return response;
  };
  return { http: axios.create({ adapter }), calls };
}

/** Matches `METHOD url` exactly (query ignored). */
export const on =
  (method: string, url: string, data: unknown, status = 200): FakeRoute =>
  (config) =>
    config.method?.toUpperCase() === method && config.url === url ? { status, data } : undefined;

export const COMPANY = {
  name: 'Corner Market',
  slug: 'corner-market',
  license: 'Retail',
  currency: 'USD',
  timezone: 'America/Chicago',
  logoUrl: null,
};

function LocationProbe({ onNavigate }: { onNavigate: (navigate: NavigateFunction) => void }) {
  const location = useLocation();
  onNavigate(useNavigate());
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface HarnessOptions {
  path?: string;
  userData?: UserDataPayload | null;
  routes?: FakeRoute[];
  language?: 'en' | 'es';
  /** The shell's live stream (testing/fakeLive.ts); without it pages poll. */
  live?: LiveService;
}

/** Renders `ui` where the shell would: store, i18n, ShellProvider, router (with /unauthorized). */
export async function renderInShell(ui: ReactElement, options: HarnessOptions = {}) {
  const { path = '/overview', userData = OWNER, routes = [], language = 'en', live } = options;
  const store = createHiveStore({ storage: null });
  if (userData) store.dispatch(setUserData(userData));
  const i18n = await initI18n({
    defaultNS: BACKOFFICE_DEFAULT_NAMESPACE,
    lng: language,
    backend: noBackend,
    resources: {
      en: {
        common: en,
        settings: enSettings,
        devices: enDevices,
        reports: enReports,
        inventory: enInventory,
        team: enTeam,
        scheduling: enScheduling,
        labor: enLabor,
        rewards: enRewards,
        offers: enOffers,
        sales: enSales,
        catalog: enCatalog,
      },
      es: {
        common: es,
        settings: esSettings,
        devices: esDevices,
        reports: esReports,
        inventory: esInventory,
        team: esTeam,
        scheduling: esScheduling,
        labor: esLabor,
        rewards: esRewards,
        offers: esOffers,
        sales: esSales,
        catalog: esCatalog,
      },
    },
  });
  // A test's own company answer (e.g. another tax mode) comes before the default one.
  const { http, calls } = fakeHttp([...routes, on('GET', '/api/backoffice/company', COMPANY)]);
  const session = createSessionSource({ status: 'authenticated', expiresAt: null, remainingMs: null });
  const services: ShellServices = {
    http,
    store,
    i18n,
    session: { ...session, extend: jest.fn(async () => undefined), logout: jest.fn(async () => undefined) },
    auth: { signIn: jest.fn(), signOut: jest.fn(), getCsrfToken: jest.fn() },
    changeLanguage: jest.fn(async (lng: string) => {
      await i18n.changeLanguage(lng);
    }),
    live,
  };
  let navigate: NavigateFunction = () => undefined;
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ShellProvider services={services}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/unauthorized" element={<h1>Unauthorized (shell page)</h1>} />
              <Route path="*" element={ui} />
            </Routes>
            <LocationProbe onNavigate={(fn) => (navigate = fn)} />
          </MemoryRouter>
        </ShellProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store, i18n, services, calls, navigate: (to: string) => navigate(to) };
}

/** Renders a component that needs only the back-office texts (no store, shell or router). */
export async function renderWithTexts(ui: ReactElement, language: 'en' | 'es' = 'en') {
  const i18n = await initI18n({
    defaultNS: BACKOFFICE_DEFAULT_NAMESPACE,
    lng: language,
    backend: noBackend,
    resources: {
      en: {
        common: en,
        settings: enSettings,
        devices: enDevices,
        reports: enReports,
        inventory: enInventory,
        team: enTeam,
        scheduling: enScheduling,
        labor: enLabor,
        rewards: enRewards,
        offers: enOffers,
        sales: enSales,
        catalog: enCatalog,
      },
      es: {
        common: es,
        settings: esSettings,
        devices: esDevices,
        reports: esReports,
        inventory: esInventory,
        team: esTeam,
        scheduling: esScheduling,
        labor: esLabor,
        rewards: esRewards,
        offers: esOffers,
        sales: esSales,
        catalog: esCatalog,
      },
    },
  });
  return { ...render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>), i18n };
}
