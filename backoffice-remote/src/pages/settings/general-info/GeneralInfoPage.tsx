import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createBusinessSchema, type Business } from '@hive/shared/schemas/backoffice/settings';
import { useHttp } from '@hive/shared/shell-contract';
import { Alert, Button, PageFrame, TextAreaField, TextField, useToast } from '@hive/shared/ui';
import { failureKind, refreshCompany, useApi } from '../../../api';
import { TimeZoneField } from '../../../components';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta, useValidationMessages, withAreaTexts } from '../../../i18n';
import { useFailureMessage, useSaveRecord } from '../../../frames/resource';
import { SETTINGS_ENDPOINT, SETTINGS_URL, useSettingsApi } from '../api';
import { AddressFields, CurrencyField, settingsStyles } from '../shared';
import { LogoField } from './LogoField';
import { ReceiptPreview } from './ReceiptPreview';
import styles from './general-info.module.css';

type Schema = ReturnType<typeof createBusinessSchema>;
type Values = z.input<Schema>;

const valuesOf = (business: Business): Values => ({
  legalName: business.legalName,
  tradingName: business.tradingName,
  taxId: business.taxId,
  email: business.email,
  phone: business.phone,
  address: business.address,
  currency: business.currency,
  timezone: business.timezone,
  receiptHeader: business.receiptHeader,
  receiptFooter: business.receiptFooter,
});

/** Settings › General information: who the business is, where, in which currency and time zone. */
function GeneralInfoPage() {
  const { t } = useAreaT('settings');
  const { title, breadcrumb } = usePageMeta('/generalinfo');
  const business = useApi<Business>(SETTINGS_URL.business);
  const failure = useFailureMessage('settings:business');

  let body;
  if (business.error) {
    body = (
      <Alert kind="error" action={<Button onClick={business.reload}>{t('common:common.tryAgain')}</Button>}>
        {failureKind(business.error) === 'notFound' ? t('common:errors.notFound') : failure(business.error)}
      </Alert>
    );
  } else if (!business.data) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else {
    body = <BusinessForm initial={business.data} />;
  }
  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={t('business.description')}
    >
      {body}
    </PageFrame>
  );
}

function BusinessForm({ initial }: { initial: Business }) {
  const { t } = useAreaT('settings');
  // The shell's client, for the company summary's cache (the header) after a save.
  const http = useHttp();
  const api = useSettingsApi();
  const toast = useToast();
  const messages = useValidationMessages();
  const [business, setBusiness] = useState(initial);
  const schema = useMemo(() => createBusinessSchema(messages), [messages]);
  const { register, control, handleSubmit, setError, setFocus, reset, formState } = useForm<
    Values,
    unknown,
    z.output<Schema>
  >({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(initial),
  });
  const { errors, isSubmitting, isDirty } = formState;
  const watched = useWatch({ control }) as Values;
  const { save, formError } = useSaveRecord<Business, Values>({
    endpoint: SETTINGS_ENDPOINT.business,
    prefix: 'settings:business',
    setError,
    // The business is one record: PUT /business.
    send: (values) => api.saveBusiness(values as z.output<Schema>),
    onSaved: (saved) => {
      setBusiness(saved);
      reset(valuesOf(saved));
      // The header shows the trading name, the logo and the currency.
      refreshCompany(http);
      toast.success(t('business.saved'));
    },
  });

  useEffect(() => setFocus('tradingName'), [setFocus]);
  const submit = handleSubmit(save);

  const onLogo = (next: Business | null) => {
    setBusiness((current) => (next ? { ...current, logo: next.logo } : { ...current, logo: null }));
    refreshCompany(http);
  };

  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('business.formLabel')}>
        <p className={styles.requiredNote}>{t('common:form.requiredNote')}</p>
        {formError && <Alert kind="error">{formError}</Alert>}
        <fieldset className={settingsStyles.fieldset}>
          <legend className={settingsStyles.legend}>{t('business.sections.business')}</legend>
          <div className={settingsStyles.grid}>
            <TextField
              label={t('business.fields.tradingName')}
              hint={t('business.hints.tradingName')}
              required
              autoComplete="organization"
              maxLength={200}
              error={errors.tradingName?.message}
              {...register('tradingName')}
            />
            <TextField
              label={t('business.fields.legalName')}
              hint={t('business.hints.legalName')}
              required
              autoComplete="off"
              maxLength={200}
              error={errors.legalName?.message}
              {...register('legalName')}
            />
            <TextField
              label={t('business.fields.taxId')}
              hint={t('business.hints.taxId')}
              autoComplete="off"
              maxLength={60}
              error={errors.taxId?.message}
              {...register('taxId')}
            />
            <TextField
              label={t('business.fields.email')}
              type="email"
              autoComplete="email"
              maxLength={300}
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label={t('business.fields.phone')}
              type="tel"
              autoComplete="tel"
              maxLength={40}
              error={errors.phone?.message}
              {...register('phone')}
            />
          </div>
        </fieldset>
        <AddressFields legend={t('business.sections.address')} register={register} errors={errors.address} />
        <fieldset className={settingsStyles.fieldset}>
          <legend className={settingsStyles.legend}>{t('business.sections.regional')}</legend>
          <div className={settingsStyles.grid}>
            {business.currencyLocked ? (
              <div className={styles.lockedField}>
                <span className={styles.lockedLabel}>{t('business.fields.currency')}</span>
                <span data-testid="currency-locked">{business.currency}</span>
                <span className={styles.hint}>{t('business.hints.currencyLocked')}</span>
                {errors.currency && <span className={styles.error}>{errors.currency.message}</span>}
                <input type="hidden" {...register('currency')} />
              </div>
            ) : (
              <CurrencyField
                label={t('business.fields.currency')}
                hint={t('business.hints.currency')}
                error={errors.currency?.message}
                {...register('currency')}
              />
            )}
            <TimeZoneField
              label={t('business.fields.timezone')}
              hint={t('business.hints.timezone')}
              error={errors.timezone?.message}
              {...register('timezone')}
            />
          </div>
        </fieldset>
        <fieldset className={settingsStyles.fieldset}>
          <legend className={settingsStyles.legend}>{t('business.sections.receipts')}</legend>
          <LogoField business={business} onChange={onLogo} />
          <TextAreaField
            label={t('business.fields.receiptHeader')}
            hint={t('business.hints.receiptHeader')}
            rows={3}
            maxLength={600}
            error={errors.receiptHeader?.message}
            {...register('receiptHeader')}
          />
          <TextAreaField
            label={t('business.fields.receiptFooter')}
            hint={t('business.hints.receiptFooter')}
            rows={3}
            maxLength={600}
            error={errors.receiptFooter?.message}
            {...register('receiptFooter')}
          />
        </fieldset>
        <div className={styles.buttons}>
          <Button type="submit" variant="primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t('common:form.saving') : t('common:form.save')}
          </Button>
          <Button disabled={isSubmitting || !isDirty} onClick={() => reset(valuesOf(business))}>
            {t('business.discard')}
          </Button>
        </div>
      </form>
      <ReceiptPreview
        tradingName={watched.tradingName ?? ''}
        address={{ ...business.address, ...watched.address }}
        phone={watched.phone ?? ''}
        taxId={watched.taxId ?? ''}
        header={watched.receiptHeader ?? ''}
        footer={watched.receiptFooter ?? ''}
        logoUrl={business.logo?.url ?? null}
        currency={business.currency}
      />
    </div>
  );
}

export default withAreaTexts('settings', GeneralInfoPage);
