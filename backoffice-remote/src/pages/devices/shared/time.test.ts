import { clockOffset, countdown, dayAfter, dayStart, fromLocalInput, toLocalInput } from './time';

describe('device page time helpers', () => {
  it('counts down in m:ss, rounding up and never below zero', () => {
    expect(countdown(600_000)).toBe('10:00');
    expect(countdown(599_001)).toBe('10:00');
    expect(countdown(598_000)).toBe('9:58');
    expect(countdown(7_000)).toBe('0:07');
    expect(countdown(1)).toBe('0:01');
    expect(countdown(0)).toBe('0:00');
    expect(countdown(-5_000)).toBe('0:00');
  });

  it('measures the server clock against this one', () => {
    expect(clockOffset(1_000_000, 990_000)).toBe(10_000);
    expect(clockOffset(undefined, 990_000)).toBe(0);
    expect(clockOffset(1_000_000, null)).toBe(0);
  });

  it('turns calendar days into local midnights, the "to" day inclusive', () => {
    expect(dayStart('2027-03-01')).toBe(new Date(2027, 2, 1).getTime());
    expect(dayAfter('2027-02-28')).toBe(new Date(2027, 2, 1).getTime());
    expect(dayAfter('2027-12-31')).toBe(new Date(2028, 0, 1).getTime());
    for (const bad of ['', '2027-02-30', '2027-13-01', 'yesterday', '2027-1-1']) expect(dayStart(bad)).toBeNull();
  });

  it('round-trips datetime-local values; empty is no limit, garbage is not a number', () => {
    const at = new Date(2027, 5, 1, 9, 30).getTime();
    expect(toLocalInput(at)).toBe('2027-06-01T09:30');
    expect(fromLocalInput('2027-06-01T09:30')).toBe(at);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('  ')).toBeNull();
    expect(fromLocalInput('June 1st')).toBeNaN();
  });
});
