import { paymentShares } from '@hive/register-sdk/money';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../database';
import { stampLineCosts } from '../receipts';
import { DEFAULT_TIMEZONE } from '../settings';
import { localTime } from '../../platform/time';
import type { ReportTables } from './tables';
import { chunks } from '../../platform/db/chunks';

/*
 * How receipts add up into roll-up rows (rollups.ts): the tables' keys and sums, the facts of a
 * set of receipts read with a few queries, their rows accumulated by key, and the upserts that add
 * them to the stored ones.
 */

export type Db = Kysely<Database> | Transaction<Database>;
export type RollupTable = Exclude<keyof ReportTables, 'rollup_backfill'>;

/** Receipts per read, and values per IN list (well under both databases' parameter limits). */
export const RECEIPT_CHUNK = 500;
const IN_CHUNK = 1000;
/** Rows per upsert statement. */
const WRITE_CHUNK = 200;

interface TableSpec {
  keys: readonly string[];
  sums: readonly string[];
}

export const ROLLUP_TABLES: Record<RollupTable, TableSpec> = {
  rollup_sales: {
    keys: ['company_id', 'day', 'location_id', 'employee_id', 'order_type_id', 'hour'],
    sums: [
      'sales',
      'refunds',
      'gross_cents',
      'discount_cents',
      'tax_cents',
      'tip_cents',
      'cost_cents',
      'refund_cents',
      'refund_tax_cents',
      'refund_cost_cents',
    ],
  },
  rollup_items: {
    keys: ['company_id', 'day', 'location_id', 'item_id', 'category_id', 'name'],
    sums: ['sold_qty', 'net_cents', 'cost_cents', 'refunded_qty', 'refund_cents', 'refund_cost_cents'],
  },
  rollup_modifiers: {
    keys: ['company_id', 'day', 'location_id', 'name'],
    sums: ['sold_qty', 'amount_cents', 'refunded_qty', 'refund_amount_cents'],
  },
  rollup_payments: {
    keys: ['company_id', 'day', 'location_id', 'employee_id', 'name'],
    sums: ['payments', 'amount_cents', 'tip_cents', 'refunds', 'refund_cents'],
  },
  rollup_taxes: {
    keys: ['company_id', 'day', 'location_id', 'employee_id', 'name', 'rate_bp', 'type'],
    sums: ['taxable_cents', 'tax_cents', 'refund_taxable_cents', 'refund_tax_cents'],
  },
  rollup_receipts: {
    keys: ['company_id', 'day', 'location_id', 'employee_id', 'terminal_id', 'payment'],
    sums: [
      'sales',
      'refunds',
      'sales_cents',
      'refunds_cents',
      'sales_net_cents',
      'refunds_net_cents',
      'sales_paid_cents',
      'refunds_paid_cents',
    ],
  },
};

export const TABLE_NAMES = Object.keys(ROLLUP_TABLES) as RollupTable[];

export type Row = Record<string, string | number>;

/** Rows of `select` over `ids`, IN list by IN list. */
async function inChunks<T>(ids: readonly number[], select: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const part of chunks(ids, IN_CHUNK)) out.push(...(await select(part)));
  return out;
}

/**
 * The sold line's gross without tax: its shelf amount with the included taxes taken out, exactly as
 * lineTaxes does it (net = amount x 10000 / (10000 + included basis points), rounded half up), in
 * integers. Its discount without tax is then this minus the line's net.
 */
export function grossWithoutTax(grossCents: number, includedBp: number): number {
  if (includedBp === 0) return grossCents;
  const d = 10_000 + includedBp;
  return Math.floor((2 * grossCents * 10_000 + d) / (2 * d));
}

/** Adds up receipts into roll-up rows, by key. */
export class Accumulator {
  readonly rows: Record<RollupTable, Map<string, Row>> = {
    rollup_sales: new Map(),
    rollup_items: new Map(),
    rollup_modifiers: new Map(),
    rollup_payments: new Map(),
    rollup_taxes: new Map(),
    rollup_receipts: new Map(),
  };

  add(table: RollupTable, key: Row, sums: Record<string, number>): void {
    const spec = ROLLUP_TABLES[table];
    const id = spec.keys.map((k) => key[k]).join('\u0000');
    let row = this.rows[table].get(id);
    if (!row) {
      row = { ...key };
      for (const s of spec.sums) row[s] = 0;
      this.rows[table].set(id, row);
    }
    for (const [s, v] of Object.entries(sums)) row[s] = (row[s] as number) + v;
  }
}

