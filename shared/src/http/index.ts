// React-free: pure URL rules used by the shell's HTTP client, the cookie helper and trace contexts.
export {
  classifyUrl,
  clearUrlClassificationCache,
  isPublicPage,
  isSessionFreePath,
  shouldHandle401,
  shouldSendSessionHeaders,
  urlClassificationCacheSize,
  urlPath,
  URL_RULES,
} from './urlRules';
export type { UrlClassification } from './urlRules';
export { isAxiosError, isCancel } from './axiosChecks';
export { getCookie, readCookie, removeCookie, serializeCookie, setCookie } from './cookies';
export type { CookieJar, CookieOptions } from './cookies';
export { ownServer, traceparent } from './traceparent';
