import fc from 'fast-check';
import { paymentShares, tender } from './tender.ts';

const cash = (amount_cents: number) => ({ cash_like: 1, amount_cents });
const card = (amount_cents: number) => ({ cash_like: 0, amount_cents });

describe('paymentShares: change comes out of the cash', () => {
  it.each([
    ['cash then card', [cash(2000), card(500)], 500, [1500, 500]],
    ['card then cash', [card(500), cash(2000)], 500, [500, 1500]],
    ['two cash payments: the last one first', [cash(1000), cash(300)], 500, [800, 0]],
    ['cash, card, cash', [cash(1000), card(700), cash(200)], 400, [800, 700, 0]],
    ['no change', [cash(1000), card(500)], 0, [1000, 500]],
  ])('%s', (_name, payments, change, expected) => {
    expect(paymentShares(payments, change)).toEqual(expected);
  });

  it('never takes change off a card while the cash covers it, and keeps the sum (property)', () => {
    const payment = fc.record({ cash_like: fc.constantFrom(0, 1), amount_cents: fc.integer({ min: 0, max: 100_000 }) });
    fc.assert(
      fc.property(fc.array(payment, { minLength: 1, maxLength: 6 }), fc.nat(), (payments, seed) => {
        const cashTotal = payments.filter((p) => p.cash_like).reduce((a, p) => a + p.amount_cents, 0);
        const change = cashTotal === 0 ? 0 : seed % (cashTotal + 1);
        const shares = paymentShares(payments, change);
        const total = payments.reduce((a, p) => a + p.amount_cents, 0);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total - change);
        payments.forEach((p, i) => {
          if (!p.cash_like) expect(shares[i]).toBe(p.amount_cents);
          expect(shares[i]).toBeGreaterThanOrEqual(0);
        });
      }),
    );
  });
});

describe('tender: the change of a sale', () => {
  const cashOf = (amountCents: number) => ({ amountCents, cashLike: true });
  const cardOf = (amountCents: number) => ({ amountCents, cashLike: false });

  it('gives back what is paid over the total, from the cash', () => {
    expect(tender(1234, [cardOf(1000), cashOf(500)])).toEqual({ changeCents: 266 });
    expect(tender(1234, [cardOf(1234)])).toEqual({ changeCents: 0 });
  });

  it('refuses a sale paid short, and change the cash cannot cover (a card paying over the total)', () => {
    expect(tender(1234, [cashOf(1000)])).toEqual({ problem: 'underpaid', shortCents: 234 });
    // All the cash handed back is allowed (a card paid the total, the cash comes back whole)...
    expect(tender(1000, [cashOf(100), cardOf(1000)])).toEqual({ changeCents: 100 });
    // ...not change out of a card.
    expect(tender(1000, [cashOf(50), cardOf(1100)])).toEqual({
      problem: 'change_not_in_cash',
      changeCents: 150,
      cashCents: 50,
    });
  });
});
