import type { Kysely } from 'kysely';
import {
  REPORT_LIMITS,
  type CashMovementsQuery,
  type CashMovementsReport,
  type DayRange,
} from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../database';
import { inWindow, n, reportMeta, timeWindow, zoneOf, type ReportContext } from './frame';
import { localStamp } from '../../platform/time';

/* /cash_movement: pay-ins and pay-outs of the registers' drawers, with reason, employee, terminal and shift. */

function movements(db: Kysely<Database>, ctx: ReportContext, q: CashMovementsQuery, range: DayRange) {
  let query = db
    .selectFrom('cash_movements as m')
    .where('m.company_id', '=', ctx.companyId)
    .where(inWindow(timeWindow(ctx, range), 'm.at', 'm.location_id'));
  if (ctx.employeeId !== null) query = query.where('m.employee_id', '=', ctx.employeeId);
  if (q.terminal !== undefined) query = query.where('m.terminal_id', '=', q.terminal);
  if (q.kind) query = query.where('m.kind', '=', q.kind);
  return query;
}

async function sumsOf(db: Kysely<Database>, ctx: ReportContext, q: CashMovementsQuery, range: DayRange) {
  const row = await movements(db, ctx, q, range)
    .select((eb) => {
      const when = (kind: 'pay_in' | 'pay_out', value: 1 | 'amount') =>
        eb.fn.coalesce(
          eb.fn.sum<number>(
            eb
              .case()
              .when('m.kind', '=', kind)
              .then(value === 1 ? eb.lit(1) : eb.ref('m.amount_cents'))
              .else(eb.lit(0))
              .end(),
          ),
          eb.lit(0),
        );
      return [
        when('pay_in', 1).as('pay_ins'),
        when('pay_out', 1).as('pay_outs'),
        when('pay_in', 'amount').as('pay_ins_cents'),
        when('pay_out', 'amount').as('pay_outs_cents'),
      ];
    })
    .executeTakeFirst();
  const payInsCents = n(row?.pay_ins_cents);
  const payOutsCents = n(row?.pay_outs_cents);
  return {
    payIns: n(row?.pay_ins),
    payOuts: n(row?.pay_outs),
    payInsCents,
    payOutsCents,
    netCents: payInsCents - payOutsCents,
  };
}

export async function cashMovementsReport(
  db: Kysely<Database>,
  ctx: ReportContext,
  q: CashMovementsQuery,
): Promise<CashMovementsReport> {
  const pageSize = q.all ? REPORT_LIMITS.exportMax : q.pageSize;
  const page = q.all ? 1 : q.page;
  const rows = await movements(db, ctx, q, ctx.range)
    .leftJoin('employees as e', 'e.id', 'm.employee_id')
    .leftJoin('terminals as t', 't.id', 'm.terminal_id')
    .leftJoin('locations as loc', 'loc.id', 'm.location_id')
    .leftJoin('shifts as s', 's.id', 'm.shift_id')
    .select([
      'm.id',
      'm.at',
      'm.kind',
      'm.amount_cents',
      'm.reason',
      'm.location_id',
      'e.name as employee',
      't.name as terminal',
      'loc.name as location',
      's.number as shift_number',
    ])
    .orderBy('m.at', 'desc')
    .orderBy('m.id', 'desc')
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
    rows: rows.map((m) => ({
      id: m.id,
      at: n(m.at),
      localTime: localStamp(n(m.at), zoneOf(ctx, m.location_id)),
      kind: m.kind,
      amountCents: n(m.amount_cents),
      reason: m.reason,
      employee: m.employee,
      terminal: m.terminal,
      location: m.location,
      shiftNumber: m.shift_number === null ? null : n(m.shift_number),
    })),
    total: sums.payIns + sums.payOuts,
    page,
    pageSize,
    sums: { current: sums, previous },
    terminals,
  };
}
