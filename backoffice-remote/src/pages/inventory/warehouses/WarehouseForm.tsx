import { useEffect, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createWarehouseSchema, type Warehouse, type WarehouseInput } from '@hive/shared/schemas/backoffice/inventory';
import { CheckboxField, SelectField, TextField } from '@hive/shared/ui';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { WithOptions, choices, inventoryStyles as styles } from '../shared';
import { INVENTORY_ENDPOINT } from '../api';

interface Values {
  name: string;
  locationId: string;
  active: boolean;
}

type LocationOptions = { locations: { id: number; name: string }[] };

export function WarehouseForm(props: ResourceFormProps<Warehouse>) {
  return (
    <WithOptions<LocationOptions> page="warehouses">
      {(options) => <WarehouseFields {...props} options={options} />}
    </WithOptions>
  );
}

function WarehouseFields({
  record,
  onSaved,
  onCancel,
  options,
}: ResourceFormProps<Warehouse> & { options: LocationOptions }) {
  const { t } = useAreaT('inventory');
  const messages = useValidationMessages();
  // The select's '' is "no location" (a back room of its own).
  const resolver = useMemo<Resolver<Values, unknown, WarehouseInput>>(() => {
    const inner = zodResolver(createWarehouseSchema(messages));
    return (values, context, options) =>
      inner(
        { ...values, locationId: values.locationId === '' ? null : Number(values.locationId) },
        context,
        options as never,
      ) as never;
  }, [messages]);
  const form = useForm<Values, unknown, WarehouseInput>({
    resolver,
    defaultValues: {
      name: record?.name ?? '',
      locationId: record?.locationId ? String(record.locationId) : '',
      active: record?.active ?? true,
    },
  });
  const { register, handleSubmit, setError, setFocus, formState } = form;
  const { save, formError } = useSaveRecord<Warehouse, Values>({
    endpoint: INVENTORY_ENDPOINT.warehouses,
    prefix: 'inventory:warehouses',
    record,
    setError,
    onSaved,
  });
  useEffect(() => setFocus('name'), [setFocus]);
  const isDefault = record?.isDefault ?? false;

  return (
    <FormShell
      label={t(record ? 'warehouses.edit' : 'warehouses.new')}
      onSubmit={handleSubmit((values) => save(values))}
      onCancel={onCancel}
      submitting={formState.isSubmitting}
      formError={formError}
    >
      {isDefault && <p className={styles.muted}>{t('warehouses.defaultNote')}</p>}
      <div className={styles.grid}>
        <TextField
          label={t('warehouses.fields.name')}
          required
          autoComplete="off"
          maxLength={120}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <SelectField
          label={t('warehouses.fields.location')}
          hint={t('warehouses.hints.location')}
          placeholder={t('warehouses.noLocation')}
          options={choices(options.locations)}
          disabled={isDefault}
          error={formState.errors.locationId?.message}
          {...register('locationId')}
        />
      </div>
      <CheckboxField
        label={t('warehouses.fields.active')}
        hint={t('warehouses.hints.active')}
        disabled={isDefault}
        error={formState.errors.active?.message}
        {...register('active')}
      />
    </FormShell>
  );
}
