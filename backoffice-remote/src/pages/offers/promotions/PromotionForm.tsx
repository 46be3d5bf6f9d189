import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createPromotionSchema, type DiscountOptions, type Promotion, type PromotionInput } from '@hive/shared/schemas/backoffice/offers';
import { type PromotionKind } from '@hive/register-sdk/money';
import { Alert, CheckboxField, DecimalField, SelectField, TextField, decimalInput } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { CheckboxList, centsToInput, inputToCents, inputToMinor, inputToNumber } from '../../../components';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { TargetFields } from '../shared/TargetFields';
import { OFFERS_ENDPOINT, OFFERS_URL } from '../api';
import styles from '../discounts/discounts.module.css';

interface Values {
  name: string;
  kind: PromotionKind;
  priority: string;
  stackable: boolean;
  active: boolean;
  itemIds: number[];
  categoryIds: number[];
  buyQuantity: string;
  getQuantity: string;
  /** "100" = free. */
  getPercent: string;
  percent: string;
  threshold: string;
  amount: string;
  days: number[];
  startTime: string;
  endTime: string;
  startsOn: string;
  endsOn: string;
}

/*
 * Numbers are read in the user's language ("12,5" in es); '' is 0; what cannot be read for sure
 * stays as typed, for the schema to refuse. A whole number is read with decimals so that "1,5"
 * reaches the schema, which asks for a whole number; a percentage becomes basis points exactly.
 */
const whole = (v: string, lang: string) => inputToNumber(v, lang) ?? 0;
const bp = (v: string, lang: string) => inputToMinor(v, lang, 2) ?? 0;

const toInput = (v: Values, lang: string) => ({
  name: v.name,
  kind: v.kind,
  priority: whole(v.priority, lang),
  stackable: v.stackable,
  active: v.active,
  itemIds: v.kind === 'spend_get' ? [] : v.itemIds,
  categoryIds: v.kind === 'spend_get' ? [] : v.categoryIds,
  buyQuantity: v.kind === 'buy_get' ? whole(v.buyQuantity, lang) : 0,
  getQuantity: v.kind === 'buy_get' ? whole(v.getQuantity, lang) : 0,
  getPercentBp: v.kind === 'buy_get' ? bp(v.getPercent, lang) : 0,
  percentBp: v.kind === 'percent_off' || (v.kind === 'spend_get' && v.amount.trim() === '') ? bp(v.percent, lang) : 0,
  thresholdCents: v.kind === 'spend_get' ? (inputToCents(v.threshold, lang) ?? 0) : 0,
  amountCents: v.kind === 'spend_get' ? (inputToCents(v.amount, lang) ?? 0) : 0,
  days: v.days,
  startTime: v.startTime,
  endTime: v.endTime,
  startsOn: v.startsOn === '' ? null : v.startsOn,
  endsOn: v.endsOn === '' ? null : v.endsOn,
});

const RENAMES: Record<string, string> = {
  getPercentBp: 'getPercent',
  percentBp: 'percent',
  thresholdCents: 'threshold',
  amountCents: 'amount',
};

export function PromotionForm(props: ResourceFormProps<Promotion>) {
  // The items and categories a promotion may concern are the discounts' options.
  const options = useApi<DiscountOptions>(OFFERS_URL.discountOptions);
  const { t } = useAreaT('offers');
  if (options.error) return <Alert kind="error">{t('discounts.optionsFailed')}</Alert>;
  if (!options.data) return <p role="status">{t('common:common.loading')}</p>;
  return <PromotionFields {...props} options={options.data} />;
}

