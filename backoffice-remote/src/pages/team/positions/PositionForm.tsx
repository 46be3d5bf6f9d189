import { useEffect, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createPositionSchema, type Position, type PositionInput } from '@hive/shared/schemas/backoffice/team';
import { ColorField, TextField } from '@hive/shared/ui';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { centsToInput, inputToCents, teamStyles as styles } from '../shared';
import { TEAM_ENDPOINT } from '../api';

interface Values {
  name: string;
  /** In the company's currency ("15.50"); sent as cents. */
  hourlyRate: string;
  color: string;
}

export function PositionForm({ record, onSaved, onCancel }: ResourceFormProps<Position>) {
  const { t } = useAreaT('team');
  const messages = useValidationMessages();
  const lang = useLanguage();
  const resolver = useMemo<Resolver<Values, unknown, PositionInput>>(() => {
    const inner = zodResolver(createPositionSchema(messages));
    return async (values, context, options) => {
      const result = await inner(
        // An empty rate is 0 (employees then need a rate of their own).
        {
          name: values.name,
          color: values.color,
          hourlyRateCents: inputToCents(values.hourlyRate, lang) ?? 0,
        } as never,
        context,
        options as never,
      );
      // The schema names the field hourlyRateCents; the form shows it as hourlyRate.
      const { hourlyRateCents, ...errors } = result.errors as Record<string, unknown>;
      return (hourlyRateCents ? { ...result, errors: { ...errors, hourlyRate: hourlyRateCents } } : result) as never;
    };
  }, [messages, lang]);
  const { register, handleSubmit, setError, setFocus, watch, formState } = useForm<Values, unknown, PositionInput>({
    resolver,
    defaultValues: {
      name: record?.name ?? '',
      hourlyRate: record ? centsToInput(record.hourlyRateCents, lang) : '',
      color: record?.color ?? '#2563eb',
    },
  });
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<Position, Values>({
    endpoint: TEAM_ENDPOINT.positions,
    prefix: 'team:positions',
    record,
    setError,
    onSaved,
  });
  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <FormShell
      label={t(record ? 'positions.edit' : 'positions.new')}
      onSubmit={handleSubmit((values) => save(values))}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <TextField
          className={styles.wide}
          label={t('positions.fields.name')}
          required
          autoComplete="off"
          maxLength={60}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('positions.fields.hourlyRate')}
          hint={t('positions.hints.hourlyRate')}
          inputMode="decimal"
          autoComplete="off"
          error={errors.hourlyRate?.message}
          {...register('hourlyRate')}
        />
        <ColorField
          label={t('positions.fields.color')}
          hint={t('positions.hints.color')}
          required
          swatch={watch('color')}
          maxLength={7}
          error={errors.color?.message}
          {...register('color')}
        />
      </div>
    </FormShell>
  );
}
