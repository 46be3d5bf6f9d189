import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createItemSchema, type CategoryOption, type Item } from '@hive/shared/schemas/backoffice';
import { CheckboxField, NumberField, SelectField, TextField } from '@hive/shared/ui';
import { API, useApi } from '../../api';
import { useT, useValidationMessages } from '../../i18n';
import { FormShell, formStyles as styles, useSaveRecord, type ResourceFormProps } from '../resource';

type Schema = ReturnType<typeof createItemSchema>;
type Values = z.input<Schema>;

// An empty number input reads as NaN: "required", rather than a silent 0.
const EMPTY = Number.NaN;

function defaults(record?: Item): Values {
  return record
    ? {
        name: record.name,
        sku: record.sku,
        categoryId: record.categoryId,
        price: record.price,
        cost: record.cost,
        taxRate: record.taxRate,
        trackStock: record.trackStock,
        active: record.active,
      }
    : { name: '', sku: '', categoryId: null, price: EMPTY, cost: EMPTY, taxRate: 0, trackStock: false, active: true };
}

const categoryValue = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** The category choices load first, so the select shows the saved category from the start. */
export function ItemForm(props: ResourceFormProps<Item>) {
  const { t } = useT();
  const options = useApi<{ categories: CategoryOption[] }>(`${API}/items/options`);
  if (!options.data && options.loading) return <p role="status">{t('common.loading')}</p>;
  // Without the list (a failed request) the form still works, with "No category" only.
  return <ItemFormFields {...props} categories={options.data?.categories ?? []} />;
}

function ItemFormFields({
  record,
  onSaved,
  onCancel,
  categories,
}: ResourceFormProps<Item> & { categories: CategoryOption[] }) {
  const { t } = useT();
  const messages = useValidationMessages();
  const schema = useMemo(() => createItemSchema(messages), [messages]);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: defaults(record),
  });
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<Item, Values>({
    endpoint: 'items',
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
        <SelectField
          label={t('items.fields.category')}
          placeholder={t('items.noCategory')}
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          error={errors.categoryId?.message}
          {...register('categoryId', { setValueAs: categoryValue })}
        />
        <NumberField
          label={t('items.fields.price')}
          required
          min={0}
          step="0.01"
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
        />
        <NumberField
          label={t('items.fields.cost')}
          required
          min={0}
          step="0.01"
          error={errors.cost?.message}
          {...register('cost', { valueAsNumber: true })}
        />
        <NumberField
          label={t('items.fields.taxRate')}
          hint={t('items.hints.taxRate')}
          required
          min={0}
          max={100}
          step="0.01"
          error={errors.taxRate?.message}
          {...register('taxRate', { valueAsNumber: true })}
        />
      </div>
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
