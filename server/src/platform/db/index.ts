// Infrastructure: the connection, the migration runner, prepared queries, document counters and the
// column helpers. Generic over the app's table types: db/ imports no module (src/database.ts is the
// app's Database, src/modules.ts its migrations).
export {
  openDatabase,
  runMigrations,
  pingDatabase,
  onQuery,
  isCorruption,
  isUniqueViolation,
  isForeignKeyViolation,
} from './connection';
export type { DatabaseHandle, DatabaseHealth, DatabaseOptions, DialectName, QueryListener } from './connection';
export { prepared } from './prepared';
export { reserveNumbers, nextNumber, type DocumentKind, type CountersTables } from './counters';
export { chunks } from './chunks';
export { caseOf } from './caseOf';
export type { Millis, Flag } from './schema';
