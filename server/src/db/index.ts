export { openDatabase, migrateToLatest, pingDatabase, isUniqueViolation, isForeignKeyViolation } from './connection';
export type { DatabaseHandle, DatabaseOptions, DialectName } from './connection';
export { syncPermissions, seedDemoData } from './seed';
export { prepared } from './prepared';
export { reserveNumbers, nextNumber, type DocumentKind } from './counters';
export { DEMO_COMPANIES, DEMO_USERS, DEMO_PASSWORD } from './demo';
export type { Database, UserRow, CompanyRow } from './schema';
