import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayNumber } from '@hive/shared/schemas/backoffice/reports';
import {
  apportion,
  overtimeSplit,
  payroll,
  roundHalfUp,
  tipOut,
  workedMinutes,
  type PayEntry,
  type PayTotals,
  type TipWorker,
} from './pay';

/*
 * The pay arithmetic of the labour and payroll reports and the tip-out form, to the cent: weekly
 * overtime (past 40 h, time and a half, split inside the entry that crosses the mark), rounding
 * half up once per employee and column, and pools shared by the largest remainder.
 */

const WEEK1 = dayNumber('2027-03-01')!; // a Monday
const WEEK2 = WEEK1 + 7;
const H = 60;
let clock = Date.UTC(2027, 2, 1, 8);

/** An entry of `minutes` at `rate` for employee 1 (clock-ins in the order written). */
const entry = (minutes: number, rateCents: number, extra: Partial<PayEntry> = {}): PayEntry => {
  clock += 86_400_000;
  return { employeeId: 1, week: WEEK1, clockInAt: clock, workedMinutes: minutes, rateCents, ...extra };
};

const pay = (
  regularMinutes: number,
  overtimeMinutes: number,
  regularPayCents: number,
  overtimePayCents: number,
): PayTotals => ({
  regularMinutes,
  overtimeMinutes,
  regularPayCents,
  overtimePayCents,
  grossPayCents: regularPayCents + overtimePayCents,
});

describe('pay: worked minutes', () => {
  it('rounds the length to the nearest minute and takes the breaks off', () => {
    const at = Date.UTC(2027, 2, 1, 9);
    assert.equal(workedMinutes(at, at + 8 * 3_600_000, 30), 450);
    assert.equal(workedMinutes(at, at + 90_000 + 29_999, 0), 2); // 1 min 59.999 s
    assert.equal(workedMinutes(at, at + 90_000, 0), 2); // 1 min 30 s: half up
    assert.equal(workedMinutes(at, at + 89_999, 0), 1);
    assert.equal(workedMinutes(at, at + 10 * 60_000, 15), 0); // never below zero
    assert.equal(workedMinutes(at, at - 60_000, 0), 0);
  });
});

