import type { InvoiceDetail } from '@hive/shared/schemas/backoffice/sales';
import { FormDialog } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';
import { InvoiceDocument } from './InvoiceDocument';
import styles from './invoices.module.css';

/**
 * What Send will do, before it does it: to whom (or that nobody is e-mailed when the customer has
 * no address), the subject the server writes, and the invoice as the customer will see it. A
 * send numbers a draft and cannot be undone, so it waits for Confirm.
 */
export function SendPreview({
  invoice,
  busy,
  onConfirm,
  onCancel,
}: {
  invoice: InvoiceDetail;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useAreaT('sales');
  const to = invoice.customer.email;
  // The server's subject ("Invoice #12 from Corner Market"); a draft gets its number on sending.
  const subject = t('invoices.sendPreview.subject', {
    number: invoice.number ?? t('invoices.sendPreview.nextNumber'),
    company: invoice.company.name,
  });
  return (
    <FormDialog
      open
      title={t('invoices.sendPreview.title')}
      submitLabel={t('invoices.sendPreview.confirm')}
      cancelLabel={t('common:common.cancel')}
      busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
      onCancel={onCancel}
    >
      <dl className={styles.facts}>
        <div>
          <dt>{t('invoices.sendPreview.to')}</dt>
          <dd>{to || t('invoices.sendPreview.noEmail')}</dd>
        </div>
        {to && (
          <div>
            <dt>{t('invoices.sendPreview.subjectLabel')}</dt>
            <dd>{subject}</dd>
          </div>
        )}
      </dl>
      <InvoiceDocument invoice={invoice} />
    </FormDialog>
  );
}