interface Facts {
  receipts: {
    id: number;
    company_id: number;
    kind: 'sale' | 'refund';
    location_id: number | null;
    employee_id: number | null;
    order_type_id: number | null;
    terminal_id: number | null;
    created_at: number;
    total_cents: number;
    net_cents: number;
    tax_cents: number;
    tip_cents: number;
    change_cents: number;
  }[];
  zones: { location: Map<number, string>; company: Map<number, string> };
  lines: {
    id: number;
    receipt_id: number;
    item_id: number | null;
    category_id: number | null;
    name: string;
    quantity: number;
    gross_cents: number;
    net_cents: number;
    refund_of_line_id: number | null;
    unit_cost_cents: number;
  }[];
  includedBp: Map<number, number>;
  /** By line id (a refund line: its sale line's modifiers). */
  modifiers: Map<number, { name: string; price_cents: number }[]>;
  payments: { receipt_id: number; name: string; cash_like: number; amount_cents: number; tip_cents: number }[];
  taxes: {
    receipt_id: number;
    name: string;
    rate_bp: number;
    type: string;
    taxable_cents: number;
    tax_cents: number;
  }[];
}

export const num = (v: unknown) => Number(v ?? 0);

/**
 * Reads what the roll-ups need of `ids`. With `stampCosts`, lines without a unit cost get it now
 * (the item's cost; a refund line its sale line's) and keep it: cost of goods is the cost when sold.
 */
