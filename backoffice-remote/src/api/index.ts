export { API, useApi } from './useApi';
export type { ApiState } from './useApi';
export { useLiveApi } from './useLiveApi';
export { useLiveRefresh } from './useLiveRefresh';
export type { LiveApiState } from './useLiveApi';
export { apiErrorBody, failureKind, fieldErrors, httpStatus, mailLimit, refusal, tooManyRequests } from './errors';
export { csvDelimiter, downloadFile } from './download';
export { readCsvFile } from './readCsvFile';
export { refreshCompany, useBusinessZone, useCompany } from './useCompany';
