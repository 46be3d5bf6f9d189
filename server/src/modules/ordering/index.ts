// Online ordering (issue 7): the public storefront API, its back-office API, tables, demo stores.
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import { orderingMigrations } from './migrations';
import { DEFAULT_ORDERING_RATE_LIMITS, mountOrderingBackoffice, mountOrderingPublic } from './routes';

export { DEFAULT_ORDERING_RATE_LIMITS, ORDERING_BACKOFFICE_API } from './routes';
export type { OrderingRateLimits } from './routes';
export { seedOrderingDemo, DEMO_STORES, DEMO_HOURS } from './seed';
export type { OrderingTables } from './tables';
export { signOrderingToken, verifyOrderingToken, ORDERING_TOKEN_TTL_MS } from './token';
// The store by its public address: the static pages title a storefront with its name.
export { findStoreBySlug } from './store';
// …and the server's first screen of a store page shows its profile and menu.
export { storePage } from './store';

export const orderingModule: ServerModule<AuthContext> = {
  name: 'ordering',
  reads: ['categories', 'companies', 'company_profiles', 'gift_cards', 'items', 'locations'],
  migrations: orderingMigrations,
  routes: {
    app: (app, ctx, env) => {
      mountOrderingBackoffice(app, ctx);
      // Public online ordering (no session): /gettokenonline, /ordering_master, /ordering_online.
      mountOrderingPublic(app, ctx, env.limiters('ordering', DEFAULT_ORDERING_RATE_LIMITS));
    },
  },
};
