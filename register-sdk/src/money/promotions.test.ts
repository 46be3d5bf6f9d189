import {
  evaluatePromotions,
  promotionRunsAt,
  promotionStatus,
  type BasketLine,
  type PromotionRule,
} from './promotions.ts';

/*
 * The promotion evaluator (issue 21): a table of baskets and what they get, for each kind, the
 * schedule's edges, priority and stacking, and the rounding. The server checks registers' claims
 * and prices online orders with the same function.
 */

const ZONE = 'Europe/Madrid';
/** Monday 2027-03-01 at hh:mm in Madrid (UTC+1 in winter). */
const monday = (hhmm: string) => Date.UTC(2027, 2, 1, Number(hhmm.slice(0, 2)) - 1, Number(hhmm.slice(3)));

const rule = (extra: Partial<PromotionRule>): PromotionRule => ({
  id: 1,
  name: 'Promo',
  kind: 'percent_off',
  priority: 10,
  stackable: true,
  itemIds: [],
  categoryIds: [],
  buyQuantity: 0,
  getQuantity: 0,
  getPercentBp: 10_000,
  percentBp: 0,
  thresholdCents: 0,
  amountCents: 0,
  days: [],
  startTime: '',
  endTime: '',
  startsOn: null,
  endsOn: null,
  ...extra,
});
const line = (itemId: number, quantity: number, unitCents: number, categoryId: number | null = null): BasketLine => ({
  itemId,
  categoryId,
  quantity,
  unitCents,
});

const DRINKS = 7;
const HAPPY = rule({
  id: 1,
  name: 'Happy hour',
  percentBp: 2000,
  categoryIds: [DRINKS],
  days: [1, 2, 3, 4, 5],
  startTime: '17:00',
  endTime: '19:00',
});
const B2G1 = rule({ id: 2, name: 'Buy 2 get 1', kind: 'buy_get', itemIds: [10], buyQuantity: 2, getQuantity: 1 });
const SPEND = rule({
  id: 3,
  name: 'Spend 30 get 5',
  kind: 'spend_get',
  thresholdCents: 3000,
  amountCents: 500,
  priority: 20,
});

describe('evaluatePromotions: a table of baskets', () => {
  const cases: [string, BasketLine[], PromotionRule[], number, { id: number; lines: number[] }[]][] = [
    [
      'happy hour on drinks, in the window',
      [line(1, 2, 450, DRINKS), line(2, 1, 1200)],
      [HAPPY],
      monday('17:30'),
      [{ id: 1, lines: [180, 0] }],
    ],
    [
      'happy hour: the start minute counts',
      [line(1, 1, 450, DRINKS)],
      [HAPPY],
      monday('17:00'),
      [{ id: 1, lines: [90] }],
    ],
    ['happy hour: the end minute does not', [line(1, 1, 450, DRINKS)], [HAPPY], monday('19:00'), []],
    ['happy hour: not on Sunday', [line(1, 1, 450, DRINKS)], [HAPPY], monday('17:30') - 86_400_000, []],
    ['buy 2 get 1: three pay two', [line(10, 3, 250)], [B2G1], monday('12:00'), [{ id: 2, lines: [250] }]],
    ['buy 2 get 1: five get one free, not two', [line(10, 5, 250)], [B2G1], monday('12:00'), [{ id: 2, lines: [250] }]],
    ['buy 2 get 1: other items do not count', [line(10, 2, 250), line(11, 1, 100)], [B2G1], monday('12:00'), []],
    [
      'buy 2 get 1 over two lines: the cheapest unit is free',
      [line(10, 2, 300), line(12, 1, 200)],
      [rule({ ...B2G1, itemIds: [10, 12] })],
      monday('12:00'),
      [{ id: 2, lines: [0, 200] }],
    ],
    ['spend 30 get 5: below the threshold', [line(2, 1, 2999)], [SPEND], monday('12:00'), []],
    [
      'spend 30 get 5: at the threshold, spread in proportion',
      [line(2, 1, 2000), line(3, 1, 1000)],
      [SPEND],
      monday('12:00'),
      [{ id: 3, lines: [334, 166] }],
    ],
    [
      'stacking: happy hour first, then spend on what is left (1440 + 1600 reach 30.00)',
      [line(1, 4, 450, DRINKS), line(2, 1, 1600)],
      [HAPPY, SPEND],
      monday('18:00'),
      [
        { id: 1, lines: [360, 0] },
        { id: 3, lines: [236, 264] },
      ],
    ],
    [
      'stacking: what is left after happy hour no longer reaches the threshold',
      [line(1, 4, 450, DRINKS), line(2, 1, 1500)],
      [HAPPY, SPEND],
      monday('18:00'),
      [{ id: 1, lines: [360, 0] }],
    ],
    [
      'exclusive first: nothing after it',
      [line(1, 4, 450, DRINKS), line(2, 1, 1500)],
      [rule({ ...HAPPY, stackable: false }), SPEND],
      monday('18:00'),
      [{ id: 1, lines: [360, 0] }],
    ],
    [
      'priority decides the order, not the list',
      [line(1, 4, 450, DRINKS), line(2, 1, 1500)],
      [SPEND, rule({ ...HAPPY, priority: 30 })],
      monday('18:00'),
      [
        { id: 3, lines: [273, 227] },
        { id: 1, lines: [305, 0] },
      ],
    ],
    [
      'rounding: 12.5 % of 3.33 is 0.42 (half up)',
      [line(5, 1, 333)],
      [rule({ percentBp: 1250 })],
      monday('12:00'),
      [{ id: 1, lines: [42] }],
    ],
    [
      'a promotion over its dates does nothing',
      [line(5, 1, 333)],
      [rule({ percentBp: 1000, endsOn: '2027-02-28' })],
      monday('12:00'),
      [],
    ],
  ];
  it.each(cases)('%s', (_name, basket, promotions, at, expected) => {
    const applied = evaluatePromotions(basket, promotions, at, ZONE);
    expect(applied.map((a) => ({ id: a.promotionId, lines: a.lineCents }))).toEqual(expected);
    for (const a of applied) expect(a.totalCents).toBe(a.lineCents.reduce((s, c) => s + c, 0));
  });
});

