import {
  openDatabase as openHandle,
  type CountersTables,
  type DatabaseHandle as Handle,
  type DatabaseOptions,
} from './platform/db';
import type { OutboxTables } from './platform/outbox';
import type { CompaniesTables } from './modules/companies/tables';
import type { AuthTables } from './modules/auth/tables';
import type { SettingsTables } from './modules/settings/tables';
import type { CatalogTables } from './modules/catalog/tables';
import type { CustomersTables } from './modules/customers/tables';
import type { TeamTables } from './modules/team/tables';
import type { DevicesTables } from './modules/devices/tables';
import type { ReceiptTables } from './modules/receipts/tables';
import type { ReportTables } from './modules/reports/tables';
import type { InventoryTables } from './modules/inventory/tables';
import type { RewardsTables } from './modules/rewards/tables';
import type { OffersTables } from './modules/offers/tables';
import type { SalesTables } from './modules/invoicing/tables';
import type { AdminTables } from './modules/admin/tables';
import type { OrderingTables } from './modules/ordering/tables';
import type { FirstStepsTables } from './modules/first-steps/tables';
import type { ReleasesTables } from './modules/releases/tables';

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

export type { UserRow, NewUser } from './modules/auth/tables';
export type { CompanyRow } from './modules/companies/tables';

/** Opens the app's database (no migrations: see migrateToLatest in src/modules.ts). */
export function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return openHandle<Database>(options);
}
