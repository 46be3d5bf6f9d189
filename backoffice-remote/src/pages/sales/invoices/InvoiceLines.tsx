import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { InvoiceOptions } from '@hive/shared/schemas/backoffice/sales';
import { Alert, Button, SelectField, TextField } from '@hive/shared/ui';
import { CheckboxList, centsToInput, inputToCents, inputToMinor } from '../../../components';
import { useAreaT, useLanguage } from '../../../i18n';
import styles from './invoices.module.css';

/*
 * The lines of an invoice as a form edits them (the invoice editor and the recurring template):
 * quantities like "1.5" sent in hundredths, money in the currency sent in cents.
 */

export interface LineValues {
  itemId: string;
  description: string;
  /** "1.5" units, sent in hundredths. */
  quantity: string;
  /** In the currency, sent in cents. */
  unitPrice: string;
  discount: string;
  taxRateIds: number[];
}

/** What a form holding lines looks like to the editor. */
export interface WithLines {
  lines: LineValues[];
}

/** A quantity as typed, in hundredths (1,5 in es and 1.5 in en are 150). */
export const quantityToHundredths = (value: string, lang: string) => inputToMinor(value, lang, 2);

/** The lines as the schema takes them. */
export const linesInput = (lines: LineValues[], lang: string) =>
  lines.map((l) => ({
    itemId: l.itemId === '' ? null : Number(l.itemId),
    description: l.description,
    quantityHundredths: quantityToHundredths(l.quantity, lang),
    unitPriceCents: inputToCents(l.unitPrice, lang),
    discountCents: inputToCents(l.discount, lang) ?? 0,
    taxRateIds: l.taxRateIds,
  }));

/** The schema's field names (cents, hundredths) as the form names them. */
export function formField(path: string): string {
  return path
    .replace(/quantityHundredths$/, 'quantity')
    .replace(/unitPriceCents$/, 'unitPrice')
    .replace(/\.discountCents$/, '.discount')
    .replace(/^discountCents$/, 'discount');
}

export const emptyLine = (): LineValues => ({
  itemId: '',
  description: '',
  quantity: '1',
  unitPrice: '',
  discount: '',
  taxRateIds: [],
});

/** The lines' fields, one group per line (they stack at 360 px), with add and remove. */
export function InvoiceLinesEditor({ form, options }: { form: UseFormReturn<WithLines>; options: InvoiceOptions }) {
  const { t } = useAreaT('sales');
  const lang = useLanguage();
  const { register, control, setValue, formState } = form;
  const { errors } = formState;
  const lines = useFieldArray({ control, name: 'lines' });
  const pickItem = (index: number, itemId: string) => {
    const item = options.items.find((i) => String(i.id) === itemId);
    if (!item) return;
    setValue(`lines.${index}.description`, item.name);
    setValue(`lines.${index}.unitPrice`, centsToInput(item.priceCents, lang));
    setValue(`lines.${index}.taxRateIds`, item.taxRateIds);
  };

  return (
    <div className={styles.lines}>
      {lines.fields.map((field, index) => {
        const lineErrors = errors.lines?.[index];
        return (
          <fieldset key={field.id} className={styles.line}>
            <legend>{t('invoices.lineLegend', { number: index + 1 })}</legend>
            {/* A whole row, like the description: in a 9rem column long item names were cut. */}
            <SelectField
              className={styles.wide}
              label={t('invoices.fields.item')}
              placeholder={t('invoices.noItem')}
              options={options.items.map((i) => ({ value: String(i.id), label: i.name }))}
              {...register(`lines.${index}.itemId`, { onChange: (event) => pickItem(index, event.target.value) })}
            />
            <TextField
              className={styles.wide}
              label={t('invoices.fields.description')}
              required
              maxLength={200}
              error={lineErrors?.description?.message}
              {...register(`lines.${index}.description`)}
            />
            <TextField
              label={t('invoices.fields.quantity')}
              hint={t('invoices.hints.quantity')}
              inputMode="decimal"
              required
              error={lineErrors?.quantity?.message}
              {...register(`lines.${index}.quantity`)}
            />
            <TextField
              label={t('invoices.fields.unitPrice')}
              inputMode="decimal"
              required
              error={lineErrors?.unitPrice?.message}
              {...register(`lines.${index}.unitPrice`)}
            />
            <TextField
              label={t('invoices.fields.discount')}
              inputMode="decimal"
              error={lineErrors?.discount?.message}
              {...register(`lines.${index}.discount`)}
            />
            <Controller
              control={control}
              name={`lines.${index}.taxRateIds`}
              render={({ field: taxes }) => (
                <CheckboxList<number>
                  ref={taxes.ref}
                  legend={t('invoices.fields.taxes')}
                  options={options.taxRates.map((r) => ({ value: r.id, label: r.name }))}
                  value={taxes.value}
                  onChange={taxes.onChange}
                  error={lineErrors?.taxRateIds?.message}
                  empty={t('invoices.noTaxes')}
                />
              )}
            />
            {lines.fields.length > 1 && (
              <div className={styles.row}>
                <Button onClick={() => lines.remove(index)}>{t('invoices.removeLine', { number: index + 1 })}</Button>
              </div>
            )}
          </fieldset>
        );
      })}
      {errors.lines?.message && <Alert kind="error">{errors.lines.message}</Alert>}
      <div className={styles.row}>
        <Button onClick={() => lines.append(emptyLine())}>{t('invoices.addLine')}</Button>
      </div>
    </div>
  );
}
