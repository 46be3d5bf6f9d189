import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type {
  FigureKind,
  SalesSums,
  TransactionsQuery,
  TransactionsReport,
} from '@hive/shared/schemas/backoffice/reports';
import { paymentShares } from '@hive/register-sdk/money';
import type { Database } from '../../database';
import { n, type ReportContext } from './frame';
import { chunks } from '../../platform/db/chunks';

/*
 * The figure behind a drill-down: a report's number recomputed from exactly the receipts the
 * transactions list shows, by that report's own definition (rollupFacts.accumulate is where the
 * reports' sums are built; each branch here mirrors one of its tables). A merchant who clicks a
 * figure sees the same number above the receipts that make it.
 */

// The ids of the filtered receipts (any shape: the list's own query, search or not).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ids = SelectQueryBuilder<any, any, { id: number }>;

/** Which figure the filters single out: the narrowest one wins. */
export function figureKind(q: TransactionsQuery): FigureKind {
  if (q.item !== undefined) return 'item';
  if (q.category !== undefined) return 'category';
  if (q.taxRate !== undefined) return 'tax';
  if (q.payment !== undefined) return 'payment';
  // The overview's refunds tile: what refunds gave back before tax, a positive amount.
  if (q.kind === 'refund') return 'refunds';
  return 'net_sales';
}

/** Only the frame and the kind: the figure is the roll-ups' net sales (`s`), as every sales report reads it. */
export function rolledNetSales(s: SalesSums | undefined, q: TransactionsQuery): number {
  if (!s) return 0;
  if (figureKind(q) === 'refunds') return s.refundCents;
  const sales = q.kind !== 'refund' ? s.grossCents - s.discountCents : 0;
  const refunds = q.kind !== 'sale' ? s.refundCents : 0;
  return sales - refunds;
}

const signed = (column: string) =>
  sql<number>`coalesce(sum(case when r.kind = 'refund' then -${sql.ref(column)} else ${sql.ref(column)} end), 0)`;

/**
 * The figure over `ids`: one sum, or (`byReceipt`) each receipt's part of it. One definition
 * for both, so that a list's rows add up to the figure above them.
 */
async function figureSums(
  db: Kysely<Database>,
  q: TransactionsQuery,
  ids: Ids | readonly number[],
  byReceipt: boolean,
): Promise<{ receipt: number; cents: number }[]> {
  const kind = figureKind(q);
  const rows = (list: { receipt_id?: number | null; cents: unknown }[]) =>
    list.map((r) => ({ receipt: n(r.receipt_id), cents: n(r.cents) }));
  if (kind === 'item' || kind === 'category') {
    // rollup_items: a line's net amount, refunded lines taken off.
    const lines = db
      .selectFrom('receipt_lines as l')
      .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
      .where('l.receipt_id', 'in', ids)
      .where(kind === 'item' ? 'l.item_id' : 'l.category_id', '=', (kind === 'item' ? q.item : q.category)!)
      .select(signed('l.net_cents').as('cents'));
    return rows(
      byReceipt ? await lines.select('l.receipt_id').groupBy('l.receipt_id').execute() : await lines.execute(),
    );
  }
  if (kind === 'tax') {
    // rollup_taxes: tax collected minus tax refunded, per tax as charged.
    let taxes = db
      .selectFrom('receipt_taxes as t')
      .innerJoin('receipts as r', 'r.id', 't.receipt_id')
      .where('t.receipt_id', 'in', ids)
      .where('t.rate_bp', '=', q.taxRate!);
    if (q.tax !== undefined) taxes = taxes.where('t.name', '=', q.tax);
    const sums = taxes.select(signed('t.tax_cents').as('cents'));
    return rows(byReceipt ? await sums.select('t.receipt_id').groupBy('t.receipt_id').execute() : await sums.execute());
  }
  if (kind === 'payment') {
    // rollup_payments, as the sales summary's net column: a sale's payments with its change taken
    // off the cash first (paymentShares) plus their tips, minus the amounts refunded.
    const payments = await db
      .selectFrom('receipt_payments as p')
      .innerJoin('receipts as r', 'r.id', 'p.receipt_id')
      .where('p.receipt_id', 'in', ids)
      .select(['p.receipt_id', 'p.name', 'p.cash_like', 'p.amount_cents', 'p.tip_cents', 'r.kind', 'r.change_cents'])
      .orderBy('p.id')
      .execute();
    const byId = new Map<number, typeof payments>();
    for (const p of payments) byId.set(p.receipt_id, [...(byId.get(p.receipt_id) ?? []), p]);
    const parts: { receipt: number; cents: number }[] = [];
    for (const [receipt, list] of byId) {
      const sale = list[0]!.kind === 'sale';
      const amounts = list.map((p) => ({ cash_like: n(p.cash_like), amount_cents: n(p.amount_cents) }));
      const shares = sale ? paymentShares(amounts, n(list[0]!.change_cents)) : amounts.map((p) => p.amount_cents);
      let cents = 0;
      list.forEach((p, i) => {
        if (p.name === q.payment) cents += sale ? shares[i]! + n(p.tip_cents) : -shares[i]!;
      });
      parts.push({ receipt, cents });
    }
    return byReceipt ? parts : [{ receipt: 0, cents: parts.reduce((sum, p) => sum + p.cents, 0) }];
  }
  // rollup_sales: a receipt's net amount (before tax), refunds taken off (or, refunds alone, added up).
  const net = db
    .selectFrom('receipts as r')
    .where('r.id', 'in', ids)
    .select(
      kind === 'refunds' ? sql<number>`coalesce(sum(r.net_cents), 0)`.as('cents') : signed('r.net_cents').as('cents'),
    );
  return rows(byReceipt ? await net.select('r.id as receipt_id').groupBy('r.id').execute() : await net.execute());
}

