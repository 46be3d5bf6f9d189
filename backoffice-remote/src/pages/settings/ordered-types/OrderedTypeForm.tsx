import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  createOrderTypeSchema,
  createPaymentTypeSchema,
  type OrderType,
  type PaymentType,
} from '@hive/shared/schemas/backoffice/settings';
import { CheckboxField, TextField } from '@hive/shared/ui';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { SETTINGS_ENDPOINT } from '../api';
import { settingsStyles as styles } from '../shared';

interface Values {
  name: string;
  active: boolean;
  cashLike?: boolean;
}

/**
 * The form of an order type or a payment type: a name and "Active", and for payment types whether
 * it is counted in the cash drawer. One form, two schemas (the server's).
 */
function OrderedTypeForm<T extends OrderType | PaymentType>({
  kind,
  record,
  onSaved,
  onCancel,
}: ResourceFormProps<T> & { kind: 'orderTypes' | 'paymentTypes' }) {
  const { t } = useAreaT('settings');
  const messages = useValidationMessages();
  const payment = kind === 'paymentTypes';
  const schema = useMemo<z.ZodType<Values, Values>>(
    () => (payment ? createPaymentTypeSchema(messages) : createOrderTypeSchema(messages)),
    [payment, messages],
  );
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: record
      ? { name: record.name, active: record.active, ...('cashLike' in record ? { cashLike: record.cashLike } : {}) }
      : { name: '', active: true, ...(payment ? { cashLike: false } : {}) },
  });
  const { errors, isSubmitting } = formState;
  const { save, formError } = useSaveRecord<T, Values>({
    endpoint: payment ? SETTINGS_ENDPOINT.paymentTypes : SETTINGS_ENDPOINT.orderTypes,
    prefix: `settings:${kind}`,
    record,
    setError,
    onSaved,
  });

  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <FormShell
      label={t(`${kind}.${record ? 'edit' : 'new'}`)}
      onSubmit={handleSubmit(save)}
      onCancel={onCancel}
      submitting={isSubmitting}
      formError={formError}
    >
      {record?.builtin && <p className={styles.muted}>{t('ordered.builtinNote')}</p>}
      <TextField
        label={t(`${kind}.fields.name`)}
        hint={t(`${kind}.hints.name`)}
        required
        autoComplete="off"
        maxLength={80}
        error={errors.name?.message}
        {...register('name')}
      />
      {payment && (
        <CheckboxField
          label={t('paymentTypes.fields.cashLike')}
          hint={t('paymentTypes.hints.cashLike')}
          error={errors.cashLike?.message}
          {...register('cashLike')}
        />
      )}
      <CheckboxField
        label={t(`${kind}.fields.active`)}
        hint={t(`${kind}.hints.active`)}
        error={errors.active?.message}
        {...register('active')}
      />
    </FormShell>
  );
}

export const OrderTypeForm = (props: ResourceFormProps<OrderType>) => (
  <OrderedTypeForm<OrderType> kind="orderTypes" {...props} />
);
export const PaymentTypeForm = (props: ResourceFormProps<PaymentType>) => (
  <OrderedTypeForm<PaymentType> kind="paymentTypes" {...props} />
);
