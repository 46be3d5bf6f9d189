import type { Kysely, Transaction } from 'kysely';
import {
  EMPTY_SUMS,
  REPORT_LIMITS,
  addSums,
  expectedCashCents,
  figuresOf,
  type ClosingRow,
  type ClosingsQuery,
  type ClosingsReport,
  type DayRange,
  type SalesSums,
  type ShiftDetail,
} from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../database';
import { notFound } from '../merchant';
import { companyLocale } from '../settings';
import { inWindow, n, reportMeta, timeWindow, zoneOf, type ReportContext } from './frame';
import { paymentShares, summarizeReceipts } from './rollups';
import { paymentRows } from './salesSummary';
import { toSums } from './sums';
import { localStamp } from '../../platform/time';
import { chunks } from '../../platform/db/chunks';

/*
 * /closings: the shifts of the registers (opened in the period, by where their terminal stood):
 * who opened and closed them, the opening float, cash taken and refunded, pay-ins and pay-outs,
 * the cash expected (expectedCashCents) against the cash counted, and the difference. A shift's
 * Z report adds up its receipts by the rules of every other report.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The cash a shift took and gave back, and its pay-ins and pay-outs, from its receipts. */
export async function shiftCash(
  db: Db,
  companyId: number,
  shiftIds: readonly number[],
): Promise<
  Map<number, { cashSalesCents: number; cashRefundsCents: number; payInsCents: number; payOutsCents: number }>
> {
  const out = new Map<
    number,
    { cashSalesCents: number; cashRefundsCents: number; payInsCents: number; payOutsCents: number }
  >();
  for (const id of shiftIds) out.set(id, { cashSalesCents: 0, cashRefundsCents: 0, payInsCents: 0, payOutsCents: 0 });
  if (shiftIds.length === 0) return out;
  const receipts = await db
    .selectFrom('receipts')
    .select(['id', 'shift_id', 'kind', 'change_cents'])
    .where('company_id', '=', companyId)
    .where('shift_id', 'in', shiftIds)
    .execute();
  const payments = new Map<number, { cash_like: number; amount_cents: number; tip_cents: number }[]>();
  for (const part of chunks(
    receipts.map((r) => r.id),
    1000,
  )) {
    for (const p of await db
      .selectFrom('receipt_payments')
      .select(['receipt_id', 'cash_like', 'amount_cents', 'tip_cents'])
      .where('receipt_id', 'in', part)
      .orderBy('id')
      .execute()) {
      payments.set(p.receipt_id, [
        ...(payments.get(p.receipt_id) ?? []),
        { cash_like: p.cash_like, amount_cents: Number(p.amount_cents), tip_cents: Number(p.tip_cents) },
      ]);
    }
  }
  for (const r of receipts) {
    const sums = out.get(r.shift_id!)!;
    const list = payments.get(r.id) ?? [];
    if (r.kind === 'sale') {
      const shares = paymentShares(list, Number(r.change_cents));
      list.forEach((p, i) => {
        if (p.cash_like) sums.cashSalesCents += shares[i]! + p.tip_cents;
      });
    } else {
      for (const p of list) if (p.cash_like) sums.cashRefundsCents += p.amount_cents;
    }
  }
  for (const m of await db
    .selectFrom('cash_movements')
    .select(['shift_id', 'kind', 'amount_cents'])
    .where('company_id', '=', companyId)
    .where('shift_id', 'in', shiftIds)
    .execute()) {
    const sums = out.get(m.shift_id)!;
    if (m.kind === 'pay_in') sums.payInsCents += Number(m.amount_cents);
    else sums.payOutsCents += Number(m.amount_cents);
  }
  return out;
}

function shifts(db: Kysely<Database>, ctx: ReportContext, q: ClosingsQuery, range: DayRange) {
  let query = db
    .selectFrom('shifts as s')
    .where('s.company_id', '=', ctx.companyId)
    .where(inWindow(timeWindow(ctx, range), 's.opened_at', 's.location_id'));
  if (ctx.employeeId !== null) {
    const e = ctx.employeeId;
    query = query.where((eb) => eb.or([eb('s.opened_by', '=', e), eb('s.closed_by', '=', e)]));
  }
  if (q.terminal !== undefined) query = query.where('s.terminal_id', '=', q.terminal);
  return query;
}

