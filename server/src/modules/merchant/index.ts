// What every back-office module shares: the merchant behind a request and the page rule (access.ts),
// the query and answer helpers (query.ts), CSV in and out (csv.ts), the connection-or-transaction
// type (db.ts). A module of its own (it builds on auth), with no routes or tables: the back-office
// modules import it through this face.
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';

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

export const merchantModule: ServerModule<AuthContext> = {
  name: 'merchant',
  // Who did what (users' names in lists and exports) and the company's CSV settings (exports).
  reads: ['users', 'company_profiles'],
};
