import { MAX_SALE_CENTS } from '@hive/register-sdk/money';
import { DEVICE_LIMITS, eventsRequestSchema, pairingCodeSchema, receiptEventSchema } from './device';

describe('request schemas', () => {
  it('normalises pairing codes and refuses look-alikes', () => {
    expect(pairingCodeSchema.parse('abcd-efgh')).toBe('ABCDEFGH');
    expect(pairingCodeSchema.safeParse('ABCDEFG0').success).toBe(false); // 0 is not in the alphabet
    expect(pairingCodeSchema.safeParse('ABC').success).toBe(false);
  });

  it('caps a batch at 500 events, each with a UUID id', () => {
    const event = { id: '0b7a2f5e-2d4c-4d8e-9a61-3f1e2b7c9d00', type: 'receipt' };
    expect(eventsRequestSchema.safeParse({ events: Array(500).fill(event) }).success).toBe(true);
    expect(eventsRequestSchema.safeParse({ events: Array(501).fill(event) }).success).toBe(false);
    expect(eventsRequestSchema.safeParse({ events: [{ ...event, id: 'x' }] }).success).toBe(false);
  });

  it('refuses negative quantities and amounts, and fractions of a cent', () => {
    const base = {
      id: '0b7a2f5e-2d4c-4d8e-9a61-3f1e2b7c9d00',
      type: 'receipt',
      at: Date.UTC(2026, 0, 1),
      lines: [{ itemId: 1, name: 'Tea', quantity: 1, unitPriceCents: 250, taxRateIds: [] }],
      payments: [{ paymentTypeId: 1, amountCents: 250 }],
      totals: { subtotalCents: 250, discountCents: 0, taxCents: 0, totalCents: 250 },
    };
    expect(receiptEventSchema.safeParse(base).success).toBe(true);
    const bad = (lines: object) => receiptEventSchema.safeParse({ ...base, lines: [{ ...base.lines[0], ...lines }] });
    expect(bad({ quantity: -1 }).success).toBe(false);
    expect(bad({ unitPriceCents: -5 }).success).toBe(false);
    expect(bad({ unitPriceCents: 2.5 }).success).toBe(false);
    expect(bad({ taxRateIds: [1, 1] }).success).toBe(false);
  });
});

describe('the SDK and the schemas agree', () => {
  it('on the largest amount of a sale (the SDK has no dependency to read it from)', () => {
    expect(MAX_SALE_CENTS).toBe(DEVICE_LIMITS.maxCents * 100);
  });
});
