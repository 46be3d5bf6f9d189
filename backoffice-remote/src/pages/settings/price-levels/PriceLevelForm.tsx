import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  WEEKDAYS,
  createPriceLevelSchema,
  type LocationOption,
  type PriceLevel,
} from '@hive/shared/schemas/backoffice/settings';
import { CheckboxField, TextField } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { CheckboxList } from '../../../components';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { SETTINGS_ENDPOINT, SETTINGS_URL } from '../api';
import { settingsStyles as styles } from '../shared';
import { useDayNames } from './schedule';

type Schema = ReturnType<typeof createPriceLevelSchema>;
type Values = z.input<Schema>;

function defaults(record?: PriceLevel): Values {
  return record
    ? {
        name: record.name,
        active: record.active,
        scheduled: record.scheduled,
        days: record.days,
        startTime: record.startTime,
        endTime: record.endTime,
        allLocations: record.allLocations,
        locationIds: record.locationIds,
      }
    : {
        name: '',
        active: true,
        scheduled: false,
        days: [1, 2, 3, 4, 5],
        startTime: '17:00',
        endTime: '19:00',
        allLocations: true,
        locationIds: [],
      };
}

/** The locations load first, so the form shows the chosen ones from the start. */
export function PriceLevelForm(props: ResourceFormProps<PriceLevel>) {
  const { t } = useAreaT('settings');
  const options = useApi<{ locations: LocationOption[] }>(SETTINGS_URL.priceLevelOptions);
  if (!options.data && options.loading) return <p role="status">{t('common:common.loading')}</p>;
  return <PriceLevelFields {...props} locations={options.data?.locations ?? []} />;
}

function PriceLevelFields({
  record,
  onSaved,
  onCancel,
  locations,
}: ResourceFormProps<PriceLevel> & { locations: LocationOption[] }) {
  const { t } = useAreaT('settings');
  const messages = useValidationMessages();
  const dayNames = useDayNames();
  const schema = useMemo(() => createPriceLevelSchema(messages), [messages]);
  const { register, control, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, z.output<Schema>>(
    {
      resolver: zodResolver(schema),
      defaultValues: defaults(record),
    },
  );
  const { errors, isSubmitting } = formState;
  const [scheduled, allLocations] = useWatch({ control, name: ['scheduled', 'allLocations'] });
  const { save, formError } = useSaveRecord<PriceLevel, Values>({
    endpoint: SETTINGS_ENDPOINT.priceLevels,
    prefix: 'settings:priceLevels',
    record,
    setError,
    onSaved,
  });

  useEffect(() => setFocus('name'), [setFocus]);

  const dayOptions = WEEKDAYS.map((day) => ({ value: day, label: dayNames.long[day]! }));
  // Monday first, as most people read a week.
  const week = [...dayOptions.slice(1), dayOptions[0]!];
  const locationOptions = locations.map((l) => ({
    value: l.id,
    label: l.active ? l.name : t('priceLevels.inactiveLocation', { name: l.name }),
  }));

  return (
    <FormShell
      label={t(record ? 'priceLevels.edit' : 'priceLevels.new')}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      <TextField
        label={t('priceLevels.fields.name')}
        hint={t('priceLevels.hints.name')}
        required
        autoComplete="off"
        maxLength={80}
        error={errors.name?.message}
        {...register('name')}
      />
      <CheckboxField
        label={t('priceLevels.fields.active')}
        hint={t('priceLevels.hints.active')}
        error={errors.active?.message}
        {...register('active')}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('priceLevels.fields.schedule')}</legend>
        <CheckboxField
          label={t('priceLevels.fields.scheduled')}
          hint={t('priceLevels.hints.scheduled')}
          error={errors.scheduled?.message}
          {...register('scheduled')}
        />
        {scheduled && (
          <>
            <Controller
              control={control}
              name="days"
              render={({ field, fieldState }) => (
                <CheckboxList<number>
                  ref={field.ref}
                  legend={t('priceLevels.fields.days')}
                  options={week}
                  value={(field.value ?? []) as number[]}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <div className={styles.grid}>
              <TextField
                type="time"
                label={t('priceLevels.fields.startTime')}
                required
                error={errors.startTime?.message}
                {...register('startTime')}
              />
              <TextField
                type="time"
                label={t('priceLevels.fields.endTime')}
                hint={t('priceLevels.hints.endTime')}
                required
                error={errors.endTime?.message}
                {...register('endTime')}
              />
            </div>
          </>
        )}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('priceLevels.fields.locations')}</legend>
        <CheckboxField
          label={t('priceLevels.fields.allLocations')}
          error={errors.allLocations?.message}
          {...register('allLocations')}
        />
        {!allLocations && (
          <Controller
            control={control}
            name="locationIds"
            render={({ field, fieldState }) => (
              <CheckboxList<number>
                ref={field.ref}
                legend={t('priceLevels.fields.chooseLocations')}
                options={locationOptions}
                value={(field.value ?? []) as number[]}
                onChange={field.onChange}
                error={fieldState.error?.message}
                empty={<Link to="/location">{t('priceLevels.addLocation')}</Link>}
              />
            )}
          />
        )}
      </fieldset>
    </FormShell>
  );
}
