// Time zones and local calendar days (infrastructure: pure arithmetic, no database, no module).
export { startOfLocalDay, zoneOffsetMs } from './zone';
export { offsetAt, localTime, localStamp, startOfDay, today, type LocalTime } from './local';
