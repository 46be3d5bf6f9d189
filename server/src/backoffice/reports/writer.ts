import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  computeRefund,
  computeSale,
  type LineAmounts,
  type RefundableLine,
  type SaleAmounts,
} from '@hive/shared/schemas/device';
import { expectedCashCents } from '@hive/shared/schemas/backoffice/reports';
import { reserveNumbers } from '../../db/counters';
import type { Database } from '../../database';
import { recordReceiptRollups, paymentShares } from './rollups';
import { shiftCash } from './closings';
import { postReceiptStock } from '../inventory/ledger';
import { chunks } from '../../db/chunks';

/*
 * Stores complete receipts (lines, modifiers, taxes, discounts, payments), shifts and cash
 * movements straight into the sales model, with the money rules of the device API (computeSale,
 * computeRefund) and the roll-ups in the same transaction. The registers' own path is the device
 * API's event ingestion; this writer is for what has no register: the demo seed, the reports'
 * tests, the e2e setup (cli/writeReceipts.ts) and the million-receipt benchmark. Inputs are
 * trusted (ids of the company's own records): nothing here is reachable from a request.
 */

type Db = Kysely<Database> | Transaction<Database>;

const BATCH = 400;

export interface TaxInput {
  taxRateId: number | null;
  name: string;
  rateBp: number;
  type: 'added' | 'included';
}

export interface PaymentInput {
  paymentTypeId: number | null;
  name: string;
  cashLike: boolean;
  amountCents: number;
  tipCents?: number;
}

export interface SaleInput {
  kind: 'sale';
  at: number;
  locationId: number | null;
  terminalId?: number | null;
  employeeId?: number | null;
  shiftId?: number | null;
  orderTypeId?: number | null;
  customerId?: number | null;
  lines: {
    itemId: number | null;
    name: string;
    categoryId?: number | null;
    quantity: number;
    unitPriceCents: number;
    modifiers?: { name: string; priceCents: number }[];
    discountCents?: number;
    taxes: TaxInput[];
  }[];
  discounts?: { name: string; amountCents: number }[];
  payments: PaymentInput[];
  changeCents?: number;
  note?: string;
  localNumber?: string;
}

export interface RefundInput {
  kind: 'refund';
  at: number;
  /** The sale's receipt id. */
  saleId: number;
  /** Line positions of the sale (1 = its first line) and how many units go back. */
  lines: { line: number; quantity: number }[];
  /** How the money went back; they add up to the refund's total. */
  payments?: PaymentInput[];
  /** Instead of payments: all of the refund's total back through this payment type. */
  refundTo?: Omit<PaymentInput, 'amountCents' | 'tipCents'>;
  terminalId?: number | null;
  employeeId?: number | null;
  shiftId?: number | null;
  note?: string;
}

export type ReceiptInput = SaleInput | RefundInput;

/** The amounts of a sale (throws on a discount larger than what it discounts). */
export function saleAmounts(sale: Pick<SaleInput, 'lines' | 'discounts'>): SaleAmounts {
  const result = computeSale(
    sale.lines.map((l) => ({ ...l, taxes: l.taxes })),
    (sale.discounts ?? []).reduce((s, d) => s + d.amountCents, 0),
  );
  if ('problems' in result) throw new Error(`sale refused: ${JSON.stringify(result.problems)}`);
  return result.amounts;
}

interface StoredSaleLine {
  id: number;
  receiptId: number;
  position: number;
  itemId: number | null;
  categoryId: number | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  modifiersCents: number;
  grossCents: number;
  discountCents: number;
  taxes: (TaxInput & { taxCents: number })[];
  refunded: { quantity: number; grossCents: number; discountCents: number; taxCents: number[] };
}

interface SaleHead {
  id: number;
  kind: string;
  customerId: number | null;
  locationId: number | null;
  orderTypeId: number | null;
  terminalId: number | null;
  lines: Map<number, StoredSaleLine>;
}