async function sumsOf(db: Kysely<Database>, ctx: ReportContext, q: ClosingsQuery, range: DayRange) {
  const row = await shifts(db, ctx, q, range)
    .select((eb) => [
      eb.fn.countAll<number>().as('shifts'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('s.status', '=', 'closed').then(eb.ref('s.expected_cash_cents')).end()),
          eb.lit(0),
        )
        .as('expected'),
      eb.fn.coalesce(eb.fn.sum<number>('s.counted_cash_cents'), eb.lit(0)).as('counted'),
      eb.fn.coalesce(eb.fn.sum<number>('s.difference_cents'), eb.lit(0)).as('difference'),
    ])
    .executeTakeFirst();
  // A shift still open (or closed without a stored figure) expects what its drawer should hold
  // now, as its row shows: otherwise the key figure counts the shift and leaves its cash out.
  const live = await shifts(db, ctx, q, range)
    .select(['s.id', 's.opening_float_cents'])
    .where((eb) => eb.or([eb('s.status', '!=', 'closed'), eb('s.expected_cash_cents', 'is', null)]))
    .execute();
  const cash = await shiftCash(
    db,
    ctx.companyId,
    live.map((s) => s.id),
  );
  const liveExpected = live.reduce(
    (sum, s) => sum + expectedCashCents({ openingFloatCents: n(s.opening_float_cents), ...cash.get(s.id)! }),
    0,
  );
  return {
    shifts: n(row?.shifts),
    expectedCashCents: n(row?.expected) + liveExpected,
    countedCashCents: n(row?.counted),
    differenceCents: n(row?.difference),
  };
}

const SHIFT_COLUMNS = [
  's.id',
  's.number',
  's.status',
  's.location_id',
  's.opened_at',
  's.closed_at',
  's.opening_float_cents',
  's.expected_cash_cents',
  's.counted_cash_cents',
  's.difference_cents',
  's.note',
  't.name as terminal',
  'loc.name as location',
  'o.name as opened_by',
  'c.name as closed_by',
] as const;

function withNames(query: ReturnType<typeof shifts>) {
  return query
    .leftJoin('terminals as t', 't.id', 's.terminal_id')
    .leftJoin('locations as loc', 'loc.id', 's.location_id')
    .leftJoin('employees as o', 'o.id', 's.opened_by')
    .leftJoin('employees as c', 'c.id', 's.closed_by')
    .select(SHIFT_COLUMNS);
}

type ShiftRow = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

async function closingRows(
  db: Kysely<Database>,
  companyId: number,
  zone: (locationId: number | null) => string,
  rows: ShiftRow[],
): Promise<ClosingRow[]> {
  const ids = rows.map((r) => r.id);
  const cash = await shiftCash(db, companyId, ids);
  const sales = new Map<number, { receipts: number; net: number; first: number; last: number }>();
  for (const part of chunks(ids, 1000)) {
    for (const r of await db
      .selectFrom('receipts')
      .select((eb) => [
        'shift_id',
        eb.fn
          .coalesce(eb.fn.sum<number>(eb.case().when('kind', '=', 'sale').then(1).else(0).end()), eb.lit(0))
          .as('receipts'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb
                .case()
                .when('kind', '=', 'sale')
                .then(eb.ref('net_cents'))
                .else(eb.neg(eb.ref('net_cents')))
                .end(),
            ),
            eb.lit(0),
          )
          .as('net'),
        // The days its receipts span, for the link to them (a receipt may be stamped before the
        // shift's opening by a register's clock, or after today's date while it stays open).
        eb.fn.min('created_at').as('first'),
        eb.fn.max('created_at').as('last'),
      ])
      .where('company_id', '=', companyId)
      .where('shift_id', 'in', part)
      .groupBy('shift_id')
      .execute()) {
      sales.set(r.shift_id!, { receipts: n(r.receipts), net: n(r.net), first: n(r.first), last: n(r.last) });
    }
  }
  return rows.map((s) => {
    const c = cash.get(s.id)!;
    const closed = s.status === 'closed';
    const live = expectedCashCents({ openingFloatCents: n(s.opening_float_cents), ...c });
    const z = zone(s.location_id);
    const opened = n(s.opened_at);
    const ended = s.closed_at === null ? opened : n(s.closed_at);
    const sold = sales.get(s.id);
    const day = (at: number) => localStamp(at, z).slice(0, 10);
    return {
      id: s.id,
      number: n(s.number),
      status: s.status,
      terminal: s.terminal,
      location: s.location,
      openedAt: n(s.opened_at),
      openedLocal: localStamp(n(s.opened_at), z),
      openedBy: s.opened_by,
      closedAt: s.closed_at === null ? null : n(s.closed_at),
      closedLocal: s.closed_at === null ? null : localStamp(n(s.closed_at), z),
      closedBy: s.closed_by,
      openingFloatCents: n(s.opening_float_cents),
      receipts: sales.get(s.id)?.receipts ?? 0,
      netSalesCents: sales.get(s.id)?.net ?? 0,
      ...c,
      expectedCashCents: closed && s.expected_cash_cents !== null ? n(s.expected_cash_cents) : live,
      countedCashCents: closed && s.counted_cash_cents !== null ? n(s.counted_cash_cents) : null,
      differenceCents: closed && s.difference_cents !== null ? n(s.difference_cents) : null,
      note: s.note,
      receiptDays: {
        from: day(Math.min(opened, sold?.first ?? opened)),
        to: day(Math.max(ended, sold?.last ?? ended)),
      },
    };
  });
}

