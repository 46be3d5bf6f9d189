/**
 * Every constant of SPEC.md section 9, the product key and the storage keys of DESIGN.md section 7.
 * One source: the shell, the remotes, the server and the tests import these names.
 */

export const PRODUCT_KEY = 'hive';
export const PRODUCT_NAME = 'Hive POS';

// Session (SPEC.md 4, 9)
export const SESSION_LIFETIME_MS = 2_700_000; // 45 minutes
export const SESSION_COOKIE_MAX_AGE_S = 2_700;
export const SESSION_COOKIE_SAME_SITE = 'strict' as const;
export const SESSION_WARNING_MS = 300_000; // warn at <= 5 minutes left
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_WARNING_UPDATE_THRESHOLD_MS = 5_000; // re-render warning only when moved > 5 s
export const CROSS_TAB_EVENT_MAX_AGE_MS = 500;

// HTTP client (SPEC.md 8, 9)
export const UNAUTHORIZED_HANDLING_DELAY_MS = 200;
export const REQUEST_BLOCK_RELEASE_MS = 1_000;
export const ROUTER_PATH_CACHE_MS = 100;
export const URL_CLASSIFICATION_CACHE_MAX = 1_000;

// UI and persistence
export const ACCORDION_SAVE_DEBOUNCE_MS = 300;
export const PERSIST_REHYDRATION_WAIT_MS = 300;
export const PERSIST_TIMEOUT_MS = 5_000;

// Cookies
export const COOKIE_DEFAULT_MAX_AGE_S = 604_800; // 7 days, cookie helper default
/** The language the user chose (en, es), set by the client so the server can answer in it before the app loads. */
export const LANGUAGE_COOKIE = `${PRODUCT_KEY}_lang`;

// i18n
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LOCALES_PATH = '/locales';
export const BACKOFFICE_DEFAULT_NAMESPACE = 'common';
export const ADMIN_DEFAULT_NAMESPACE = 'login';
export const SHELL_NAMESPACE = 'shell';
export const ORDERING_NAMESPACE = 'ordering';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

// localStorage keys (DESIGN.md 7)
export const STORAGE_PREFIX = PRODUCT_KEY;
export const STORAGE_KEYS = {
  persistedStore: 'primary',
  backofficeState: `${PRODUCT_KEY}_redux_state`,
  adminState: `admin_${PRODUCT_KEY}_redux_state`,
  adminOpenAccordions: 'adminOpenAccordions',
  session: `${PRODUCT_KEY}_session`,
  sessionEvent: `${PRODUCT_KEY}_session_event`,
  /** This browser signed out but the server did not hear it (network down): finish before adopting a session. */
  signOutPending: `${PRODUCT_KEY}_signout_pending`,
  authMessage: 'nextauth.message',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
export const ADMIN_STORAGE_PREFIX = 'admin_';

// Cookies cleared on logout (Auth.js names; the __Secure-/__Host- variants are used over HTTPS)
export const AUTH_COOKIE_NAMES = {
  sessionToken: 'authjs.session-token',
  csrfToken: 'authjs.csrf-token',
  callbackUrl: 'authjs.callback-url',
} as const;

// Session headers (SPEC.md 7)
export const SESSION_HEADERS = {
  id: 'X-Session-ID',
  valid: 'X-Session-Valid',
  expires: 'X-Session-Expires',
  requestTime: 'X-Request-Time',
} as const;

// Cross-tab events (SPEC.md 4)
export const SESSION_EVENTS = [
  'SESSION_LOGIN',
  'SESSION_LOGOUT',
  'SESSION_EXTEND',
  'SESSION_EXPIRED',
  'FORCE_CLEANUP',
] as const;
export type SessionEventType = (typeof SESSION_EVENTS)[number];

// Routes (SPEC.md 2, "Other routes")
export const ROUTES = {
  landing: '/',
  unauthorized: '/unauthorized',
  sessionExpired: '/session-expired',
  appShell: '/_app',
  signup: '/signup',
  resetpass: '/resetpass',
  admin: '/admin',
  ordering: '/ordering/',
  authentication: '/authentication/',
  login: '/authentication/login',
  authSignup: '/authentication/signup',
  authResetpass: '/authentication/resetpass',
  authActivate: '/authentication/activate',
  authError: '/authentication/error',
} as const;

/**
 * The element the server puts before the shell's root with a page's first screen as HTML (the
 * storefront's store page, rendered by the ordering remote's server build). The shell's root is
 * hidden while it is there; the area that takes over (or the shell's fallback) removes it.
 */
export const FIRST_SCREEN_ID = 'hive-first-screen';

// API (SPEC.md 7, DESIGN.md 11)
export const API_BASE = '/api';
export const AUTH_BASE_PATH = '/api/auth';
export const API_PATHS = {
  userCompany: '/api/auth/usercompany',
  session: '/api/auth/session',
  csrf: '/api/auth/csrf',
  providers: '/api/auth/providers',
  signout: '/api/auth/signout',
  langChange: '/api/auth/langchange',
  signup: '/api/auth/signup',
  activate: '/api/auth/signup/activate',
  resetpass: '/api/auth/resetpass',
  log: '/api/auth/_log',
} as const;

// Auth library error codes (SPEC.md 8)
export const AUTH_ERROR_CODES = [
  'MISSING_NEXTAUTH_API_ROUTE_ERROR',
  'NO_SECRET',
  'CALLBACK_CREDENTIALS_HANDLER_ERROR',
  'EMAIL_REQUIRES_ADAPTER_ERROR',
  'MISSING_ADAPTER_METHODS_ERROR',
  'CALLBACK_CREDENTIALS_JWT_ERROR',
  'INVALID_CALLBACK_URL_ERROR',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

// Licences, add-ons, roles (SPEC.md 6)
export const LICENSES = ['Retail', 'Restaurant', 'Invoice'] as const;
export type LicenseName = (typeof LICENSES)[number];
export const ADDONS = [
  'Item Modifiers',
  'Loyalty',
  'Invoicing',
  'Inventory',
  'Scheduling',
  'Ordering Online',
  'Kiosk',
] as const;
export type AddonName = (typeof ADDONS)[number];
export const BACKOFFICE_ROLES = ['admin', 'manager', 'user'] as const;
export type BackofficeRole = (typeof BACKOFFICE_ROLES)[number];
export const ADMIN_ROLES = [
  'super_admin',
  'support',
  'billing',
  'distributors',
  'dev_admin',
  'viewer',
] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

// Error messages (SPEC.md 8)
export const ERROR_MESSAGES = {
  fetchUserData: 'Failed to fetch user data',
  setUserData: 'Error setting user data',
} as const;