function PromotionFields({
  record,
  onSaved,
  onCancel,
  options,
}: ResourceFormProps<Promotion> & { options: DiscountOptions }) {
  const { t } = useAreaT('offers');
  const messages = useValidationMessages();
  const lang = useLanguage();
  const resolver = useMemo<Resolver<Values, unknown, PromotionInput>>(() => {
    const inner = zodResolver(createPromotionSchema(messages));
    return async (values, context, opts) => {
      const result = await inner(toInput(values, lang) as never, context, opts as never);
      const errors = Object.fromEntries(
        Object.entries(result.errors as Record<string, unknown>).map(([k, v]) => [RENAMES[k] ?? k, v]),
      );
      return { ...result, errors } as never;
    };
  }, [messages, lang]);
  const { register, control, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, PromotionInput>({
    resolver,
    defaultValues: {
      name: record?.name ?? '',
      kind: record?.kind ?? 'percent_off',
      priority: String(record?.priority ?? 10),
      stackable: record?.stackable ?? true,
      active: record?.active ?? true,
      itemIds: record?.itemIds ?? [],
      categoryIds: record?.categoryIds ?? [],
      buyQuantity: String(record?.buyQuantity || 2),
      getQuantity: String(record?.getQuantity || 1),
      getPercent: decimalInput((record?.getPercentBp || 10_000) / 100, lang, 2),
      percent: record?.percentBp ? decimalInput(record.percentBp / 100, lang, 2) : '',
      threshold: record?.thresholdCents ? centsToInput(record.thresholdCents, lang) : '',
      amount: record?.amountCents ? centsToInput(record.amountCents, lang) : '',
      days: record?.days ?? [],
      startTime: record?.startTime ?? '',
      endTime: record?.endTime ?? '',
      startsOn: record?.startsOn ?? '',
      endsOn: record?.endsOn ?? '',
    },
  });
  const { errors, isSubmitting } = formState;
  const kind = useWatch({ control, name: 'kind' });
  const { save, formError } = useSaveRecord<Promotion, Values>({
    endpoint: OFFERS_ENDPOINT.promotions,
    prefix: 'offers:promotions',
    record,
    setError: (name, error, opts) => setError((RENAMES[String(name)] ?? name) as keyof Values, error, opts),
    onSaved,
  });
  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <FormShell
      label={t(record ? 'promotions.edit' : 'promotions.new')}
      onSubmit={handleSubmit((values) => save(values))}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <TextField
          className={styles.wide}
          label={t('promotions.fields.name')}
          hint={t('promotions.hints.name')}
          required
          maxLength={60}
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField
          label={t('promotions.fields.kind')}
          options={(['buy_get', 'percent_off', 'spend_get'] as const).map((value) => ({
            value,
            label: t(`promotions.kinds.${value}`),
          }))}
          error={errors.kind?.message}
          {...register('kind')}
        />
        <TextField
          label={t('promotions.fields.priority')}
          hint={t('promotions.hints.priority')}
          inputMode="numeric"
          error={errors.priority?.message}
          {...register('priority')}
        />
        {kind === 'buy_get' && (
          <>
            <TextField
              label={t('promotions.fields.buyQuantity')}
              inputMode="numeric"
              error={errors.buyQuantity?.message}
              {...register('buyQuantity')}
            />
            <TextField
              label={t('promotions.fields.getQuantity')}
              inputMode="numeric"
              error={errors.getQuantity?.message}
              {...register('getQuantity')}
            />
            <DecimalField
              label={t('promotions.fields.getPercent')}
              hint={t('promotions.hints.getPercent')}
              error={errors.getPercent?.message}
              {...register('getPercent')}
            />
          </>
        )}
        {kind === 'percent_off' && (
          <DecimalField
            label={t('promotions.fields.percent')}
            hint={t('promotions.hints.percent')}
            required
            error={errors.percent?.message}
            {...register('percent')}
          />
        )}
        {kind === 'spend_get' && (
          <>
            <DecimalField
              label={t('promotions.fields.threshold')}
              required
              error={errors.threshold?.message}
              {...register('threshold')}
            />
            <DecimalField
              label={t('promotions.fields.amount')}
              hint={t('promotions.hints.amount')}
              error={errors.amount?.message}
              {...register('amount')}
            />
            <DecimalField
              label={t('promotions.fields.percent')}
              hint={t('promotions.hints.spendPercent')}
              error={errors.percent?.message}
              {...register('percent')}
            />
          </>
        )}
      </div>
      {kind !== 'spend_get' && (
        <TargetFields
          control={control as never}
          errors={errors}
          options={options}
          categoriesHint={t('promotions.hints.targets')}
        />
      )}
      <Controller
        control={control}
        name="days"
        render={({ field }) => (
          <CheckboxList<number>
            ref={field.ref}
            legend={t('promotions.fields.days')}
            hint={t('promotions.hints.days')}
            options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: t(`promotions.days.${d}`) }))}
            value={field.value}
            onChange={field.onChange}
            error={errors.days?.message}
          />
        )}
      />
      <div className={styles.grid}>
        <TextField
          type="time"
          label={t('promotions.fields.startTime')}
          hint={t('promotions.hints.hours')}
          error={errors.startTime?.message}
          {...register('startTime')}
        />
        <TextField
          type="time"
          label={t('promotions.fields.endTime')}
          error={errors.endTime?.message}
          {...register('endTime')}
        />
        <TextField
          type="date"
          label={t('promotions.fields.startsOn')}
          error={errors.startsOn?.message}
          {...register('startsOn')}
        />
        <TextField
          type="date"
          label={t('promotions.fields.endsOn')}
          error={errors.endsOn?.message}
          {...register('endsOn')}
        />
      </div>
      <CheckboxField
        label={t('promotions.fields.stackable')}
        hint={t('promotions.hints.stackable')}
        {...register('stackable')}
      />
      <CheckboxField label={t('promotions.fields.active')} {...register('active')} />
    </FormShell>
  );
}
