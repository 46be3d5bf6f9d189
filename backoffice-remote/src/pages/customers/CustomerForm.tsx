import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createCustomerSchema, type Customer } from '@hive/shared/schemas/backoffice';
import { DecimalField, TextAreaField, TextField, decimalInput, decimalResolver } from '@hive/shared/ui';
import { useDecimalMessage, useLanguage, useT, useValidationMessages } from '../../i18n';
import { FormShell, formStyles as styles, useSaveRecord, type ResourceFormProps } from '../../frames/resource';
import { CUSTOMERS_ENDPOINT } from './api';

type Schema = ReturnType<typeof createCustomerSchema>;
/** The points as typed, read by decimalResolver (a whole number). */
type Values = Omit<z.input<Schema>, 'points'> & { points: string };

export function CustomerForm({ record, onSaved, onCancel }: ResourceFormProps<Customer>) {
  const { t } = useT();
  const messages = useValidationMessages();
  const lang = useLanguage();
  const decimalMessage = useDecimalMessage();
  const resolver = useMemo(() => {
    return decimalResolver<Values, unknown, z.output<Schema>>(
      zodResolver(createCustomerSchema(messages)) as never,
      { points: { decimals: 0 } },
      lang,
      decimalMessage,
    );
  }, [messages, lang, decimalMessage]);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, z.output<Schema>>({
    resolver,
    defaultValues: record
      ? {
          name: record.name,
          email: record.email,
          phone: record.phone,
          notes: record.notes,
          points: decimalInput(record.points, lang, 0),
        }
      : { name: '', email: '', phone: '', notes: '', points: decimalInput(0, lang, 0) },
  });
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<Customer, Values>({
    endpoint: CUSTOMERS_ENDPOINT.customers,
    prefix: 'customers',
    record,
    setError,
    onSaved,
  });
  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <FormShell
      label={t(record ? 'customers.edit' : 'customers.new')}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      <div className={styles.grid}>
        <TextField
          className={styles.wide}
          label={t('customers.fields.name')}
          required
          autoComplete="off"
          maxLength={200}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('customers.fields.email')}
          type="email"
          autoComplete="off"
          inputMode="email"
          maxLength={300}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('customers.fields.phone')}
          type="tel"
          autoComplete="off"
          maxLength={40}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <DecimalField
          label={t('customers.fields.points')}
          required
          inputMode="numeric"
          error={errors.points?.message}
          {...register('points')}
        />
        {record && (
          <TextField
            label={t('customers.fields.totalSpent')}
            readOnly
            value={String(record.totalSpent)}
            hint={t('customers.hints.totalSpent')}
          />
        )}
        <TextAreaField
          className={styles.wide}
          label={t('customers.fields.notes')}
          rows={4}
          maxLength={1100}
          error={errors.notes?.message}
          {...register('notes')}
        />
      </div>
    </FormShell>
  );
}