export async function closingsReport(
  db: Kysely<Database>,
  ctx: ReportContext,
  q: ClosingsQuery,
): Promise<ClosingsReport> {
  const pageSize = q.all ? REPORT_LIMITS.exportMax : q.pageSize;
  const page = q.all ? 1 : q.page;
  const rows = await withNames(shifts(db, ctx, q, ctx.range))
    .orderBy('s.opened_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const sums = await sumsOf(db, ctx, q, ctx.range);
  const previous = ctx.previous ? await sumsOf(db, ctx, q, ctx.previous) : null;
  const terminals = await db
    .selectFrom('terminals')
    .select(['id', 'name'])
    .where('company_id', '=', ctx.companyId)
    .orderBy('name')
    .execute();
  return {
    ...reportMeta(ctx),
    rows: await closingRows(db, ctx.companyId, (id) => zoneOf(ctx, id), rows),
    total: sums.shifts,
    page,
    pageSize,
    sums: { current: sums, previous },
    terminals,
  };
}

/** A shift's Z report: 404 for another company's. */
export async function shiftDetail(db: Kysely<Database>, companyId: number, id: number): Promise<ShiftDetail> {
  const row = await db
    .selectFrom('shifts as s')
    .leftJoin('terminals as t', 't.id', 's.terminal_id')
    .leftJoin('locations as loc', 'loc.id', 's.location_id')
    .leftJoin('employees as o', 'o.id', 's.opened_by')
    .leftJoin('employees as c', 'c.id', 's.closed_by')
    .select([...SHIFT_COLUMNS, 'loc.timezone as zone'])
    .where('s.id', '=', id)
    .where('s.company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) throw notFound('shift');
  const locale = await companyLocale(db, companyId);
  const zone = row.zone ?? locale.timezone;
  const [closing] = await closingRows(db, companyId, () => zone, [row]);
  const receiptIds = (
    await db
      .selectFrom('receipts')
      .select('id')
      .where('company_id', '=', companyId)
      .where('shift_id', '=', id)
      .execute()
  ).map((r) => r.id);
  const rolled = await summarizeReceipts(db, receiptIds);
  const totals = rolled.rollup_sales.reduce<SalesSums>((s, r) => addSums(s, toSums(r)), { ...EMPTY_SUMS });
  const payments = new Map<
    string,
    { payments: number; amount: number; tips: number; refunds: number; refunded: number }
  >();
  for (const p of rolled.rollup_payments) {
    const name = String(p.name);
    const sum = payments.get(name) ?? { payments: 0, amount: 0, tips: 0, refunds: 0, refunded: 0 };
    sum.payments += n(p.payments);
    sum.amount += n(p.amount_cents);
    sum.tips += n(p.tip_cents);
    sum.refunds += n(p.refunds);
    sum.refunded += n(p.refund_cents);
    payments.set(name, sum);
  }
  const taxes = new Map<string, { name: string; rateBp: number; type: 'added' | 'included'; taxCents: number }>();
  for (const t of rolled.rollup_taxes) {
    const key = `${t.name}|${t.rate_bp}|${t.type}`;
    const sum = taxes.get(key) ?? {
      name: String(t.name),
      rateBp: n(t.rate_bp),
      type: t.type as 'added' | 'included',
      taxCents: 0,
    };
    sum.taxCents += n(t.tax_cents) - n(t.refund_tax_cents);
    taxes.set(key, sum);
  }
  const movements = await db
    .selectFrom('cash_movements as m')
    .leftJoin('employees as e', 'e.id', 'm.employee_id')
    .select(['m.kind', 'm.amount_cents', 'm.reason', 'e.name as employee', 'm.at'])
    .where('m.company_id', '=', companyId)
    .where('m.shift_id', '=', id)
    .orderBy('m.at')
    .orderBy('m.id')
    .execute();
  const business = await db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return {
    ...closing!,
    currency: locale.currency,
    timezone: zone,
    business: { name: business.name },
    totals: figuresOf(totals),
    payments: paymentRows(payments, null),
    taxes: [...taxes.values()].sort((a, b) => a.name.localeCompare(b.name) || a.rateBp - b.rateBp),
    movements: movements.map((m) => ({
      kind: m.kind,
      amountCents: n(m.amount_cents),
      reason: m.reason,
      employee: m.employee,
      localTime: localStamp(n(m.at), zone),
    })),
  };
}
