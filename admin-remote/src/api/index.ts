/** Where the admin console's API lives (every page area's api.ts builds on it). */
export const ADMIN_API = '/api/admin';
export { apiProblem, decimalMessage, describeProblem, fieldMessage } from './errors';
export type { ApiProblem } from './errors';
export { useAdminQuery } from './useAdminQuery';
export type { QueryState } from './useAdminQuery';
export { useAdminList } from './useAdminList';
export type { AdminList } from './useAdminList';
export { AdminMeContext, useAdminMe, useCan } from './useAdminMe';
export { applyServerErrors } from './forms';
