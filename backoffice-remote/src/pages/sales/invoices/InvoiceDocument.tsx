import { invoiceFigures, type InvoiceDetail } from '@hive/shared/schemas/backoffice/sales';
import { documentTaxLabel } from '@hive/shared/schemas/taxLabel';
import { useCentsFormat } from '../../../components';
import { useAreaT, useLanguage } from '../../../i18n';
import { paymentMethodText } from './paymentMethod';
import styles from './invoices.module.css';

/** The invoice as the customer receives it: on the page, in the print view and saved as PDF. */
export function InvoiceDocument({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useAreaT('sales');
  const language = useLanguage();
  const format = useCentsFormat();
  const quantity = (hundredths: number) => format.decimal(hundredths / 100);
  // The figures the PDF and the e-mail show too (one function: they agree to the cent).
  const figures = invoiceFigures(invoice);
  return (
    <article className={styles.document} aria-label={t('invoices.document')}>
      <header className={styles.docHead}>
        <div>
          <p className={styles.docCompany}>{invoice.company.legalName || invoice.company.name}</p>
          {invoice.company.address && <p>{invoice.company.address}</p>}
          {invoice.company.taxId && <p>{t('invoices.taxId', { id: invoice.company.taxId })}</p>}
          {(invoice.company.email || invoice.company.phone) && (
            <p>{[invoice.company.email, invoice.company.phone].filter(Boolean).join(' · ')}</p>
          )}
        </div>
        <div className={styles.docMeta}>
          <p className={styles.docTitle}>
            {invoice.number === null ? t('invoices.draftTitle') : t('invoices.title', { number: invoice.number })}
          </p>
          <p>{t('invoices.issued', { date: invoice.issueDate })}</p>
          <p>{t('invoices.due', { date: invoice.dueDate })}</p>
        </div>
      </header>
      <section className={styles.billTo}>
        <p className={styles.label}>{t('invoices.billTo')}</p>
        <p>{invoice.customer.name}</p>
        {invoice.customer.email && <p>{invoice.customer.email}</p>}
      </section>
      <div className={styles.tableBox}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('invoices.linesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invoices.fields.description')}</th>
              <th scope="col" className={styles.num}>
                {t('invoices.fields.quantity')}
              </th>
              <th scope="col" className={styles.num}>
                {t('invoices.fields.unitPrice')}
              </th>
              <th scope="col" className={styles.num}>
                {t('invoices.fields.discount')}
              </th>
              <th scope="col" className={styles.num}>
                {t('invoices.columns.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.lines.map((line, index) => (
              <tr key={index}>
                <td>{line.description}</td>
                <td className={styles.num}>{quantity(line.quantityHundredths)}</td>
                <td className={styles.num}>{format.cents(line.unitPriceCents)}</td>
                <td className={styles.num}>{line.discountCents > 0 ? format.cents(line.discountCents) : ''}</td>
                <td className={styles.num}>{format.cents(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className={styles.totals}>
        <div>
          <dt>{t('invoices.subtotal')}</dt>
          <dd>{format.cents(figures.subtotalCents)}</dd>
        </div>
        {figures.discountCents > 0 && (
          <div>
            <dt>{t('invoices.fields.invoiceDiscount')}</dt>
            <dd>−{format.cents(figures.discountCents)}</dd>
          </div>
        )}
        {figures.taxes.map((tax) => (
          <div key={`${tax.name}${tax.rateBp}${tax.type}`}>
            <dt>
              {documentTaxLabel(
                tax.name,
                tax.rateBp / 100,
                language,
                tax.type === 'included' ? t('invoices.taxIncludedNote') : undefined,
              )}
            </dt>
            <dd>{format.cents(tax.taxCents)}</dd>
          </div>
        ))}
        <div className={styles.grand}>
          <dt>{t('invoices.columns.total')}</dt>
          <dd data-testid="invoice-total">{format.cents(figures.totalCents)}</dd>
        </div>
        {/* One row per payment, so the customer sees which transfer was counted. */}
        {figures.payments.map((p) => (
          <div key={p.id}>
            <dt>{t('invoices.paidLine', { date: p.paidOn, method: paymentMethodText(p, t) })}</dt>
            <dd>−{format.cents(p.amountCents)}</dd>
          </div>
        ))}
        {figures.balanceCents !== null && (
          <div className={styles.grand}>
            <dt>{t('invoices.columns.balance')}</dt>
            <dd data-testid="invoice-balance">{format.cents(figures.balanceCents)}</dd>
          </div>
        )}
      </dl>
      {invoice.notes && <p className={styles.notes}>{invoice.notes}</p>}
    </article>
  );
}
