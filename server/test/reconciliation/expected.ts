import { expectedCash, type Ledger, type LedgerReceipt } from './generator';
import { grossBeforeTax } from './model';

/*
 * The figures each page should show, added up from the ledger by the definitions of
 * docs/behaviour.md section 12 (sales figures before tax; refunds by their own net; tips apart)
 * and device-api.md 4.5 (expected cash).
 */

export interface Figures {
  receipts: number;
  refundReceipts: number;
  grossSalesCents: number;
  discountsCents: number;
  refundsCents: number;
  netSalesCents: number;
  taxesCents: number;
  tipsCents: number;
  totalCollectedCents: number;
  costOfGoodsCents: number;
  grossProfitCents: number;
  averageSaleCents: number;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const netOf = (r: LedgerReceipt) => sum(r.lines.map((l) => l.figures.net));
const costOf = (r: LedgerReceipt) => sum(r.lines.map((l) => l.costCents));

export function figures(receipts: readonly LedgerReceipt[]): Figures {
  const sales = receipts.filter((r) => r.kind === 'sale');
  const refunds = receipts.filter((r) => r.kind === 'refund');
  const gross = sum(sales.flatMap((r) => r.lines.map((l) => grossBeforeTax(l.figures))));
  const net = sum(sales.map(netOf));
  const refunded = sum(refunds.map(netOf));
  const netSales = net - refunded;
  const taxes = sum(sales.map((r) => r.figures.tax)) - sum(refunds.map((r) => r.figures.tax));
  const tips = sum(sales.map((r) => r.tip));
  const cost = sum(sales.map(costOf)) - sum(refunds.map(costOf));
  return {
    receipts: sales.length,
    refundReceipts: refunds.length,
    grossSalesCents: gross,
    discountsCents: gross - net,
    refundsCents: refunded,
    netSalesCents: netSales,
    taxesCents: taxes,
    tipsCents: tips,
    totalCollectedCents: netSales + taxes + tips,
    costOfGoodsCents: cost,
    grossProfitCents: netSales - cost,
    averageSaleCents: sales.length === 0 ? 0 : Math.round(net / sales.length),
  };
}

export function groupBy<T>(xs: readonly T[], key: (x: T) => string | number): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) {
    const k = String(key(x));
    out.set(k, [...(out.get(k) ?? []), x]);
  }
  return out;
}

export interface PaymentFigures {
  payments: number;
  amountCents: number;
  tipsCents: number;
  refunds: number;
  refundedCents: number;
  netCents: number;
}

/** Per payment type name: what was taken (change off the cash) and what refunds gave back. */
export function paymentRows(receipts: readonly LedgerReceipt[]): Map<string, PaymentFigures> {
  const out = new Map<string, PaymentFigures>();
  for (const r of receipts) {
    for (const p of r.payments) {
      const row = out.get(p.name) ?? {
        payments: 0,
        amountCents: 0,
        tipsCents: 0,
        refunds: 0,
        refundedCents: 0,
        netCents: 0,
      };
      if (r.kind === 'sale') {
        row.payments += 1;
        row.amountCents += p.share;
        row.tipsCents += p.tipCents;
      } else {
        row.refunds += 1;
        row.refundedCents += p.amountCents;
      }
      row.netCents = row.amountCents + row.tipsCents - row.refundedCents;
      out.set(p.name, row);
    }
  }
  return out;
}

export interface ItemFigures {
  soldQuantity: number;
  refundedQuantity: number;
  netSalesCents: number;
  costOfGoodsCents: number;
}

export function itemRows(receipts: readonly LedgerReceipt[]): Map<string, ItemFigures> {
  const out = new Map<string, ItemFigures>();
  for (const r of receipts) {
    for (const l of r.lines) {
      // As the item sales report keys them: a catalog item by id, a typed-in line by its name.
      const key = l.itemId === null ? `name:${l.name}` : `item:${l.itemId}`;
      const row = out.get(key) ?? { soldQuantity: 0, refundedQuantity: 0, netSalesCents: 0, costOfGoodsCents: 0 };
      const sign = r.kind === 'sale' ? 1 : -1;
      if (r.kind === 'sale') row.soldQuantity += l.quantity;
      else row.refundedQuantity += l.quantity;
      row.netSalesCents += sign * l.figures.net;
      row.costOfGoodsCents += sign * l.costCents;
      out.set(key, row);
    }
  }
  return out;
}

/** Per modifier name: units sold and refunded, and their prices (before discounts). */
export function modifierRows(receipts: readonly LedgerReceipt[]) {
  const out = new Map<string, { soldQuantity: number; refundedQuantity: number; amountCents: number }>();
  for (const r of receipts) {
    for (const l of r.lines) {
      for (const m of l.modifiers) {
        const row = out.get(m.name) ?? { soldQuantity: 0, refundedQuantity: 0, amountCents: 0 };
        if (r.kind === 'sale') row.soldQuantity += l.quantity;
        else row.refundedQuantity += l.quantity;
        row.amountCents += (r.kind === 'sale' ? 1 : -1) * l.quantity * m.priceCents;
        out.set(m.name, row);
      }
    }
  }
  return out;
}

export interface TaxFigures {
  name: string;
  rateBp: number;
  type: 'added' | 'included';
  taxableSalesCents: number;
  taxCollectedCents: number;
  taxableRefundedCents: number;
  taxRefundedCents: number;
  netTaxableCents: number;
  netTaxCents: number;
}

