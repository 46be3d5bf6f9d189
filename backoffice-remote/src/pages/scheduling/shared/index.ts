// What the scheduling pages (/scheduling, /attendancer) share: formats, the server's words on
// fields, styles and badges.
export { Badge } from '../../../components';
export { default as schedulingStyles } from './scheduling.module.css';
export { addDays, datePart, mondayOf, timePart, toLocalInput, useSchedulingFormat } from './format';
export type { SchedulingFormat } from './format';
export { useServerMessage, useSubmitFailure } from './serverMessages';
