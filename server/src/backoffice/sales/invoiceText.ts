import { invoiceFigures, type InvoiceDetail } from '@hive/shared/schemas/backoffice/sales';

/** The e-mail's text: the figures of the page and the PDF (invoiceFigures), so the lines add up. */
export function invoiceText(invoice: InvoiceDetail, money: (cents: number) => string): string {
  const figures = invoiceFigures(invoice);
  const quantity = (hundredths: number) => String(hundredths / 100);
  const rate = (bp: number) => String(bp / 100);
  const lines = figures.lines.map(
    (l) =>
      `${quantity(l.quantityHundredths)} x ${l.description} @ ${money(l.unitPriceCents)}` +
      `${l.discountCents > 0 ? ` - ${money(l.discountCents)}` : ''} = ${money(l.amountCents)}`,
  );
  return [
    `Invoice #${invoice.number} from ${invoice.company.name}`,
    `Date: ${invoice.issueDate}   Due: ${invoice.dueDate}`,
    '',
    ...lines,
    '',
    `Subtotal: ${money(figures.subtotalCents)}`,
    figures.discountCents > 0 ? `Discount: -${money(figures.discountCents)}` : '',
    ...figures.taxes.map(
      (tax) =>
        `${tax.name} (${rate(tax.rateBp)} %${tax.type === 'included' ? ', included' : ''}): ${money(tax.taxCents)}`,
    ),
    `Total: ${money(figures.totalCents)}`,
    ...figures.payments.map((p) => `Paid ${p.paidOn}: -${money(p.amountCents)}`),
    figures.balanceCents !== null && figures.payments.length > 0 ? `Balance due: ${money(figures.balanceCents)}` : '',
    invoice.notes ? `\n${invoice.notes}` : '',
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
}
