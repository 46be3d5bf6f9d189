import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayNumber } from '@hive/shared/schemas/backoffice/reports';
import {
  checkTimeZone,
  localInstant,
  localStamp,
  localTime,
  startOfDay,
  startOfLocalDay,
  today,
  UnknownTimeZoneError,
  zoneOffsetMs,
} from './';

/*
 * The one time module (on @date-fns/tz): offsets, local days and wall-clock instants across DST
 * changes in both hemispheres, half-hour zones, and unknown zones failing loudly.
 */

const HOUR = 3_600_000;
const iso = (at: number) => new Date(at).toISOString();
const day = (date: string) => dayNumber(date)!;
const dayLength = (date: string, zone: string) => (startOfDay(day(date) + 1, zone) - startOfDay(day(date), zone)) / HOUR;

describe('time zones: offsets and local days on @date-fns/tz', () => {
  it('gives the offset of a zone at an instant, DST and half-hour zones included', () => {
    assert.equal(zoneOffsetMs(Date.UTC(2026, 0, 15), 'America/New_York'), -5 * HOUR);
    assert.equal(zoneOffsetMs(Date.UTC(2026, 6, 15), 'America/New_York'), -4 * HOUR);
    assert.equal(zoneOffsetMs(Date.UTC(2026, 6, 15), 'Asia/Kolkata'), 5.5 * HOUR);
    assert.equal(zoneOffsetMs(Date.UTC(2026, 0, 15), 'Australia/Adelaide'), 10.5 * HOUR); // southern summer
    assert.equal(zoneOffsetMs(Date.UTC(2026, 6, 15), 'Australia/Adelaide'), 9.5 * HOUR);
    assert.equal(zoneOffsetMs(Date.UTC(2026, 6, 15), 'Asia/Kathmandu'), 5.75 * HOUR);
    assert.equal(zoneOffsetMs(Date.UTC(2026, 6, 15), 'UTC'), 0);
  });

  it('has 23-hour spring days and 25-hour autumn days, in both hemispheres', () => {
    assert.equal(dayLength('2026-03-08', 'America/New_York'), 23);
    assert.equal(dayLength('2026-11-01', 'America/New_York'), 25);
    assert.equal(dayLength('2026-03-29', 'Europe/Madrid'), 23);
    assert.equal(dayLength('2026-10-25', 'Europe/Madrid'), 25);
    // Southern hemisphere: Sydney springs forward in October and falls back in April.
    assert.equal(dayLength('2026-10-04', 'Australia/Sydney'), 23);
    assert.equal(dayLength('2026-04-05', 'Australia/Sydney'), 25);
    // Half-hour zone with DST: Adelaide, the same days.
    assert.equal(dayLength('2026-10-04', 'Australia/Adelaide'), 23);
    assert.equal(dayLength('2026-04-05', 'Australia/Adelaide'), 25);
    // Lord Howe moves by half an hour.
    assert.equal(dayLength('2026-10-04', 'Australia/Lord_Howe'), 23.5);
    assert.equal(dayLength('2026-07-01', 'Asia/Kolkata'), 24);
  });

  it('starts a day at midnight, or at the first instant where midnight is skipped', () => {
    assert.equal(iso(startOfDay(day('2026-03-08'), 'America/New_York')), '2026-03-08T05:00:00.000Z');
    assert.equal(iso(startOfDay(day('2026-03-09'), 'America/New_York')), '2026-03-09T04:00:00.000Z');
    assert.equal(iso(startOfDay(day('2026-07-01'), 'Asia/Kolkata')), '2026-06-30T18:30:00.000Z');
    // Santiago springs forward at midnight: 2026-09-06 starts at 01:00 (-03).
    assert.equal(iso(startOfDay(day('2026-09-06'), 'America/Santiago')), '2026-09-06T04:00:00.000Z');
    assert.equal(
      startOfLocalDay(Date.parse('2026-09-06T15:00:00Z'), 'America/Santiago'),
      startOfDay(day('2026-09-06'), 'America/Santiago'),
    );
    assert.equal(iso(startOfLocalDay(Date.parse('2026-11-01T20:00:00Z'), 'America/New_York')), '2026-11-01T04:00:00.000Z');
  });

  it('reads instants as local days, hours and stamps', () => {
    // 23:30 UTC is already tomorrow in Kolkata and still today in New York.
    const at = Date.parse('2026-07-01T23:30:00Z');
    assert.equal(today(at, 'Asia/Kolkata'), day('2026-07-02'));
    assert.deepEqual(localTime(at, 'Asia/Kolkata'), { day: day('2026-07-02'), hour: 5, minute: 0 });
    assert.equal(localStamp(at, 'America/New_York'), '2026-07-01 19:30');
    assert.equal(localStamp(at, 'Australia/Adelaide'), '2026-07-02 09:00');
    // The repeated hour of an autumn night: two instants an hour apart, both 01:30 local.
    assert.equal(localStamp(Date.parse('2026-11-01T05:30:00Z'), 'America/New_York'), '2026-11-01 01:30');
    assert.equal(localStamp(Date.parse('2026-11-01T06:30:00Z'), 'America/New_York'), '2026-11-01 01:30');
  });

  it('keeps a shift across the change at its wall-clock times and real length', () => {
    const ny = 'America/New_York';
    // 22:00 to 06:00 across the spring change is 7 real hours; across the autumn change, 9.
    const spring = localInstant(day('2026-03-07'), 30 * 60, ny) - localInstant(day('2026-03-07'), 22 * 60, ny);
    const autumn = localInstant(day('2026-10-31'), 30 * 60, ny) - localInstant(day('2026-10-31'), 22 * 60, ny);
    assert.equal(spring / HOUR, 7);
    assert.equal(autumn / HOUR, 9);
    // 02:30 does not exist that night: read just after the gap; 01:30 in autumn is its first occurrence.
    assert.equal(iso(localInstant(day('2026-03-08'), 150, ny)), '2026-03-08T07:30:00.000Z');
    assert.equal(iso(localInstant(day('2026-11-01'), 90, ny)), '2026-11-01T05:30:00.000Z');
    // Southern hemisphere: a Sydney night shift across the October change is an hour shorter.
    const sydney = 'Australia/Sydney';
    assert.equal((localInstant(day('2026-10-03'), 30 * 60, sydney) - localInstant(day('2026-10-03'), 22 * 60, sydney)) / HOUR, 7);
  });

  it('rejects an unknown zone loudly instead of reading it as UTC', () => {
    for (const zone of ['Mars/Olympus_Mons', 'Foo-05', '', 'Europe/Nowhere']) {
      assert.throws(() => zoneOffsetMs(0, zone), UnknownTimeZoneError, zone);
      assert.throws(() => startOfDay(day('2026-07-01'), zone), UnknownTimeZoneError, zone);
      assert.throws(() => localStamp(0, zone), UnknownTimeZoneError, zone);
    }
    assert.equal(checkTimeZone('Europe/Madrid'), 'Europe/Madrid');
  });
});
