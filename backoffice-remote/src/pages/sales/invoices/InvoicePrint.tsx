import { Link, useSearchParams } from 'react-router-dom';
import type { InvoiceDetail } from '@hive/shared/schemas/backoffice/sales';
import { Alert, Button } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { useAreaT } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { SALES_URL } from '../api';
import { InvoiceDocument } from './InvoiceDocument';
import styles from './invoices.module.css';

/**
 * `/invoice/print?id=<id>`: the invoice alone, A4, for the printer or the browser's "Save as PDF".
 * The bar above it is not printed.
 */
export function InvoicePrint() {
  const { t } = useAreaT('sales');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = /^[1-9]\d{0,9}$/.test(id);
  const invoice = useApi<InvoiceDetail>(valid ? SALES_URL.invoice(id) : null);
  const failure = useFailureMessage('sales:invoices');

  return (
    <div className={styles.printPage}>
      <div className={styles.printBar}>
        <Link to={valid ? `/invoice?edit=${id}` : '/invoice'}>{t('invoices.backToInvoice')}</Link>
        <Button variant="primary" onClick={() => window.print()} disabled={!invoice.data}>
          {t('invoices.print')}
        </Button>
      </div>
      <h1 className={styles.printTitle}>
        {invoice.data?.number ? t('invoices.title', { number: invoice.data.number }) : t('invoices.printTitle')}
      </h1>
      {!valid && <Alert kind="error">{t('invoices.notFound')}</Alert>}
      {invoice.error !== undefined && invoice.error !== null && <Alert kind="error">{failure(invoice.error)}</Alert>}
      {valid && !invoice.data && !invoice.error && <p role="status">{t('common:common.loading')}</p>}
      {invoice.data && <InvoiceDocument invoice={invoice.data} />}
    </div>
  );
}
