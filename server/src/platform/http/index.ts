export { HttpError, errorHandler, notFoundJson } from './errors';
export { hasUnsafeChars, parseOrThrow, validationErrorBody, type ValidationErrorBody } from './validation';
export { createLogger, currentRequestId, requestLogger } from './logging';
export { parseCookies, sameOrigin, requestOrigin } from './cookies';
export {
  addressOf,
  createLimiterStore,
  humanDuration,
  rateLimit,
  tooMany,
  type Limiter,
  type LimiterStore,
  type LimitOptions,
  type RateLimitRule,
} from './rate-limit';
export { chargeGuesses, type GuessLimits, type GuessRefusal } from './guess-limit';
export { requireJson, writeOriginGuard } from './csrf';
export { listRoutes, type RouteEntry } from './routes';
export { compressAnswers } from './compression';
export { UNMATCHED, routePatternOf } from './routePattern';
