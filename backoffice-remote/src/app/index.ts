export { BackofficeRoutes, ALL_PATHS, WITH_LAYOUT, WITHOUT_LAYOUT } from './BackofficeRoutes';
export { RequireMenuPath } from './RequireMenuPath';
