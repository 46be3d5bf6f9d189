import PDFDocument from 'pdfkit';
import { fieldProblem } from '../merchant';
import { invoiceFigures, type InvoiceDetail, type InvoicePayment } from '@hive/shared/schemas/backoffice/sales';
import { documentTaxLabel } from '@hive/shared/schemas/taxLabel';

/*
 * The invoice as a PDF file (GET /api/backoffice/customer_invoices/:id/pdf): the figures the
 * printable view shows (the same InvoiceDetail, nothing recomputed), laid out on one A4 page per
 * screenful of lines by pdfkit. The printable view stays the way to print from the browser; this is
 * the file a merchant attaches or archives. Texts in the two languages the back office speaks.
 */

export const PDF_LANGUAGES = ['en', 'es'] as const;
export type PdfLanguage = (typeof PDF_LANGUAGES)[number];

/** The `?lang=` of a PDF request: en when absent, a 400 naming `lang` when not one of ours. */
export function pdfLanguage(value: unknown): PdfLanguage {
  const lang = value ?? 'en';
  if (!PDF_LANGUAGES.some((l) => l === lang)) throw fieldProblem('lang', `choose one of ${PDF_LANGUAGES.join(', ')}`);
  return lang as PdfLanguage;
}

const TEXTS = {
  en: {
    title: (n: number) => `Invoice #${n}`,
    draft: 'Draft invoice',
    issued: 'Date',
    due: 'Due',
    taxId: 'Tax ID',
    billTo: 'Bill to',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    discount: 'Discount',
    amount: 'Amount',
    subtotal: 'Subtotal',
    invoiceDiscount: 'Discount on the invoice',
    included: 'included',
    total: 'Total',
    balance: 'Balance due',
    paidOn: (date: string, method: string) => `Paid on ${date} (${method})`,
    bankTransfer: 'Bank transfer',
    reference: 'ref.',
    notSaid: 'Not said',
    void: 'Void',
  },
  es: {
    title: (n: number) => `Factura n.º ${n}`,
    draft: 'Borrador de factura',
    issued: 'Fecha',
    due: 'Vence',
    taxId: 'NIF',
    billTo: 'Facturar a',
    description: 'Descripción',
    quantity: 'Cantidad',
    unitPrice: 'Precio unitario',
    discount: 'Descuento',
    amount: 'Importe',
    subtotal: 'Subtotal',
    invoiceDiscount: 'Descuento en la factura',
    included: 'incluido',
    total: 'Total',
    balance: 'Pendiente',
    paidOn: (date: string, method: string) => `Pagado el ${date} (${method})`,
    bankTransfer: 'Transferencia bancaria',
    reference: 'ref.',
    notSaid: 'Sin indicar',
    void: 'Anulada',
  },
} satisfies Record<PdfLanguage, unknown>;

/**
 * The standard PDF fonts carry WinAnsi only: characters outside it (a Unicode minus, CJK in a
 * customer's name) would print as the wrong glyph, so they are written as the nearest ASCII or '?'.
 */
