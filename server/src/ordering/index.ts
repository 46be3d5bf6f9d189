// Online ordering (issue 7): public storefront API, back-office API, tables, demo stores.
export {
  mountOrderingPublic,
  mountOrderingBackoffice,
  DEFAULT_ORDERING_RATE_LIMITS,
  ORDERING_BACKOFFICE_API,
} from './routes';
export type { OrderingRateLimits } from './routes';
export { orderingMigrations } from './migrations';
export { seedOrderingDemo, DEMO_STORES, DEMO_HOURS } from './seed';
export type { OrderingTables } from './tables';
export { signOrderingToken, verifyOrderingToken, ORDERING_TOKEN_TTL_MS } from './token';
