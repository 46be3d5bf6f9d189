// Settings (menu area "settings"): business information, billing, locations, taxes, price levels,
// order types and payment types; their migration, the defaults every company gets, and demo data.
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import { billingRouter, setBillingCoupon } from './billing';
import { businessRouter, companyRouter, mountLogoUploadParser } from './business';
import { ensureCompanySettings } from './defaults';
import { locationsRouter } from './locations';
import { settingsMigrations } from './migrations';
import { orderTypesRouter } from './orderTypes';
import { paymentTypesRouter } from './paymentTypes';
import { priceLevelsRouter } from './priceLevels';
import { taxRatesRouter } from './taxRates';

export { companySummary, LOGO_UPLOAD_PATH } from './business';
export { ADDRESS_COLUMNS, addressOf, type AddressColumns } from './address';
export { issueInvoices, pricePlan } from './invoices';
export {
  seedSettingsDemo,
  seedBillingDemo,
  DEMO_SETTINGS,
  DEMO_INVOICE_MONTHS,
  type SettingsDemoOptions,
} from './demo';
export { taxesOfItems, chargedTaxes, checkTaxIds, setItemTaxes, ratesForNewItems } from './taxRates';
export {
  ensureCompanySettings,
  companyLocale,
  takeawayOrderTypeId,
  firstLocationZone,
  DEFAULT_CURRENCY,
  DEFAULT_TIMEZONE,
} from './defaults';
export type { SettingsTables } from './tables';
export { setItemLevelPrice } from './priceWrites';

export const settingsModule: ServerModule<AuthContext> = {
  name: 'settings',
  reads: [
    'base_prices',
    'companies',
    'company_addons',
    'coupons',
    'items',
    'ordering_orders',
    'ordering_settings',
    'receipts',
    'support_tickets',
    'users',
  ],
  migrations: settingsMigrations,
  reactions: { couponChosen: setBillingCoupon },
  routes: {
    // The logo (1 MB in base64) before the shared 32 kB parsers.
    parsers: mountLogoUploadParser,
    backoffice: (ctx) => [
      ['/company', companyRouter(ctx)],
      ['/business', businessRouter(ctx)],
      ['/billing', billingRouter(ctx)],
      ['/locations', locationsRouter(ctx)],
      ['/tax_rates', taxRatesRouter(ctx)],
      ['/price_levels', priceLevelsRouter(ctx)],
      ['/order_types', orderTypesRouter(ctx)],
      ['/payment_types', paymentTypesRouter(ctx)],
    ],
  },
  companySetup: {
    // Business information, a location, order and payment types: ready to sell from day one.
    owner: (trx, { companyId, email, now, locale }) =>
      ensureCompanySettings(trx, companyId, now, { contactEmail: email, ...locale }),
  },
};
