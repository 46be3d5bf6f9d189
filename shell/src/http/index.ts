export { createHttpClient } from './httpClient';
export { createLazyHttpClient, type LazyHttpClient } from './lazyHttpClient';
export {
  ABORTED_MESSAGE,
  anySignal,
  BLOCKED_MESSAGE,
  CanceledError,
  createRequestGate,
  type RequestGate,
} from './requestGate';
export {
  createPathCache,
  HTTP_SERVER_ERROR_CODE,
  installInterceptors,
  requestUrl,
  sessionHeaders,
  type ErrorLogger,
  type HttpProblem,
  type InstalledInterceptors,
  type InterceptorOptions,
  type PathCache,
} from './interceptors';