describe('pay: weekly overtime and gross pay', () => {
  const cases: { name: string; entries: PayEntry[]; expected: PayTotals }[] = [
    { name: 'under 40 h', entries: [entry(8 * H, 1500), entry(8 * H, 1500)], expected: pay(960, 0, 24_000, 0) },
    {
      name: 'exactly 40 h',
      entries: [1, 2, 3, 4, 5].map(() => entry(8 * H, 1500)),
      expected: pay(2400, 0, 60_000, 0),
    },
    {
      name: '40 h and 1 min: one minute of overtime at 1.5x (15.00/h -> 0.375, 0.38)',
      entries: [...[1, 2, 3, 4].map(() => entry(8 * H, 1500)), entry(8 * H + 1, 1500)],
      expected: pay(2400, 1, 60_000, 38),
    },
    {
      name: 'two weeks under 40 h each, 70 h together: no overtime',
      entries: [entry(35 * H, 1000), entry(35 * H, 1000, { week: WEEK2 })],
      expected: pay(4200, 0, 70_000, 0),
    },
    {
      name: 'an entry across the 40 h mark at another rate: split at the mark, each part at its rate',
      // 36 h at 12.00, then 10 h at 20.00: 4 h regular at 20.00, 6 h overtime at 30.00.
      entries: [entry(36 * H, 1200), entry(10 * H, 2000)],
      expected: pay(2400, 360, 43_200 + 8000, 18_000),
    },
    {
      name: 'overtime falls in the entries after the mark, each at its own rate',
      // 40 h at 10.00, then 1 h at 10.00 (15.00) and 1 h at 16.00 (24.00).
      entries: [entry(40 * H, 1000), entry(H, 1000), entry(H, 1600)],
      expected: pay(2400, 120, 40_000, 3900),
    },
    {
      name: 'entries given out of order are taken in clock-in order',
      entries: (() => {
        const first = entry(38 * H, 1000);
        const second = entry(4 * H, 3000);
        return [second, first]; // 2 h regular and 2 h overtime at 30.00 (45.00)
      })(),
      expected: pay(2400, 120, 38_000 + 6000, 9000),
    },
    {
      name: 'rounding half up: 1 min at 0.30/h is 0.5 cent -> 1',
      entries: [entry(1, 30)],
      expected: pay(1, 0, 1, 0),
    },
    {
      name: 'rounding half up: 1 min at 0.29/h is 0.483 cent -> 0',
      entries: [entry(1, 29)],
      expected: pay(1, 0, 0, 0),
    },
    {
      name: 'rounded once per employee, not per entry: 3 x 1 min at 0.30/h is 1.5 cents -> 2 (not 3)',
      entries: [entry(1, 30), entry(1, 30), entry(1, 30)],
      expected: pay(3, 0, 2, 0),
    },
    {
      name: 'overtime half up: 1 min at 0.20/h x 1.5 is 0.5 cent -> 1',
      entries: [entry(40 * H, 1000), entry(1, 20)],
      expected: pay(2400, 1, 40_000, 1),
    },
    {
      name: 'overtime below half: 1 min at 0.19/h x 1.5 is 0.475 cent -> 0',
      entries: [entry(40 * H, 1000), entry(1, 19)],
      expected: pay(2400, 1, 40_000, 0),
    },
    {
      name: 'gross = regular + overtime, each rounded on its own (17.33/h, 41 h 07 min)',
      // Regular 2400 x 1733 / 60 = 69 320; overtime 67 x 1733 x 3 / 120 = 2902.775 -> 2903.
      entries: [entry(20 * H, 1733), entry(21 * H + 7, 1733)],
      expected: pay(2400, 67, 69_320, 2903),
    },
    { name: 'nothing worked', entries: [entry(0, 1500)], expected: pay(0, 0, 0, 0) },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const result = payroll(c.entries);
      assert.deepEqual(result.get(1), c.expected);
      assert.equal(result.size, 1);
    });
  }

  it('each employee has their own weeks', () => {
    const result = payroll([
      entry(30 * H, 1000),
      entry(30 * H, 1000, { employeeId: 2 }),
      entry(15 * H, 1000),
      entry(5 * H, 1000, { employeeId: 2 }),
    ]);
    assert.deepEqual(result.get(1), pay(2400, 300, 40_000, 7500));
    assert.deepEqual(result.get(2), pay(2100, 0, 35_000, 0));
  });

  it('splits each entry in the order given', () => {
    const entries = [entry(39 * H, 1000), entry(2 * H, 1000), entry(3 * H, 1000)];
    assert.deepEqual(
      overtimeSplit(entries).map((e) => [e.regularMinutes, e.overtimeMinutes]),
      [
        [2340, 0],
        [60, 60],
        [0, 180],
      ],
    );
  });
});

describe('pay: shares by the largest remainder', () => {
  it('splits to the cent, with every part within a cent of its exact share', () => {
    assert.deepEqual(apportion(100, [1, 1, 1]), [34, 33, 33]);
    assert.deepEqual(
      apportion(100, [1, 1, 1], (a, b) => b - a),
      [33, 33, 34],
    );
    assert.deepEqual(apportion(10, [3, 0, 7]), [3, 0, 7]);
    assert.deepEqual(apportion(-100, [1, 1, 1]), [-34, -33, -33]);
    assert.deepEqual(apportion(5, [0, 0]), [0, 0]);
    assert.deepEqual(apportion(0, [1, 2]), [0, 0]);
    // Large amounts and weights: no float error.
    const big = apportion(987_654_321_987, [10n ** 15n, 2n * 10n ** 15n + 1n, 3n]);
    assert.equal(
      big.reduce((a, b) => a + b, 0),
      987_654_321_987,
    );
  });

  it('rounds half up in integers', () => {
    assert.equal(roundHalfUp(1, 2), 1);
    assert.equal(roundHalfUp(3, 2), 2);
    assert.equal(roundHalfUp(29, 60), 0);
    assert.equal(roundHalfUp(30, 60), 1);
  });
});

