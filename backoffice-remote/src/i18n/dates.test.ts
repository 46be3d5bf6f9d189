import { dateTimeFormat, isoDay, utcOffset } from './dates';

// Purchase order #21's moment: 17:17 UTC on 27 Nov 2026, 11:17 in Chicago (CST, UTC-6).
const ORDERED = Date.UTC(2026, 10, 27, 17, 17, 42);
const NBSP = /[\u202f\u00a0]/g;
const plain = (s: string) => s.replace(NBSP, ' ');

describe('the one date and time format', () => {
  it('writes an instant in the given zone, one format per language, no seconds', () => {
    const en = dateTimeFormat('en', 'America/Chicago');
    expect(en.date(ORDERED)).toBe('Nov 27, 2026');
    expect(plain(en.time(ORDERED))).toBe('11:17 AM');
    expect(plain(en.dateTime(ORDERED))).toBe('Nov 27, 2026, 11:17 AM');
    const es = dateTimeFormat('es', 'America/Chicago');
    expect(es.date(ORDERED)).toBe('27 nov 2026');
    expect(es.time(ORDERED)).toBe('11:17');
    expect(es.dateTime(ORDERED)).toBe('27 nov 2026, 11:17');
  });

  it('uses the zone, not the browser’s: the same instant is another day in Kolkata', () => {
    const late = Date.UTC(2026, 10, 27, 20, 0);
    expect(dateTimeFormat('es', 'Asia/Kolkata').dateTime(late)).toBe('28 nov 2026, 1:30');
    expect(dateTimeFormat('es', 'Australia/Adelaide').time(late)).toBe('6:30');
    expect(dateTimeFormat('es', 'UTC').time(late)).toBe('20:00');
  });

  it('writes local wall-clock stamps from the server as they are, in the same format', () => {
    const en = dateTimeFormat('en', 'Asia/Kolkata');
    // The stock movement of the receipt above, stamped by the server in Chicago time.
    expect(plain(en.stamp('2026-11-27 11:17'))).toBe(plain(dateTimeFormat('en', 'America/Chicago').dateTime(ORDERED)));
    expect(en.calendarDate('2026-11-27')).toBe('Nov 27, 2026');
    expect(en.calendarDay(Date.UTC(2026, 10, 27))).toBe('Nov 27, 2026');
    expect(plain(en.clock('17:05'))).toBe('5:05 PM');
    expect(dateTimeFormat('es', 'UTC').clock('17:05')).toBe('17:05');
    expect(en.dayMonth('2026-11-27')).toBe('Nov 27');
    expect(isoDay(Date.UTC(2026, 10, 27))).toBe('2026-11-27');
  });

  it('names the zone by its short name at a moment (standard or summer time)', () => {
    const en = dateTimeFormat('en', 'America/Chicago');
    expect(en.zoneName(ORDERED)).toBe('CST');
    expect(en.zoneName(Date.UTC(2026, 6, 1))).toBe('CDT');
  });

  it('an unknown stored zone is said in the console and shown in UTC, never the browser’s', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const format = dateTimeFormat('es', 'Mars/Olympus');
    expect(format.timeZone).toBe('UTC');
    expect(format.time(ORDERED)).toBe('17:17');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Mars/Olympus'));
    error.mockRestore();
  });
});

describe('utcOffset (the zone picker labels)', () => {
  it('says a zone offset at a moment, DST and half hours included', () => {
    expect(utcOffset('America/Chicago', ORDERED)).toBe('UTC-06:00');
    expect(utcOffset('America/Chicago', Date.UTC(2026, 6, 1))).toBe('UTC-05:00');
    expect(utcOffset('Asia/Kolkata', ORDERED)).toBe('UTC+05:30');
    expect(utcOffset('UTC', ORDERED)).toBe('UTC');
    expect(utcOffset('Mars/Olympus', ORDERED)).toBe('');
  });
});
