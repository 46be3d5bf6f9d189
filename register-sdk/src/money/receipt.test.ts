import { receiptTotals } from './receipt.ts';

describe('receiptTotals', () => {
  const rates = [
    { id: 1, rateBp: 1000, type: 'included' as const },
    { id: 2, rateBp: 700, type: 'added' as const },
  ];

  it('looks the line taxes up in the configuration: the totals a register must send', () => {
    const priced = receiptTotals(
      [
        { quantity: 2, unitPriceCents: 550, taxRateIds: [1] },
        { quantity: 1, unitPriceCents: 1000, modifiers: [{ priceCents: 150 }], taxRateIds: [2] },
      ],
      rates,
      [{ amountCents: 100 }],
    );
    // 1100 incl. 10 % and 1150 + 7 %; 100 off spread 1100:1150 -> 49 and 51.
    expect(priced).toMatchObject({
      totals: { subtotalCents: 2250, discountCents: 100, taxCents: 96 + 77, totalCents: 2250 - 100 + 77 },
    });
  });

  it('reports a discount larger than the sale, and throws on a tax rate the configuration lacks', () => {
    expect(
      receiptTotals([{ quantity: 1, unitPriceCents: 100, taxRateIds: [] }], rates, [{ amountCents: 101 }]),
    ).toEqual({ problems: [{ line: null, problem: 'receipt_discount_too_large' }] });
    expect(() => receiptTotals([{ quantity: 1, unitPriceCents: 100, taxRateIds: [9] }], rates)).toThrow(/tax rate 9/);
  });
});