async function loadSales(db: Db, companyId: number, saleIds: number[]): Promise<Map<number, SaleHead>> {
  const out = new Map<number, SaleHead>();
  if (saleIds.length === 0) return out;
  const heads = await db
    .selectFrom('receipts')
    .select(['id', 'kind', 'customer_id', 'location_id', 'order_type_id', 'terminal_id'])
    .where('company_id', '=', companyId)
    .where('id', 'in', saleIds)
    .execute();
  for (const h of heads) {
    out.set(h.id, {
      id: h.id,
      kind: h.kind,
      customerId: h.customer_id,
      locationId: h.location_id,
      orderTypeId: h.order_type_id,
      terminalId: h.terminal_id,
      lines: new Map(),
    });
  }
  const lines = await db
    .selectFrom('receipt_lines')
    .selectAll()
    .where('receipt_id', 'in', saleIds)
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const lineIds = lines.map((l) => l.id);
  const taxes =
    lineIds.length === 0
      ? []
      : await db
          .selectFrom('receipt_line_taxes')
          .select(['line_id', 'tax_rate_id', 'rate_bp', 'type', 'tax_cents'])
          .where('line_id', 'in', lineIds)
          .orderBy('id')
          .execute();
  const names = new Map(
    (
      await db
        .selectFrom('receipt_taxes')
        .select(['receipt_id', 'tax_rate_id', 'rate_bp', 'type', 'name'])
        .where('receipt_id', 'in', saleIds)
        .execute()
    ).map((t) => [`${t.receipt_id}|${t.tax_rate_id}|${t.rate_bp}|${t.type}`, t.name]),
  );
  const refundLines =
    lineIds.length === 0
      ? []
      : await db
          .selectFrom('receipt_lines')
          .select(['id', 'refund_of_line_id', 'quantity', 'gross_cents', 'discount_cents'])
          .where('refund_of_line_id', 'in', lineIds)
          .orderBy('id')
          .execute();
  const refundTaxes =
    refundLines.length === 0
      ? []
      : await db
          .selectFrom('receipt_line_taxes')
          .select(['line_id', 'tax_cents'])
          .where(
            'line_id',
            'in',
            refundLines.map((l) => l.id),
          )
          .orderBy('id')
          .execute();
  const byLine = new Map<number, StoredSaleLine>();
  for (const l of lines) {
    const head = out.get(l.receipt_id);
    if (!head) continue;
    const line: StoredSaleLine = {
      id: l.id,
      receiptId: l.receipt_id,
      position: Number(l.position),
      itemId: l.item_id,
      categoryId: l.category_id,
      name: l.name,
      quantity: Number(l.quantity),
      unitPriceCents: Number(l.unit_price_cents),
      modifiersCents: Number(l.modifiers_cents),
      grossCents: Number(l.gross_cents),
      discountCents: Number(l.discount_cents),
      taxes: [],
      refunded: { quantity: 0, grossCents: 0, discountCents: 0, taxCents: [] },
    };
    head.lines.set(line.position, line);
    byLine.set(l.id, line);
  }
  for (const t of taxes) {
    const line = byLine.get(t.line_id)!;
    line.taxes.push({
      taxRateId: t.tax_rate_id,
      name: names.get(`${line.receiptId}|${t.tax_rate_id}|${t.rate_bp}|${t.type}`) ?? '',
      rateBp: Number(t.rate_bp),
      type: t.type,
      taxCents: Number(t.tax_cents),
    });
    line.refunded.taxCents.push(0);
  }
  const refundTaxesOf = new Map<number, number[]>();
  for (const t of refundTaxes)
    refundTaxesOf.set(t.line_id, [...(refundTaxesOf.get(t.line_id) ?? []), Number(t.tax_cents)]);
  for (const r of refundLines) {
    const line = byLine.get(r.refund_of_line_id!)!;
    line.refunded.quantity += Number(r.quantity);
    line.refunded.grossCents += Number(r.gross_cents);
    line.refunded.discountCents += Number(r.discount_cents);
    (refundTaxesOf.get(r.id) ?? []).forEach(
      (c, k) => (line.refunded.taxCents[k] = (line.refunded.taxCents[k] ?? 0) + c),
    );
  }
  return out;
}

