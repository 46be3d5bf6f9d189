// Time zones and local calendar days (infrastructure: no database, no module), on @date-fns/tz.
export { checkTimeZone, startOfLocalDay, UnknownTimeZoneError, wallClockInstant, zoneOffsetMs } from './zone';
export { offsetAt, localTime, localStamp, localInstant, startOfDay, today, type LocalTime } from './local';
