import { sql, type Kysely, type Transaction } from 'kysely';
import { chunks } from '../../../platform/db/chunks';
import { reserveNumbers } from '../../../platform/db/counters';
import type { Database } from '../../../database';
import type { IngestDevice, Lookup, Plan, PlannedShiftClose } from '../plan';

/*
 * The receipts' own rows: shifts, receipts with their lines, modifiers, taxes, discounts and
 * payments, cash movements, and the drawer each closed shift should hold. A few multi-row INSERTs
 * per batch; the posting steps write the rest.
 */

type Db = Kysely<Database> | Transaction<Database>;
// Writing

/** Rows per INSERT: well under the bound-parameter limits of both databases. */
const rowsPerInsert = (columns: number) => Math.max(1, Math.floor(16_000 / columns));

export async function insertAll<T extends Record<string, unknown>>(
  trx: Db,
  table: keyof Database & string,
  rows: T[],
): Promise<void> {
  if (rows.length === 0) return;
  for (const part of chunks(rows, rowsPerInsert(Object.keys(rows[0]!).length))) {
    // The rows are built right here for `table`; Kysely's per-table insert types add nothing.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const values = part as any;
    await trx.insertInto(table).values(values).execute();
  }
}

async function insertReturning<T extends Record<string, unknown>, R>(
  trx: Db,
  table: keyof Database & string,
  rows: T[],
  returning: string[],
): Promise<R[]> {
  const out: R[] = [];
  if (rows.length === 0) return out;
  for (const part of chunks(rows, rowsPerInsert(Object.keys(rows[0]!).length))) {
    const inserted = await trx
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(part as any)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .returning(returning as any)
      .execute();
    out.push(...(inserted as R[]));
  }
  return out;
}

/** Shifts closed by the batch that were open before it (first, so that a new one can open), then those it opens. */
export async function writeShifts(trx: Db, device: IngestDevice, p: Plan): Promise<void> {
  const { companyId } = device;
  // 1. Shifts closed by this batch that were open before it: closed first, so that a new one can open.
  const closedBefore = p.closes.filter((c) => c.shift.dbId !== null);
  for (const c of closedBefore) {
    await trx
      .updateTable('shifts')
      .set({
        status: 'closed',
        closed_at: c.at,
        closed_by: c.employeeId,
        counted_cash_cents: c.countedCashCents,
        note: c.note,
      })
      .where('id', '=', c.shift.dbId!)
      .where('company_id', '=', companyId)
      .execute();
  }

  // 2. Shifts opened by this batch (already closed when the batch closes them too).
  if (p.opens.length > 0) {
    const first = await reserveNumbers(trx, companyId, 'shift', p.opens.length);
    p.opens.forEach((o, k) => (o.state.number = first + k));
    const rows = await insertReturning<Record<string, unknown>, { id: number; client_id: string }>(
      trx,
      'shifts',
      p.opens.map((o) => ({
        company_id: companyId,
        client_id: o.key,
        number: o.state.number,
        terminal_id: device.terminalId,
        location_id: device.locationId,
        status: o.close ? 'closed' : 'open',
        opened_at: o.at,
        opened_by: o.employeeId,
        opening_float_cents: o.openingFloatCents,
        closed_at: o.close?.at ?? null,
        closed_by: o.close?.employeeId ?? null,
        expected_cash_cents: null,
        counted_cash_cents: o.close?.countedCashCents ?? null,
        difference_cents: null,
        note: o.close?.note ?? '',
      })),
      ['id', 'client_id'],
    );
    const ids = new Map(rows.map((r) => [r.client_id, r.id]));
    for (const o of p.opens) o.state.dbId = ids.get(o.key)!;
  }
}

