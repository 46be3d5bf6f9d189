// What the Team pages share: money in minor units (rates are cents), badges, styles.
export { Badge } from '../../../components';
export { default as teamStyles } from './team.module.css';
export { centsToInput, inputToCents, useTeamFormat } from './format';