export async function loadFacts(db: Db, ids: readonly number[], stampCosts: boolean): Promise<Facts> {
  const receipts = (
    await db
      .selectFrom('receipts')
      .select([
        'id',
        'company_id',
        'kind',
        'location_id',
        'employee_id',
        'order_type_id',
        'terminal_id',
        'created_at',
        'total_cents',
        'net_cents',
        'tax_cents',
        'tip_cents',
        'change_cents',
      ])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute()
  ).map((r) => ({
    ...r,
    created_at: num(r.created_at),
    total_cents: num(r.total_cents),
    net_cents: num(r.net_cents),
    tax_cents: num(r.tax_cents),
    tip_cents: num(r.tip_cents),
    change_cents: num(r.change_cents),
  }));
  const locationIds = [...new Set(receipts.flatMap((r) => (r.location_id === null ? [] : [r.location_id])))];
  const companyIds = [...new Set(receipts.map((r) => r.company_id))];
  const location = new Map(
    locationIds.length === 0
      ? []
      : (await db.selectFrom('locations').select(['id', 'timezone']).where('id', 'in', locationIds).execute()).map(
          (l) => [l.id, l.timezone] as const,
        ),
  );
  const company = new Map(
    (
      await db
        .selectFrom('company_profiles')
        .select(['company_id', 'timezone'])
        .where('company_id', 'in', companyIds)
        .execute()
    ).map((p) => [p.company_id, p.timezone] as const),
  );

  const rawLines = await inChunks(ids, (part) =>
    db
      .selectFrom('receipt_lines')
      .select([
        'id',
        'receipt_id',
        'item_id',
        'category_id',
        'name',
        'quantity',
        'gross_cents',
        'net_cents',
        'refund_of_line_id',
        'unit_cost_cents',
      ])
      .where('receipt_id', 'in', part)
      .orderBy('id')
      .execute(),
  );
  const lineIds = rawLines.map((l) => l.id);
  const includedBp = new Map<number, number>();
  for (const t of await inChunks(lineIds, (part) =>
    db
      .selectFrom('receipt_line_taxes')
      .select(['line_id', 'rate_bp'])
      .where('line_id', 'in', part)
      .where('type', '=', 'included')
      .execute(),
  )) {
    includedBp.set(t.line_id, (includedBp.get(t.line_id) ?? 0) + num(t.rate_bp));
  }

  // Unit costs: stamped once, when first rolled up.
  const kindOf = new Map(receipts.map((r) => [r.id, r.kind]));
  const missing = rawLines.filter((l) => l.unit_cost_cents === null);
  const costs = new Map<number, number>();
  if (missing.length > 0) {
    const saleLineIds = [
      ...new Set(missing.flatMap((l) => (l.refund_of_line_id === null ? [] : [l.refund_of_line_id]))),
    ];
    const saleLines = new Map(
      (
        await inChunks(saleLineIds, (part) =>
          db.selectFrom('receipt_lines').select(['id', 'item_id', 'unit_cost_cents']).where('id', 'in', part).execute(),
        )
      ).map((l) => [l.id, l] as const),
    );
    const itemIds = [
      ...new Set(
        [...missing.map((l) => l.item_id), ...[...saleLines.values()].map((l) => l.item_id)].filter(
          (id): id is number => id !== null,
        ),
      ),
    ];
    const itemCost = new Map(
      (
        await inChunks(itemIds, (part) =>
          db.selectFrom('items').select(['id', 'cost_cents']).where('id', 'in', part).execute(),
        )
      ).map((i) => [i.id, num(i.cost_cents)] as const),
    );
    for (const line of missing) {
      const sale = line.refund_of_line_id === null ? undefined : saleLines.get(line.refund_of_line_id);
      let cost: number;
      if (kindOf.get(line.receipt_id) === 'refund' && sale) {
        cost =
          sale.unit_cost_cents !== null
            ? num(sale.unit_cost_cents)
            : sale.item_id !== null
              ? (itemCost.get(sale.item_id) ?? 0)
              : 0;
      } else {
        cost = line.item_id !== null ? (itemCost.get(line.item_id) ?? 0) : 0;
      }
      costs.set(line.id, cost);
    }
    if (stampCosts) {
      const byCost = new Map<number, number[]>();
      for (const [id, cost] of costs) byCost.set(cost, [...(byCost.get(cost) ?? []), id]);
      for (const [cost, lineIdsOfCost] of byCost) {
        for (const part of chunks(lineIdsOfCost, IN_CHUNK)) {
          await stampLineCosts(db, part, cost);
        }
      }
    }
  }
  const lines = rawLines.map((l) => ({
    ...l,
    quantity: num(l.quantity),
    gross_cents: num(l.gross_cents),
    net_cents: num(l.net_cents),
    unit_cost_cents: l.unit_cost_cents === null ? (costs.get(l.id) ?? 0) : num(l.unit_cost_cents),
  }));

  // Modifiers: a refund line returns those of the sale line it refunds.
  const sourceOf = (l: (typeof lines)[number]) => (kindOf.get(l.receipt_id) === 'refund' ? l.refund_of_line_id : l.id);
  const sources = [...new Set(lines.map(sourceOf).filter((id): id is number => id !== null))];
  const bySource = new Map<number, { name: string; price_cents: number }[]>();
  for (const m of await inChunks(sources, (part) =>
    db
      .selectFrom('receipt_line_modifiers')
      .select(['line_id', 'name', 'price_cents'])
      .where('line_id', 'in', part)
      .orderBy('id')
      .execute(),
  )) {
    const list = bySource.get(m.line_id) ?? [];
    list.push({ name: m.name, price_cents: num(m.price_cents) });
    bySource.set(m.line_id, list);
  }
  const modifiers = new Map<number, { name: string; price_cents: number }[]>();
  for (const line of lines) {
    const source = sourceOf(line);
    const list = source === null ? undefined : bySource.get(source);
    if (list) modifiers.set(line.id, list);
  }

  const payments = (
    await inChunks(ids, (part) =>
      db
        .selectFrom('receipt_payments')
        .select(['receipt_id', 'name', 'cash_like', 'amount_cents', 'tip_cents'])
        .where('receipt_id', 'in', part)
        .orderBy('id')
        .execute(),
    )
  ).map((p) => ({ ...p, amount_cents: num(p.amount_cents), tip_cents: num(p.tip_cents) }));
  const taxes = (
    await inChunks(ids, (part) =>
      db
        .selectFrom('receipt_taxes')
        .select(['receipt_id', 'name', 'rate_bp', 'type', 'taxable_cents', 'tax_cents'])
        .where('receipt_id', 'in', part)
        .orderBy('id')
        .execute(),
    )
  ).map((t) => ({ ...t, rate_bp: num(t.rate_bp), taxable_cents: num(t.taxable_cents), tax_cents: num(t.tax_cents) }));

  return { receipts, zones: { location, company }, lines, includedBp, modifiers, payments, taxes };
}

