// Demo data, on top of every module: the personas (companies and users), then each module's demo
// part through its index.ts, in the order their data points at each other (settings, catalog,
// customers and sales, admin console, online stores, billing). Nothing imports this folder but the
// composition root (src/modules.ts), which supplies the modules' reactions, and the tests.
export { DEMO_COMPANIES, DEMO_USERS, DEMO_PASSWORD, type DemoCompany, type DemoUser } from './personas';
export { seedDemoData, type SeedOptions } from './seed';
export { disableDemoAccounts, usableDemoAccounts } from './accounts';
export {
  seedBackofficeDemo,
  createRandom,
  DEMO_SALES_DAYS,
  DEMO_CUSTOMERS,
  type BackofficeSeedOptions,
  type BackofficeSeedResult,
} from './backoffice';
export { startLiveRegisters, type LiveRegisters, type LiveRegistersOptions } from './live';
