import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createCategorySchema, type Category } from '@hive/shared/schemas/backoffice';
import { ColorField, NumberField, TextField } from '@hive/shared/ui';
import { useT, useValidationMessages } from '../../../i18n';
import { FormShell, formStyles as styles, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';

type Schema = ReturnType<typeof createCategorySchema>;
type Values = z.input<Schema>;

export function CategoryForm({ record, onSaved, onCancel }: ResourceFormProps<Category>) {
  const { t } = useT();
  const messages = useValidationMessages();
  const schema = useMemo(() => createCategorySchema(messages), [messages]);
  const { register, handleSubmit, setError, setFocus, watch, formState } = useForm<Values, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: record
      ? { name: record.name, color: record.color, position: record.position }
      : { name: '', color: '#2563eb', position: 0 },
  });
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<Category, Values>({
    endpoint: 'categories',
    prefix: 'categories',
    record,
    setError,
    onSaved,
  });
  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <FormShell
      label={t(record ? 'categories.edit' : 'categories.new')}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <TextField
          className={styles.wide}
          label={t('categories.fields.name')}
          required
          autoComplete="off"
          maxLength={200}
          error={errors.name?.message}
          {...register('name')}
        />
        <ColorField
          label={t('categories.fields.color')}
          hint={t('categories.hints.color')}
          required
          swatch={watch('color')}
          maxLength={7}
          error={errors.color?.message}
          {...register('color')}
        />
        <NumberField
          label={t('categories.fields.position')}
          hint={t('categories.hints.position')}
          required
          min={0}
          step="1"
          inputMode="numeric"
          error={errors.position?.message}
          {...register('position', { valueAsNumber: true })}
        />
      </div>
    </FormShell>
  );
}