interface PlannedLine {
  position: number;
  itemId: number | null;
  categoryId: number | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  modifiersCents: number;
  modifiers: { name: string; priceCents: number }[];
  amounts: LineAmounts;
  taxes: TaxInput[];
  refundOfLineId: number | null;
}

interface Planned {
  input: ReceiptInput;
  number: number;
  receipt: Record<string, unknown>;
  lines: PlannedLine[];
  discounts: { name: string; amountCents: number }[];
  payments: PaymentInput[];
}

function receiptTaxes(lines: PlannedLine[]) {
  const byKey = new Map<string, TaxInput & { taxableCents: number; taxCents: number }>();
  for (const line of lines) {
    line.taxes.forEach((tax, k) => {
      const key = `${tax.taxRateId}|${tax.rateBp}|${tax.type}|${tax.name}`;
      const entry = byKey.get(key) ?? { ...tax, taxableCents: 0, taxCents: 0 };
      entry.taxableCents += line.amounts.netCents;
      entry.taxCents += line.amounts.taxCents[k] ?? 0;
      byKey.set(key, entry);
    });
  }
  return [...byKey.values()];
}

async function insertMany<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table)
      // The rows are built right here for `table`; Kysely's per-table insert types add nothing.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(rows.slice(i, i + BATCH) as any)
      .execute();
  }
}

/**
 * Stores receipts in the order given (numbers follow that order) and returns their ids. A refund
 * may return a sale of the same call that comes before it.
 */
