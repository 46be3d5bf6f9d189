import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import {
  REPORT_LIMITS,
  type DayRange,
  type FigureKind,
  type SalesSums,
  type ReceiptDetail,
  type TransactionRow,
  type TransactionsQuery,
  type TransactionsReport,
} from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../database';
import { containsPattern, notFound } from '../merchant';
import { ADDRESS_COLUMNS, addressOf, companyLocale, type AddressColumns } from '../settings';
import { EMPTY_ADDRESS } from '@hive/shared/schemas/backoffice/settings';
import { inWindow, n, reportMeta, rollupScope, sumOf, timeWindow, zoneOf, type ReportContext } from './frame';
import { figureKind, figureOf, figureParts, filterNames, rolledNetSales } from './figure';
import { salesSums } from './sums';
import { localStamp } from '../../platform/time';

/*
 * /transaction: the receipts themselves, newest first (or oldest), filtered by the frame and by
 * kind, terminal, payment type, item, category, tax rate, closing and a search (receipt number,
 * the register's number, customer), with the figure a report showed for them and each receipt's
 * part of it (figure.ts);
 * a receipt's detail with its lines, taxes, payments and refunds (the reprint view reads it too).
 */

function filtered(db: Kysely<Database>, ctx: ReportContext, q: TransactionsQuery, range: DayRange) {
  if (q.search) return searched(db, ctx, q, range, q.search);
  // No join here: a page's ids then come from the index alone (PostgreSQL keeps reading the heap
  // for a joined column even when the join itself is dropped).
  return narrowed(db.selectFrom('receipts as r').where('r.company_id', '=', ctx.companyId), ctx, q, range);
}

type Receipts = SelectQueryBuilder<Database & { r: Database['receipts'] }, 'r', object>;

/** The frame's window and the list's filters on receipts `r`. */
function narrowed(
  query: Receipts,
  ctx: ReportContext,
  q: TransactionsQuery,
  range: DayRange,
  time: string | RawBuilder<unknown> = 'r.created_at',
) {
  let out = query.where(inWindow(timeWindow(ctx, range), time, 'r.location_id'));
  if (ctx.employeeId !== null) out = out.where('r.employee_id', '=', ctx.employeeId);
  if (q.kind) out = out.where('r.kind', '=', q.kind);
  if (q.terminal !== undefined) out = out.where('r.terminal_id', '=', q.terminal);
  if (q.shift !== undefined) out = out.where('r.shift_id', '=', q.shift);
  if (q.orderType !== undefined) out = out.where('r.order_type_id', '=', q.orderType);
  // A figure's receipts: those with a line of the item (category), a tax at that rate.
  const line = (column: 'l.item_id' | 'l.category_id', id: number | undefined) => {
    if (id === undefined) return;
    out = out.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('receipt_lines as l').select('l.id').whereRef('l.receipt_id', '=', 'r.id').where(column, '=', id),
      ),
    );
  };
  line('l.item_id', q.item);
  line('l.category_id', q.category);
  if (q.taxRate !== undefined) {
    const rate = q.taxRate;
    const name = q.tax;
    out = out.where(({ exists, selectFrom }) => {
      let taxes = selectFrom('receipt_taxes as t')
        .select('t.id')
        .whereRef('t.receipt_id', '=', 'r.id')
        .where('t.rate_bp', '=', rate);
      if (name !== undefined) taxes = taxes.where('t.name', '=', name);
      return exists(taxes);
    });
  }
  if (q.payment !== undefined) {
    const name = q.payment;
    out = out.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('receipt_payments as p')
          .select('p.id')
          .whereRef('p.receipt_id', '=', 'r.id')
          .where('p.name', '=', name),
      ),
    );
  }
  return out;
}

/**
 * A search: the receipts with that number, that register number, or a customer whose name contains
 * the text. Each branch is one index lookup (the receipt number's unique index, the register
 * number's, the customer's with its time), and the list's window and filters apply to the union of
 * what they find: a search reads the receipts it finds, not the period's. (With the window on a
 * lookup, SQLite, which keeps no statistics, walked the period by the time index instead.)
 */
