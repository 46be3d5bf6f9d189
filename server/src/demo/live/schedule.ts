/**
 * When the demo's live registers sell: each demo company's opening hours in its location's time
 * zone, and a random gap between sales with a given mean. Pure (the clock and the dice are
 * passed in), so the schedule is tested without a server.
 */
import { isOpenAt, type WeekHours } from '@hive/shared/schemas/ordering';

const every = (open: string, close: string): WeekHours => Array.from({ length: 7 }, () => ({ open, close }));

/** Sunday first, like Date#getDay; local times of each company's locations. */
export const DEMO_OPENING_HOURS: Readonly<Record<string, WeekHours>> = {
  'corner-market': every('07:00', '22:00'),
  // The bistro rests on Mondays.
  'blue-door-bistro': [
    { open: '11:00', close: '22:00' },
    null,
    ...Array.from({ length: 5 }, () => ({ open: '11:00', close: '23:00' })),
  ],
  // Office hours, Monday to Friday.
  'atlas-consulting': [null, ...Array.from({ length: 5 }, () => ({ open: '09:00', close: '18:00' })), null],
  'tiny-kiosk': every('06:00', '20:00'),
  'green-leaf-grocers': every('08:00', '21:00'),
};

/** Open for business at `ms` in `timezone` (the closing minute excluded), DST included. */
export function isTrading(ms: number, timezone: string, hours: WeekHours): boolean {
  return isOpenAt(ms, { timezone, hours });
}

/** Sales a minute on one register while its shop is open: "a few a minute" for the company. */
export const SALES_PER_MINUTE = 1.5;

/**
 * Milliseconds to the next sale: exponential gaps (sales arrive independently) with a mean of
 * 60 000 / perMinute, kept between a tenth and four times the mean so the shop neither bursts nor
 * falls silent for long.
 */
export function nextSaleGapMs(random: () => number, perMinute: number = SALES_PER_MINUTE): number {
  const mean = 60_000 / perMinute;
  const gap = -Math.log(1 - random()) * mean;
  return Math.round(Math.min(4 * mean, Math.max(mean / 10, gap)));
}