export async function writeReceipts(
  db: Db,
  companyId: number,
  inputs: readonly ReceiptInput[],
  now: number = Date.now(),
): Promise<number[]> {
  if (inputs.length === 0) return [];
  const first = await reserveNumbers(db, companyId, 'receipt', inputs.length);
  const ids: number[] = new Array(inputs.length);
  // Sales first (refunds of this call may point at them), then refunds, each as one batch.
  const order = [...inputs.keys()];
  const saleIdx = order.filter((i) => inputs[i]!.kind === 'sale');
  const refundIdx = order.filter((i) => inputs[i]!.kind === 'refund');

  const planSale = (i: number): Planned => {
    const input = inputs[i] as SaleInput;
    const amounts = saleAmounts(input);
    const lines: PlannedLine[] = input.lines.map((l, k) => ({
      position: k + 1,
      itemId: l.itemId,
      categoryId: l.categoryId ?? null,
      name: l.name,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      modifiersCents: (l.modifiers ?? []).reduce((s, m) => s + m.priceCents, 0),
      modifiers: l.modifiers ?? [],
      amounts: amounts.lines[k]!,
      taxes: l.taxes,
      refundOfLineId: null,
    }));
    const tip = input.payments.reduce((s, p) => s + (p.tipCents ?? 0), 0);
    const change = input.changeCents ?? 0;
    const paid = paymentShares(
      input.payments.map((p) => ({ cash_like: p.cashLike ? 1 : 0, amount_cents: p.amountCents })),
      change,
    ).reduce((a, b) => a + b, 0);
    if (paid !== amounts.totalCents) {
      throw new Error(`payments (${paid}) do not add up to the total (${amounts.totalCents})`);
    }
    return {
      input,
      number: first + i,
      lines,
      discounts: input.discounts ?? [],
      payments: input.payments,
      receipt: {
        company_id: companyId,
        number: first + i,
        kind: 'sale',
        customer_id: input.customerId ?? null,
        refund_of: null,
        location_id: input.locationId,
        order_type_id: input.orderTypeId ?? null,
        terminal_id: input.terminalId ?? null,
        employee_id: input.employeeId ?? null,
        shift_id: input.shiftId ?? null,
        client_id: randomUUID(),
        local_number: input.localNumber ?? '',
        gross_cents: amounts.subtotalCents,
        discount_cents: amounts.discountCents,
        net_cents: amounts.netCents,
        tax_cents: amounts.taxCents,
        total_cents: amounts.totalCents,
        tip_cents: tip,
        change_cents: change,
        note: input.note ?? '',
        created_at: input.at,
        synced_at: now,
      },
    };
  };

  const store = async (planned: Planned[]) => {
    if (planned.length === 0) return;
    await insertMany(
      db,
      'receipts',
      planned.map((p) => p.receipt),
    );
    const idOf = new Map(
      (
        await db
          .selectFrom('receipts')
          .select(['id', 'number'])
          .where('company_id', '=', companyId)
          .where(
            'number',
            'in',
            planned.map((p) => p.number),
          )
          .execute()
      ).map((r) => [Number(r.number), r.id]),
    );
    const receiptIds = planned.map((p) => idOf.get(p.number)!);
    await insertMany(
      db,
      'receipt_lines',
      planned.flatMap((p, k) =>
        p.lines.map((l) => ({
          receipt_id: receiptIds[k],
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
          refund_of_line_id: l.refundOfLineId,
        })),
      ),
    );
    const lineIds = new Map<string, number>();
    for (const part of chunks(receiptIds, 1000)) {
      for (const l of await db
        .selectFrom('receipt_lines')
        .select(['id', 'receipt_id', 'position'])
        .where('receipt_id', 'in', part)
        .execute()) {
        lineIds.set(`${l.receipt_id}|${l.position}`, l.id);
      }
    }
    const lineId = (k: number, l: PlannedLine) => lineIds.get(`${receiptIds[k]}|${l.position}`)!;
    await insertMany(
      db,
      'receipt_line_modifiers',
      planned.flatMap((p, k) =>
        p.lines.flatMap((l) =>
          l.modifiers.map((m) => ({
            company_id: companyId,
            line_id: lineId(k, l),
            name: m.name,
            price_cents: m.priceCents,
          })),
        ),
      ),
    );
    await insertMany(
      db,
      'receipt_line_taxes',
      planned.flatMap((p, k) =>
        p.lines.flatMap((l) =>
          l.taxes.map((t, n) => ({
            company_id: companyId,
            line_id: lineId(k, l),
            tax_rate_id: t.taxRateId,
            rate_bp: t.rateBp,
            type: t.type,
            tax_cents: l.amounts.taxCents[n] ?? 0,
          })),
        ),
      ),
    );
    await insertMany(
      db,
      'receipt_taxes',
      planned.flatMap((p, k) =>
        receiptTaxes(p.lines).map((t) => ({
          company_id: companyId,
          receipt_id: receiptIds[k],
          tax_rate_id: t.taxRateId,
          name: t.name,
          rate_bp: t.rateBp,
          type: t.type,
          taxable_cents: t.taxableCents,
          tax_cents: t.taxCents,
        })),
      ),
    );
    await insertMany(
      db,
      'receipt_discounts',
      planned.flatMap((p, k) =>
        p.discounts.map((d) => ({
          company_id: companyId,
          receipt_id: receiptIds[k],
          name: d.name,
          amount_cents: d.amountCents,
        })),
      ),
    );
    await insertMany(
      db,
      'receipt_payments',
      planned.flatMap((p, k) =>
        p.payments.map((pay) => ({
          company_id: companyId,
          receipt_id: receiptIds[k],
          payment_type_id: pay.paymentTypeId,
          name: pay.name,
          cash_like: pay.cashLike ? 1 : 0,
          amount_cents: pay.amountCents,
          tip_cents: pay.tipCents ?? 0,
        })),
      ),
    );
    planned.forEach((p, k) => (ids[p.number - first] = receiptIds[k]!));
  };

  await store(saleIdx.map(planSale));

  if (refundIdx.length > 0) {
    const sales = await loadSales(db, companyId, [...new Set(refundIdx.map((i) => (inputs[i] as RefundInput).saleId))]);
    const planned = refundIdx.map((i): Planned => {
      const input = inputs[i] as RefundInput;
      const sale = sales.get(input.saleId);
      if (!sale || sale.kind !== 'sale') throw new Error(`refund of ${input.saleId}: no such sale`);
      const chosen = input.lines.map((l) => {
        const line = sale.lines.get(l.line);
        if (!line) throw new Error(`refund of ${input.saleId}: no line ${l.line}`);
        return { line, quantity: l.quantity };
      });
      const result = computeRefund(chosen.map(({ line, quantity }) => ({ sale: line as RefundableLine, quantity })));
      if ('tooMany' in result) throw new Error(`refund of ${input.saleId}: more than was sold`);
      const amounts = result.amounts;
      const lines: PlannedLine[] = chosen.map(({ line, quantity }, k) => {
        const a = amounts.lines[k]!;
        // Later refunds of this call see what this one returned.
        line.refunded.quantity += quantity;
        line.refunded.grossCents += a.grossCents;
        line.refunded.discountCents += a.discountCents;
        a.taxCents.forEach((c, n) => (line.refunded.taxCents[n] = (line.refunded.taxCents[n] ?? 0) + c));
        return {
          position: k + 1,
          itemId: line.itemId,
          categoryId: line.categoryId,
          name: line.name,
          quantity,
          unitPriceCents: line.unitPriceCents,
          modifiersCents: line.modifiersCents,
          modifiers: [],
          amounts: a,
          taxes: line.taxes,
          refundOfLineId: line.id,
        };
      });
      const payments = input.refundTo
        ? [{ ...input.refundTo, amountCents: amounts.totalCents }]
        : (input.payments ?? []);
      const paid = payments.reduce((s, p) => s + p.amountCents, 0);
      if (paid !== amounts.totalCents) {
        throw new Error(`refund payments (${paid}) do not add up to its total (${amounts.totalCents})`);
      }
      return {
        input,
        number: first + i,
        lines,
        discounts: [],
        payments,
        receipt: {
          company_id: companyId,
          number: first + i,
          kind: 'refund',
          customer_id: sale.customerId,
          refund_of: sale.id,
          location_id: sale.locationId,
          order_type_id: sale.orderTypeId,
          terminal_id: input.terminalId ?? sale.terminalId,
          employee_id: input.employeeId ?? null,
          shift_id: input.shiftId ?? null,
          client_id: randomUUID(),
          local_number: '',
          gross_cents: amounts.subtotalCents,
          discount_cents: amounts.discountCents,
          net_cents: amounts.netCents,
          tax_cents: amounts.taxCents,
          total_cents: amounts.totalCents,
          tip_cents: 0,
          change_cents: 0,
          note: input.note ?? '',
          created_at: input.at,
          synced_at: now,
        },
      };
    });
    await store(planned);
  }

  await recordReceiptRollups(db, ids);
  await recordReceiptStock(db, companyId, ids, now);
  return ids;
}

