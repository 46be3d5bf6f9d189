export { apiProblem, decimalMessage, describeProblem, fieldMessage } from './errors';
export type { ApiProblem } from './errors';
export { useAdminQuery } from './useAdminQuery';
export type { QueryState } from './useAdminQuery';
export { useAdminList } from './useAdminList';
export type { AdminList } from './useAdminList';
export { AdminMeContext, useAdminMe, useCan } from './useAdminMe';
export { applyServerErrors } from './forms';