/** Receipts numbered from the company's counter, sales before the refunds that point at them. */
export async function writeReceipts(
  trx: Db,
  device: IngestDevice,
  lookup: Lookup,
  p: Plan,
  now: number,
): Promise<void> {
  const { companyId } = device;
  if (p.receipts.length > 0) {
    const first = await reserveNumbers(trx, companyId, 'receipt', p.receipts.length);
    p.receipts.forEach((r, k) => (r.number = first + k));
  }
  const shiftDbId = (key: string | null) => (key === null ? null : (lookup.shifts.get(key)?.dbId ?? null));
  for (const kind of ['sale', 'refund'] as const) {
    const list = p.receipts.filter((r) => r.kind === kind);
    if (list.length === 0) continue;
    const rows = await insertReturning<Record<string, unknown>, { id: number; client_id: string }>(
      trx,
      'receipts',
      list.map((r) => ({
        company_id: companyId,
        number: r.number,
        kind: r.kind,
        customer_id: r.customerId,
        refund_of: r.refundOfKey === null ? null : (lookup.sales.get(r.refundOfKey)?.dbId ?? null),
        net_cents: r.totals.netCents,
        tax_cents: r.totals.taxCents,
        total_cents: r.totals.totalCents,
        created_at: r.at,
        location_id: device.locationId,
        order_type_id: r.orderTypeId,
        terminal_id: device.terminalId,
        employee_id: r.employeeId,
        shift_id: shiftDbId(r.shiftKey),
        client_id: r.key,
        local_number: r.localNumber,
        gross_cents: r.totals.grossCents,
        discount_cents: r.totals.discountCents,
        tip_cents: r.tipCents,
        change_cents: r.changeCents,
        note: r.note,
        synced_at: now,
      })),
      ['id', 'client_id'],
    );
    const ids = new Map(rows.map((row) => [row.client_id, row.id]));
    for (const r of list) {
      r.dbId = ids.get(r.key)!;
      const sale = r.kind === 'sale' ? lookup.sales.get(r.key) : undefined;
      if (sale) sale.dbId = r.dbId;
    }
    // Lines (a refund line points at the sale line it returns, written just before for a sale of this batch).
    const lineRows = list.flatMap((r) =>
      r.lines.map((l) => ({
        receipt_id: r.dbId!,
        company_id: companyId,
        item_id: l.itemId,
        name: l.name,
        quantity: l.quantity,
        unit_price_cents: l.unitPriceCents,
        total_cents: l.amounts.totalCents,
        position: l.position,
        category_id: l.categoryId,
        modifiers_cents: l.modifiersCents,
        gross_cents: l.amounts.grossCents,
        discount_cents: l.amounts.discountCents,
        net_cents: l.amounts.netCents,
        tax_cents: l.amounts.includedTaxCents + l.amounts.addedTaxCents,
        refund_of_line_id: l.refundOf ? l.refundOf.dbId : null,
        discount_id: l.discountId ?? null,
        line_discount_cents: l.lineDiscountCents ?? 0,
      })),
    );
    const lineIds = await insertReturning<
      Record<string, unknown>,
      { id: number; receipt_id: number; position: number }
    >(trx, 'receipt_lines', lineRows, ['id', 'receipt_id', 'position']);
    const lineId = new Map(lineIds.map((l) => [`${l.receipt_id}:${Number(l.position)}`, l.id]));
    const modifiers: Record<string, unknown>[] = [];
    const lineTaxRows: Record<string, unknown>[] = [];
    const receiptTaxRows: Record<string, unknown>[] = [];
    for (const r of list) {
      const perRate = new Map<
        string,
        { taxRateId: number | null; rateBp: number; type: string; taxable: number; tax: number }
      >();
      for (const l of r.lines) {
        const id = lineId.get(`${r.dbId}:${l.position}`)!;
        if (l.state) l.state.dbId = id;
        for (const m of l.modifiers)
          modifiers.push({
            company_id: companyId,
            line_id: id,
            name: m.name,
            price_cents: m.priceCents,
            modifier_id: m.modifierId,
          });
        l.taxes.forEach((t, k) => {
          const cents = l.amounts.taxCents[k] ?? 0;
          lineTaxRows.push({
            company_id: companyId,
            line_id: id,
            tax_rate_id: t.taxRateId,
            rate_bp: t.rateBp,
            type: t.type,
            tax_cents: cents,
          });
          const rateKey = `${t.taxRateId}:${t.rateBp}:${t.type}`;
          const sum = perRate.get(rateKey) ?? {
            taxRateId: t.taxRateId,
            rateBp: t.rateBp,
            type: t.type,
            taxable: 0,
            tax: 0,
          };
          sum.taxable += l.amounts.netCents;
          sum.tax += cents;
          perRate.set(rateKey, sum);
        });
      }
      for (const t of perRate.values()) {
        receiptTaxRows.push({
          company_id: companyId,
          receipt_id: r.dbId,
          tax_rate_id: t.taxRateId,
          name:
            (t.taxRateId !== null ? lookup.taxRates.get(t.taxRateId)?.name : undefined) ?? `Tax ${t.rateBp / 100} %`,
          rate_bp: t.rateBp,
          type: t.type,
          taxable_cents: t.taxable,
          tax_cents: t.tax,
        });
      }
    }
    await insertAll(trx, 'receipt_line_modifiers', modifiers);
    await insertAll(trx, 'receipt_line_taxes', lineTaxRows);
    await insertAll(trx, 'receipt_taxes', receiptTaxRows);
    await insertAll(
      trx,
      'receipt_discounts',
      list.flatMap((r) =>
        r.discounts.map((d) => ({
          company_id: companyId,
          receipt_id: r.dbId,
          name: d.name,
          amount_cents: d.amountCents,
          discount_id: d.discountId ?? null,
          points: d.points ?? null,
          promotion_id: d.promotionId ?? null,
        })),
      ),
    );
    await insertAll(
      trx,
      'receipt_payments',
      list.flatMap((r) =>
        r.payments.map((x) => ({
          company_id: companyId,
          receipt_id: r.dbId,
          payment_type_id: x.paymentTypeId,
          name: x.name,
          cash_like: x.cashLike ? 1 : 0,
          amount_cents: x.amountCents,
          tip_cents: x.tipCents,
          gift_card_id: x.giftCardId,
        })),
      ),
    );
  }
}