/** The stock ledger of the stored receipts (tracked items at their location's warehouse), as the ingest does. */
async function recordReceiptStock(db: Db, companyId: number, ids: number[], now: number): Promise<void> {
  const byLocation = new Map<
    number,
    Map<
      number,
      { id: number; kind: 'sale' | 'refund'; at: number; lines: { itemId: number | null; quantity: number }[] }
    >
  >();
  for (const part of chunks(ids, 1000)) {
    const rows = await db
      .selectFrom('receipts as r')
      .innerJoin('receipt_lines as l', 'l.receipt_id', 'r.id')
      .select(['r.id', 'r.kind', 'r.created_at', 'r.location_id', 'l.item_id', 'l.quantity'])
      .where('r.company_id', '=', companyId)
      .where('r.id', 'in', part)
      .where('r.location_id', 'is not', null)
      .where('l.item_id', 'is not', null)
      .orderBy('r.id')
      .orderBy('l.position')
      .execute();
    for (const row of rows) {
      const receipts = byLocation.get(row.location_id!) ?? new Map();
      byLocation.set(row.location_id!, receipts);
      const receipt = receipts.get(row.id) ?? {
        id: row.id,
        kind: row.kind as 'sale' | 'refund',
        at: Number(row.created_at),
        lines: [],
      };
      receipts.set(row.id, receipt);
      receipt.lines.push({ itemId: row.item_id, quantity: Number(row.quantity) });
    }
  }
  for (const [locationId, receipts] of byLocation) {
    await postReceiptStock(db, { companyId, locationId, now, receipts: [...receipts.values()] });
  }
}

