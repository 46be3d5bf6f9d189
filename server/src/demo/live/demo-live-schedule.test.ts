import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { createRandom } from '@hive/shared/simulation/register';
import { DEMO_OPENING_HOURS, isTrading, nextSaleGapMs } from './';

/*
 * When the demo's live registers sell: opening hours in each location's own zone (DST included),
 * and the rate of sales. Pure functions, checked against a fake clock.
 */

const grocer = DEMO_OPENING_HOURS['green-leaf-grocers']!; // 08:00-21:00 every day
const bistro = DEMO_OPENING_HOURS['blue-door-bistro']!; // closed on Mondays

describe('demo live schedule', () => {
  it('opens and closes by the local clock of the location, not the server', () => {
    // 13:30 UTC on a November Saturday: 07:30 in Chicago (closed), 08:30 in New York (open).
    const at = Date.parse('2026-11-28T13:30:00Z');
    assert.equal(isTrading(at, 'America/Chicago', grocer), false);
    assert.equal(isTrading(at, 'America/New_York', grocer), true);
    // The closing minute is closed.
    assert.equal(isTrading(Date.parse('2026-11-29T02:00:00Z'), 'America/New_York', grocer), false);
    assert.equal(isTrading(Date.parse('2026-11-29T01:59:00Z'), 'America/New_York', grocer), true);
  });

  it('follows daylight saving time: the same local opening is an hour earlier in UTC in summer', () => {
    // London opens at 08:00 local: 08:00 UTC in winter, 07:00 UTC in summer (BST).
    assert.equal(isTrading(Date.parse('2026-01-15T07:30:00Z'), 'Europe/London', grocer), false);
    assert.equal(isTrading(Date.parse('2026-07-15T07:30:00Z'), 'Europe/London', grocer), true);
    // The morning the clocks go forward (29 March 2026, 01:00 UTC): 07:30 UTC is 08:30 BST, open.
    assert.equal(isTrading(Date.parse('2026-03-29T07:30:00Z'), 'Europe/London', grocer), true);
    assert.equal(isTrading(Date.parse('2026-03-28T07:30:00Z'), 'Europe/London', grocer), false);
  });

  it("keeps a day of rest in the location's week (the bistro's Monday)", () => {
    // Monday 30 November 2026, 13:00 in Madrid.
    assert.equal(isTrading(Date.parse('2026-11-30T12:00:00Z'), 'Europe/Madrid', bistro), false);
    assert.equal(isTrading(Date.parse('2026-12-01T12:00:00Z'), 'Europe/Madrid', bistro), true);
  });

  it('sells a few a minute: gaps average 60 s / rate, never a burst nor a long silence', () => {
    const random = createRandom('gaps');
    const gaps = Array.from({ length: 5000 }, () => nextSaleGapMs(random, 2));
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    assert.ok(Math.abs(mean - 30_000) < 3_000, `mean ${mean}`);
    assert.ok(Math.min(...gaps) >= 3_000 && Math.max(...gaps) <= 120_000);
  });

  it('on a fake clock: a day of opening hours yields sales only while open', () => {
    mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-11-28T05:00:00Z') });
    try {
      const random = createRandom('day');
      const sales: number[] = [];
      let next = Date.now();
      const end = Date.now() + 86_400_000;
      while (Date.now() < end) {
        mock.timers.tick(5_000);
        if (isTrading(Date.now(), 'America/New_York', grocer) && Date.now() >= next) {
          sales.push(Date.now());
          next = Date.now() + nextSaleGapMs(random);
        }
      }
      // 13 open hours at 1.5 a minute: about 1170 sales, none before 08:00 or after 21:00 local.
      assert.ok(sales.length > 900 && sales.length < 1400, `sales ${sales.length}`);
      const hours = new Set(
        sales.map((t) =>
          Number(
            new Intl.DateTimeFormat('en-US', {
              hour: 'numeric',
              hourCycle: 'h23',
              timeZone: 'America/New_York',
            }).format(t),
          ),
        ),
      );
      assert.ok(
        [...hours].every((h) => h >= 8 && h < 21),
        [...hours].join(),
      );
    } finally {
      mock.timers.reset();
    }
  });
});
