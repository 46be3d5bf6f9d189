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

export type TenderProblem =
  | { problem: 'underpaid'; shortCents: number }
  | { problem: 'change_not_in_cash'; changeCents: number; cashCents: number };

/**
 * The change of a sale of `totalCents` paid with `payments` (tips are not part of the amounts): what
 * they pay over the total. Change is handed back from the cash-like payments only (cash, or a
 * payment type the merchant marked cash-like), so a card can never pay more than what the cash
 * leaves to pay. The server rejects a sale whose payments minus change differ from its total, or
 * whose change is more than its cash (`payments_mismatch`).
 */
export function tender(
  totalCents: number,
  payments: readonly { amountCents: number; cashLike: boolean }[],
): { changeCents: number } | TenderProblem {
  const paid = payments.reduce((sum, p) => sum + p.amountCents, 0);
  if (paid < totalCents) return { problem: 'underpaid', shortCents: totalCents - paid };
  const changeCents = paid - totalCents;
  const cashCents = payments.reduce((sum, p) => sum + (p.cashLike ? p.amountCents : 0), 0);
  if (changeCents > cashCents) return { problem: 'change_not_in_cash', changeCents, cashCents };
  return { changeCents };
}