/** The batch's cash movements, then what each shift it closes should hold now that its sales are in. */
export async function writeCash(
  trx: Db,
  device: IngestDevice,
  p: Plan,
  now: number,
): Promise<Map<PlannedShiftClose, { expected: number; difference: number }>> {
  const { companyId } = device;
  await insertAll(
    trx,
    'cash_movements',
    p.movements.map((m) => ({
      company_id: companyId,
      client_id: m.key,
      shift_id: m.shift.dbId,
      terminal_id: device.terminalId,
      location_id: device.locationId,
      employee_id: m.employeeId,
      kind: m.kind,
      amount_cents: m.amountCents,
      reason: m.reason,
      at: m.at,
      synced_at: now,
    })),
  );

  const closing = new Map<PlannedShiftClose, { expected: number; difference: number }>();
  const expected = await expectedCash(
    trx,
    companyId,
    p.closes.map((c) => c.shift.dbId!),
  );
  for (const c of p.closes) {
    const cents = expected.get(c.shift.dbId!) ?? 0;
    const difference = c.countedCashCents - cents;
    await trx
      .updateTable('shifts')
      .set({ expected_cash_cents: cents, difference_cents: difference })
      .where('id', '=', c.shift.dbId!)
      .where('company_id', '=', companyId)
      .execute();
    closing.set(c, { expected: cents, difference });
  }
  return closing;
}

/**
 * What each shift's drawer should hold: float + cash taken (amounts and tips of cash-like payments)
 * - change given - cash refunded + pay-ins - pay-outs.
 */
export async function expectedCash(db: Db, companyId: number, shiftIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (shiftIds.length === 0) return out;
  const add = (id: number | null, cents: unknown) => {
    if (id !== null) out.set(id, (out.get(id) ?? 0) + Number(cents ?? 0));
  };
  for (const ids of chunks(shiftIds, 500)) {
    const [floats, payments, change, movements] = await Promise.all([
      db
        .selectFrom('shifts')
        .select(['id', 'opening_float_cents'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute(),
      db
        .selectFrom('receipt_payments as p')
        .innerJoin('receipts as r', 'r.id', 'p.receipt_id')
        .select([
          'r.shift_id',
          sql<number>`sum(case when r.kind = 'sale' then p.amount_cents + p.tip_cents else -p.amount_cents end)`.as(
            'n',
          ),
        ])
        .where('r.company_id', '=', companyId)
        .where('r.shift_id', 'in', ids)
        .where('p.cash_like', '=', 1)
        .groupBy('r.shift_id')
        .execute(),
      db
        .selectFrom('receipts')
        .select(['shift_id', sql<number>`sum(change_cents)`.as('n')])
        .where('company_id', '=', companyId)
        .where('shift_id', 'in', ids)
        .groupBy('shift_id')
        .execute(),
      db
        .selectFrom('cash_movements')
        .select([
          'shift_id',
          sql<number>`sum(case when kind = 'pay_in' then amount_cents else -amount_cents end)`.as('n'),
        ])
        .where('company_id', '=', companyId)
        .where('shift_id', 'in', ids)
        .groupBy('shift_id')
        .execute(),
    ]);
    for (const f of floats) add(f.id, f.opening_float_cents);
    for (const p of payments) add(p.shift_id, p.n);
    for (const c of change) add(c.shift_id, -Number(c.n ?? 0));
    for (const m of movements) add(m.shift_id, m.n);
  }
  return out;
}