/** Per tax rate: the net of the lines that carry it (its taxable base) and the tax. */
export function taxRows(receipts: readonly LedgerReceipt[]): Map<string, TaxFigures> {
  const out = new Map<string, TaxFigures>();
  for (const r of receipts) {
    for (const l of r.lines) {
      for (const t of l.figures.taxes) {
        const row = out.get(t.name) ?? {
          name: t.name,
          rateBp: t.rateBp,
          type: t.type,
          taxableSalesCents: 0,
          taxCollectedCents: 0,
          taxableRefundedCents: 0,
          taxRefundedCents: 0,
          netTaxableCents: 0,
          netTaxCents: 0,
        };
        if (r.kind === 'sale') {
          row.taxableSalesCents += l.figures.net;
          row.taxCollectedCents += t.taxCents;
        } else {
          row.taxableRefundedCents += l.figures.net;
          row.taxRefundedCents += t.taxCents;
        }
        row.netTaxableCents = row.taxableSalesCents - row.taxableRefundedCents;
        row.netTaxCents = row.taxCollectedCents - row.taxRefundedCents;
        out.set(t.name, row);
      }
    }
  }
  return out;
}

export interface ShiftFigures {
  number: number;
  status: 'open' | 'closed';
  openingFloatCents: number;
  receipts: number;
  netSalesCents: number;
  cashSalesCents: number;
  cashRefundsCents: number;
  payInsCents: number;
  payOutsCents: number;
  expectedCashCents: number;
  countedCashCents: number | null;
  differenceCents: number | null;
}

export function shiftRows(ledger: Ledger): ShiftFigures[] {
  return ledger.shifts.map((s, index) => {
    const receipts = ledger.receipts.filter((r) => r.shift === index);
    const cash = (kind: 'sale' | 'refund') =>
      sum(
        receipts
          .filter((r) => r.kind === kind)
          .flatMap((r) =>
            r.payments.filter((p) => p.cashLike).map((p) => (kind === 'sale' ? p.share + p.tipCents : p.amountCents)),
          ),
      );
    const moved = (kind: 'pay_in' | 'pay_out') =>
      sum(s.movements.filter((m) => m.kind === kind).map((m) => m.amountCents));
    const expected = expectedCash(ledger, index);
    return {
      number: s.number!,
      status: s.closedAt === null ? 'open' : 'closed',
      openingFloatCents: s.floatCents,
      receipts: receipts.filter((r) => r.kind === 'sale').length,
      netSalesCents: figures(receipts).netSalesCents,
      cashSalesCents: cash('sale'),
      cashRefundsCents: cash('refund'),
      payInsCents: moved('pay_in'),
      payOutsCents: moved('pay_out'),
      expectedCashCents: expected,
      countedCashCents: s.countedCents,
      differenceCents: s.countedCents === null ? null : s.countedCents - expected,
    };
  });
}

/** The QuickBooks sales journal of a day: each account's balance, debits positive. */
export function journal(
  receipts: readonly LedgerReceipt[],
  accounts: { payment: (typeId: number) => string; income: string; tax: string; tips: string },
): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  const add = (day: string, account: string, cents: number) => {
    const d = out.get(day) ?? new Map<string, number>();
    d.set(account, (d.get(account) ?? 0) + cents);
    out.set(day, d);
  };
  for (const r of receipts) {
    const sign = r.kind === 'sale' ? 1 : -1;
    for (const p of r.payments) add(r.day, accounts.payment(p.typeId), sign * (p.share + p.tipCents));
    add(r.day, accounts.income, -sign * netOf(r));
    add(r.day, accounts.tax, -sign * r.figures.tax);
    add(r.day, accounts.tips, -sign * r.tip);
  }
  // Accounts that net to nothing are left out, and a day with none left has no entry.
  for (const [day, d] of out) {
    for (const [account, cents] of d) if (cents === 0) d.delete(account);
    if (d.size === 0) out.delete(day);
  }
  return out;
}

/** Per category (`none` for lines of no category): units sold less returned, net sales, cost. */
export function categoryRows(receipts: readonly LedgerReceipt[]) {
  const out = new Map<string, { quantity: number; netSalesCents: number; costOfGoodsCents: number }>();
  for (const r of receipts) {
    const sign = r.kind === 'sale' ? 1 : -1;
    for (const l of r.lines) {
      const key = l.categoryId === null ? 'none' : String(l.categoryId);
      const row = out.get(key) ?? { quantity: 0, netSalesCents: 0, costOfGoodsCents: 0 };
      row.quantity += sign * l.quantity;
      row.netSalesCents += sign * l.figures.net;
      row.costOfGoodsCents += sign * l.costCents;
      out.set(key, row);
    }
  }
  return out;
}

/** Per order type (`none` without one): sales receipts and net sales (refunds by their sale's type). */
export function orderTypeRows(receipts: readonly LedgerReceipt[]) {
  const out = new Map<string, { count: number; netSalesCents: number }>();
  for (const [key, list] of groupBy(receipts, (r) => (r.orderType === null ? 'none' : r.orderType.id))) {
    const f = figures(list);
    out.set(key, { count: f.receipts, netSalesCents: f.netSalesCents });
  }
  return out;
}

/** Per employee (`none` for receipts that name nobody): by who rang each receipt up. */
export function employeeRows(receipts: readonly LedgerReceipt[]) {
  const out = new Map<
    string,
    { receipts: number; netSalesCents: number; averageSaleCents: number; tipsCents: number }
  >();
  for (const [key, list] of groupBy(receipts, (r) => (r.employee === null ? 'none' : r.employee.id))) {
    const f = figures(list);
    out.set(key, {
      receipts: f.receipts,
      netSalesCents: f.netSalesCents,
      averageSaleCents: f.averageSaleCents,
      tipsCents: f.tipsCents,
    });
  }
  return out;
}