function searched(db: Kysely<Database>, ctx: ReportContext, q: TransactionsQuery, range: DayRange, text: string) {
  const columns = [
    'r.id',
    'r.kind',
    'r.total_cents',
    'r.created_at',
    'r.location_id',
    'r.employee_id',
    'r.terminal_id',
    'r.net_cents',
  ] as const;
  const company = db.selectFrom('receipts as r').where('r.company_id', '=', ctx.companyId);
  const number = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
  const window = timeWindow(ctx, range);
  // Not by company (the customers are the company's), so that the customer index is the only one.
  const byCustomer = db
    .selectFrom('receipts as r')
    .where(
      'r.customer_id',
      'in',
      db
        .selectFrom('customers as c')
        .select('c.id')
        .where('c.company_id', '=', ctx.companyId)
        .where(sql<boolean>`lower(c.name) like ${containsPattern(text)} escape '\\'`),
    )
    .where('r.created_at', '>=', window.start)
    .where('r.created_at', '<', window.end)
    .select(columns);
  let found = company.where('r.local_number', '=', text).select(columns).union(byCustomer);
  if (number !== null) found = found.union(company.where('r.number', '=', number).select(columns));
  // The union has the receipt columns the filters read, under the receipts' own names. SQLite
  // pushes the window into each branch, where `+` keeps it from choosing the time index over the
  // lookup's own (a no-op on PostgreSQL, whose lookups are equalities anyway).
  return narrowed(db.selectFrom(found.as('r')) as unknown as Receipts, ctx, q, range, sql`+${sql.ref('r.created_at')}`);
}

