// Settings (menu area "settings"): business information, billing, locations, taxes, price levels,
// order types and payment types; their migration, the defaults every company gets, and demo data.
export { businessRouter, companyRouter, companySummary, mountLogoUploadParser, LOGO_UPLOAD_PATH } from './business';
export { locationsRouter } from './locations';
export { billingRouter } from './billing';
export { issueInvoices, pricePlan } from './invoices';
export { seedSettingsDemo, seedBillingDemo, DEMO_SETTINGS, DEMO_INVOICE_MONTHS } from './demo';
export { taxRatesRouter, taxesOfItems, chargedTaxes, checkTaxIds, setItemTaxes, ratesForNewItems } from './taxRates';
export { priceLevelsRouter } from './priceLevels';
export { orderTypesRouter } from './orderTypes';
export { paymentTypesRouter } from './paymentTypes';
export { settingsMigrations } from './migrations';
export {
  ensureCompanySettings,
  companyLocale,
  takeawayOrderTypeId,
  DEFAULT_CURRENCY,
  DEFAULT_TIMEZONE,
} from './defaults';
export type { SettingsTables } from './tables';
