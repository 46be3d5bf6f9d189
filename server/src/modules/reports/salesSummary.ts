import type { Kysely } from 'kysely';
import {
  EMPTY_SUMS,
  addSums,
  figuresOf,
  type BreakdownRow,
  type DayRange,
  type EmployeeBreakdownRow,
  type PaymentBreakdownRow,
  type SalesSummaryReport,
  type SalesSums,
} from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../database';
import { n, reportMeta, rollupScope, sumOf, type ReportContext } from './frame';
import { categoryNames, categoryRows, itemGroups } from './items';
import { salesSums } from './sums';

/*
 * /sales: the summary with every definition, and the breakdowns by payment type (rollup_payments),
 * order type and employee (rollup_sales) and category (items.ts). Rows without an order type,
 * employee or category have the key 'none' and an empty name (the page names them).
 */

interface PaymentSums {
  payments: number;
  amount: number;
  tips: number;
  refunds: number;
  refunded: number;
}

export async function paymentSums(
  db: Kysely<Database>,
  ctx: ReportContext,
  range: DayRange,
): Promise<Map<string, PaymentSums>> {
  const rows = await db
    .selectFrom('rollup_payments')
    .select([
      'name',
      sumOf('payments').as('payments'),
      sumOf('amount_cents').as('amount'),
      sumOf('tip_cents').as('tips'),
      sumOf('refunds').as('refunds'),
      sumOf('refund_cents').as('refunded'),
    ])
    .where(rollupScope(ctx, range))
    .groupBy('name')
    .execute();
  return new Map(
    rows.map((r) => [
      r.name,
      {
        payments: n(r.payments),
        amount: n(r.amount),
        tips: n(r.tips),
        refunds: n(r.refunds),
        refunded: n(r.refunded),
      },
    ]),
  );
}

export function paymentRows(
  current: Map<string, PaymentSums>,
  previous: Map<string, PaymentSums> | null,
): PaymentBreakdownRow[] {
  const net = (p: PaymentSums) => p.amount + p.tips - p.refunded;
  return [...current.entries()]
    .map(([name, p]) => ({
      name,
      payments: p.payments,
      amountCents: p.amount,
      tipsCents: p.tips,
      refunds: p.refunds,
      refundedCents: p.refunded,
      netCents: net(p),
      previousNetCents: previous ? (previous.has(name) ? net(previous.get(name)!) : 0) : null,
    }))
    .sort((a, b) => b.netCents - a.netCents || a.name.localeCompare(b.name));
}

type Keyed = Map<number, SalesSums>;

function byKey(rows: { key: Record<string, number>; sums: SalesSums }[], column: string): Keyed {
  const out: Keyed = new Map();
  for (const row of rows) {
    const key = row.key[column]!;
    out.set(key, addSums(out.get(key) ?? EMPTY_SUMS, row.sums));
  }
  return out;
}

export async function salesSummaryReport(db: Kysely<Database>, ctx: ReportContext): Promise<SalesSummaryReport> {
  const load = async (range: DayRange) => {
    const rows = await salesSums(db, ctx, range, ['employee_id', 'order_type_id']);
    return {
      total: rows.reduce((s, r) => addSums(s, r.sums), EMPTY_SUMS),
      employees: byKey(rows, 'employee_id'),
      orderTypes: byKey(rows, 'order_type_id'),
      payments: await paymentSums(db, ctx, range),
      items: await itemGroups(db, ctx, range),
    };
  };
  const current = await load(ctx.range);
  const previous = ctx.previous ? await load(ctx.previous) : null;

  const [orderTypeNames, categories] = await Promise.all([
    db
      .selectFrom('order_types')
      .select(['id', 'name'])
      .where('company_id', '=', ctx.companyId)
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.id, r.name]))),
    categoryNames(db, ctx.companyId),
  ]);
  const employeeNames = new Map(ctx.employees.map((e) => [e.id, e.name]));
  const netOf = (s: SalesSums | undefined) => (s ? figuresOf(s).netSalesCents : 0);

  const orderTypes: BreakdownRow[] = [...current.orderTypes.entries()]
    .map(([id, sums]) => ({
      key: id === 0 ? 'none' : String(id),
      name: id === 0 ? '' : (orderTypeNames.get(id) ?? ''),
      count: sums.sales,
      netSalesCents: figuresOf(sums).netSalesCents,
      previousNetSalesCents: previous ? netOf(previous.orderTypes.get(id)) : null,
    }))
    .sort((a, b) => b.netSalesCents - a.netSalesCents || a.name.localeCompare(b.name));

  const employees: EmployeeBreakdownRow[] = [...current.employees.entries()]
    .map(([id, sums]) => {
      const f = figuresOf(sums);
      return {
        key: id === 0 ? 'none' : String(id),
        name: id === 0 ? '' : (employeeNames.get(id) ?? ''),
        receipts: f.receipts,
        netSalesCents: f.netSalesCents,
        averageSaleCents: f.averageSaleCents,
        tipsCents: f.tipsCents,
        previousNetSalesCents: previous ? netOf(previous.employees.get(id)) : null,
      };
    })
    .sort((a, b) => b.netSalesCents - a.netSalesCents || a.name.localeCompare(b.name));

  return {
    ...reportMeta(ctx),
    totals: { current: figuresOf(current.total), previous: previous ? figuresOf(previous.total) : null },
    payments: paymentRows(current.payments, previous?.payments ?? null),
    orderTypes,
    categories: categoryRows(current.items, previous?.items ?? null, categories, ''),
    employees,
  };
}
