import { invoiceFigures, type InvoiceDetail } from '@hive/shared/schemas/backoffice/sales';
import { documentTaxLabel } from '@hive/shared/schemas/taxLabel';
import { mailFormats, type MailLanguage, type MailTexts } from '../../platform/outbox';

/*
 * The invoice e-mail, in the company's language (its customer is outside the product: no language
 * of theirs is known), with that language's money and dates. The figures are the page's and the
 * PDF's (invoiceFigures), so the lines add up to the subtotal.
 */

interface Words {
  subject: (n: number | null, company: string) => string;
  dates: (issued: string, due: string) => string;
  subtotal: string;
  discount: string;
  included: string;
  total: string;
  paid: (day: string) => string;
  balance: string;
}

const WORDS: Record<MailLanguage, Words> = {
  en: {
    subject: (n, company) => `Invoice #${n} from ${company}`,
    dates: (issued, due) => `Date: ${issued}   Due: ${due}`,
    subtotal: 'Subtotal',
    discount: 'Discount',
    included: 'included',
    total: 'Total',
    paid: (day) => `Paid ${day}`,
    balance: 'Balance due',
  },
  es: {
    subject: (n, company) => `Factura n.º ${n} de ${company}`,
    dates: (issued, due) => `Fecha: ${issued}   Vence: ${due}`,
    subtotal: 'Subtotal',
    discount: 'Descuento',
    included: 'incluido',
    total: 'Total',
    paid: (day) => `Pagado el ${day}`,
    balance: 'Pendiente de pago',
  },
};

function invoiceMail(language: MailLanguage) {
  const t = WORDS[language];
  return ({ invoice, currency }: { invoice: InvoiceDetail; currency: string }) => {
    const f = mailFormats(language, currency);
    const money = f.money;
    const figures = invoiceFigures(invoice);
    const lines = figures.lines.map(
      (l) =>
        `${f.number(l.quantityHundredths / 100)} x ${l.description} @ ${money(l.unitPriceCents)}` +
        `${l.discountCents > 0 ? ` - ${money(l.discountCents)}` : ''} = ${money(l.amountCents)}`,
    );
    const body = [
      t.subject(invoice.number, invoice.company.name),
      t.dates(f.day(invoice.issueDate), f.day(invoice.dueDate)),
      '',
      ...lines,
      '',
      `${t.subtotal}: ${money(figures.subtotalCents)}`,
      figures.discountCents > 0 ? `${t.discount}: -${money(figures.discountCents)}` : '',
      ...figures.taxes.map(
        (tax) =>
          `${documentTaxLabel(tax.name, tax.rateBp / 100, language, tax.type === 'included' ? t.included : undefined)}: ` +
          money(tax.taxCents),
      ),
      `${t.total}: ${money(figures.totalCents)}`,
      ...figures.payments.map((p) => `${t.paid(f.day(p.paidOn))}: -${money(p.amountCents)}`),
      figures.balanceCents !== null && figures.payments.length > 0
        ? `${t.balance}: ${money(figures.balanceCents)}`
        : '',
      invoice.notes ? `\n${invoice.notes}` : '',
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n');
    return { subject: t.subject(invoice.number, invoice.company.name), body };
  };
}

export const INVOICE_MAIL: MailTexts<{ invoice: InvoiceDetail; currency: string }> = {
  en: invoiceMail('en'),
  es: invoiceMail('es'),
};