describe('promotionRunsAt', () => {
  it('a window past midnight runs late on its day and early the next', () => {
    const late = rule({ days: [5], startTime: '22:00', endTime: '02:00' });
    const friday = (hhmm: string) => monday(hhmm) + 4 * 86_400_000;
    expect(promotionRunsAt(late, friday('23:30'), ZONE)).toBe(true);
    expect(promotionRunsAt(late, friday('01:30') + 86_400_000, ZONE)).toBe(true);
    expect(promotionRunsAt(late, friday('01:30'), ZONE)).toBe(false);
    expect(promotionRunsAt(late, friday('21:59'), ZONE)).toBe(false);
  });

  it("days are the location zone's: 23:30 on Sunday in New York is Monday in UTC", () => {
    const sundays = rule({ days: [0] });
    expect(promotionRunsAt(sundays, Date.UTC(2027, 2, 1, 4, 30), 'America/New_York')).toBe(true);
    expect(promotionRunsAt(sundays, Date.UTC(2027, 2, 1, 4, 30), 'UTC')).toBe(false);
  });
});

describe('promotionStatus', () => {
  // 2027-03-01 04:30 UTC is Sunday 23:30 in New York, Monday in UTC.
  const at = Date.UTC(2027, 2, 1, 4, 30);
  const on = (extra: Partial<PromotionRule>) => ({ ...rule(extra), active: true });
  it.each([
    ['switched off', { ...rule({}), active: false }, 'UTC', 'off'],
    ['dated next week', on({ startsOn: '2027-03-08' }), 'UTC', 'scheduled'],
    ['its last day was yesterday', on({ endsOn: '2027-02-28' }), 'UTC', 'ended'],
    [
      'its last day is today in the zone (still Sunday in New York)',
      on({ endsOn: '2027-02-28' }),
      'America/New_York',
      'running',
    ],
    ['within its dates and hours', on({ startsOn: '2027-03-01', endsOn: '2027-03-01' }), 'UTC', 'running'],
    ['within its dates, not its days', on({ days: [2] }), 'UTC', 'waiting'],
    ['within its dates, not its hours', on({ startTime: '17:00', endTime: '19:00' }), 'UTC', 'waiting'],
  ] as const)('%s', (_name, p, zone, expected) => {
    expect(promotionStatus(p, at, zone)).toBe(expected);
  });
});
