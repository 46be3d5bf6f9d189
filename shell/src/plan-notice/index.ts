export { PlanChangedNotice } from './PlanChangedNotice';
export { planNotice, planChangedHref, responseSignalsPlanChange, watchPlanChanges, PLAN_CHANGED_HEADER } from './planNotice';