export async function openShift(
  db: Db,
  companyId: number,
  input: { terminalId: number; employeeId: number | null; at: number; openingFloatCents: number },
): Promise<{ id: number; number: number }> {
  const terminal = await db
    .selectFrom('terminals')
    .select('location_id')
    .where('id', '=', input.terminalId)
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const number = await reserveNumbers(db, companyId, 'shift');
  const row = await db
    .insertInto('shifts')
    .values({
      company_id: companyId,
      client_id: randomUUID(),
      number,
      terminal_id: input.terminalId,
      location_id: terminal.location_id,
      status: 'open',
      opened_at: input.at,
      opened_by: input.employeeId,
      opening_float_cents: input.openingFloatCents,
      closed_at: null,
      closed_by: null,
      expected_cash_cents: null,
      counted_cash_cents: null,
      difference_cents: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, number };
}

export async function addCashMovement(
  db: Db,
  companyId: number,
  input: {
    shiftId: number;
    kind: 'pay_in' | 'pay_out';
    amountCents: number;
    reason: string;
    employeeId: number | null;
    at: number;
  },
): Promise<number> {
  const shift = await db
    .selectFrom('shifts')
    .select(['terminal_id', 'location_id'])
    .where('id', '=', input.shiftId)
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('cash_movements')
    .values({
      company_id: companyId,
      client_id: randomUUID(),
      shift_id: input.shiftId,
      terminal_id: shift.terminal_id,
      location_id: shift.location_id,
      employee_id: input.employeeId,
      kind: input.kind,
      amount_cents: input.amountCents,
      reason: input.reason,
      at: input.at,
      synced_at: input.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function closeShift(
  db: Db,
  companyId: number,
  shiftId: number,
  input: {
    at: number;
    employeeId: number | null;
    /** What was counted; or, instead, how far the count was off what was expected. */
    countedCashCents?: number;
    countedOffsetCents?: number;
    note?: string;
  },
): Promise<{ expectedCashCents: number; differenceCents: number }> {
  const shift = await db
    .selectFrom('shifts')
    .select(['opening_float_cents', 'status'])
    .where('id', '=', shiftId)
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  if (shift.status !== 'open') throw new Error(`shift ${shiftId} is not open`);
  const cash = (await shiftCash(db, companyId, [shiftId])).get(shiftId)!;
  const expected = expectedCashCents({ openingFloatCents: Number(shift.opening_float_cents), ...cash });
  const counted = input.countedCashCents ?? expected + (input.countedOffsetCents ?? 0);
  const difference = counted - expected;
  await db
    .updateTable('shifts')
    .set({
      status: 'closed',
      closed_at: input.at,
      closed_by: input.employeeId,
      expected_cash_cents: expected,
      counted_cash_cents: counted,
      difference_cents: difference,
      note: input.note ?? '',
    })
    .where('id', '=', shiftId)
    .execute();
  return { expectedCashCents: expected, differenceCents: difference };
}
