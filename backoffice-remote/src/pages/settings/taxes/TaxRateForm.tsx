import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TAX_TYPES, createTaxRateSchema, lineTaxes, type TaxRate } from '@hive/shared/schemas/backoffice/settings';
import { CheckboxField, NumberField, TextField } from '@hive/shared/ui';
import { useCompany } from '../../../api';
import { useAreaT, useFormat, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { settingsStyles as styles } from '../shared';

type Schema = ReturnType<typeof createTaxRateSchema>;
type Values = z.input<Schema>;

const EXAMPLE_PRICE_CENTS = 10_000;

function defaults(record?: TaxRate): Values {
  return record
    ? { name: record.name, rate: record.rate, type: record.type, appliesToNewItems: record.appliesToNewItems }
    : { name: '', rate: Number.NaN, type: 'added', appliesToNewItems: false, applyToAllItems: false };
}

/** What a 100.00 price becomes with this rate, so "added" and "included" read plainly. */
function TaxExample({ rate, type }: { rate: unknown; type: unknown }) {
  const { t } = useAreaT('settings');
  const company = useCompany();
  const format = useFormat(company?.currency);
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 100) return null;
  const kind = type === 'included' ? 'included' : 'added';
  const taxes = lineTaxes(EXAMPLE_PRICE_CENTS, [{ rateBp: Math.round(rate * 100), type: kind }]);
  const money = (cents: number) => format.money(cents / 100);
  return (
    <p className={`${styles.small} ${styles.muted}`} aria-live="polite">
      {t(`taxes.example.${kind}`, {
        price: money(EXAMPLE_PRICE_CENTS),
        tax: money(taxes.includedCents + taxes.addedCents),
        total: money(taxes.totalCents),
      })}
    </p>
  );
}

export function TaxRateForm({ record, onSaved, onCancel }: ResourceFormProps<TaxRate>) {
  const { t } = useAreaT('settings');
  const messages = useValidationMessages();
  const schema = useMemo(() => createTaxRateSchema(messages), [messages]);
  const { register, control, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, z.output<Schema>>(
    {
      resolver: zodResolver(schema),
      defaultValues: defaults(record),
    },
  );
  const { errors, isSubmitting } = formState;
  const [rate, type] = useWatch({ control, name: ['rate', 'type'] });
  const { save, formError } = useSaveRecord<TaxRate, Values>({
    endpoint: 'tax_rates',
    prefix: 'settings:taxes',
    record,
    setError,
    onSaved,
  });

  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <FormShell
      label={t(record ? 'taxes.edit' : 'taxes.new')}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      {record?.archived && <p className={styles.muted}>{t('taxes.archivedNote')}</p>}
      <div className={styles.grid}>
        <TextField
          label={t('taxes.fields.name')}
          hint={t('taxes.hints.name')}
          required
          autoComplete="off"
          maxLength={80}
          error={errors.name?.message}
          {...register('name')}
        />
        <NumberField
          label={t('taxes.fields.rate')}
          hint={t('taxes.hints.rate')}
          required
          min={0}
          max={100}
          step="0.01"
          error={errors.rate?.message}
          {...register('rate', { valueAsNumber: true })}
        />
      </div>
      <fieldset className={styles.fieldset} aria-describedby={errors.type ? 'tax-type-error' : undefined}>
        <legend className={styles.legend}>{t('taxes.fields.type')}</legend>
        <div className={styles.radios}>
          {TAX_TYPES.map((value) => (
            <label key={value} className={styles.radio}>
              <input type="radio" value={value} {...register('type')} />
              <span className={styles.radioText}>
                <span>{t(`taxes.types.${value}`)}</span>
                <span className={styles.radioHint}>{t(`taxes.typeHints.${value}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.type && (
          <p id="tax-type-error" className={styles.error}>
            {errors.type.message}
          </p>
        )}
        <TaxExample rate={rate} type={type} />
      </fieldset>
      <CheckboxField
        label={t('taxes.fields.appliesToNewItems')}
        hint={t('taxes.hints.appliesToNewItems')}
        error={errors.appliesToNewItems?.message}
        {...register('appliesToNewItems')}
      />
      {!record && (
        <CheckboxField
          label={t('taxes.fields.applyToAllItems')}
          hint={t('taxes.hints.applyToAllItems')}
          error={errors.applyToAllItems?.message}
          {...register('applyToAllItems')}
        />
      )}
    </FormShell>
  );
}
