/**
 * What each payment of a sale counts toward the totals (sales by payment type, a shift's cash, the
 * accounting export): its amount, minus the change handed back. Change always comes out of the
 * cash-like payments, the last one first; a register cannot give more change than they hold (the
 * device API refuses it), so the non-cash payments are touched only by data that breaks that rule,
 * and then the last one first too. Dependency-free: the server and the tests' reference model use it.
 */
export function paymentShares(
  payments: readonly { cash_like: number | boolean; amount_cents: number }[],
  changeCents: number,
): number[] {
  const shares = payments.map((p) => p.amount_cents);
  const cash = payments.map((p, i) => (p.cash_like ? i : -1)).filter((i) => i >= 0);
  const other = payments.map((p, i) => (p.cash_like ? -1 : i)).filter((i) => i >= 0);
  let left = changeCents;
  for (const i of [...cash.reverse(), ...other.reverse()]) {
    if (left <= 0) break;
    const take = Math.min(left, shares[i]!);
    shares[i]! -= take;
    left -= take;
  }
  return shares;
}
