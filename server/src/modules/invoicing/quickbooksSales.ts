import { paymentShares } from '@hive/register-sdk/money';
import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import type { QbMapping } from '@hive/shared/schemas/backoffice/sales';
import { localTime } from '../../platform/time';
import type { Db } from '../merchant';
import type { Entry, Split } from './quickbooksFormat';

/** The days of an export: local dates, and the instants around them. */
export interface Period {
  from: string;
  to: string;
  start: number;
  end: number;
  timezone: string;
}

/** Register sales, one journal entry per day (the location's day): payments and tips against sales, tax and tips. */
export async function salesEntries(db: Db, companyId: number, period: Period, mapping: QbMapping): Promise<Entry[]> {
  // A day before and after in UTC, then cut by each receipt's own location day.
  const receipts = await db
    .selectFrom('receipts as r')
    .leftJoin('locations as l', 'l.id', 'r.location_id')
    .select([
      'r.id',
      'r.kind',
      'r.created_at',
      'r.net_cents',
      'r.tax_cents',
      'r.tip_cents',
      'r.change_cents',
      'l.timezone',
    ])
    .where('r.company_id', '=', companyId)
    .where('r.created_at', '>=', period.start - 86_400_000)
    .where('r.created_at', '<', period.end + 86_400_000)
    .execute();
  const inPeriod = new Map<
    number,
    { day: string; sign: number; net: number; tax: number; tip: number; change: number }
  >();
  for (const r of receipts) {
    const day = isoDay(localTime(Number(r.created_at), r.timezone ?? period.timezone).day);
    if (day < period.from || day > period.to) continue;
    const sign = r.kind === 'refund' ? -1 : 1;
    inPeriod.set(r.id, {
      day,
      sign,
      net: Number(r.net_cents),
      tax: Number(r.tax_cents),
      tip: Number(r.tip_cents),
      change: Number(r.change_cents),
    });
  }
  const ids = [...inPeriod.keys()];
  const payments: {
    id: number;
    receipt_id: number;
    payment_type_id: number | null;
    amount_cents: number;
    tip_cents: number;
    cash_like: number;
  }[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    payments.push(
      ...(await db
        .selectFrom('receipt_payments')
        .select(['id', 'receipt_id', 'payment_type_id', 'amount_cents', 'tip_cents', 'cash_like'])
        .where('company_id', '=', companyId)
        .where('receipt_id', 'in', ids.slice(i, i + 500))
        .orderBy('id')
        .execute()),
    );
  }
  const days = new Map<string, { accounts: Map<string, number>; net: number; tax: number; tip: number }>();
  const dayOf = (day: string) => {
    let d = days.get(day);
    if (!d) {
      d = { accounts: new Map(), net: 0, tax: 0, tip: 0 };
      days.set(day, d);
    }
    return d;
  };
  for (const r of inPeriod.values()) {
    const d = dayOf(r.day);
    d.net += r.sign * r.net;
    d.tax += r.sign * r.tax;
    d.tip += r.sign * r.tip;
  }
  const paymentsOf = new Map<number, typeof payments>();
  for (const p of payments) paymentsOf.set(p.receipt_id, [...(paymentsOf.get(p.receipt_id) ?? []), p]);
  for (const [id, list] of paymentsOf) {
    const r = inPeriod.get(id)!;
    // The change handed back comes out of the cash tendered (the rule every report uses).
    const shares = paymentShares(
      list.map((p) => ({ cash_like: Number(p.cash_like), amount_cents: Number(p.amount_cents) })),
      r.change,
    );
    list.forEach((p, i) => {
      const account =
        (p.payment_type_id !== null ? mapping.paymentAccounts[String(p.payment_type_id)] : undefined) ??
        mapping.otherPayments;
      const d = dayOf(r.day);
      d.accounts.set(account, (d.accounts.get(account) ?? 0) + r.sign * (shares[i]! + Number(p.tip_cents)));
    });
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, d]) => {
      const memo = `Register sales ${day}`;
      const splits: Split[] = [...d.accounts.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([account, cents]) => ({ account, cents, name: '', memo }));
      splits.push({ account: mapping.income, cents: -d.net, name: '', memo });
      if (d.tax !== 0) splits.push({ account: mapping.taxPayable, cents: -d.tax, name: '', memo });
      if (d.tip !== 0) splits.push({ account: mapping.tipsPayable, cents: -d.tip, name: '', memo });
      return {
        type: 'GENERAL JOURNAL' as const,
        date: day,
        doc: `SALES-${day}`,
        splits: splits.filter((s) => s.cents !== 0),
      };
    })
    .filter((e) => e.splits.length > 0);
}
