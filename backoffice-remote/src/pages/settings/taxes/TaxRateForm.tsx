import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TAX_TYPES, createTaxRateSchema, type TaxRate } from '@hive/shared/schemas/backoffice/settings';
import { lineTaxes } from '@hive/register-sdk/money';
import {
  CheckboxField,
  DecimalField,
  TextField,
  decimalInput,
  decimalResolver,
  minorUnits,
  parseDecimal,
} from '@hive/shared/ui';
import { useCompany } from '../../../api';
import { useAreaT, useDecimalMessage, useFormat, useLanguage, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { SETTINGS_ENDPOINT } from '../api';
import { settingsStyles as styles } from '../shared';

type Schema = ReturnType<typeof createTaxRateSchema>;
/** The rate as typed, in the user's language ("21" or "5,5" in es): read by decimalResolver. */
type Values = Omit<z.input<Schema>, 'rate'> & { rate: string };

/** A percentage with at most 2 decimals, like the schema. */
const RATE = { decimals: 2 };
const EXAMPLE_PRICE_CENTS = 10_000;

function defaults(lang: string, record?: TaxRate): Values {
  return record
    ? {
        name: record.name,
        rate: decimalInput(record.rate, lang, 2),
        type: record.type,
        appliesToNewItems: record.appliesToNewItems,
      }
    : { name: '', rate: '', type: 'added', appliesToNewItems: false, applyToAllItems: false };
}

/** What a 100.00 price becomes with this rate, so "added" and "included" read plainly. */
function TaxExample({ rate, type }: { rate: unknown; type: unknown }) {
  const { t } = useAreaT('settings');
  const company = useCompany();
  const format = useFormat(company?.currency);
  const lang = useLanguage();
  const parsed = parseDecimal(typeof rate === 'string' ? rate : '', lang, RATE);
  // The rate in basis points, exactly as typed (nothing shown for what the form would refuse).
  const rateBp = parsed.ok ? minorUnits(parsed, RATE.decimals) : null;
  if (rateBp === null || rateBp < 0 || rateBp > 10_000) return null;
  const kind = type === 'included' ? 'included' : 'added';
  const taxes = lineTaxes(EXAMPLE_PRICE_CENTS, [{ rateBp, type: kind }]);
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
  const lang = useLanguage();
  const decimalMessage = useDecimalMessage();
  const resolver = useMemo(
    () =>
      decimalResolver<Values, unknown, z.output<Schema>>(
        zodResolver(createTaxRateSchema(messages)) as never,
        { rate: RATE },
        lang,
        decimalMessage,
      ),
    [messages, lang, decimalMessage],
  );
  const { register, control, handleSubmit, setError, setFocus, setValue, getFieldState, formState } = useForm<
    Values,
    unknown,
    z.output<Schema>
  >({
    resolver,
    defaultValues: defaults(lang, record),
  });
  const { errors, isSubmitting } = formState;
  // A new rate starts as the company's prices carry tax (chosen at sign-up from the country).
  const taxMode = useCompany()?.taxMode;
  useEffect(() => {
    if (!record && taxMode && !getFieldState('type').isDirty) setValue('type', taxMode);
  }, [record, taxMode, getFieldState, setValue]);
  const [rate, type] = useWatch({ control, name: ['rate', 'type'] });
  const { save, formError } = useSaveRecord<TaxRate, Values>({
    endpoint: SETTINGS_ENDPOINT.taxRates,
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
        <DecimalField
          label={t('taxes.fields.rate')}
          hint={t('taxes.hints.rate')}
          required
          error={errors.rate?.message}
          {...register('rate')}
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
