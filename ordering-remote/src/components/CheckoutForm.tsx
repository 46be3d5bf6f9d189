import { useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { checkoutFieldsSchema, pickupProblem, pickupSlots, type CheckoutFields, type CheckoutFieldsInput, type HoursRule } from '@hive/shared/schemas/ordering';
import { pickupLabel } from '../format';
import styles from '../ordering.module.css';

export type CheckoutFieldName = 'name' | 'phone' | 'pickupAt' | 'notes';

/** The checkout fields, with the pickup rule of the store (today/tomorrow, lead time, hours). */
export function checkoutSchema(rule: HoursRule, now: () => number) {
  return checkoutFieldsSchema.superRefine((value, ctx) => {
    const problem = pickupProblem(Date.parse(value.pickupAt), now(), rule);
    if (problem) ctx.addIssue({ code: 'custom', path: ['pickupAt'], message: problem });
  });
}

export interface CheckoutFormProps {
  rule: HoursRule;
  onSubmit(values: CheckoutFields): Promise<Partial<Record<CheckoutFieldName, string>> | void>;
  now?: () => number;
  disabled?: boolean;
  /** More fields before the submit button (the gift card). */
  extra?: ReactNode;
}

export function CheckoutForm({ rule, onSubmit, now = Date.now, disabled = false, extra }: CheckoutFormProps) {
  const { t, i18n } = useTranslation('ordering');
  const schema = useMemo(() => checkoutSchema(rule, now), [rule, now]);
  const slots = useMemo(() => pickupSlots(now(), rule), [rule, now]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFieldsInput, unknown, CheckoutFields>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', phone: '', pickupAt: slots[0] === undefined ? '' : new Date(slots[0]).toISOString(), notes: '' },
    mode: 'onTouched',
  });

  const message = (field: CheckoutFieldName): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    if (field === 'pickupAt') {
      const code = typeof error.message === 'string' && ['invalid', 'too_soon', 'other_day', 'closed'].includes(error.message) ? error.message : 'invalid';
      return t(`checkout.pickupErrors.${code}`);
    }
    return t(`checkout.errors.${field}`);
  };

  const submit = handleSubmit(async (values) => {
    const fieldErrors = await onSubmit(values);
    if (fieldErrors) {
      for (const [field, text] of Object.entries(fieldErrors)) setError(field as CheckoutFieldName, { type: 'server', message: text });
    }
  });

  const field = (name: CheckoutFieldName) => ({
    id: `checkout-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `checkout-${name}-error` : undefined,
  });
  const errorText = (name: CheckoutFieldName) =>
    errors[name] ? (
      <p id={`checkout-${name}-error`} className={styles.fieldError}>
        {message(name)}
      </p>
    ) : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="ordering-checkout-title">
      <div className={styles.field}>
        <label htmlFor="checkout-name">{t('checkout.name')}</label>
        <input {...field('name')} autoComplete="name" {...register('name')} />
        {errorText('name')}
      </div>
      <div className={styles.field}>
        <label htmlFor="checkout-phone">{t('checkout.phone')}</label>
        <input {...field('phone')} type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />
        {errorText('phone')}
      </div>
      <div className={styles.field}>
        <label htmlFor="checkout-pickupAt">{t('checkout.pickup')}</label>
        <select {...field('pickupAt')} {...register('pickupAt')}>
          <option value="">{t('checkout.pickupPlaceholder')}</option>
          {slots.map((slot) => (
            <option key={slot} value={new Date(slot).toISOString()}>
              {pickupLabel(slot, rule.timezone, i18n.language)}
            </option>
          ))}
        </select>
        {slots.length === 0 && <p className={styles.muted}>{t('checkout.noSlots')}</p>}
        {errorText('pickupAt')}
      </div>
      <div className={styles.field}>
        <label htmlFor="checkout-notes">{t('checkout.notes')}</label>
        <textarea {...field('notes')} rows={3} {...register('notes')} />
        {errorText('notes')}
      </div>
      {extra}
      <button type="submit" className={styles.primary} disabled={disabled || isSubmitting}>
        {isSubmitting ? t('checkout.submitting') : t('checkout.submit')}
      </button>
    </form>
  );
}
