import { Link } from 'react-router-dom';
import type { ReceiptDetail } from '@hive/shared/schemas/backoffice/reports';
import { useReceiptHeaderLines } from '../../../components';
import { useAreaT } from '../../../i18n';
import type { ReportFormat } from '../../../frames/report';
import styles from '../../../frames/report/frame.module.css';

/** A receipt as it was printed (the reprint view shows this alone). */
export function ReceiptView({
  receipt,
  format,
  linkTo,
}: {
  receipt: ReceiptDetail;
  format: ReportFormat;
  linkTo: (id: number) => string;
}) {
  const { t } = useAreaT('reports');
  const top = useReceiptHeaderLines(receipt.business, (taxId) => t('transactions.taxId', { taxId }));
  const money = (cents: number) => format.cents(receipt.kind === 'refund' ? -cents : cents);
  const row = (label: string, value: string, strong = false, key?: string | number) => (
    <div key={key} className={styles.documentRow}>
      <span>{strong ? <strong>{label}</strong> : label}</span>
      <span>{strong ? <strong>{value}</strong> : value}</span>
    </div>
  );
  return (
    <article className={styles.document} aria-labelledby="receipt-title">
      <div className={styles.documentCenter}>
        <strong>{receipt.business.name}</strong>
        {/* As the receipt preview of Settings › General information shows it: a line each. */}
        {[...top.contact, ...top.header].map((line, i) => (
          <p key={i} className={styles.documentLine}>
            {line}
          </p>
        ))}
      </div>
      <hr className={styles.documentRule} />
      <h2 id="receipt-title" className={styles.tableTitle}>
        {t(receipt.kind === 'refund' ? 'transactions.refundNumber' : 'transactions.receiptNumber', {
          number: receipt.number,
        })}
      </h2>
      <p className={styles.note}>
        {format.stamp(receipt.localTime)}
        {receipt.localNumber && ` · ${t('transactions.localNumber', { number: receipt.localNumber })}`}
      </p>
      <dl className={styles.summary}>
        {receipt.location && (
          <div>
            <dt>{t('frame.location')}</dt>
            <dd>{receipt.location}</dd>
          </div>
        )}
        {receipt.terminal && (
          <div>
            <dt>{t('transactions.terminal')}</dt>
            <dd>{receipt.terminal}</dd>
          </div>
        )}
        {receipt.employee && (
          <div>
            <dt>{t('frame.employee')}</dt>
            <dd>{receipt.employee}</dd>
          </div>
        )}
        {receipt.customer && (
          <div>
            <dt>{t('transactions.customer')}</dt>
            <dd>{receipt.customer}</dd>
          </div>
        )}
        {receipt.orderType && (
          <div>
            <dt>{t('sales.orderType')}</dt>
            <dd>{receipt.orderType}</dd>
          </div>
        )}
        {receipt.shiftNumber !== null && (
          <div>
            <dt>{t('closings.shift')}</dt>
            <dd>{receipt.shiftNumber}</dd>
          </div>
        )}
      </dl>
      {receipt.refundOf && (
        <p className={styles.note}>
          {t('transactions.refundOf')} <Link to={linkTo(receipt.refundOf.id)}>#{receipt.refundOf.number}</Link>
        </p>
      )}
      <hr className={styles.documentRule} />
      <table className={styles.table} aria-label={t('transactions.lines')}>
        <thead>
          <tr>
            <th scope="col">{t('transactions.line')}</th>
            <th scope="col" className={styles.num}>
              {t('transactions.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={line.position}>
              <td>
                {line.quantity} × {line.name} <span className={styles.note}>@ {format.cents(line.unitPriceCents)}</span>
                {line.modifiers.map((m) => (
                  <div key={m.name} className={styles.note}>
                    + {m.name} {format.cents(m.priceCents)}
                  </div>
                ))}
                {line.discountCents > 0 && (
                  <div className={styles.note}>
                    {t('transactions.lineDiscount', { amount: format.cents(line.discountCents) })}
                  </div>
                )}
              </td>
              <td className={styles.num}>{money(line.grossCents - line.discountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr className={styles.documentRule} />
      {row(t('transactions.subtotal'), money(receipt.grossCents))}
      {receipt.discounts.map((d, i) => row(d.name, format.cents(-d.amountCents), false, i))}
      {receipt.discountCents > 0 && row(t('metrics.discounts'), money(-receipt.discountCents))}
      {receipt.taxes.map((tax, i) =>
        row(
          `${format.tax(tax.name, tax.rateBp / 100)} (${t(`taxes.types.${tax.type}`)})`,
          money(tax.taxCents),
          false,
          i,
        ),
      )}
      {row(t('transactions.total'), money(receipt.totalCents), true)}
      <hr className={styles.documentRule} />
      {receipt.payments.map((p, i) => (
        <div key={i}>
          {row(p.name, money(p.amountCents))}
          {p.tipCents > 0 && row(t('transactions.tip'), money(p.tipCents))}
        </div>
      ))}
      {receipt.changeCents > 0 && row(t('transactions.change'), format.cents(receipt.changeCents))}
      {receipt.note && <p className={styles.note}>{receipt.note}</p>}
      {receipt.refunds.length > 0 && (
        <>
          <hr className={styles.documentRule} />
          <p>
            <strong>{t('transactions.refunds')}</strong>
          </p>
          <ul>
            {receipt.refunds.map((r) => (
              <li key={r.id}>
                <Link to={linkTo(r.id)}>#{r.number}</Link> · {format.stamp(r.localTime)} · {format.cents(-r.totalCents)}
              </li>
            ))}
          </ul>
        </>
      )}
      {receipt.business.footer && (
        <>
          <hr className={styles.documentRule} />
          <p className={`${styles.note} ${styles.documentCenter}`}>{receipt.business.footer}</p>
        </>
      )}
    </article>
  );
}
