// What every back-office area shares: the merchant behind a request and the page rule (access.ts),
// the query and answer helpers (query.ts), the connection-or-transaction type (db.ts). A library,
// not a module: it contributes no routes or tables. It imports auth, http and db only.
export { announceWrites, loadMerchant, merchantOf, requireMerchant, requirePage, type Merchant } from './access';
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
  toCsv,
  sendCsv,
  parseCsv,
  neutraliseFormula,
  type CsvColumn,
} from './query';
export { isPostgres, userNames, type Db } from './db';
