import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquarePlus } from 'lucide-react';
import {
  createBillingContactSchema,
  type Billing,
  type BillingContact,
  type PlatformInvoiceSummary,
  type SupportRequestSummary,
} from '@hive/shared/schemas/backoffice/settings';
import { Alert, Button, PageFrame, TextField, useToast } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { useApi } from '../../../api';
import {
  DOCUMENT_TITLE_SUFFIX,
  useAreaT,
  useFormat,
  usePageMeta,
  useTableLabels,
  useValidationMessages,
  withAreaTexts,
} from '../../../i18n';
import { formStyles, useFailureMessage, useSaveRecord } from '../../../frames/resource';
import { SETTINGS_ENDPOINT, SETTINGS_URL, useSettingsApi } from '../api';
import { Badge, settingsStyles as styles } from '../shared';
import { useBillingDates } from './format';
import b from './billing.module.css';
import { InvoiceView } from './InvoiceView';
import { RequestChangeDialog } from './RequestChangeDialog';

/**
 * Settings › Billing: the plan as the admin console set it and its monthly price, the billing
 * contact, the platform's invoices (printable) and the company's requests. The plan changes in the
 * admin console only: "Request a change" opens a support ticket there.
 */
function BillingPage() {
  const [searchParams] = useSearchParams();
  const invoice = searchParams.get('invoice');
  return invoice && /^[1-9]\d{0,9}$/.test(invoice) ? <InvoiceView id={invoice} /> : <BillingOverview />;
}

function BillingOverview() {
  const { t } = useAreaT('settings');
  // `?request=1&addon=…&license=…`: a page the plan lacks sent the user here to ask for it (app/LockedFeature).
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('request') === '1';
  const { title, breadcrumb } = usePageMeta('/company_billing');
  const billing = useApi<Billing>(SETTINGS_URL.billing);
  const failure = useFailureMessage('settings:billing');
  const [requesting, setRequesting] = useState(asked);

  let body;
  if (billing.error) {
    body = (
      <Alert kind="error" action={<Button onClick={billing.reload}>{t('common:common.tryAgain')}</Button>}>
        {failure(billing.error)}
      </Alert>
    );
  } else if (!billing.data) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else {
    const data = billing.data;
    body = (
      <div className={styles.stack}>
        <PlanCard billing={data} onRequest={() => setRequesting(true)} />
        <ContactCard contact={data.contact} />
        <InvoicesCard invoices={data.invoices} />
        <RequestsCard requests={data.requests} />
        {requesting && (
          <RequestChangeDialog
            plan={data.plan}
            wanted={asked ? { license: searchParams.get('license'), addons: searchParams.getAll('addon') } : undefined}
            onClose={() => setRequesting(false)}
            onSent={() => {
              setRequesting(false);
              billing.reload();
            }}
          />
        )}
      </div>
    );
  }

  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={t('billing.description')}
    >
      {body}
    </PageFrame>
  );
}

