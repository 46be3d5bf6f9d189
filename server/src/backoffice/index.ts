// Back-office API: routes, migrations and demo data, one folder per menu area (catalog/, customers/ ...).
export { mountBackoffice, backofficeRouter, BACKOFFICE_API } from './routes';
export { backofficeMigrations } from './migrations';
export { seedBackofficeDemo, createRandom, DEMO_SALES_DAYS, DEMO_CUSTOMERS } from './seed';
export type { BackofficeSeedOptions, BackofficeSeedResult } from './seed';
export type { BackofficeTables } from './tables';
export { computeOverview } from './overview';
export { mountLogoUploadParser, ensureCompanySettings } from './settings';