/** The figure over the receipts `ids` (the whole filtered list). */
export async function figureOf(db: Kysely<Database>, q: TransactionsQuery, ids: Ids): Promise<number> {
  const [row] = await figureSums(db, q, ids, false);
  return row?.cents ?? 0;
}

/** Each listed receipt's part of the figure (a page of ids, or an export's). */
export async function figureParts(
  db: Kysely<Database>,
  q: TransactionsQuery,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const part of chunks(ids, 1000)) {
    for (const { receipt, cents } of await figureSums(db, q, part, true)) out.set(receipt, cents);
  }
  return out;
}

/** The names of the filters given by id, for the list's chips (another company's: none). */
export async function filterNames(
  db: Kysely<Database>,
  ctx: ReportContext,
  q: TransactionsQuery,
): Promise<TransactionsReport['names']> {
  const company = ctx.companyId;
  const one = async <T>(p: Promise<T | undefined>) => await p;
  const [item, category, employee, location, shift, orderType] = await Promise.all([
    q.item === undefined
      ? undefined
      : one(
          db
            .selectFrom('items')
            .select('name')
            .where('id', '=', q.item)
            .where('company_id', '=', company)
            .executeTakeFirst(),
        ),
    q.category === undefined
      ? undefined
      : one(
          db
            .selectFrom('categories')
            .select('name')
            .where('id', '=', q.category)
            .where('company_id', '=', company)
            .executeTakeFirst(),
        ),
    ctx.employeeId === null
      ? undefined
      : one(
          db
            .selectFrom('employees')
            .select('name')
            .where('id', '=', ctx.employeeId)
            .where('company_id', '=', company)
            .executeTakeFirst(),
        ),
    ctx.locationId === null
      ? undefined
      : one(
          db
            .selectFrom('locations')
            .select('name')
            .where('id', '=', ctx.locationId)
            .where('company_id', '=', company)
            .executeTakeFirst(),
        ),
    q.shift === undefined
      ? undefined
      : one(
          db
            .selectFrom('shifts')
            .select('number')
            .where('id', '=', q.shift)
            .where('company_id', '=', company)
            .executeTakeFirst(),
        ),
    q.orderType === undefined
      ? undefined
      : one(
          db
            .selectFrom('order_types')
            .select('name')
            .where('id', '=', q.orderType)
            .where('company_id', '=', company)
            .executeTakeFirst(),
        ),
  ]);
  return {
    ...(item ? { item: item.name } : {}),
    ...(category ? { category: category.name } : {}),
    ...(employee ? { employee: employee.name } : {}),
    ...(location ? { location: location.name } : {}),
    ...(shift ? { shift: n(shift.number) } : {}),
    ...(orderType ? { orderType: orderType.name } : {}),
  };
}