describe('pay: the tip-out', () => {
  const workers: TipWorker[] = [
    { employeeId: 7, workedMinutes: 300, ownTipsCents: 4000 },
    { employeeId: 3, workedMinutes: 300, ownTipsCents: 0 },
    { employeeId: 5, workedMinutes: 400, ownTipsCents: 5000 },
    { employeeId: 9, workedMinutes: 0, ownTipsCents: 1001 }, // tips, no hours
  ];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  const cases: { name: string; pool: number; rule: 'hours' | 'equal' | 'own'; shares: number[]; left: number }[] = [
    // 10 001 x 3/10 = 3000.3 (twice), x 4/10 = 4000.4: one cent left, to the largest remainder (0.4).
    { name: 'hours', pool: 10_001, rule: 'hours', shares: [3000, 3000, 4001, 0], left: 0 },
    // 10 002: 3000.6, 3000.6, 4000.8: two cents, to 0.8 then 0.6 (a tie: more minutes equal, the lower id 3).
    { name: 'hours, a tie broken by id', pool: 10_002, rule: 'hours', shares: [3000, 3001, 4001, 0], left: 0 },
    // 3334 each (exact 3333.67): one cent left, same remainders: the most minutes first (5), then the lower id (3).
    { name: 'equal', pool: 10_001, rule: 'equal', shares: [3333, 3334, 3334, 0], left: 0 },
    { name: 'equal, exact', pool: 9000, rule: 'equal', shares: [3000, 3000, 3000, 0], left: 0 },
    // Each keeps their own; 10 001 - 10 001 = 0 unassigned.
    { name: 'own', pool: 10_001, rule: 'own', shares: [4000, 0, 5000, 1001], left: 0 },
    // 500 more in the pool from receipts of nobody: kept by nobody.
    { name: 'own with unassigned tips', pool: 10_501, rule: 'own', shares: [4000, 0, 5000, 1001], left: 500 },
    { name: 'zero pool', pool: 0, rule: 'hours', shares: [0, 0, 0, 0], left: 0 },
  ];
  for (const c of cases) {
    it(`${c.name}: shares add up to the pool`, () => {
      const result = tipOut(c.pool, workers, c.rule);
      assert.deepEqual(result.shares, c.shares);
      assert.equal(result.undistributedCents, c.left);
      assert.equal(sum(result.shares) + result.undistributedCents, c.pool);
    });
  }

  it('one worker takes the whole pool', () => {
    const one = [{ employeeId: 1, workedMinutes: 17, ownTipsCents: 0 }];
    assert.deepEqual(tipOut(1234, one, 'hours'), { shares: [1234], undistributedCents: 0 });
    assert.deepEqual(tipOut(1234, one, 'equal'), { shares: [1234], undistributedCents: 0 });
    assert.deepEqual(tipOut(1234, one, 'own'), { shares: [0], undistributedCents: 1234 });
  });

  it('nobody worked: nothing is shared and the pool stays undistributed', () => {
    const idle = [{ employeeId: 1, workedMinutes: 0, ownTipsCents: 700 }];
    assert.deepEqual(tipOut(700, idle, 'hours'), { shares: [0], undistributedCents: 700 });
    assert.deepEqual(tipOut(700, idle, 'equal'), { shares: [0], undistributedCents: 700 });
    assert.deepEqual(tipOut(700, [], 'hours'), { shares: [], undistributedCents: 700 });
    assert.deepEqual(tipOut(700, idle, 'own'), { shares: [700], undistributedCents: 0 });
  });

  it('many workers, an awkward pool: always to the cent', () => {
    const many = Array.from({ length: 13 }, (_, i) => ({
      employeeId: i + 1,
      workedMinutes: 37 * (i + 1) + (i % 3),
      ownTipsCents: 0,
    }));
    for (const rule of ['hours', 'equal'] as const) {
      for (const pool of [1, 12, 99_999, 123_457]) {
        const { shares, undistributedCents } = tipOut(pool, many, rule);
        assert.equal(sum(shares), pool, `${rule} ${pool}`);
        assert.equal(undistributedCents, 0);
      }
    }
  });
});
