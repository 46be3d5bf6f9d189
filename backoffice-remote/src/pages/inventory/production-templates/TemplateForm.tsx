import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createProductionTemplateSchema, type ProductionTemplate } from '@hive/shared/schemas/backoffice/inventory';
import { CheckboxField, DecimalField, SelectField, TextAreaField, TextField } from '@hive/shared/ui';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { inputToNumber } from '../../../components';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import {
  LinesEditor,
  WithOptions,
  inventoryStyles as styles,
  useInventoryFormat,
  type InventoryOptions,
  useLinesResolver,
  useLineText,
} from '../shared';
import { INVENTORY_ENDPOINT } from '../api';

/** Quantities are whole: three decimals are read, so that the schema can say "a whole number". */
const QUANTITY = { decimals: 3 };

type Schema = ReturnType<typeof createProductionTemplateSchema>;
type Values = z.input<Schema>;

export function TemplateForm(props: ResourceFormProps<ProductionTemplate>) {
  return (
    <WithOptions page="production_templates">
      {(options) => <TemplateFields {...props} options={options} />}
    </WithOptions>
  );
}

function TemplateFields({
  record,
  onSaved,
  onCancel,
  options,
}: ResourceFormProps<ProductionTemplate> & { options: InventoryOptions }) {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  const messages = useValidationMessages();
  const lang = useLanguage();
  const schema = useMemo(() => createProductionTemplateSchema(messages), [messages]);
  const text = useLineText();
  const resolver = useLinesResolver(
    useMemo(() => zodResolver(schema), [schema]),
    'ingredients',
    {
      quantity: QUANTITY,
    },
  );
  const form = useForm<Values, unknown, z.output<Schema>>({
    resolver,
    defaultValues: {
      name: record?.name ?? '',
      outputItemId: record?.outputItemId ?? Number.NaN,
      outputQuantity: record?.outputQuantity ?? 1,
      note: record?.note ?? '',
      active: record?.active ?? true,
      ingredients: (record?.ingredients ?? []).map((i) => ({
        itemId: i.itemId,
        quantity: text(i.quantity, 3) as never,
      })),
    },
  });
  const { register, handleSubmit, setError, setFocus, formState } = form;
  const { errors } = formState;
  const { save, formError } = useSaveRecord<ProductionTemplate, Values>({
    endpoint: INVENTORY_ENDPOINT.productionTemplates,
    prefix: 'inventory:templates',
    record,
    setError,
    onSaved,
  });
  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <FormShell
      label={t(record ? 'templates.edit' : 'templates.new')}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={formState.isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <TextField
          className={styles.wide}
          label={t('templates.fields.name')}
          required
          autoComplete="off"
          maxLength={120}
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField
          label={t('templates.fields.output')}
          required
          placeholder={t('lines.chooseItem')}
          options={options.items.map((i) => ({ value: String(i.id), label: i.name }))}
          error={errors.outputItemId?.message}
          {...register('outputItemId', { valueAsNumber: true })}
        />
        <DecimalField
          label={t('templates.fields.outputQuantity')}
          hint={t('templates.hints.outputQuantity')}
          required
          error={errors.outputQuantity?.message}
          {...register('outputQuantity', {
            setValueAs: (v: unknown) => (typeof v === 'string' ? inputToNumber(v, lang) : v),
          })}
        />
        <TextAreaField
          className={styles.wide}
          label={t('fields.note')}
          rows={2}
          maxLength={1000}
          error={errors.note?.message}
          {...register('note')}
        />
      </div>
      <CheckboxField
        label={t('templates.fields.active')}
        hint={t('templates.hints.active')}
        error={errors.active?.message}
        {...register('active')}
      />
      <LinesEditor
        form={form}
        name="ingredients"
        legend={t('templates.ingredientsLegend')}
        items={options.items}
        blank={{ quantity: Number.NaN }}
        columns={[{ name: 'quantity', label: t('templates.fields.perBatch'), kind: 'integer' }]}
      />
      {record && (
        <p className={`${styles.small} ${styles.muted}`}>
          {t('templates.costNow', { batch: format.money(record.batchCost), unit: format.money(record.unitCost) })}
        </p>
      )}
    </FormShell>
  );
}
