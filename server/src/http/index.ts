export { HttpError, errorHandler, notFoundJson } from './errors';
export { hasUnsafeChars, parseOrThrow, validationErrorBody, type ValidationErrorBody } from './validation';
export { createLogger, requestLogger } from './logging';
export { parseCookies, sameOrigin, requestOrigin } from './cookies';
export { addressRateLimit, humanDuration } from './rate-limit';
export { compressJson } from './compression';
