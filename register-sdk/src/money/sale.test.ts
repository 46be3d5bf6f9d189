import { computeRefund, computeSale, refundLineAmounts, splitProportionally, type RefundableLine } from './sale.ts';

describe('splitProportionally', () => {
  it('splits in proportion, rounding down and giving the cents left to the largest remainders', () => {
    expect(splitProportionally(375, [3000, 750])).toEqual([300, 75]);
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(splitProportionally(0, [5, 5])).toEqual([0, 0]);
    expect(splitProportionally(10, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up to the amount, even for amounts whose products pass 2^53', () => {
    const weights = [9_999_999_999, 1, 3_333_333_333];
    const shares = splitProportionally(9_999_999_999, weights);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9_999_999_999);
    for (let seed = 1; seed < 200; seed += 1) {
      const w = [seed * 7, seed * 13 + 1, (seed * 31) % 17];
      expect(splitProportionally(seed * 3 + 1, w).reduce((a, b) => a + b, 0)).toBe(seed * 3 + 1);
    }
  });
});

describe('computeSale', () => {
  const food = { rateBp: 1000, type: 'added' as const };
  const alcohol = { rateBp: 2100, type: 'added' as const };

  it('computes the worked example of docs/device-api.md', () => {
    const result = computeSale(
      [
        { quantity: 2, unitPriceCents: 1550, modifiers: [{ priceCents: 150 }], discountCents: 400, taxes: [food] },
        { quantity: 1, unitPriceCents: 750, taxes: [alcohol] },
      ],
      375,
    );
    if (!('amounts' in result)) throw new Error('expected amounts');
    const a = result.amounts;
    expect([a.subtotalCents, a.discountCents, a.netCents, a.taxCents, a.totalCents]).toEqual([
      4150, 775, 3375, 412, 3787,
    ]);
    expect(a.lines.map((l) => [l.grossCents, l.discountCents, l.taxCents, l.totalCents])).toEqual([
      [3400, 700, [270], 2970],
      [750, 75, [142], 817],
    ]);
  });

  it('takes included taxes out of the price and adds added taxes on top', () => {
    const result = computeSale([{ quantity: 1, unitPriceCents: 1080, taxes: [{ rateBp: 800, type: 'included' }] }], 0);
    if (!('amounts' in result)) throw new Error('expected amounts');
    expect(result.amounts).toMatchObject({ subtotalCents: 1080, netCents: 1000, taxCents: 80, totalCents: 1080 });
  });

  it('rounds exact half cents up, as docs/device-api.md says: 0.10 at 5 % added, 1.05 at 20 % included', () => {
    const result = computeSale(
      [
        { quantity: 1, unitPriceCents: 10, taxes: [{ rateBp: 500, type: 'added' }] },
        { quantity: 1, unitPriceCents: 105, taxes: [{ rateBp: 2000, type: 'included' }] },
      ],
      0,
    );
    if (!('amounts' in result)) throw new Error('expected amounts');
    expect(result.amounts.lines.map((l) => [l.netCents, l.taxCents, l.totalCents])).toEqual([
      [10, [1], 11],
      [88, [17], 105],
    ]);
    expect(result.amounts).toMatchObject({ subtotalCents: 115, netCents: 98, taxCents: 18, totalCents: 116 });
  });

  it('refuses discounts larger than what they discount, and absurd amounts', () => {
    expect(computeSale([{ quantity: 1, unitPriceCents: 100, discountCents: 101, taxes: [] }], 0)).toEqual({
      problems: [{ line: 0, problem: 'line_discount_too_large' }],
    });
    expect(computeSale([{ quantity: 1, unitPriceCents: 100, taxes: [] }], 101)).toEqual({
      problems: [{ line: null, problem: 'receipt_discount_too_large' }],
    });
    const huge = computeSale([{ quantity: 9999, unitPriceCents: 100_000_000, taxes: [] }], 0);
    expect('problems' in huge && huge.problems[0]?.problem).toBe('amount_too_large');
  });
});

describe('refunds', () => {
  const line = (): RefundableLine => ({
    quantity: 3,
    grossCents: 1000,
    discountCents: 100,
    taxes: [{ rateBp: 1000, type: 'added', taxCents: 90 }],
    refunded: { quantity: 0, grossCents: 0, discountCents: 0, taxCents: [0] },
  });

  it('returns a share of each amount, and the last units take exactly what is left', () => {
    const sale = line();
    const first = refundLineAmounts(sale, 1)!;
    expect([first.grossCents, first.discountCents, first.taxCents[0], first.totalCents]).toEqual([333, 33, 30, 330]);
    sale.refunded = { quantity: 1, grossCents: 333, discountCents: 33, taxCents: [30] };
    const rest = refundLineAmounts(sale, 2)!;
    expect([rest.grossCents, rest.discountCents, rest.taxCents[0], rest.totalCents]).toEqual([667, 67, 60, 660]);
    // Together exactly the sale line: never more than was paid.
    expect(first.totalCents + rest.totalCents).toBe(1000 - 100 + 90);
  });

  it('refuses to return more than is left', () => {
    expect(refundLineAmounts(line(), 4)).toBeNull();
    expect(refundLineAmounts(line(), 0)).toBeNull();
    expect(
      computeRefund([
        { sale: line(), quantity: 1 },
        { sale: line(), quantity: 5 },
      ]),
    ).toEqual({ tooMany: [1] });
  });
});
