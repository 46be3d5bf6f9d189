import {
  openDatabase as openHandle,
  type CountersTables,
  type DatabaseHandle as Handle,
  type DatabaseOptions,
} from './db';
import type { OutboxTables } from './outbox';
import type { CompaniesTables } from './companies/tables';
import type { AuthTables } from './auth/tables';
import type { SettingsTables } from './backoffice/settings/tables';
import type { CatalogTables } from './backoffice/catalog/tables';
import type { CustomersTables } from './backoffice/customers/tables';
import type { TeamTables } from './backoffice/team/tables';
import type { DevicesTables } from './backoffice/devices/tables';
import type { ReceiptTables } from './receipts/tables';
import type { ReportTables } from './backoffice/reports/tables';
import type { InventoryTables } from './backoffice/inventory/tables';
import type { RewardsTables } from './backoffice/rewards/tables';
import type { OffersTables } from './backoffice/offers/tables';
import type { SalesTables } from './backoffice/sales/tables';
import type { AdminTables } from './admin/tables';
import type { OrderingTables } from './ordering/tables';
import type { FirstStepsTables } from './backoffice/firstSteps/tables';
import type { ReleasesTables } from './releases/tables';

/*
 * The app's database type: the intersection of every module's table types (each module's
 * tables.ts, which imports nothing but db/'s column helpers) and the infrastructure's own tables
 * (document counters, outbox). Every module types its queries against it. It imports the
 * modules' tables.ts files, never their index.ts, so that no import circle can pass through it.
 */
export interface Database
  extends
    CountersTables,
    OutboxTables,
    CompaniesTables,
    AuthTables,
    SettingsTables,
    CatalogTables,
    CustomersTables,
    TeamTables,
    DevicesTables,
    ReceiptTables,
    ReportTables,
    InventoryTables,
    RewardsTables,
    OffersTables,
    SalesTables,
    AdminTables,
    OrderingTables,
    FirstStepsTables,
    ReleasesTables {}

export type DatabaseHandle = Handle<Database>;

export type { UserRow, NewUser } from './auth/tables';
export type { CompanyRow } from './companies/tables';

/** Opens the app's database (no migrations: see migrateToLatest in src/modules.ts). */
export function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return openHandle<Database>(options);
}
