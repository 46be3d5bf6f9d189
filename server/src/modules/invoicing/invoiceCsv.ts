import type { Invoice } from '@hive/shared/schemas/backoffice/sales';
import type { ExportColumn } from '../merchant';

const amount = (cents: number) => (cents / 100).toFixed(2);

/** The invoice list's CSV: one row per invoice, amounts in major units (a draft has no number yet). */
export const INVOICE_CSV_COLUMNS: ExportColumn<Invoice>[] = [
  { header: 'number', value: (r) => r.number ?? '' },
  { header: 'status', value: (r) => r.shownStatus },
  { header: 'customer', value: (r) => r.customer.name },
  { header: 'email', value: (r) => r.customer.email },
  { header: 'issue_date', value: (r) => r.issueDate },
  { header: 'due_date', value: (r) => r.dueDate },
  { header: 'subtotal', value: (r) => amount(r.subtotalCents), decimal: true },
  { header: 'discount', value: (r) => amount(r.discountCents), decimal: true },
  { header: 'tax', value: (r) => amount(r.taxCents), decimal: true },
  { header: 'total', value: (r) => amount(r.totalCents), decimal: true },
  { header: 'paid', value: (r) => amount(r.paidCents), decimal: true },
  { header: 'balance', value: (r) => amount(r.balanceCents), decimal: true },
];
