import { useCallback, useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { canSeePath } from '@hive/shared/menu';
import { createItemSchema, type Item, type ItemOptions, type ItemTax } from '@hive/shared/schemas/backoffice';
import { selectMenuContext, useAppSelector } from '@hive/shared/store';
import { CheckboxField, DecimalField, SelectField, TextField, decimalInput, decimalResolver } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { CheckboxList } from '../../../components';
import { useDecimalMessage, useFormat, useLanguage, useT, useValidationMessages } from '../../../i18n';
import { FormShell, formStyles as styles, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { CATALOG_ENDPOINT, CATALOG_URL } from '../api';

type Schema = ReturnType<typeof createItemSchema>;
/** Price and cost as typed, in the user's language ("1,80" in es): read by decimalResolver. */
type Values = Omit<z.input<Schema>, 'price' | 'cost'> & { price: string; cost: string };

const MONEY = { decimals: 2 };

function defaults(options: ItemOptions, lang: string, record?: Item): Values {
  return record
    ? {
        name: record.name,
        sku: record.sku,
        barcode: record.barcode,
        categoryId: record.categoryId,
        price: decimalInput(record.price, lang, 2, 2),
        cost: decimalInput(record.cost, lang, 2, 2),
        taxIds: record.taxes.map((t) => t.id),
        trackStock: record.trackStock,
        active: record.active,
      }
    : {
        name: '',
        sku: '',
        barcode: '',
        categoryId: null,
        price: '',
        cost: '',
        // A new item starts with the rates marked "applies to all new items" (Settings › Taxes).
        taxIds: options.taxes.filter((t) => t.appliesToNewItems).map((t) => t.id),
        trackStock: false,
        active: true,
      };
}

/** "Standard rate 8% (included)", "IVA 10% (incluido)": a tax rate in the item form. */
export function useTaxLabel() {
  const { t } = useT();
  const format = useFormat();
  return useCallback(
    (tax: Pick<ItemTax, 'name' | 'rate' | 'type' | 'archived'>) =>
      t(tax.archived ? 'items.taxLabelArchived' : 'items.taxLabel', {
        name: format.tax(tax.name, tax.rate),
        type: t(`items.taxTypes.${tax.type}`),
      }),
    [t, format],
  );
}

const categoryValue = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

const NO_OPTIONS: ItemOptions = { categories: [], taxes: [] };

/** The category and tax choices load first, so the form shows the saved ones from the start. */
export function ItemForm(props: ResourceFormProps<Item>) {
  const { t } = useT();
  const options = useApi<ItemOptions>(CATALOG_URL.itemOptions);
  if (!options.data && options.loading) return <p role="status">{t('common.loading')}</p>;
  // Without the lists (a failed request) the form still works, with "No category" and no tax.
  return <ItemFormFields {...props} options={options.data ?? NO_OPTIONS} />;
}

function ItemFormFields({ record, onSaved, onCancel, options }: ResourceFormProps<Item> & { options: ItemOptions }) {
  const { t } = useT();
  const messages = useValidationMessages();
  const taxLabel = useTaxLabel();
  const menu = useAppSelector(selectMenuContext);
  const lang = useLanguage();
  const decimalMessage = useDecimalMessage();
  const resolver = useMemo(
    () =>
      decimalResolver<Values, unknown, z.output<Schema>>(
        zodResolver(createItemSchema(messages)) as never,
        { price: MONEY, cost: MONEY },
        lang,
        decimalMessage,
      ),
    [messages, lang, decimalMessage],
  );
  const { register, control, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, z.output<Schema>>(
    {
      resolver,
      defaultValues: defaults(options, lang, record),
    },
  );
  const { categories } = options;
  // The rates offered: the company's current ones, plus any archived rate the item still has.
  const taxChoices = useMemo(() => {
    const kept = (record?.taxes ?? []).filter((tax) => !options.taxes.some((o) => o.id === tax.id));
    return [...options.taxes, ...kept].map((tax) => ({ value: tax.id, label: taxLabel(tax) }));
  }, [options.taxes, record, taxLabel]);
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<Item, Values>({
    endpoint: CATALOG_ENDPOINT.items,
    prefix: 'items',
    record,
    setError,
    onSaved,
  });

  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <FormShell
      label={t(record ? 'items.edit' : 'items.new')}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <TextField
          className={styles.wide}
          label={t('items.fields.name')}
          required
          autoComplete="off"
          maxLength={200}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('items.fields.sku')}
          hint={t('items.hints.sku')}
          autoComplete="off"
          maxLength={60}
          error={errors.sku?.message}
          {...register('sku')}
        />
        <TextField
          label={t('items.fields.barcode')}
          hint={t('items.hints.barcode')}
          autoComplete="off"
          maxLength={40}
          error={errors.barcode?.message}
          {...register('barcode')}
        />
        <SelectField
          label={t('items.fields.category')}
          placeholder={t('items.noCategory')}
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          error={errors.categoryId?.message}
          {...register('categoryId', { setValueAs: categoryValue })}
        />
        <DecimalField label={t('items.fields.price')} required error={errors.price?.message} {...register('price')} />
        <DecimalField label={t('items.fields.cost')} required error={errors.cost?.message} {...register('cost')} />
      </div>
      <Controller
        control={control}
        name="taxIds"
        render={({ field, fieldState }) => (
          <CheckboxList<number>
            ref={field.ref}
            legend={t('items.fields.taxes')}
            options={taxChoices}
            value={(field.value ?? []) as number[]}
            onChange={field.onChange}
            error={fieldState.error?.message}
            hint={taxChoices.length > 0 ? t('items.hints.taxes') : undefined}
            empty={
              <>
                {t('items.noTaxes')} {canSeePath('/taxes', menu) && <Link to="/taxes">{t('items.manageTaxes')}</Link>}
              </>
            }
          />
        )}
      />
      <div className={styles.checks}>
        <CheckboxField
          label={t('items.fields.trackStock')}
          error={errors.trackStock?.message}
          {...register('trackStock')}
        />
        <CheckboxField label={t('items.fields.active')} error={errors.active?.message} {...register('active')} />
      </div>
    </FormShell>
  );
}
