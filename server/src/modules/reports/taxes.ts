import type { Kysely } from 'kysely';
import type { DayRange, TaxReport, TaxReportRow } from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../database';
import { n, reportMeta, rollupScope, sumOf, type ReportContext } from './frame';

/*
 * /tax_report: per tax as charged (name, rate and type are copied onto each receipt): taxable
 * sales and tax collected, taxable amount and tax refunded, and what is left to file.
 */

async function taxSums(db: Kysely<Database>, ctx: ReportContext, range: DayRange) {
  const rows = await db
    .selectFrom('rollup_taxes')
    .select([
      'name',
      'rate_bp',
      'type',
      sumOf('taxable_cents').as('taxable'),
      sumOf('tax_cents').as('tax'),
      sumOf('refund_taxable_cents').as('refund_taxable'),
      sumOf('refund_tax_cents').as('refund_tax'),
    ])
    .where(rollupScope(ctx, range))
    .groupBy(['name', 'rate_bp', 'type'])
    .execute();
  return rows.map((r) => ({
    key: `${r.name}|${r.rate_bp}|${r.type}`,
    name: r.name,
    rateBp: n(r.rate_bp),
    type: r.type as 'added' | 'included',
    taxable: n(r.taxable),
    tax: n(r.tax),
    refundTaxable: n(r.refund_taxable),
    refundTax: n(r.refund_tax),
  }));
}

export async function taxReport(db: Kysely<Database>, ctx: ReportContext): Promise<TaxReport> {
  const current = await taxSums(db, ctx, ctx.range);
  const previous = ctx.previous ? await taxSums(db, ctx, ctx.previous) : null;
  const before = previous ? new Map(previous.map((r) => [r.key, r.tax - r.refundTax])) : null;
  const rows: TaxReportRow[] = current
    .map((r) => ({
      name: r.name,
      rateBp: r.rateBp,
      type: r.type,
      taxableSalesCents: r.taxable,
      taxCollectedCents: r.tax,
      taxableRefundedCents: r.refundTaxable,
      taxRefundedCents: r.refundTax,
      netTaxableCents: r.taxable - r.refundTaxable,
      netTaxCents: r.tax - r.refundTax,
      previousNetTaxCents: before ? (before.get(`${r.name}|${r.rateBp}|${r.type}`) ?? 0) : null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.rateBp - b.rateBp || a.type.localeCompare(b.type));
  const total = (list: { taxable: number; tax: number; refundTaxable: number; refundTax: number }[]) => {
    const t = { taxableSalesCents: 0, taxCollectedCents: 0, taxableRefundedCents: 0, taxRefundedCents: 0 };
    for (const r of list) {
      t.taxableSalesCents += r.taxable;
      t.taxCollectedCents += r.tax;
      t.taxableRefundedCents += r.refundTaxable;
      t.taxRefundedCents += r.refundTax;
    }
    return {
      ...t,
      netTaxableCents: t.taxableSalesCents - t.taxableRefundedCents,
      netTaxCents: t.taxCollectedCents - t.taxRefundedCents,
    };
  };
  return {
    ...reportMeta(ctx),
    rows,
    totals: { current: total(current), previous: previous ? total(previous) : null },
  };
}
