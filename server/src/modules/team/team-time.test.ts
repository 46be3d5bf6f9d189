import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayNumber } from '@hive/shared/schemas/backoffice/reports';
import { costOfMinutes, localInstant, mondayOf } from './time';

const iso = (at: number) => new Date(at).toISOString();
const day = (date: string) => dayNumber(date)!;

describe('team time: local times of shifts and the cost of minutes', () => {
  it('reads a wall-clock time in the location zone, DST days included', () => {
    const ny = 'America/New_York';
    assert.equal(iso(localInstant(day('2026-03-08'), 9 * 60, ny)), '2026-03-08T13:00:00.000Z'); // EDT
    assert.equal(iso(localInstant(day('2026-03-08'), 60, ny)), '2026-03-08T06:00:00.000Z'); // still EST
    // 02:30 does not exist that night: read just after the gap.
    assert.equal(iso(localInstant(day('2026-03-08'), 150, ny)), '2026-03-08T07:30:00.000Z');
    assert.equal(iso(localInstant(day('2026-11-01'), 9 * 60, ny)), '2026-11-01T14:00:00.000Z'); // EST again
    // Past 1440: the next day (a night shift's end).
    assert.equal(iso(localInstant(day('2026-11-01'), 25 * 60, ny)), '2026-11-02T06:00:00.000Z');
    assert.equal(iso(localInstant(day('2026-07-01'), 0, 'Europe/Madrid')), '2026-06-30T22:00:00.000Z');
  });

  it('finds the Monday of a week', () => {
    assert.equal(mondayOf(day('2026-11-23')), day('2026-11-23')); // a Monday
    assert.equal(mondayOf(day('2026-11-29')), day('2026-11-23')); // its Sunday
    assert.equal(mondayOf(day('2026-11-30')), day('2026-11-30'));
  });

  it('costs minutes at an hourly rate to the cent, half up', () => {
    assert.equal(costOfMinutes(90, 1550), 2325);
    assert.equal(costOfMinutes(1, 1550), 26); // 25.83
    assert.equal(costOfMinutes(1, 30), 1); // 0.5
    assert.equal(costOfMinutes(1, 29), 0); // 0.48
    assert.equal(costOfMinutes(0, 1550), 0);
    assert.equal(costOfMinutes(2400, 1234), 49_360);
  });
});
