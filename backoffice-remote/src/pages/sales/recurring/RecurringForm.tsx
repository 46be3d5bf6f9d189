import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createRecurringSchema,
  type InvoiceOptions,
  type Recurring,
  type RecurringInput,
} from '@hive/shared/schemas/backoffice/sales';
import {
  Alert,
  Button,
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
  decimalInput,
  useToast,
} from '@hive/shared/ui';
import { useApi } from '../../../api';
import { centsToInput, inputToCents, inputToNumber } from '../../../components';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { FormShell, useFailureMessage, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { SALES_ENDPOINT, SALES_URL, useSalesApi } from '../api';
import { InvoiceLinesEditor, emptyLine, formField, linesInput, type LineValues } from '../invoices/InvoiceLines';
import styles from '../invoices/invoices.module.css';
import { RecurringStatusBadge } from './RecurringStatusBadge';

interface Values {
  customerId: string;
  frequency: 'weekly' | 'monthly' | 'yearly';
  interval: string;
  startDate: string;
  endDate: string;
  dueDays: string;
  autoSend: boolean;
  lines: LineValues[];
  discount: string;
  notes: string;
}

/** A whole number as typed ("1.000" is not 1 in Spanish): the schema says what is wrong with it. */
const whole = (value: string, lang: string) => inputToNumber(value, lang);

const toInput = (v: Values, lang: string) => ({
  customerId: v.customerId === '' ? null : Number(v.customerId),
  frequency: v.frequency,
  interval: whole(v.interval, lang),
  startDate: v.startDate,
  endDate: v.endDate === '' ? null : v.endDate,
  dueDays: whole(v.dueDays, lang),
  autoSend: v.autoSend,
  lines: linesInput(v.lines, lang),
  discountCents: inputToCents(v.discount, lang) ?? 0,
  notes: v.notes,
});

export function RecurringForm(props: ResourceFormProps<Recurring>) {
  const options = useApi<InvoiceOptions>(SALES_URL.invoiceOptions);
  const { t } = useAreaT('sales');
  if (options.error) return <Alert kind="error">{t('invoices.optionsFailed')}</Alert>;
  if (!options.data) return <p role="status">{t('common:common.loading')}</p>;
  return <RecurringFields {...props} options={options.data} />;
}

function RecurringFields({
  record,
  onSaved,
  onCancel,
  reload,
  options,
}: ResourceFormProps<Recurring> & { options: InvoiceOptions }) {
  const { t } = useAreaT('sales');
  const messages = useValidationMessages();
  const lang = useLanguage();
  const resolver = useMemo<Resolver<Values, unknown, RecurringInput>>(() => {
    const inner = zodResolver(createRecurringSchema(messages));
    return async (values, context, opts) => {
      const result = await inner(toInput(values, lang) as never, context, opts as never);
      const errors = result.errors as Record<string, unknown>;
      if (Object.keys(errors).length === 0) return result as never;
      const renamed: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(errors)) {
        renamed[formField(key)] =
          key === 'lines' && Array.isArray(value)
            ? value.map((line) =>
                line && typeof line === 'object'
                  ? Object.fromEntries(
                      Object.entries(line as Record<string, unknown>).map(([k, v]) => [formField(k), v]),
                    )
                  : line,
              )
            : value;
      }
      return { ...result, errors: renamed } as never;
    };
  }, [messages, lang]);
  const form = useForm<Values, unknown, RecurringInput>({
    resolver,
    defaultValues: {
      customerId: record ? String(record.customer.id) : '',
      frequency: record?.frequency ?? 'monthly',
      interval: String(record?.interval ?? 1),
      startDate: record?.startDate ?? options.today,
      endDate: record?.endDate ?? '',
      dueDays: String(record?.dueDays ?? 30),
      autoSend: record?.autoSend ?? false,
      lines: record
        ? record.lines.map((l) => ({
            itemId: l.itemId === null ? '' : String(l.itemId),
            description: l.description,
            quantity: decimalInput(l.quantityHundredths / 100, lang, 2),
            unitPrice: centsToInput(l.unitPriceCents, lang),
            discount: l.discountCents > 0 ? centsToInput(l.discountCents, lang) : '',
            taxRateIds: l.taxRateIds,
          }))
        : [emptyLine()],
      discount: record && record.discountCents > 0 ? centsToInput(record.discountCents, lang) : '',
      notes: record?.notes ?? '',
    },
  });
  const { register, handleSubmit, setError, setFocus, formState } = form;
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<Recurring, Values>({
    endpoint: SALES_ENDPOINT.recurring,
    prefix: 'sales:recurring',
    record,
    setError: (name, error, opts) => setError(formField(String(name)) as never, error, opts),
    onSaved,
  });
  useEffect(() => setFocus('customerId'), [setFocus]);

  return (
    <>
      {record && <StateBar record={record} onChanged={reload} />}
      <FormShell
        label={t(record ? 'recurring.edit' : 'recurring.new')}
        onSubmit={handleSubmit((values) => save(values))}
        onCancel={onCancel}
        submitting={isSubmitting}
        formError={formError}
      >
        <div className={styles.grid}>
          <SelectField
            className={styles.wide}
            label={t('invoices.fields.customer')}
            required
            placeholder={t('invoices.chooseCustomer')}
            options={options.customers.map((c) => ({
              value: String(c.id),
              label: c.email ? `${c.name} (${c.email})` : c.name,
            }))}
            error={errors.customerId?.message}
            {...register('customerId')}
          />
          <SelectField
            label={t('recurring.fields.frequency')}
            options={(['weekly', 'monthly', 'yearly'] as const).map((value) => ({
              value,
              label: t(`recurring.frequencies.${value}`),
            }))}
            error={errors.frequency?.message}
            {...register('frequency')}
          />
          <TextField
            label={t('recurring.fields.interval')}
            hint={t('recurring.hints.interval')}
            inputMode="numeric"
            error={errors.interval?.message}
            {...register('interval')}
          />
          <TextField
            type="date"
            label={t('recurring.fields.startDate')}
            hint={t('recurring.hints.startDate')}
            required
            error={errors.startDate?.message}
            {...register('startDate')}
          />
          <TextField
            type="date"
            label={t('recurring.fields.endDate')}
            hint={t('recurring.hints.endDate')}
            error={errors.endDate?.message}
            {...register('endDate')}
          />
          <TextField
            label={t('recurring.fields.dueDays')}
            hint={t('recurring.hints.dueDays')}
            inputMode="numeric"
            error={errors.dueDays?.message}
            {...register('dueDays')}
          />
        </div>
        <CheckboxField
          label={t('recurring.fields.autoSend')}
          hint={t('recurring.hints.autoSend')}
          {...register('autoSend')}
        />
        <InvoiceLinesEditor form={form as never} options={options} />
        <div className={styles.grid}>
          <TextField
            label={t('invoices.fields.invoiceDiscount')}
            hint={t('invoices.hints.invoiceDiscount', { currency: options.currency })}
            inputMode="decimal"
            error={errors.discount?.message}
            {...register('discount')}
          />
          <TextAreaField
            className={styles.wide}
            label={t('invoices.fields.notes')}
            rows={3}
            maxLength={2000}
            error={errors.notes?.message}
            {...register('notes')}
          />
        </div>
      </FormShell>
    </>
  );
}

