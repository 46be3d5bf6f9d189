import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createInvoiceSchema,
  invoiceAmounts,
  type Invoice,
  type InvoiceDetail,
  type InvoiceInput,
  type InvoiceOptions,
} from '@hive/shared/schemas/backoffice/sales';
import { Alert, SelectField, TextAreaField, TextField, decimalInput } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { centsToInput, inputToCents, useCentsFormat } from '../../../components';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { SALES_ENDPOINT, SALES_URL } from '../api';
import { InvoiceActions } from './InvoiceActions';
import { InvoiceDocument } from './InvoiceDocument';
import { InvoiceLinesEditor, emptyLine, formField, linesInput, type LineValues } from './InvoiceLines';
import styles from './invoices.module.css';

interface Values {
  customerId: string;
  issueDate: string;
  dueDate: string;
  lines: LineValues[];
  discount: string;
  notes: string;
}

const toInput = (v: Values, lang: string) => ({
  customerId: v.customerId === '' ? null : Number(v.customerId),
  issueDate: v.issueDate,
  dueDate: v.dueDate,
  lines: linesInput(v.lines, lang),
  discountCents: inputToCents(v.discount, lang) ?? 0,
  notes: v.notes,
});

/** The schema's field names (cents, hundredths) as the form names them. */
const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export function InvoiceForm(props: ResourceFormProps<Invoice>) {
  const options = useApi<InvoiceOptions>(SALES_URL.invoiceOptions);
  const { t } = useAreaT('sales');
  if (options.error) return <Alert kind="error">{t('invoices.optionsFailed')}</Alert>;
  if (!options.data) return <p role="status">{t('common:common.loading')}</p>;
  // The editor loads `customer_invoices/:id`, which answers the invoice with its lines and payments.
  const record = props.record as InvoiceDetail | undefined;
  if (record && record.status !== 'draft') {
    return (
      <>
        <InvoiceActions invoice={record} options={options.data} onChanged={props.reload} />
        <InvoiceDocument invoice={record} />
      </>
    );
  }
  return <InvoiceFields {...props} record={record} options={options.data} />;
}

function InvoiceFields({
  record,
  onSaved,
  onCancel,
  reload,
  options,
}: Omit<ResourceFormProps<Invoice>, 'record'> & { record?: InvoiceDetail; options: InvoiceOptions }) {
  const { t } = useAreaT('sales');
  const format = useCentsFormat();
  const messages = useValidationMessages();
  const lang = useLanguage();
  const resolver = useMemo<Resolver<Values, unknown, InvoiceInput>>(() => {
    const inner = zodResolver(createInvoiceSchema(messages));
    return async (values, context, opts) => {
      const result = await inner(toInput(values, lang) as never, context, opts as never);
      const errors = result.errors as Record<string, unknown>;
      if (Object.keys(errors).length === 0) return result as never;
      // Rename the schema's fields to the form's (lines.0.unitPriceCents -> lines.0.unitPrice).
      const renamed: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(errors)) {
        if (key === 'lines' && Array.isArray(value)) {
          renamed.lines = value.map((line) =>
            line && typeof line === 'object'
              ? Object.fromEntries(Object.entries(line as Record<string, unknown>).map(([k, v]) => [formField(k), v]))
              : line,
          );
          if ((value as unknown as { message?: string }).message)
            Object.assign(renamed.lines as object, { root: value });
        } else renamed[formField(key)] = value;
      }
      return { ...result, errors: renamed } as never;
    };
  }, [messages, lang]);
  const defaults: Values = record
    ? {
        customerId: String(record.customer.id),
        issueDate: record.issueDate,
        dueDate: record.dueDate,
        lines: record.lines.map((l) => ({
          itemId: l.itemId === null ? '' : String(l.itemId),
          description: l.description,
          quantity: decimalInput(l.quantityHundredths / 100, lang, 2),
          unitPrice: centsToInput(l.unitPriceCents, lang),
          discount: l.discountCents > 0 ? centsToInput(l.discountCents, lang) : '',
          taxRateIds: l.taxRateIds,
        })),
        discount: record.discountCents > 0 ? centsToInput(record.discountCents, lang) : '',
        notes: record.notes,
      }
    : {
        customerId: '',
        issueDate: options.today,
        dueDate: addDays(options.today, 30),
        lines: [emptyLine()],
        discount: '',
        notes: '',
      };
  const form = useForm<Values, unknown, InvoiceInput>({ resolver, defaultValues: defaults });
  const { register, control, handleSubmit, setError, setFocus, formState } = form;
  const { errors, isSubmitting } = formState;
  const watched = useWatch({ control });
  const { save, formError } = useSaveRecord<Invoice, Values>({
    endpoint: SALES_ENDPOINT.invoices,
    prefix: 'sales:invoices',
    record,
    setError: (name, error, opts) => setError(formField(String(name)) as never, error, opts),
    // Saved: a new draft opens on its page, where it can be sent.
    onSaved: (saved) => onSaved(saved, !record),
  });
  useEffect(() => setFocus('customerId'), [setFocus]);

  const rates = new Map(options.taxRates.map((r) => [r.id, r]));
  const preview = (() => {
    const input = toInput(watched as Values, lang);
    if (
      input.lines.some((l) => typeof l.quantityHundredths !== 'number' || typeof l.unitPriceCents !== 'number') ||
      typeof input.discountCents !== 'number'
    ) {
      return null;
    }
    const computed = invoiceAmounts(
      input.lines.map((l) => ({
        quantityHundredths: l.quantityHundredths as number,
        unitPriceCents: l.unitPriceCents as number,
        discountCents: typeof l.discountCents === 'number' ? l.discountCents : 0,
        taxes: l.taxRateIds.flatMap((id) => (rates.has(id) ? [rates.get(id)!] : [])),
      })),
      input.discountCents,
    );
    return 'amounts' in computed ? computed.amounts : null;
  })();

  return (
    <>
      {record && <InvoiceActions invoice={record} options={options} onChanged={reload} />}
      <FormShell
        label={t(record ? 'invoices.edit' : 'invoices.new')}
        onSubmit={handleSubmit((values) => save(values))}
        onCancel={onCancel}
        submitting={isSubmitting}
        formError={formError}
      >
        <div className={styles.grid}>
          <SelectField
            className={styles.wide}
            label={t('invoices.fields.customer')}
            hint={t('invoices.hints.customer')}
            required
            placeholder={t('invoices.chooseCustomer')}
            options={options.customers.map((c) => ({
              value: String(c.id),
              label: c.email ? `${c.name} (${c.email})` : c.name,
            }))}
            error={errors.customerId?.message}
            {...register('customerId')}
          />
          <TextField
            type="date"
            label={t('invoices.fields.issueDate')}
            required
            error={errors.issueDate?.message}
            {...register('issueDate')}
          />
          <TextField
            type="date"
            label={t('invoices.fields.dueDate')}
            hint={t('invoices.hints.dueDate')}
            required
            error={errors.dueDate?.message}
            {...register('dueDate')}
          />
        </div>
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
            hint={t('invoices.hints.notes')}
            rows={3}
            maxLength={2000}
            error={errors.notes?.message}
            {...register('notes')}
          />
        </div>
        <p className={styles.muted} role="status">
          {preview
            ? t('invoices.preview', { tax: format.cents(preview.taxCents), total: format.cents(preview.totalCents) })
            : ''}
        </p>
      </FormShell>
    </>
  );
}
