// First steps (issue 43): the checklist on a new company's overview. It reads other areas' tables
// (settings, catalog, devices, receipts, sales, ordering) by name only, so it imports none of them.
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import { firstStepsMigrations } from './migrations';
import { firstStepsRouter } from './routes';

export { firstSteps } from './steps';
export type { FirstStepsTables } from './tables';

export const firstStepsModule: ServerModule<AuthContext> = {
  name: 'first-steps',
  reads: ['company_profiles', 'invoices', 'items', 'ordering_settings', 'receipts', 'tax_rates', 'terminals'],
  migrations: firstStepsMigrations,
  routes: { backoffice: (ctx) => [['/first_steps', firstStepsRouter(ctx)]] },
};
