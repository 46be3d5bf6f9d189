import type { Address } from '@hive/shared/schemas/backoffice/settings';
import { useReceiptHeaderLines } from '../../../components';
import { useAreaT, useFormat } from '../../../i18n';
import styles from './general-info.module.css';

export interface ReceiptPreviewProps {
  tradingName: string;
  address: Address;
  phone: string;
  taxId: string;
  header: string;
  footer: string;
  logoUrl: string | null;
  currency: string;
}

const SAMPLE_LINES = [
  { key: 'coffee', quantity: 2, unit: 3.2 },
  { key: 'croissant', quantity: 1, unit: 2.5 },
] as const;

/** How a printed receipt starts and ends with these settings (updates as the form is typed in). */
export function ReceiptPreview({
  tradingName,
  address,
  phone,
  taxId,
  header,
  footer,
  logoUrl,
  currency,
}: ReceiptPreviewProps) {
  const { t } = useAreaT('settings');
  const format = useFormat(currency);
  const lines = useReceiptHeaderLines({ address, phone, taxId, header }, (id) =>
    t('business.preview.taxId', { taxId: id }),
  );
  const total = SAMPLE_LINES.reduce((sum, line) => sum + line.quantity * line.unit, 0);
  return (
    <figure className={styles.preview} aria-labelledby="receipt-preview-title">
      <figcaption id="receipt-preview-title" className={styles.previewTitle}>
        {t('business.preview.title')}
      </figcaption>
      <div className={styles.receipt} data-testid="receipt-preview">
        {logoUrl && (
          <img className={styles.receiptLogo} src={logoUrl} alt={t('business.logoAlt', { name: tradingName })} />
        )}
        <p className={styles.receiptName}>{tradingName || t('business.preview.noName')}</p>
        {lines.contact.map((line, i) => (
          <p key={`c${i}`}>{line}</p>
        ))}
        {lines.header.map((line, i) => (
          <p key={`h${i}`} className={styles.receiptText}>
            {line}
          </p>
        ))}
        <hr />
        <table className={styles.receiptLines}>
          <caption className={styles.srOnly}>{t('business.preview.sampleLines')}</caption>
          <tbody>
            {SAMPLE_LINES.map((line) => (
              <tr key={line.key}>
                <td>
                  {line.quantity} × {t(`business.preview.items.${line.key}`)}
                </td>
                <td className={styles.amount}>{format.money(line.quantity * line.unit)}</td>
              </tr>
            ))}
            <tr className={styles.receiptTotal}>
              <td>{t('business.preview.total')}</td>
              <td className={styles.amount}>{format.money(total)}</td>
            </tr>
          </tbody>
        </table>
        <hr />
        {footer && <p className={styles.receiptText}>{footer}</p>}
      </div>
    </figure>
  );
}
