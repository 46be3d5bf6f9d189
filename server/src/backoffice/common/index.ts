// What every back-office area shares: the merchant behind a request and the page rule (access.ts),
// the query and answer helpers (query.ts), CSV in and out (csv.ts), the connection-or-transaction
// type (db.ts). A library, not a module: it contributes no routes or tables. It imports auth, http
// and db only (and the CSV libraries).
export {
  announceWrites,
  liveTopicsFor,
  loadMerchant,
  menuOf,
  merchantOf,
  requireMerchant,
  requirePage,
  type Merchant,
} from './access';
export {
  idParam,
  notFound,
  containsPattern,
  ilike,
  conflictOr,
  refused,
  fieldProblem,
  orderBy,
  lockCompanyRows,
  money,
  cents,
  percentFromBp,
  noStore,
} from './query';
export {
  toCsv,
  sendCsv,
  parseCsv,
  parseCsvField,
  detectDelimiter,
  csvDelimiterOf,
  neutraliseFormula,
  CsvParseError,
  type CsvColumn,
  type CsvDelimiter,
} from './csv';
export {
  sendExport,
  csvHeader,
  exportLanguage,
  exportSetting,
  type CsvHeaderKey,
  type CsvLanguage,
  type ExportColumn,
} from './csvExport';
export { isPostgres, userNames, type Db } from './db';