function PlanCard({ billing, onRequest }: { billing: Billing; onRequest: () => void }) {
  const { t } = useAreaT('settings');
  const { plan } = billing;
  const format = useFormat(plan.currency);
  const dates = useBillingDates();
  const price = (value: number | null) => (value === null ? t('billing.priceNotSet') : format.money(value));
  const until = plan.coupon ? dates.date(Date.parse(`${plan.coupon.validTo}T00:00:00Z`)) : '';
  return (
    <section className={styles.card} aria-labelledby="billing-plan">
      <div className={styles.cardHead}>
        <h2 id="billing-plan" className={styles.cardTitle}>
          {t('billing.plan.title')}
        </h2>
        <Button icon={<MessageSquarePlus size={16} aria-hidden="true" />} onClick={onRequest}>
          {t('billing.request.open')}
        </Button>
      </div>
      <p className={styles.muted}>{t('billing.plan.managed')}</p>
      <table className={b.priceTable} data-testid="billing-plan">
        <caption className={formStyles.srOnly}>{t('billing.plan.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.plan.item')}</th>
            <th scope="col" className={b.amount}>
              {t('billing.plan.monthly')}
            </th>
          </tr>
        </thead>
        <tbody>
          {plan.lines.map((line) => (
            <tr key={`${line.kind}-${line.name}`}>
              <th scope="row">
                {line.kind === 'license'
                  ? t('billing.plan.license', { name: line.name })
                  : t('billing.plan.addon', { name: line.name })}
              </th>
              <td className={b.amount}>{price(line.monthly)}</td>
            </tr>
          ))}
          {plan.addons.length === 0 && (
            <tr>
              <td colSpan={2} className={styles.muted}>
                {t('billing.plan.noAddons')}
              </td>
            </tr>
          )}
        </tbody>
        <tfoot>
          {plan.coupon && (
            <tr>
              <th scope="row">
                {t('billing.plan.coupon', { code: plan.coupon.code })}{' '}
                {plan.coupon.applies ? (
                  <span className={styles.muted}>
                    {plan.coupon.kind === 'percent'
                      ? t('billing.plan.couponPercent', { value: plan.coupon.value, date: until })
                      : t('billing.plan.couponAmount', { value: format.money(plan.coupon.value), date: until })}
                  </span>
                ) : (
                  <Badge kind="off">{t('billing.plan.couponInactive')}</Badge>
                )}
              </th>
              <td className={b.amount}>{plan.discount > 0 ? `−${format.money(plan.discount)}` : '—'}</td>
            </tr>
          )}
          <tr className={b.totalRow}>
            <th scope="row">{t('billing.plan.total')}</th>
            <td className={b.amount} data-testid="billing-monthly-total">
              {format.money(plan.monthlyTotal)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function ContactCard({ contact }: { contact: BillingContact }) {
  const { t } = useAreaT('settings');
  const api = useSettingsApi();
  const toast = useToast();
  const messages = useValidationMessages();
  const schema = useMemo(() => createBillingContactSchema(messages), [messages]);
  const { register, handleSubmit, setError, reset, formState } = useForm<BillingContact>({
    resolver: zodResolver(schema),
    defaultValues: contact,
  });
  const { errors, isSubmitting, isDirty } = formState;
  const { save, formError } = useSaveRecord<BillingContact, BillingContact>({
    endpoint: SETTINGS_ENDPOINT.billingContact,
    prefix: 'settings:billing',
    setError,
    send: (values) => api.saveBillingContact(values as BillingContact),
    onSaved: (saved) => {
      reset(saved);
      toast.success(t('billing.contact.saved'));
    },
  });
  useEffect(() => reset(contact), [contact, reset]);

  return (
    <section className={styles.card} aria-labelledby="billing-contact">
      <h2 id="billing-contact" className={styles.cardTitle}>
        {t('billing.contact.title')}
      </h2>
      <p className={styles.muted}>{t('billing.contact.hint')}</p>
      <form onSubmit={handleSubmit(save)} noValidate aria-labelledby="billing-contact" className={b.inlineForm}>
        {formError && <Alert kind="error">{formError}</Alert>}
        <div className={styles.grid}>
          <TextField
            label={t('billing.contact.name')}
            required
            autoComplete="name"
            maxLength={200}
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={t('billing.contact.email')}
            required
            type="email"
            autoComplete="email"
            maxLength={300}
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <div>
          <Button
            type="submit"
            variant="primary"
            disabled={isSubmitting || !isDirty}
            aria-busy={isSubmitting || undefined}
          >
            {isSubmitting ? t('common:form.saving') : t('billing.contact.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function InvoicesCard({ invoices }: { invoices: PlatformInvoiceSummary[] }) {
  const { t } = useAreaT('settings');
  const tableLabels = useTableLabels();
  const dates = useBillingDates();
  const format = useFormat(invoices[0]?.currency ?? 'USD');
  const columns = useMemo<ColumnDef<PlatformInvoiceSummary, unknown>[]>(
    () => [
      {
        id: 'number',
        header: t('billing.invoices.number'),
        enableSorting: false,
        cell: ({ row }) => (
          <Link
            to={{ search: `?invoice=${row.original.id}` }}
            aria-label={t('billing.invoices.view', {
              number: row.original.number,
              period: dates.period(row.original.period),
            })}
          >
            {row.original.number}
          </Link>
        ),
      },
      {
        id: 'period',
        header: t('billing.invoices.period'),
        enableSorting: false,
        cell: ({ row }) => dates.period(row.original.period),
      },
      {
        id: 'total',
        header: t('billing.invoices.total'),
        enableSorting: false,
        meta: { align: 'right' },
        cell: ({ row }) => format.money(row.original.total),
      },
      {
        id: 'status',
        header: t('billing.invoices.status'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge kind={row.original.status === 'paid' ? 'on' : 'warn'}>
            {t(`billing.invoices.statuses.${row.original.status}`)}
          </Badge>
        ),
      },
    ],
    [t, dates, format],
  );
  return (
    <section className={styles.card} aria-labelledby="billing-invoices">
      <h2 id="billing-invoices" className={styles.cardTitle}>
        {t('billing.invoices.title')}
      </h2>
      <DataTable<PlatformInvoiceSummary>
        caption={t('billing.invoices.title')}
        columns={columns}
        data={invoices}
        total={invoices.length}
        page={1}
        pageSize={Math.max(1, invoices.length)}
        sort={null}
        onSortChange={() => undefined}
        onPageChange={() => undefined}
        getRowId={(row) => String(row.id)}
        empty={<p className={styles.muted}>{t('billing.invoices.empty')}</p>}
        labels={tableLabels}
        unpaged
      />
    </section>
  );
}

function RequestsCard({ requests }: { requests: SupportRequestSummary[] }) {
  const { t } = useAreaT('settings');
  const dates = useBillingDates();
  return (
    <section className={styles.card} aria-labelledby="billing-requests">
      <h2 id="billing-requests" className={styles.cardTitle}>
        {t('billing.requests.title')}
      </h2>
      {requests.length === 0 ? (
        <p className={styles.muted}>{t('billing.requests.empty')}</p>
      ) : (
        <ul className={b.requestList}>
          {requests.map((request) => (
            <li key={request.ref} className={b.request}>
              <span className={b.requestRef}>{request.ref}</span>
              <span className={b.requestSubject}>{request.subject}</span>
              <Badge kind={request.status === 'closed' ? 'off' : request.status === 'pending' ? 'warn' : 'info'}>
                {t(`billing.requests.statuses.${request.status}`)}
              </Badge>
              <span className={`${styles.muted} ${styles.small}`}>
                {t('billing.requests.updated', { date: dates.date(request.updatedAt) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default withAreaTexts('settings', BillingPage);
