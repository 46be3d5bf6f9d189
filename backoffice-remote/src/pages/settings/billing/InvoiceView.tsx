import { Link } from 'react-router-dom';
import { ArrowLeft, Printer } from 'lucide-react';
import { PRODUCT_NAME } from '@hive/shared/config';
import type { PlatformInvoice } from '@hive/shared/schemas/backoffice/settings';
import { Alert, Button, PageFrame } from '@hive/shared/ui';
import { failureKind, useApi } from '../../../api';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, useFormat, usePageMeta } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { SETTINGS_URL } from '../api';
import { Badge, useCountryName } from '../shared';
import { useBillingDates } from './format';
import styles from './billing.module.css';

/** A platform invoice as a document: read on screen, printed (or saved as PDF) from the browser. */
export function InvoiceView({ id }: { id: string }) {
  const { t } = useAreaT('settings');
  const invoice = useApi<PlatformInvoice>(SETTINGS_URL.billingInvoice(id));
  const failure = useFailureMessage('settings:billing');
  const heading = invoice.data
    ? t('billing.invoice.title', { number: invoice.data.number })
    : t('billing.invoice.loadingTitle');
  const { breadcrumb } = usePageMeta('/company_billing', [heading]);

  const back = (
    <Link to={{ search: '' }} className={styles.backLink}>
      <ArrowLeft size={16} aria-hidden="true" />
      {t('billing.invoice.back')}
    </Link>
  );

  let body;
  if (invoice.error) {
    body = (
      <Alert kind="error" action={back}>
        {failureKind(invoice.error) === 'notFound' ? t('billing.invoice.notFound') : failure(invoice.error)}
      </Alert>
    );
  } else if (!invoice.data) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else {
    body = <InvoiceDocument invoice={invoice.data} />;
  }

  return (
    <PageFrame
      title={heading}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      actions={
        invoice.data && (
          <>
            {back}
            <Button variant="primary" icon={<Printer size={16} aria-hidden="true" />} onClick={() => window.print()}>
              {t('billing.invoice.print')}
            </Button>
          </>
        )
      }
    >
      {body}
    </PageFrame>
  );
}

function InvoiceDocument({ invoice }: { invoice: PlatformInvoice }) {
  const { t } = useAreaT('settings');
  const format = useFormat(invoice.currency);
  const dates = useBillingDates();
  const countryName = useCountryName();
  const to = invoice.billedTo;
  const place = [to.address.postalCode, to.address.city, to.address.region].filter(Boolean).join(' ');
  return (
    <article className={styles.document} aria-label={t('billing.invoice.title', { number: invoice.number })}>
      <header className={styles.docHead}>
        <div>
          <p className={styles.issuer}>{PRODUCT_NAME}</p>
          <p className={styles.muted}>{t('billing.invoice.issuer')}</p>
        </div>
        <dl className={styles.meta}>
          <div>
            <dt>{t('billing.invoice.number')}</dt>
            <dd>{invoice.number}</dd>
          </div>
          <div>
            <dt>{t('billing.invoice.period')}</dt>
            <dd>{dates.period(invoice.period)}</dd>
          </div>
          <div>
            <dt>{t('billing.invoice.issued')}</dt>
            <dd>{dates.date(invoice.issuedAt)}</dd>
          </div>
          <div>
            <dt>{t('billing.invoice.due')}</dt>
            <dd>{dates.date(invoice.dueAt)}</dd>
          </div>
          <div>
            <dt>{t('billing.invoice.status')}</dt>
            <dd>
              <Badge kind={invoice.status === 'paid' ? 'on' : 'warn'}>
                {t(`billing.invoices.statuses.${invoice.status}`)}
              </Badge>
            </dd>
          </div>
        </dl>
      </header>
      <section className={styles.billedTo} aria-labelledby="invoice-billed-to">
        <h2 id="invoice-billed-to" className={styles.sectionTitle}>
          {t('billing.invoice.billedTo')}
        </h2>
        <p className={styles.strong}>{to.legalName || to.name}</p>
        {to.legalName && to.name && to.legalName !== to.name && <p>{to.name}</p>}
        {to.address.line1 && <p>{to.address.line1}</p>}
        {to.address.line2 && <p>{to.address.line2}</p>}
        {place && <p>{place}</p>}
        {to.address.country && <p>{countryName(to.address.country)}</p>}
        {to.taxId && <p>{t('billing.invoice.taxId', { taxId: to.taxId })}</p>}
        {to.email && <p>{to.email}</p>}
      </section>
      <table className={styles.lines}>
        <caption className={styles.srOnly}>{t('billing.invoice.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.invoice.description')}</th>
            <th scope="col" className={styles.amount}>
              {t('billing.invoice.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, index) => (
            <tr key={index}>
              <td>{line.description}</td>
              <td className={styles.amount}>{format.money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('billing.invoice.subtotal')}</th>
            <td className={styles.amount}>{format.money(invoice.subtotal)}</td>
          </tr>
          {invoice.discount > 0 && (
            <tr>
              <th scope="row">
                {invoice.couponCode
                  ? t('billing.invoice.couponDiscount', { code: invoice.couponCode })
                  : t('billing.invoice.discount')}
              </th>
              <td className={styles.amount}>−{format.money(invoice.discount)}</td>
            </tr>
          )}
          <tr className={styles.total}>
            <th scope="row">{t('billing.invoice.total')}</th>
            <td className={styles.amount}>{format.money(invoice.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className={styles.muted}>{t('billing.invoice.note')}</p>
    </article>
  );
}
