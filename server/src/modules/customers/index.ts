// Customers (menu area "customers"). Its table came with the catalog's first migration.
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import { customersRouter } from './customers';

export type { CustomersTables } from './tables';
export { insertCustomer, moveCustomerPoints, moveManyCustomersPoints } from './customerWrites';

export const customersModule: ServerModule<AuthContext> = {
  name: 'customers',
  reads: ['receipts'],
  routes: { backoffice: (ctx) => [['/customers', customersRouter(ctx)]] },
};
