import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createCategorySchema, type Category } from '@hive/shared/schemas/backoffice';
import { ColorField, DecimalField, TextField, decimalInput, decimalResolver } from '@hive/shared/ui';
import { useDecimalMessage, useLanguage, useT, useValidationMessages } from '../../../i18n';
import { FormShell, formStyles as styles, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { CATALOG_ENDPOINT } from '../api';

type Schema = ReturnType<typeof createCategorySchema>;
/** The position as typed, read by decimalResolver (a whole number). */
type Values = Omit<z.input<Schema>, 'position'> & { position: string };

export function CategoryForm({ record, onSaved, onCancel }: ResourceFormProps<Category>) {
  const { t } = useT();
  const messages = useValidationMessages();
  const lang = useLanguage();
  const decimalMessage = useDecimalMessage();
  const resolver = useMemo(() => {
    return decimalResolver<Values, unknown, z.output<Schema>>(
      zodResolver(createCategorySchema(messages)) as never,
      { position: { decimals: 0 } },
      lang,
      decimalMessage,
    );
  }, [messages, lang, decimalMessage]);
  const { register, handleSubmit, setError, setFocus, watch, formState } = useForm<Values, unknown, z.output<Schema>>({
    resolver,
    defaultValues: record
      ? { name: record.name, color: record.color, position: decimalInput(record.position, lang, 0) }
      : { name: '', color: '#2563eb', position: decimalInput(0, lang, 0) },
  });
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<Category, Values>({
    endpoint: CATALOG_ENDPOINT.categories,
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
        <DecimalField
          label={t('categories.fields.position')}
          hint={t('categories.hints.position')}
          required
          inputMode="numeric"
          error={errors.position?.message}
          {...register('position')}
        />
      </div>
    </FormShell>
  );
}