/** The template's state, its next invoice and the last one made; pause and resume. */
function StateBar({ record, onChanged }: { record: Recurring; onChanged?: () => void }) {
  const { t } = useAreaT('sales');
  const api = useSalesApi();
  const toast = useToast();
  const failure = useFailureMessage('sales:recurring');
  const [busy, setBusy] = useState(false);
  const act = async (action: 'pause' | 'resume') => {
    setBusy(true);
    try {
      await api.recurringAction(record.id, action);
      toast.success(t(`recurring.done.${action}`));
      onChanged?.();
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label={t('recurring.stateLabel')}>
      <div className={styles.row}>
        <RecurringStatusBadge status={record.status} />
        <span className={styles.muted}>
          {record.nextRun ? t('recurring.nextLine', { date: record.nextRun }) : t('recurring.noNext')}
        </span>
        {record.lastInvoice && (
          <Link to={`/invoice?edit=${record.lastInvoice.id}`}>
            {t('recurring.lastInvoice', {
              label: record.lastInvoice.number === null ? t('invoices.draft') : `#${record.lastInvoice.number}`,
              date: record.lastInvoice.issueDate,
            })}
          </Link>
        )}
      </div>
      {record.lastError && <Alert kind="warning">{t('recurring.lastError', { reason: record.lastError })}</Alert>}
      <div className={styles.actions}>
        {record.status === 'active' && (
          <Button onClick={() => void act('pause')} disabled={busy}>
            {t('recurring.pause')}
          </Button>
        )}
        {record.status === 'paused' && (
          <Button variant="primary" onClick={() => void act('resume')} disabled={busy}>
            {t('recurring.resume')}
          </Button>
        )}
      </div>
    </section>
  );
}
