import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createVendorSchema, type Vendor } from '@hive/shared/schemas/backoffice/inventory';
import { CheckboxField, TextAreaField, TextField } from '@hive/shared/ui';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import {
  LinesEditor,
  WithOptions,
  inventoryStyles as styles,
  type InventoryOptions,
  useLinesResolver,
  useLineText,
} from '../shared';
import { INVENTORY_ENDPOINT } from '../api';

const MONEY = { decimals: 2 };

type Schema = ReturnType<typeof createVendorSchema>;
type Values = z.input<Schema>;

function defaults(record: Vendor | undefined, text: (value: number, decimals: number) => string): Values {
  return {
    name: record?.name ?? '',
    contactName: record?.contactName ?? '',
    email: record?.email ?? '',
    phone: record?.phone ?? '',
    address: record?.address ?? '',
    note: record?.note ?? '',
    active: record?.active ?? true,
    items: (record?.items ?? []).map((i) => ({
      itemId: i.itemId,
      cost: text(i.cost, 2) as never,
      vendorSku: i.vendorSku,
    })),
  };
}

export function VendorForm(props: ResourceFormProps<Vendor>) {
  return <WithOptions page="vendors">{(options) => <VendorFields {...props} options={options} />}</WithOptions>;
}

function VendorFields({
  record,
  onSaved,
  onCancel,
  options,
}: ResourceFormProps<Vendor> & { options: InventoryOptions }) {
  const { t } = useAreaT('inventory');
  const messages = useValidationMessages();
  const schema = useMemo(() => createVendorSchema(messages), [messages]);
  const text = useLineText();
  const resolver = useLinesResolver(
    useMemo(() => zodResolver(schema), [schema]),
    'items',
    { cost: MONEY },
  );
  const form = useForm<Values, unknown, z.output<Schema>>({
    resolver,
    defaultValues: defaults(record, text),
  });
  const { register, handleSubmit, setError, setFocus, setValue, formState } = form;
  const { errors } = formState;
  const { save, formError } = useSaveRecord<Vendor, Values>({
    endpoint: INVENTORY_ENDPOINT.vendors,
    prefix: 'inventory:vendors',
    record,
    setError,
    onSaved,
  });
  useEffect(() => setFocus('name'), [setFocus]);
  const items = options.items;

  return (
    <FormShell
      label={t(record ? 'vendors.edit' : 'vendors.new')}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={formState.isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <TextField
          label={t('vendors.fields.name')}
          required
          autoComplete="off"
          maxLength={120}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('vendors.fields.contactName')}
          autoComplete="off"
          maxLength={120}
          error={errors.contactName?.message}
          {...register('contactName')}
        />
        <TextField
          label={t('vendors.fields.email')}
          hint={t('vendors.hints.email')}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('vendors.fields.phone')}
          type="tel"
          autoComplete="off"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextAreaField
          className={styles.wide}
          label={t('vendors.fields.address')}
          rows={2}
          maxLength={300}
          error={errors.address?.message}
          {...register('address')}
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
        label={t('vendors.fields.active')}
        hint={t('vendors.hints.active')}
        error={errors.active?.message}
        {...register('active')}
      />
      <LinesEditor
        form={form}
        name="items"
        legend={t('vendors.itemsLegend')}
        items={items}
        blank={{ cost: Number.NaN, vendorSku: '' }}
        columns={[
          { name: 'cost', label: t('fields.cost'), kind: 'money' },
          { name: 'vendorSku', label: t('vendors.fields.vendorSku'), kind: 'text' },
        ]}
        onItemChosen={(index, itemId) => {
          const cost = items.find((i) => i.id === itemId)?.cost;
          if (cost !== undefined) setValue(`items.${index}.cost`, text(cost, 2) as never);
        }}
      />
    </FormShell>
  );
}
