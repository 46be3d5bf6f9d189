// What the Devices pages share: time and countdown helpers, location groups, styles.
export {
  clockOffset,
  countdown,
  dayAfter,
  dayStart,
  fromLocalInput,
  toLocalInput,
  useDateTimeFormat,
  useNow,
} from './time';
export { groupByLocation } from './groups';
export type { LocationGroup } from './groups';
export { default as devicesStyles } from './devices.module.css';
export { useCanSee } from './useCanSee';