async function companyTerminal(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('terminals')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Only the frame's own filters and the kind: the roll-ups answer the counts and sums. */
const plain = (q: TransactionsQuery) =>
  q.terminal === undefined &&
  q.payment === undefined &&
  !q.search &&
  q.item === undefined &&
  q.category === undefined &&
  q.taxRate === undefined &&
  q.shift === undefined &&
  q.orderType === undefined;

/** By till and/or payment type alone: rollup_receipts counts those receipts. */
const byTill = (q: TransactionsQuery) =>
  !q.search &&
  q.item === undefined &&
  q.category === undefined &&
  q.taxRate === undefined &&
  q.shift === undefined &&
  q.orderType === undefined;

/**
 * By till and/or payment type: rollup_receipts adds up the receipts themselves (count, totals, net
 * amounts, and what the payment type took). A till the company no longer has keeps no receipts
 * (theirs name none), as the list finds.
 */
async function tillRollup(db: Kysely<Database>, ctx: ReportContext, q: TransactionsQuery, range: DayRange) {
  let rolled = db
    .selectFrom('rollup_receipts')
    .where(rollupScope(ctx, range))
    .where('payment', '=', q.payment ?? '');
  if (q.terminal !== undefined) rolled = rolled.where('terminal_id', '=', q.terminal);
  const gone = q.terminal !== undefined && !(await companyTerminal(db, ctx.companyId, q.terminal));
  const r = gone
    ? undefined
    : await rolled
        .select([
          sumOf('sales').as('sales'),
          sumOf('refunds').as('refunds'),
          sumOf('sales_cents').as('sales_cents'),
          sumOf('refunds_cents').as('refunds_cents'),
          sumOf('sales_net_cents').as('sales_net'),
          sumOf('refunds_net_cents').as('refunds_net'),
          sumOf('sales_paid_cents').as('sales_paid'),
          sumOf('refunds_paid_cents').as('refunds_paid'),
        ])
        .executeTakeFirst();
  return {
    sales: n(r?.sales),
    refunds: n(r?.refunds),
    salesCents: n(r?.sales_cents),
    refundsCents: n(r?.refunds_cents),
    salesNet: n(r?.sales_net),
    refundsNet: n(r?.refunds_net),
    salesPaid: n(r?.sales_paid),
    refundsPaid: n(r?.refunds_paid),
  };
}

type TillRollup = Awaited<ReturnType<typeof tillRollup>>;

/** The figure of a list by till and/or payment type, from the roll-ups: figure.ts's rules, summed ahead. */
function tillFigure(r: TillRollup, q: TransactionsQuery): number {
  const sales = q.kind !== 'refund';
  const refunds = q.kind !== 'sale';
  const kind = figureKind(q);
  if (kind === 'payment') return (sales ? r.salesPaid : 0) - (refunds ? r.refundsPaid : 0);
  if (kind === 'refunds') return r.refundsNet;
  return (sales ? r.salesNet : 0) - (refunds ? r.refundsNet : 0);
}

/**
 * The roll-ups a list reads, each once per range and request: its sums and its figure come from
 * the same rows (reading a year of rollup_sales twice was half of a plain list's time).
 */
function rollupsOf(db: Kysely<Database>, ctx: ReportContext, q: TransactionsQuery) {
  const sales = new Map<DayRange, Promise<SalesSums | undefined>>();
  const tills = new Map<DayRange, Promise<TillRollup>>();
  const once = <T>(cache: Map<DayRange, Promise<T>>, range: DayRange, read: () => Promise<T>) => {
    if (!cache.has(range)) cache.set(range, read());
    return cache.get(range)!;
  };
  return {
    sales: (range: DayRange) => once(sales, range, async () => (await salesSums(db, ctx, range))[0]?.sums),
    till: (range: DayRange) => once(tills, range, () => tillRollup(db, ctx, q, range)),
  };
}
type Rollups = ReturnType<typeof rollupsOf>;

async function sumsOf(
  db: Kysely<Database>,
  ctx: ReportContext,
  q: TransactionsQuery,
  range: DayRange,
  rollups: Rollups,
) {
  if (plain(q)) {
    const s = await rollups.sales(range);
    const sales = q.kind !== 'refund';
    const refunds = q.kind !== 'sale';
    return {
      sales: s && sales ? s.sales : 0,
      refunds: s && refunds ? s.refundReceipts : 0,
      salesCents: s && sales ? s.grossCents - s.discountCents + s.taxCents : 0,
      refundsCents: s && refunds ? s.refundCents + s.refundTaxCents : 0,
    };
  }
  if (byTill(q)) {
    const r = await rollups.till(range);
    const sales = q.kind !== 'refund';
    const refunds = q.kind !== 'sale';
    return {
      sales: sales ? r.sales : 0,
      refunds: refunds ? r.refunds : 0,
      salesCents: sales ? r.salesCents : 0,
      refundsCents: refunds ? r.refundsCents : 0,
    };
  }
  const row = await filtered(db, ctx, q, range)
    .select([
      sql<number>`coalesce(sum(case when r.kind = 'sale' then 1 else 0 end), 0)`.as('sales'),
      sql<number>`coalesce(sum(case when r.kind = 'refund' then 1 else 0 end), 0)`.as('refunds'),
      sql<number>`coalesce(sum(case when r.kind = 'sale' then r.total_cents else 0 end), 0)`.as('sales_cents'),
      sql<number>`coalesce(sum(case when r.kind = 'refund' then r.total_cents else 0 end), 0)`.as('refunds_cents'),
      // Net sales (refunds taken off) and the refunds' net, figure.ts's two receipt-level figures:
      // read with the sums, the filtered receipts are read once for both.
      sql<number>`coalesce(sum(case when r.kind = 'refund' then -r.net_cents else r.net_cents end), 0)`.as('net'),
      sql<number>`coalesce(sum(case when r.kind = 'refund' then r.net_cents else 0 end), 0)`.as('refunds_net'),
    ])
    .executeTakeFirst();
  return {
    sales: n(row?.sales),
    refunds: n(row?.refunds),
    salesCents: n(row?.sales_cents),
    refundsCents: n(row?.refunds_cents),
    figure: { net_sales: n(row?.net), refunds: n(row?.refunds_net) } as Partial<Record<FigureKind, number>>,
  };
}

export async function transactionsReport(
  db: Kysely<Database>,
  ctx: ReportContext,
  q: TransactionsQuery,
): Promise<TransactionsReport> {
  const pageSize = q.all ? REPORT_LIMITS.exportMax : q.pageSize;
  const page = q.all ? 1 : q.page;
  const dir = q.dir === 'asc' ? 'asc' : 'desc';
  const rollups = rollupsOf(db, ctx, q);
  // The figure read with the sums, when the filters' receipts were read for them.
  const { figure: readFigure, ...sums } = await sumsOf(db, ctx, q, ctx.range, rollups);
  const total = sums.sales + sums.refunds;
  // The page's ids first, from the index alone (a deep page skips its offset in the index, not in
  // the rows and their joins), then those rows with their names: a deferred join. A page past the
  // middle is counted from the other end, so no page steps over more than half of the receipts.
  const skip = (page - 1) * pageSize;
  const fromEnd = !q.all && skip > total / 2;
  const order = fromEnd ? (dir === 'asc' ? 'desc' : 'asc') : dir;
  const pageIds = filtered(db, ctx, q, ctx.range)
    .select('r.id')
    .orderBy('r.created_at', order)
    .orderBy('r.id', order)
    .limit(fromEnd ? Math.max(0, Math.min(pageSize, total - skip)) : pageSize)
    .offset(fromEnd ? Math.max(0, total - skip - pageSize) : skip);
  const rows = await db
    .selectFrom('receipts as r')
    .leftJoin('customers as c', 'c.id', 'r.customer_id')
    .leftJoin('locations as loc', 'loc.id', 'r.location_id')
    .leftJoin('terminals as t', 't.id', 'r.terminal_id')
    .leftJoin('employees as e', 'e.id', 'r.employee_id')
    .leftJoin('receipts as s', 's.id', 'r.refund_of')
    .select([
      'r.id',
      'r.number',
      'r.kind',
      'r.created_at',
      'r.location_id',
      'loc.name as location',
      't.name as terminal',
      'e.name as employee',
      'c.name as customer',
      'r.total_cents',
      'r.tip_cents',
      's.number as refund_of',
    ])
    .where('r.id', 'in', pageIds)
    .orderBy('r.created_at', dir)
    .orderBy('r.id', dir)
    .execute();
  const ids = rows.map((r) => r.id);
  const payments = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += 1000) {
    for (const p of await db
      .selectFrom('receipt_payments')
      .select(['receipt_id', 'name'])
      .where('receipt_id', 'in', ids.slice(i, i + 1000))
      .orderBy('id')
      .execute()) {
      const list = payments.get(p.receipt_id) ?? [];
      if (!list.includes(p.name)) list.push(p.name);
      payments.set(p.receipt_id, list);
    }
  }
  const parts = await figureParts(db, q, ids);
  const before = ctx.previous ? await sumsOf(db, ctx, q, ctx.previous, rollups) : null;
  const previous = before && {
    sales: before.sales,
    refunds: before.refunds,
    salesCents: before.salesCents,
    refundsCents: before.refundsCents,
  };
  const figure = {
    kind: figureKind(q),
    cents: plain(q)
      ? rolledNetSales(await rollups.sales(ctx.range), q)
      : byTill(q)
        ? tillFigure(await rollups.till(ctx.range), q)
        : (readFigure?.[figureKind(q)] ?? (await figureOf(db, q, filtered(db, ctx, q, ctx.range).select('r.id')))),
    receipts: total,
  };
  const names = await filterNames(db, ctx, q);
  const [terminals, paymentTypes] = await Promise.all([
    db.selectFrom('terminals').select(['id', 'name']).where('company_id', '=', ctx.companyId).orderBy('name').execute(),
    db
      .selectFrom('rollup_payments')
      .select('name')
      .distinct()
      .where(rollupScope(ctx, ctx.range, { employee: false }))
      .orderBy('name')
      .execute(),
  ]);
  const out: TransactionRow[] = rows.map((r) => ({
    id: r.id,
    number: n(r.number),
    kind: r.kind,
    at: n(r.created_at),
    localTime: localStamp(n(r.created_at), zoneOf(ctx, r.location_id)),
    location: r.location,
    terminal: r.terminal,
    employee: r.employee,
    customer: r.customer,
    totalCents: n(r.total_cents),
    tipCents: n(r.tip_cents),
    payment: (payments.get(r.id) ?? []).join(' + '),
    refundOf: r.refund_of === null ? null : n(r.refund_of),
    figureCents: parts.get(r.id) ?? 0,
  }));
  return {
    ...reportMeta(ctx),
    rows: out,
    total,
    page,
    pageSize,
    sums: { current: sums, previous },
    terminals,
    paymentTypes: paymentTypes.map((p) => p.name),
    figure,
    names,
  };
}