function winAnsi(text: string): string {
  return text
    .replace(/[\u2212\u2010\u2011]/g, '-')
    .replace(/\u00a0|\u202f/g, ' ')
    .replace(/[^\u0020-\u00ff\n\u20ac\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/g, '?');
}

const A4 = { width: 595.28, margin: 50 };
const GREY = '#4b5563';

export function invoicePdf(invoice: InvoiceDetail, currency: string, language: PdfLanguage): Promise<Buffer> {
  const t = TEXTS[language];
  const money = new Intl.NumberFormat(language, { style: 'currency', currency });
  const cents = (value: number) => winAnsi(money.format(value / 100));
  const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const doc = new PDFDocument({
    size: 'A4',
    margin: A4.margin,
    info: { Title: invoice.number === null ? t.draft : t.title(invoice.number), Author: invoice.company.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = A4.margin;
  const width = A4.width - 2 * A4.margin;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(winAnsi(value), x, y, options);

  // Header: the company on the left, the invoice's number and days on the right.
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(13);
  text(invoice.company.legalName || invoice.company.name, left, top, { width: width / 2 });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  const company = [
    invoice.company.address,
    invoice.company.taxId ? `${t.taxId} ${invoice.company.taxId}` : '',
    [invoice.company.email, invoice.company.phone].filter(Boolean).join(' · '),
  ].filter(Boolean);
  for (const line of company) text(line, left, doc.y, { width: width / 2 });
  const companyBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(16).fillColor('black');
  const right = { width: width / 2, align: 'right' as const };
  text(invoice.number === null ? t.draft : t.title(invoice.number), left + width / 2, top, right);
  doc.font('Helvetica').fontSize(10);
  text(`${t.issued}: ${invoice.issueDate}`, left + width / 2, doc.y, right);
  text(`${t.due}: ${invoice.dueDate}`, left + width / 2, doc.y, right);
  if (invoice.status === 'void') text(t.void, left + width / 2, doc.y, right);

  let y = Math.max(companyBottom, doc.y) + 24;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY);
  text(t.billTo.toUpperCase(), left, y);
  doc.font('Helvetica').fontSize(11).fillColor('black');
  text(invoice.customer.name, left, doc.y);
  if (invoice.customer.email) text(invoice.customer.email, left, doc.y);

  // The lines: description takes what the four figures leave.
  const figure = 80;
  const columns = [
    { title: t.description, x: left, width: width - 4 * figure, align: 'left' as const },
    { title: t.quantity, x: left + width - 4 * figure, width: figure, align: 'right' as const },
    { title: t.unitPrice, x: left + width - 3 * figure, width: figure, align: 'right' as const },
    { title: t.discount, x: left + width - 2 * figure, width: figure, align: 'right' as const },
    { title: t.amount, x: left + width - figure, width: figure, align: 'right' as const },
  ];
  y = doc.y + 20;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY);
  for (const c of columns) text(c.title, c.x, y, { width: c.width - 4, align: c.align });
  y = doc.y + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#d1d5db')
    .stroke();
  doc.font('Helvetica').fontSize(10).fillColor('black');
  const figures = invoiceFigures(invoice);
  for (const line of figures.lines) {
    y += 6;
    const cells = [
      line.description,
      decimal.format(line.quantityHundredths / 100),
      cents(line.unitPriceCents),
      line.discountCents > 0 ? cents(line.discountCents) : '',
      cents(line.amountCents),
    ];
    const height = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(winAnsi(cell), { width: columns[i]!.width - 4 })),
    );
    if (y + height > doc.page.height - A4.margin - 120) {
      doc.addPage();
      y = A4.margin;
    }
    cells.forEach((cell, i) =>
      text(cell, columns[i]!.x, y, { width: columns[i]!.width - 4, align: columns[i]!.align }),
    );
    y += height;
  }
  y += 6;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();

  // Totals, as the printable view lists them: one row per payment so the customer sees which counted.
  const rows: [string, string, boolean?][] = [[t.subtotal, cents(figures.subtotalCents)]];
  if (figures.discountCents > 0) rows.push([t.invoiceDiscount, `-${cents(figures.discountCents)}`]);
  for (const tax of figures.taxes) {
    const note = tax.type === 'included' ? t.included : undefined;
    rows.push([winAnsi(documentTaxLabel(tax.name, tax.rateBp / 100, language, note)), cents(tax.taxCents)]);
  }
  rows.push([t.total, cents(figures.totalCents), true]);
  for (const p of figures.payments) rows.push([t.paidOn(p.paidOn, methodText(p, t)), `-${cents(p.amountCents)}`]);
  if (figures.balanceCents !== null) rows.push([t.balance, cents(figures.balanceCents), true]);
  y += 10;
  for (const [label, value, strong] of rows) {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 11 : 10);
    // Labels take all but the figure's column: a payment's reference must not wrap.
    text(label, left, y, { width: width - figure - 8, align: 'right' });
    const labelBottom = doc.y;
    text(value, left + width - figure, y, { width: figure, align: 'right' });
    y = Math.max(labelBottom, doc.y) + 4;
  }
  if (invoice.notes) {
    doc.font('Helvetica').fontSize(9).fillColor(GREY);
    text(invoice.notes, left, y + 16, { width });
  }
  doc.end();
  return done;
}

function methodText(p: InvoicePayment, t: (typeof TEXTS)[PdfLanguage]): string {
  if (p.method === 'bank_transfer')
    return p.reference ? `${t.bankTransfer}, ${t.reference} ${p.reference}` : t.bankTransfer;
  return p.paymentTypeName ?? t.notSaid;
}
