import { pointsEarned, pointsValueCents } from './loyalty.ts';

describe('loyalty points', () => {
  const rule = { pointsPerUnit: 2, valuePer100Cents: 50 };

  it('earns pointsPerUnit per 1.00 of the net amount, rounded down; nothing on nothing', () => {
    expect(pointsEarned(rule, 1999)).toBe(39);
    expect(pointsEarned(rule, 49)).toBe(0);
    expect(pointsEarned(rule, -500)).toBe(0);
  });

  it('values points at valuePer100Cents per 100, rounded down', () => {
    expect(pointsValueCents(rule, 100)).toBe(50);
    expect(pointsValueCents(rule, 101)).toBe(50);
    expect(pointsValueCents(rule, 250)).toBe(125);
  });
});