export function accumulate(facts: Facts, acc: Accumulator): void {
  const linesOf = new Map<number, Facts['lines']>();
  for (const l of facts.lines) linesOf.set(l.receipt_id, [...(linesOf.get(l.receipt_id) ?? []), l]);
  const paymentsOf = new Map<number, Facts['payments']>();
  for (const p of facts.payments) paymentsOf.set(p.receipt_id, [...(paymentsOf.get(p.receipt_id) ?? []), p]);
  const taxesOf = new Map<number, Facts['taxes']>();
  for (const t of facts.taxes) taxesOf.set(t.receipt_id, [...(taxesOf.get(t.receipt_id) ?? []), t]);

  for (const r of facts.receipts) {
    const zone =
      (r.location_id !== null ? facts.zones.location.get(r.location_id) : undefined) ??
      facts.zones.company.get(r.company_id) ??
      DEFAULT_TIMEZONE;
    const { day, hour } = localTime(r.created_at, zone);
    const place = { company_id: r.company_id, day, location_id: r.location_id ?? 0 };
    const staff = { ...place, employee_id: r.employee_id ?? 0 };
    const lines = linesOf.get(r.id) ?? [];
    const sale = r.kind === 'sale';

    let gross = 0;
    let discount = 0;
    let cost = 0;
    for (const line of lines) {
      const lineCost = line.quantity * line.unit_cost_cents;
      cost += lineCost;
      if (sale) {
        const grossEx = grossWithoutTax(line.gross_cents, facts.includedBp.get(line.id) ?? 0);
        gross += grossEx;
        discount += grossEx - line.net_cents;
      }
      acc.add(
        'rollup_items',
        { ...place, item_id: line.item_id ?? 0, category_id: line.category_id ?? 0, name: line.name },
        sale
          ? { sold_qty: line.quantity, net_cents: line.net_cents, cost_cents: lineCost }
          : { refunded_qty: line.quantity, refund_cents: line.net_cents, refund_cost_cents: lineCost },
      );
      for (const m of facts.modifiers.get(line.id) ?? []) {
        acc.add(
          'rollup_modifiers',
          { ...place, name: m.name },
          sale
            ? { sold_qty: line.quantity, amount_cents: line.quantity * m.price_cents }
            : { refunded_qty: line.quantity, refund_amount_cents: line.quantity * m.price_cents },
        );
      }
    }
    acc.add(
      'rollup_sales',
      { ...staff, order_type_id: r.order_type_id ?? 0, hour },
      sale
        ? {
            sales: 1,
            gross_cents: gross,
            discount_cents: discount,
            tax_cents: r.tax_cents,
            tip_cents: r.tip_cents,
            cost_cents: cost,
          }
        : { refunds: 1, refund_cents: r.net_cents, refund_tax_cents: r.tax_cents, refund_cost_cents: cost },
    );

    const payments = paymentsOf.get(r.id) ?? [];
    const shares = sale ? paymentShares(payments, r.change_cents) : payments.map((p) => p.amount_cents);
    // The receipt once for every receipt ('') and once per payment type it was paid (in part) with:
    // its count and total (the list's sums), its net amount (the figure of a list by till) and, per
    // payment type, what that type took (the figure of a list by payment type, figure.ts's rule).
    const till = { ...staff, terminal_id: r.terminal_id ?? 0 };
    const counted: Record<string, number> = sale
      ? { sales: 1, sales_cents: r.total_cents, sales_net_cents: r.net_cents }
      : { refunds: 1, refunds_cents: r.total_cents, refunds_net_cents: r.net_cents };
    const paid = new Map<string, number>();
    payments.forEach((p, i) => paid.set(p.name, (paid.get(p.name) ?? 0) + shares[i]! + (sale ? p.tip_cents : 0)));
    acc.add('rollup_receipts', { ...till, payment: '' }, counted);
    for (const [payment, cents] of paid) {
      acc.add(
        'rollup_receipts',
        { ...till, payment },
        {
          ...counted,
          ...(sale ? { sales_paid_cents: cents } : { refunds_paid_cents: cents }),
        },
      );
    }
    payments.forEach((p, i) => {
      acc.add(
        'rollup_payments',
        { ...staff, name: p.name },
        sale
          ? { payments: 1, amount_cents: shares[i]!, tip_cents: p.tip_cents }
          : { refunds: 1, refund_cents: shares[i]! },
      );
    });
    for (const t of taxesOf.get(r.id) ?? []) {
      acc.add(
        'rollup_taxes',
        { ...staff, name: t.name, rate_bp: t.rate_bp, type: t.type },
        sale
          ? { taxable_cents: t.taxable_cents, tax_cents: t.tax_cents }
          : { refund_taxable_cents: t.taxable_cents, refund_tax_cents: t.tax_cents },
      );
    }
  }
}

/** Adds the rows to the stored ones (new keys are inserted). */
export async function upsert(db: Db, table: RollupTable, rows: readonly Row[]): Promise<void> {
  const spec = ROLLUP_TABLES[table];
  for (const part of chunks(rows, WRITE_CHUNK)) {
    await db
      .insertInto(table)
      // The rows are built from ROLLUP_TABLES, which mirrors the table's columns.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(part as any)
      .onConflict((oc) =>
        oc
          .columns(spec.keys as never)
          .doUpdateSet((eb) =>
            Object.fromEntries(
              spec.sums.map((s) => [s, eb(eb.ref(`${table}.${s}` as never), '+', eb.ref(`excluded.${s}` as never))]),
            ),
          ),
      )
      .execute();
  }
}

export async function write(db: Db, acc: Accumulator, tables: readonly RollupTable[] = TABLE_NAMES): Promise<void> {
  for (const table of tables) await upsert(db, table, [...acc.rows[table].values()]);
}
