/*
 * The reference model of the reconciliation test: the money rules of docs/device-api.md (sections
 * 4.3-4.5) and the report definitions of docs/behaviour.md (section 12), re-derived here in a few
 * lines on purpose. It imports nothing of the server nor the shared sale maths, so a rule broken
 * there shows up as a difference here instead of being copied into the expectation.
 */

export interface TaxRate {
  id: number;
  name: string;
  rateBp: number;
  type: 'added' | 'included';
}

/** x / d rounded to the nearest whole number, halves up (x >= 0, d > 0), in integers. */
export function divRound(x: number, d: number): number {
  return Math.floor((2 * x + d) / (2 * d));
}

export interface LineInput {
  itemId: number | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  modifiers: { name: string; priceCents: number; modifierId?: number }[];
  discountCents: number;
  /** The catalog discount the line's own discount is (sent as is; the money rules ignore it). */
  discountId?: number;
  taxRateIds: number[];
}

export interface LineTax {
  taxRateId: number;
  name: string;
  rateBp: number;
  type: 'added' | 'included';
  taxCents: number;
}

/** A line's figures on a sale, or what a refund returns of it. */
export interface LineFigures {
  gross: number;
  discount: number;
  /** gross - discount */
  amount: number;
  /** amount without the included taxes: what the reports call a line's net sales. */
  net: number;
  taxes: LineTax[];
  total: number;
}

export interface SaleFigures {
  lines: LineFigures[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Section 4.3: gross, the line's own discount, the receipt discounts spread in proportion to what
 * is left of each line (cents down, the missing ones to the largest remainders, earlier line on a
 * tie), then the taxes on the amount (included ones taken out of it, added ones on top).
 */
export function priceSale(lines: LineInput[], receiptDiscounts: number[], rates: Map<number, TaxRate>): SaleFigures {
  const gross = lines.map((l) => l.quantity * (l.unitPriceCents + sum(l.modifiers.map((m) => m.priceCents))));
  const left = lines.map((l, i) => gross[i]! - l.discountCents);
  const spread = sum(receiptDiscounts);
  const base = sum(left);
  const shares = left.map((r) => (base === 0 ? 0 : Math.floor((spread * r) / base)));
  let missing = spread - sum(shares);
  const order = left
    .map((r, i) => ({ i, rest: base === 0 ? 0 : (spread * r) % base }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    shares[i]! += 1;
    missing -= 1;
  }
  const figures = lines.map((l, i) => {
    const discount = l.discountCents + shares[i]!;
    const amount = gross[i]! - discount;
    const lineRates = l.taxRateIds.map((id) => rates.get(id)!);
    const includedBp = sum(lineRates.filter((r) => r.type === 'included').map((r) => r.rateBp));
    const net = includedBp === 0 ? amount : divRound(amount * 10_000, 10_000 + includedBp);
    const taxes: LineTax[] = lineRates.map((r) => ({
      taxRateId: r.id,
      name: r.name,
      rateBp: r.rateBp,
      type: r.type,
      taxCents: divRound(net * r.rateBp, 10_000),
    }));
    const included = taxes.filter((t) => t.type === 'included');
    if (included.length > 0) included.at(-1)!.taxCents += amount - net - sum(included.map((t) => t.taxCents));
    const added = sum(taxes.filter((t) => t.type === 'added').map((t) => t.taxCents));
    return { gross: gross[i]!, discount, amount, net, taxes, total: amount + added };
  });
  return totalsOf(figures);
}

function totalsOf(lines: LineFigures[]): SaleFigures {
  return {
    lines,
    subtotal: sum(lines.map((l) => l.gross)),
    discount: sum(lines.map((l) => l.discount)),
    tax: sum(lines.flatMap((l) => l.taxes.map((t) => t.taxCents))),
    total: sum(lines.map((l) => l.total)),
  };
}

/** What earlier refunds took of a sale line. */
export interface Returned {
  quantity: number;
  gross: number;
  discount: number;
  taxes: number[];
}

/**
 * Section 4.4: returning q of a line that sold Q takes round(x * q / Q) of its gross, discount and
 * each tax, except the last units, which take exactly what is left. Updates `returned`.
 */
export function refundLine(sold: LineFigures, soldQuantity: number, returned: Returned, q: number): LineFigures {
  const last = returned.quantity + q === soldQuantity;
  const part = (x: number, taken: number) => (last ? x - taken : divRound(x * q, soldQuantity));
  const gross = part(sold.gross, returned.gross);
  const discount = part(sold.discount, returned.discount);
  const taxes = sold.taxes.map((t, k) => ({ ...t, taxCents: part(t.taxCents, returned.taxes[k] ?? 0) }));
  returned.quantity += q;
  returned.gross += gross;
  returned.discount += discount;
  taxes.forEach((t, k) => (returned.taxes[k] = (returned.taxes[k] ?? 0) + t.taxCents));
  const included = sum(taxes.filter((t) => t.type === 'included').map((t) => t.taxCents));
  const added = sum(taxes.filter((t) => t.type === 'added').map((t) => t.taxCents));
  const amount = gross - discount;
  return { gross, discount, amount, net: amount - included, taxes, total: amount + added };
}

export function refundTotals(lines: LineFigures[]): SaleFigures {
  return totalsOf(lines);
}

/**
 * What each payment counts toward the totals: its amount less the change, which comes out of the
 * cash-like payments, the last one first (section 4.3: change is cash only).
 */
export function changeShares(
  payments: readonly { cashLike: boolean; amountCents: number }[],
  change: number,
): number[] {
  const shares = payments.map((p) => p.amountCents);
  let left = change;
  for (let i = payments.length - 1; i >= 0 && left > 0; i -= 1) {
    if (!payments[i]!.cashLike) continue;
    const take = Math.min(left, shares[i]!);
    shares[i]! -= take;
    left -= take;
  }
  return shares;
}

/**
 * The reports' "gross sales" of a line: before tax, so its shelf amount with the included taxes
 * taken out at the line's included rates (behaviour.md 12: every sales figure is before tax); the
 * discount is what is left between that and the line's net.
 */
export function grossBeforeTax(line: LineFigures): number {
  const includedBp = sum(line.taxes.filter((t) => t.type === 'included').map((t) => t.rateBp));
  return includedBp === 0 ? line.gross : divRound(line.gross * 10_000, 10_000 + includedBp);
}

/** The local calendar day (YYYY-MM-DD) and hour of an instant in a time zone. */
export function localDay(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The first instant after `at` whose local day (in `timeZone`) is another: the next midnight there. */
export function nextMidnight(at: number, timeZone: string): number {
  const day = localDay(at, timeZone);
  let [low, high] = [at, at + 26 * 3_600_000];
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (localDay(mid, timeZone) === day) low = mid;
    else high = mid;
  }
  return high;
}

/** The local hour (0-23) of an instant in a time zone. */
export function localHour(at: number, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(at));
  return Number(hour);
}
