import { useEffect, useMemo } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createBundleSchema,
  type Bundle,
  type BundleInput,
  type BundleOptions,
} from '@hive/shared/schemas/backoffice/catalog';
import {
  Alert,
  Button,
  CheckboxField,
  DecimalField,
  SelectField,
  TextField,
  decimalInput,
  decimalValue,
  parseDecimal,
} from '@hive/shared/ui';
import { useApi } from '../../../api';
import { CheckboxList, inputToNumber, useCentsFormat } from '../../../components';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { CATALOG_ENDPOINT, CATALOG_URL } from '../api';
import styles from '../shared/catalog.module.css';

interface Values {
  name: string;
  sku: string;
  categoryId: string;
  /** In the currency, like the Items page. */
  price: string;
  taxIds: number[];
  active: boolean;
  components: { itemId: string; quantity: string }[];
}

/**
 * The form's values as the schema takes them, numbers read in the user's language ("8,99" in es).
 * A quantity is read with decimals so that "1,5" reaches the schema, which asks for a whole number.
 */
const toInput = (v: Values, lang: string) => ({
  name: v.name,
  sku: v.sku,
  categoryId: v.categoryId === '' ? null : Number(v.categoryId),
  price: inputToNumber(v.price, lang, 2),
  taxIds: v.taxIds,
  active: v.active,
  components: v.components.map((c) => ({
    itemId: c.itemId === '' ? null : Number(c.itemId),
    quantity: inputToNumber(c.quantity, lang),
  })),
});

/** What a field holds as a number for the cost line: '' is 0, anything unreadable NaN. */
function typedNumber(value: string | undefined, lang: string, decimals: number): number {
  const parsed = parseDecimal(value ?? '', lang, { decimals });
  return parsed.ok ? (decimalValue(parsed) ?? 0) : Number.NaN;
}

export function BundleForm(props: ResourceFormProps<Bundle>) {
  const options = useApi<BundleOptions>(CATALOG_URL.bundleOptions);
  const { t } = useAreaT('catalog');
  if (options.error) return <Alert kind="error">{t('bundles.optionsFailed')}</Alert>;
  if (!options.data) return <p role="status">{t('common:common.loading')}</p>;
  return <BundleFields {...props} options={options.data} />;
}

function BundleFields({ record, onSaved, onCancel, options }: ResourceFormProps<Bundle> & { options: BundleOptions }) {
  const { t } = useAreaT('catalog');
  const format = useCentsFormat();
  const messages = useValidationMessages();
  const lang = useLanguage();
  const resolver = useMemo<Resolver<Values, unknown, BundleInput>>(
    () => async (values, context, opts) =>
      (await zodResolver(createBundleSchema(messages))(
        toInput(values, lang) as never,
        context,
        opts as never,
      )) as never,
    [messages, lang],
  );
  const { register, control, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, BundleInput>({
    resolver,
    defaultValues: {
      name: record?.name ?? '',
      sku: record?.sku ?? '',
      categoryId: record?.categoryId ? String(record.categoryId) : '',
      price: record ? decimalInput(record.price, lang, 2, 2) : '',
      taxIds: record?.taxIds ?? [],
      active: record?.active ?? true,
      components: record
        ? record.components.map((c) => ({ itemId: String(c.itemId), quantity: decimalInput(c.quantity, lang, 3) }))
        : [{ itemId: '', quantity: '1' }],
    },
  });
  const { errors, isSubmitting } = formState;
  const components = useFieldArray({ control, name: 'components' });
  const watched = useWatch({ control, name: 'components' });
  const price = useWatch({ control, name: 'price' });
  const { save, formError } = useSaveRecord<Bundle, Values>({
    endpoint: CATALOG_ENDPOINT.bundles,
    prefix: 'catalog:bundles',
    record,
    setError,
    onSaved,
  });
  useEffect(() => setFocus('name'), [setFocus]);

  const costs = new Map(options.items.map((i) => [String(i.id), i.cost]));
  const cost = (watched ?? []).reduce(
    (s, c) => s + (costs.get(c.itemId) ?? 0) * (typedNumber(c.quantity, lang, 3) || 0),
    0,
  );
  const priceValue = typedNumber(price, lang, 2);

  return (
    <FormShell
      label={t(record ? 'bundles.edit' : 'bundles.new')}
      onSubmit={handleSubmit((values) => save(values))}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <TextField
          className={styles.wide}
          label={t('bundles.fields.name')}
          required
          maxLength={120}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField label={t('bundles.fields.sku')} maxLength={40} error={errors.sku?.message} {...register('sku')} />
        <SelectField
          label={t('bundles.fields.category')}
          placeholder={t('bundles.noCategory')}
          options={options.categories.map((c) => ({ value: String(c.id), label: c.name }))}
          error={errors.categoryId?.message}
          {...register('categoryId')}
        />
        <DecimalField
          label={t('bundles.fields.price')}
          hint={t('bundles.hints.price')}
          required
          error={errors.price?.message}
          {...register('price')}
        />
      </div>
      <div className={styles.lines}>
        {components.fields.map((field, index) => (
          <fieldset key={field.id} className={styles.line}>
            <legend>{t('bundles.componentLegend', { number: index + 1 })}</legend>
            <SelectField
              label={t('bundles.fields.item')}
              required
              placeholder={t('bundles.chooseItem')}
              options={options.items.map((i) => ({
                value: String(i.id),
                label: i.trackStock ? i.name : `${i.name} (${t('bundles.notTracked')})`,
              }))}
              error={errors.components?.[index]?.itemId?.message}
              {...register(`components.${index}.itemId`)}
            />
            <TextField
              label={t('bundles.fields.quantity')}
              inputMode="numeric"
              required
              error={errors.components?.[index]?.quantity?.message}
              {...register(`components.${index}.quantity`)}
            />
            {components.fields.length > 1 && (
              <div className={styles.row}>
                <Button onClick={() => components.remove(index)}>
                  {t('bundles.removeComponent', { number: index + 1 })}
                </Button>
              </div>
            )}
          </fieldset>
        ))}
        {errors.components?.message && <Alert kind="error">{errors.components.message}</Alert>}
        <div className={styles.row}>
          <Button onClick={() => components.append({ itemId: '', quantity: '1' })}>{t('bundles.addComponent')}</Button>
        </div>
        <p className={styles.muted} role="status">
          {t('bundles.costLine', {
            cost: format.money(cost),
            margin: Number.isFinite(priceValue) ? format.money(priceValue - cost) : '—',
          })}
        </p>
      </div>
      <Controller
        control={control}
        name="taxIds"
        render={({ field }) => (
          <CheckboxList<number>
            ref={field.ref}
            legend={t('bundles.fields.taxes')}
            options={options.taxRates.map((r) => ({ value: r.id, label: r.name }))}
            value={field.value}
            onChange={field.onChange}
            error={errors.taxIds?.message}
            empty={t('bundles.noTaxes')}
          />
        )}
      />
      <CheckboxField label={t('bundles.fields.active')} hint={t('bundles.hints.active')} {...register('active')} />
    </FormShell>
  );
}
