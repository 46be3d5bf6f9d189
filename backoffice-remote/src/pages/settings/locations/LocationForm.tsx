import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { EMPTY_ADDRESS, createLocationSchema, type Location } from '@hive/shared/schemas/backoffice/settings';
import { CheckboxField, TextField } from '@hive/shared/ui';
import { useCompany } from '../../../api';
import { TimeZoneField } from '../../../components';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { SETTINGS_ENDPOINT } from '../api';
import { AddressFields, settingsStyles as styles } from '../shared';

type Schema = ReturnType<typeof createLocationSchema>;
type Values = z.input<Schema>;

function defaults(record: Location | undefined, timezone: string): Values {
  return record
    ? {
        name: record.name,
        address: record.address,
        timezone: record.timezone,
        phone: record.phone,
        active: record.active,
      }
    : { name: '', address: EMPTY_ADDRESS, timezone, phone: '', active: true };
}

/** A location: where the business sells (registers, stock and price levels belong to one). */
export function LocationForm({ record, onSaved, onCancel }: ResourceFormProps<Location>) {
  const { t } = useAreaT('settings');
  const messages = useValidationMessages();
  // A new location starts in the business's time zone.
  const company = useCompany();
  const schema = useMemo(() => createLocationSchema(messages), [messages]);
  const { register, handleSubmit, setError, setFocus, setValue, getFieldState, formState } = useForm<
    Values,
    unknown,
    z.output<Schema>
  >({
    resolver: zodResolver(schema),
    defaultValues: defaults(record, company?.timezone ?? 'UTC'),
  });
  // The company may arrive after the form: a new location still starts in its time zone.
  const companyZone = company?.timezone;
  useEffect(() => {
    if (!record && companyZone && !getFieldState('timezone').isDirty) setValue('timezone', companyZone);
  }, [record, companyZone, getFieldState, setValue]);
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<Location, Values>({
    endpoint: SETTINGS_ENDPOINT.locations,
    prefix: 'settings:locations',
    record,
    setError,
    onSaved,
  });

  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <FormShell
      label={t(record ? 'locations.edit' : 'locations.new')}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <TextField
          className={styles.wide}
          label={t('locations.fields.name')}
          hint={t('locations.hints.name')}
          required
          autoComplete="off"
          maxLength={200}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('locations.fields.phone')}
          type="tel"
          autoComplete="tel"
          maxLength={40}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TimeZoneField
          label={t('locations.fields.timezone')}
          hint={t('locations.hints.timezone')}
          error={errors.timezone?.message}
          {...register('timezone')}
        />
      </div>
      <AddressFields legend={t('locations.fields.address')} register={register} errors={errors.address} />
      <CheckboxField
        label={t('locations.fields.active')}
        hint={t('locations.hints.active')}
        error={errors.active?.message}
        {...register('active')}
      />
    </FormShell>
  );
}
