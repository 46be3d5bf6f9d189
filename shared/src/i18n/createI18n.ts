import i18next, {
  type BackendModule,
  type i18n,
  type InitOptions,
  type Module,
  type Newable,
  type Resource,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, LOCALES_PATH, type Language } from '@hive/shared/config';
import { FetchBackend } from './fetchBackend';

export const DEFAULT_LOAD_PATH = `${LOCALES_PATH}/{{lng}}/{{ns}}.json`;

export interface CreateI18nOptions {
  /** 'common' in the back-office, 'login' in the admin console. */
  defaultNS: string;
  /** Namespaces loaded at init; defaults to [defaultNS]. */
  ns?: readonly string[];
  /** Start language; anything unsupported falls back to en. Never detected. */
  lng?: string;
  loadPath?: string;
  /** Replaces the fetch backend (tests, SSR). */
  backend?: BackendModule | Newable<BackendModule>;
  /** Suspend components while namespaces load; off by default so no Suspense boundary is needed. */
  useSuspense?: boolean;
  /**
   * Namespaces bundled with the code (e.g. the shell's own texts on the critical path): no request
   * and no wait for them; every other namespace still loads from the /locales backend.
   */
  resources?: Resource;
}

/** en-US -> en; unsupported -> en. */
export function normalizeLanguage(lng: string | null | undefined): Language {
  const base = (lng ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

export function i18nOptions(options: CreateI18nOptions): InitOptions {
  const ns = options.ns && options.ns.length > 0 ? [...options.ns] : [options.defaultNS];
  return {
    lng: normalizeLanguage(options.lng),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: ns.includes(options.defaultNS) ? ns : [options.defaultNS, ...ns],
    defaultNS: options.defaultNS,
    backend: { loadPath: options.loadPath ?? DEFAULT_LOAD_PATH },
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: options.useSuspense ?? false },
    ...(options.resources ? { resources: options.resources, partialBundledLanguages: true } : {}),
  };
}

function build(options: CreateI18nOptions): { instance: i18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  // No language detector is registered: the language is en unless set explicitly.
  instance.use((options.backend ?? FetchBackend) as Module).use(initReactI18next);
  const ready = instance.init(i18nOptions(options));
  ready.catch(() => undefined); // load errors surface as missing keys, never as a crash
  return { instance, ready };
}

/** A configured i18next instance (en, es; /locales backend; no detection). Loads in the background. */
export function createI18n(options: CreateI18nOptions): i18n {
  return build(options).instance;
}

/** Like createI18n, resolving once the initial namespaces are loaded (or failed to load). */
export async function initI18n(options: CreateI18nOptions): Promise<i18n> {
  const { instance, ready } = build(options);
  await ready.catch(() => undefined);
  return instance;
}
