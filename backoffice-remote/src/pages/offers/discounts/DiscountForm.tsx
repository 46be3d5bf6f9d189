import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createDiscountSchema,
  type Discount,
  type DiscountInput,
  type DiscountOptions,
  type DiscountScope,
  type DiscountType,
} from '@hive/shared/schemas/backoffice/offers';
import { Alert, CheckboxField, DecimalField, SelectField, TextField, decimalInput } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { centsToInput, inputToCents, inputToMinor } from '../../../components';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { TargetFields } from '../shared/TargetFields';
import { OFFERS_ENDPOINT, OFFERS_URL } from '../api';
import styles from './discounts.module.css';

interface Values {
  name: string;
  type: DiscountType;
  /** "10" or "12.5" (%), sent as basis points. */
  percent: string;
  /** In the company's currency, sent as cents. */
  amount: string;
  scope: DiscountScope;
  itemIds: number[];
  categoryIds: number[];
  restricted: boolean;
  active: boolean;
}

/**
 * "12.5" ("12,5" in es) -> 1250 basis points, exactly (2 decimals at most, never rounded); '' ->
 * null; anything else as it is, for the schema to refuse.
 */
const percentToBp = (value: string, lang: string) => inputToMinor(value, lang, 2);

const toInput = (v: Values, lang: string) => ({
  name: v.name,
  type: v.type,
  percentBp: v.type === 'percent' ? percentToBp(v.percent, lang) : null,
  amountCents: v.type === 'amount' ? inputToCents(v.amount, lang) : null,
  scope: v.scope,
  itemIds: v.itemIds,
  categoryIds: v.categoryIds,
  restricted: v.restricted,
  active: v.active,
});

export function DiscountForm(props: ResourceFormProps<Discount>) {
  const options = useApi<DiscountOptions>(OFFERS_URL.discountOptions);
  const { t } = useAreaT('offers');
  if (options.error) return <Alert kind="error">{t('discounts.optionsFailed')}</Alert>;
  if (!options.data) return <p role="status">{t('common:common.loading')}</p>;
  return <DiscountFields {...props} options={options.data} />;
}

function DiscountFields({
  record,
  onSaved,
  onCancel,
  options,
}: ResourceFormProps<Discount> & { options: DiscountOptions }) {
  const { t } = useAreaT('offers');
  const messages = useValidationMessages();
  const lang = useLanguage();
  const resolver = useMemo<Resolver<Values, unknown, DiscountInput>>(() => {
    const inner = zodResolver(createDiscountSchema(messages));
    return async (values, context, opts) => {
      const result = await inner(toInput(values, lang) as never, context, opts as never);
      // The schema's percentBp and amountCents are the form's percent and amount.
      const { percentBp, amountCents, ...errors } = result.errors as Record<string, unknown>;
      const renamed = {
        ...errors,
        ...(percentBp ? { percent: percentBp } : {}),
        ...(amountCents ? { amount: amountCents } : {}),
      };
      return (Object.keys(result.errors).length > 0 ? { ...result, errors: renamed } : result) as never;
    };
  }, [messages, lang]);
  const { register, control, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, DiscountInput>({
    resolver,
    defaultValues: {
      name: record?.name ?? '',
      type: record?.type ?? 'percent',
      percent: record?.percentBp ? decimalInput(record.percentBp / 100, lang, 2) : '',
      amount: centsToInput(record?.amountCents, lang),
      scope: record?.scope ?? 'receipt',
      itemIds: record?.itemIds ?? [],
      categoryIds: record?.categoryIds ?? [],
      restricted: record?.restricted ?? false,
      active: record?.active ?? true,
    },
  });
  const { errors, isSubmitting } = formState;
  const type = useWatch({ control, name: 'type' });
  const scope = useWatch({ control, name: 'scope' });
  const { save, formError } = useSaveRecord<Discount, Values>({
    endpoint: OFFERS_ENDPOINT.discounts,
    prefix: 'offers:discounts',
    record,
    setError: (name, error, opts) => {
      const field = name === ('percentBp' as never) ? 'percent' : name === ('amountCents' as never) ? 'amount' : name;
      setError(field as keyof Values, error, opts);
    },
    onSaved,
  });
  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <FormShell
      label={t(record ? 'discounts.edit' : 'discounts.new')}
      onSubmit={handleSubmit((values) => save(values))}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <TextField
          className={styles.wide}
          label={t('discounts.fields.name')}
          hint={t('discounts.hints.name')}
          required
          autoComplete="off"
          maxLength={60}
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField
          label={t('discounts.fields.type')}
          options={[
            { value: 'percent', label: t('discounts.types.percent') },
            { value: 'amount', label: t('discounts.types.amount') },
          ]}
          error={errors.type?.message}
          {...register('type')}
        />
        {type === 'percent' ? (
          <DecimalField
            key="percent"
            label={t('discounts.fields.percent')}
            hint={t('discounts.hints.percent')}
            required
            error={errors.percent?.message}
            {...register('percent')}
          />
        ) : (
          <DecimalField
            key="amount"
            label={t('discounts.fields.amount')}
            hint={t('discounts.hints.amount', { currency: options.currency })}
            required
            error={errors.amount?.message}
            {...register('amount')}
          />
        )}
        <SelectField
          className={styles.wide}
          label={t('discounts.fields.scope')}
          hint={t('discounts.hints.scope')}
          options={[
            { value: 'receipt', label: t('discounts.scopes.receipt') },
            { value: 'items', label: t('discounts.scopes.items') },
          ]}
          error={errors.scope?.message}
          {...register('scope')}
        />
      </div>
      {scope === 'items' && (
        <TargetFields
          control={control as never}
          errors={errors}
          options={options}
          itemsHint={t('discounts.hints.items')}
        />
      )}
      <CheckboxField
        label={t('discounts.fields.restricted')}
        hint={t('discounts.hints.restricted')}
        error={errors.restricted?.message}
        {...register('restricted')}
      />
      <CheckboxField
        label={t('discounts.fields.active')}
        hint={t('discounts.hints.active')}
        error={errors.active?.message}
        {...register('active')}
      />
    </FormShell>
  );
}
