export { PlanChangedNotice } from './PlanChangedNotice';
export { followPlanChanges } from './followPlanChanges';
export {
  planChangeOf,
  planNotice,
  planChangedHref,
  responseSignalsPlanChange,
  watchPlanChanges,
  PLAN_CHANGED_HEADER,
  ACCESS_CHANGED_HEADER,
} from './planNotice';
