import type { Kysely, Transaction } from 'kysely';
import { chunks } from '../../../platform/db/chunks';
import type { Database } from '../../../database';
import { loadDiscounts, loadPromotions } from '../../offers';
import { knownModifierIds } from '../../catalog';
import { isPostgres } from '../../merchant';
import type { AnyParsed, IngestDevice, Lookup, SaleState } from './types';

/* Planning's reads: what the batch's events name, loaded with one query per kind of record. */

type Db = Kysely<Database> | Transaction<Database>;

export async function idsIn<T>(list: readonly T[], load: (part: T[]) => Promise<void>): Promise<void> {
  const unique = [...new Set(list)];
  for (const part of chunks(unique, 500)) if (part.length > 0) await load(part);
}

export async function loadLookup(trx: Db, device: IngestDevice, events: readonly AnyParsed[]): Promise<Lookup> {
  const { companyId } = device;
  const itemIds: number[] = [];
  const taxIds: number[] = [];
  const paymentIds: number[] = [];
  const orderTypeIds: number[] = [];
  const employeeIds: number[] = [];
  const customerIds: number[] = [];
  const shiftKeys: string[] = [];
  const saleKeys: string[] = [];
  const discountIds: number[] = [];
  const promotionIds: number[] = [];
  const modifierIds: number[] = [];
  for (const e of events) {
    if (e.type === 'receipt') {
      for (const l of e.lines)
        for (const m of l.modifiers ?? []) if (m.modifierId !== undefined) modifierIds.push(m.modifierId);
      for (const d of e.discounts ?? []) if (d.promotionId !== undefined) promotionIds.push(d.promotionId);
      for (const l of e.lines) if (l.discountId !== undefined) discountIds.push(l.discountId);
      for (const d of e.discounts ?? []) if (d.discountId !== undefined) discountIds.push(d.discountId);
    }
    if ('employeeId' in e && e.employeeId) employeeIds.push(e.employeeId);
    if ('shiftId' in e && e.shiftId) shiftKeys.push(e.shiftId.toLowerCase());
    if (e.type === 'receipt') {
      for (const l of e.lines) {
        if (l.itemId !== null) itemIds.push(l.itemId);
        taxIds.push(...l.taxRateIds);
      }
      paymentIds.push(...e.payments.map((p) => p.paymentTypeId));
      if (e.orderTypeId) orderTypeIds.push(e.orderTypeId);
      if (e.customerId) customerIds.push(e.customerId);
    } else if (e.type === 'refund') {
      paymentIds.push(...e.payments.map((p) => p.paymentTypeId));
      saleKeys.push(e.receiptId.toLowerCase());
    }
  }
  const lookup: Lookup = {
    items: new Map(),
    taxRates: new Map(),
    paymentTypes: new Map(),
    orderTypes: new Map(),
    employees: new Set(),
    customers: new Set(),
    shifts: new Map(),
    sales: new Map(),
    openShift: null,
    discounts: new Map(),
    modifiers: new Set(),
    promotions: new Map(),
    timezone: 'UTC',
  };
  await idsIn(itemIds, async (ids) => {
    const rows = await trx
      .selectFrom('items')
      .select(['id', 'category_id'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) lookup.items.set(r.id, { categoryId: r.category_id });
  });
  await idsIn(saleKeys, async (keys) => {
    for (const sale of await loadSales(trx, companyId, keys, { lock: true })) {
      lookup.sales.set(sale.key, sale);
      // Their rates' names go on the refunds' tax lines.
      for (const line of sale.lines) for (const id of line.taxIds) if (id !== null) taxIds.push(id);
    }
  });
  await idsIn(taxIds, async (ids) => {
    const rows = await trx
      .selectFrom('tax_rates')
      .select(['id', 'name', 'rate_bp', 'type'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) {
      lookup.taxRates.set(r.id, { name: r.name, rateBp: Number(r.rate_bp), type: r.type as 'added' | 'included' });
    }
  });
  await idsIn(paymentIds, async (ids) => {
    const rows = await trx
      .selectFrom('payment_types')
      .select(['id', 'name', 'cash_like', 'builtin'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) {
      lookup.paymentTypes.set(r.id, { name: r.name, cashLike: Number(r.cash_like) === 1, builtin: r.builtin });
    }
  });
  await idsIn(orderTypeIds, async (ids) => {
    const rows = await trx
      .selectFrom('order_types')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) lookup.orderTypes.set(r.id, { name: r.name });
  });
  await idsIn(employeeIds, async (ids) => {
    const rows = await trx
      .selectFrom('employees')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) lookup.employees.add(r.id);
  });
  await idsIn(customerIds, async (ids) => {
    const rows = await trx
      .selectFrom('customers')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) lookup.customers.add(r.id);
  });
  const shiftColumns = [
    'id',
    'client_id',
    'number',
    'terminal_id',
    'status',
    'closed_by_email',
    'expected_cash_cents',
    'difference_cents',
  ] as const;
  const addShift = (r: {
    id: number;
    client_id: string;
    number: number;
    terminal_id: number | null;
    status: string;
    closed_by_email: string | null;
    expected_cash_cents: number | null;
    difference_cents: number | null;
  }) =>
    lookup.shifts.set(r.client_id, {
      dbId: r.id,
      key: r.client_id,
      number: Number(r.number),
      terminalId: r.terminal_id,
      status: r.status as 'open' | 'closed',
      ...(r.status === 'closed' && r.closed_by_email !== null
        ? {
            closedInBackoffice: {
              expectedCashCents: Number(r.expected_cash_cents ?? 0),
              differenceCents: Number(r.difference_cents ?? 0),
            },
          }
        : {}),
    });
  await idsIn(shiftKeys, async (keys) => {
    const rows = await trx
      .selectFrom('shifts')
      .select(shiftColumns)
      .where('company_id', '=', companyId)
      .where('client_id', 'in', keys)
      .execute();
    rows.forEach(addShift);
  });
  if (device.terminalId !== null) {
    const open = await trx
      .selectFrom('shifts')
      .select(shiftColumns)
      .where('company_id', '=', companyId)
      .where('terminal_id', '=', device.terminalId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (open) {
      addShift(open);
      lookup.openShift = open.client_id;
    }
  }
  for (const d of await loadDiscounts(trx, companyId, [...new Set(discountIds)])) lookup.discounts.set(d.id, d);
  lookup.modifiers = await knownModifierIds(trx, companyId, modifierIds);
  if (promotionIds.length > 0) {
    for (const p of await loadPromotions(trx, companyId, { ids: [...new Set(promotionIds)] }))
      lookup.promotions.set(p.id, p);
    const zone = device.locationId
      ? await trx.selectFrom('locations').select('timezone').where('id', '=', device.locationId).executeTakeFirst()
      : undefined;
    lookup.timezone =
      zone?.timezone ??
      (
        await trx
          .selectFrom('company_profiles')
          .select('timezone')
          .where('company_id', '=', companyId)
          .executeTakeFirst()
      )?.timezone ??
      'UTC';
  }
  return lookup;
}

/** The customers the batch concerns: those its sales name and those of the sales it refunds. */
export function customersOf(events: readonly AnyParsed[], lookup: Lookup): number[] {
  const ids = events.flatMap((e) => (e.type === 'receipt' && e.customerId ? [e.customerId] : []));
  for (const sale of lookup.sales.values()) if (sale.customerId !== null) ids.push(sale.customerId);
  return ids;
}

/**
 * Sales by client id with their lines, line taxes and what earlier refunds returned of each line.
 * With `lock` (a batch refunding them, on PostgreSQL) the sales' rows are locked first, in id order,
 * until the commit: two tills refunding the same sale queue here, and the second reads what the
 * first returned. NO KEY: a refund row naming the sale (its foreign key's KEY SHARE) need not wait.
 */
export async function loadSales(
  db: Db,
  companyId: number,
  keys: string[],
  options: { lock?: boolean } = {},
): Promise<SaleState[]> {
  if (keys.length === 0) return [];
  const receipts = await db
    .selectFrom('receipts')
    .select(['id', 'client_id', 'kind', 'customer_id', 'order_type_id'])
    .where('company_id', '=', companyId)
    .where('client_id', 'in', keys)
    .$if(options.lock === true && isPostgres(db), (q) => q.orderBy('id').forNoKeyUpdate())
    .execute();
  if (receipts.length === 0) return [];
  const receiptIds = receipts.map((r) => r.id);
  const lines = await db
    .selectFrom('receipt_lines')
    .select([
      'id',
      'receipt_id',
      'position',
      'item_id',
      'name',
      'category_id',
      'quantity',
      'gross_cents',
      'discount_cents',
    ])
    .where('company_id', '=', companyId)
    .where('receipt_id', 'in', receiptIds)
    .orderBy('position')
    .execute();
  const lineIds = lines.map((l) => l.id);
  const taxes =
    lineIds.length === 0
      ? []
      : await db
          .selectFrom('receipt_line_taxes')
          .select(['line_id', 'tax_rate_id', 'rate_bp', 'type', 'tax_cents'])
          .where('company_id', '=', companyId)
          .where('line_id', 'in', lineIds)
          .orderBy('id')
          .execute();
  // What refunds already returned: per sale line, and per tax of it (in the sale line's tax order).
  const refundLines =
    lineIds.length === 0
      ? []
      : await db
          .selectFrom('receipt_lines')
          .select(['id', 'refund_of_line_id', 'quantity', 'gross_cents', 'discount_cents'])
          .where('company_id', '=', companyId)
          .where('refund_of_line_id', 'in', lineIds)
          .execute();
  const refundTaxes =
    refundLines.length === 0
      ? []
      : await db
          .selectFrom('receipt_line_taxes')
          .select(['line_id', 'tax_cents'])
          .where('company_id', '=', companyId)
          .where(
            'line_id',
            'in',
            refundLines.map((l) => l.id),
          )
          .orderBy('id')
          .execute();
  return receipts.map((r) => ({
    dbId: r.id,
    key: r.client_id!,
    kind: r.kind,
    customerId: r.customer_id,
    orderTypeId: r.order_type_id,
    lines: lines
      .filter((l) => l.receipt_id === r.id)
      .map((l) => {
        const own = taxes.filter((t) => t.line_id === l.id);
        const refunds = refundLines.filter((x) => x.refund_of_line_id === l.id);
        const refundedTax = own.map(() => 0);
        for (const x of refunds) {
          refundTaxes
            .filter((t) => t.line_id === x.id)
            .forEach((t, k) => (refundedTax[k] = (refundedTax[k] ?? 0) + Number(t.tax_cents)));
        }
        return {
          dbId: l.id,
          position: Number(l.position),
          itemId: l.item_id,
          name: l.name,
          categoryId: l.category_id,
          taxIds: own.map((t) => t.tax_rate_id),
          sale: {
            quantity: Number(l.quantity),
            grossCents: Number(l.gross_cents),
            discountCents: Number(l.discount_cents),
            taxes: own.map((t) => ({
              rateBp: Number(t.rate_bp),
              type: t.type,
              taxCents: Number(t.tax_cents),
            })),
            refunded: {
              quantity: refunds.reduce((s, x) => s + Number(x.quantity), 0),
              grossCents: refunds.reduce((s, x) => s + Number(x.gross_cents), 0),
              discountCents: refunds.reduce((s, x) => s + Number(x.discount_cents), 0),
              taxCents: refundedTax,
            },
          },
        };
      }),
  }));
}
