// What the Team pages share: money in minor units (rates are cents), badges, styles.
export { Badge } from '../../../components';
export { default as teamStyles } from './team.module.css';
export { PermissionGroups } from './PermissionGroups';
export type { PermissionGroupsProps } from './PermissionGroups';
export { MenuPreview } from './MenuPreview';
export { centsToInput, inputToCents, useTeamFormat } from './format';
