export { API, useApi } from './useApi';
export type { ApiState } from './useApi';
export { apiErrorBody, failureKind, fieldErrors, httpStatus } from './errors';
export { downloadFile } from './download';
export { useCompany } from './useCompany';