/** One receipt of the company, as printed: 404 for another company's. */
export async function receiptDetail(db: Kysely<Database>, companyId: number, id: number): Promise<ReceiptDetail> {
  const r = await db
    .selectFrom('receipts as r')
    .leftJoin('locations as loc', 'loc.id', 'r.location_id')
    .leftJoin('terminals as t', 't.id', 'r.terminal_id')
    .leftJoin('employees as e', 'e.id', 'r.employee_id')
    .leftJoin('customers as c', 'c.id', 'r.customer_id')
    .leftJoin('order_types as o', 'o.id', 'r.order_type_id')
    .leftJoin('shifts as sh', 'sh.id', 'r.shift_id')
    .leftJoin('receipts as s', 's.id', 'r.refund_of')
    .select([
      'r.id',
      'r.number',
      'r.kind',
      'r.created_at',
      'r.local_number',
      'r.note',
      'r.gross_cents',
      'r.discount_cents',
      'r.net_cents',
      'r.tax_cents',
      'r.total_cents',
      'r.tip_cents',
      'r.change_cents',
      'loc.name as location',
      'loc.timezone as location_zone',
      't.name as terminal',
      'e.name as employee',
      'c.name as customer',
      'o.name as order_type',
      'sh.number as shift_number',
      's.id as sale_id',
      's.number as sale_number',
    ])
    .where('r.id', '=', id)
    .where('r.company_id', '=', companyId)
    .executeTakeFirst();
  if (!r) throw notFound('receipt');
  const [locale, business, lines, discounts, taxes, payments, refunds] = await Promise.all([
    companyLocale(db, companyId),
    db
      .selectFrom('companies as co')
      .leftJoin('company_profiles as p', 'p.company_id', 'co.id')
      .select([
        'co.name',
        'p.receipt_header',
        'p.receipt_footer',
        'p.phone',
        'p.tax_id',
        ...ADDRESS_COLUMNS.map((c) => `p.${c}` as const),
      ])
      .where('co.id', '=', companyId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('receipt_lines')
      .select([
        'id',
        'position',
        'name',
        'quantity',
        'unit_price_cents',
        'gross_cents',
        'discount_cents',
        'total_cents',
        'refund_of_line_id',
      ])
      .where('receipt_id', '=', id)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('receipt_discounts')
      .select(['name', 'amount_cents'])
      .where('receipt_id', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('receipt_taxes')
      .select(['name', 'rate_bp', 'type', 'taxable_cents', 'tax_cents'])
      .where('receipt_id', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('receipt_payments')
      .select(['name', 'amount_cents', 'tip_cents'])
      .where('receipt_id', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('receipts')
      .select(['id', 'number', 'created_at', 'total_cents', 'location_id'])
      .where('refund_of', '=', id)
      .where('company_id', '=', companyId)
      .orderBy('created_at')
      .execute(),
  ]);
  // Modifiers as sold: a refund line shows those of the sale line it returns.
  const sources = lines.map((l) => (r.kind === 'refund' ? l.refund_of_line_id : l.id)).filter((x) => x !== null);
  const modifiers = new Map<number, { name: string; priceCents: number }[]>();
  if (sources.length > 0) {
    for (const m of await db
      .selectFrom('receipt_line_modifiers')
      .select(['line_id', 'name', 'price_cents'])
      .where('line_id', 'in', sources as number[])
      .orderBy('id')
      .execute()) {
      modifiers.set(m.line_id, [...(modifiers.get(m.line_id) ?? []), { name: m.name, priceCents: n(m.price_cents) }]);
    }
  }
  const zone = r.location_zone ?? locale.timezone;
  const at = n(r.created_at);
  return {
    id: r.id,
    number: n(r.number),
    kind: r.kind,
    at,
    localTime: localStamp(at, zone),
    timezone: zone,
    localNumber: r.local_number,
    location: r.location,
    terminal: r.terminal,
    employee: r.employee,
    customer: r.customer,
    orderType: r.order_type,
    shiftNumber: r.shift_number === null ? null : n(r.shift_number),
    note: r.note,
    currency: locale.currency,
    business: {
      name: business.name,
      // A company from before its settings has no profile row: nothing to print but its name.
      address: business.country === null ? EMPTY_ADDRESS : addressOf(business as AddressColumns),
      phone: business.phone ?? '',
      taxId: business.tax_id ?? '',
      header: business.receipt_header ?? '',
      footer: business.receipt_footer ?? '',
    },
    lines: lines.map((l) => ({
      position: n(l.position),
      name: l.name,
      quantity: n(l.quantity),
      unitPriceCents: n(l.unit_price_cents),
      modifiers: modifiers.get((r.kind === 'refund' ? l.refund_of_line_id : l.id) ?? -1) ?? [],
      grossCents: n(l.gross_cents),
      discountCents: n(l.discount_cents),
      totalCents: n(l.total_cents),
    })),
    discounts: discounts.map((d) => ({ name: d.name, amountCents: n(d.amount_cents) })),
    taxes: taxes.map((t) => ({
      name: t.name,
      rateBp: n(t.rate_bp),
      type: t.type,
      taxableCents: n(t.taxable_cents),
      taxCents: n(t.tax_cents),
    })),
    payments: payments.map((p) => ({ name: p.name, amountCents: n(p.amount_cents), tipCents: n(p.tip_cents) })),
    grossCents: n(r.gross_cents),
    discountCents: n(r.discount_cents),
    netCents: n(r.net_cents),
    taxCents: n(r.tax_cents),
    totalCents: n(r.total_cents),
    tipCents: n(r.tip_cents),
    changeCents: n(r.change_cents),
    refundOf: r.sale_id === null ? null : { id: r.sale_id, number: n(r.sale_number) },
    refunds: refunds.map((f) => ({
      id: f.id,
      number: n(f.number),
      at: n(f.created_at),
      localTime: localStamp(n(f.created_at), zone),
      totalCents: n(f.total_cents),
    })),
  };
}
