import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  COUPON_KINDS,
  LICENSES,
  couponSchema,
  type AdminCoupon,
  type Coupon,
  type CouponInput,
} from '@hive/shared/schemas/admin';
import { Alert, DecimalField, SelectField, TextField, decimalInput, decimalResolver, useToast } from '@hive/shared/ui';
import { applyServerErrors, decimalMessage, describeProblem, fieldMessage } from '../../api';
import { useCouponsApi } from './api';
import { CheckboxGroup, FormDialog } from '../../components';
import styles from '../pages.module.css';

const FIELDS = ['code', 'kind', 'value', 'validFrom', 'validTo', 'maxRedemptions', 'licenses'];
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The value and the limit as typed, in the user's language ("12,50" in es): read by decimalResolver. */
type Values = Omit<CouponInput, 'value' | 'maxRedemptions'> & { value: string; maxRedemptions: string };

/*
 * The value takes 2 decimals whatever the kind: a percentage with a fraction reaches the schema,
 * which asks for a whole one. An empty limit is null (no limit).
 */
const NUMBERS = { value: { decimals: 2 }, maxRedemptions: { decimals: 0 } };

/** Create or edit a billing coupon (billing role). */
export function CouponDialog({
  coupon,
  onClose,
  onSaved,
}: {
  coupon: AdminCoupon | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation('login');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const api = useCouponsApi();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const resolver = useMemo(
    () =>
      decimalResolver<Values, unknown, Coupon>(zodResolver(couponSchema) as never, NUMBERS, lang, decimalMessage(t)),
    [lang, t],
  );
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Coupon>({
    resolver,
    defaultValues: coupon
      ? {
          code: coupon.code,
          kind: coupon.kind,
          value: decimalInput(coupon.value, lang, 2, coupon.kind === 'amount' ? 2 : 0),
          validFrom: coupon.validFrom,
          validTo: coupon.validTo,
          maxRedemptions: decimalInput(coupon.maxRedemptions, lang, 0),
          licenses: coupon.licenses,
        }
      : {
          code: '',
          kind: 'percent',
          value: decimalInput(10, lang, 2),
          validFrom: today(),
          validTo: inDays(90),
          maxRedemptions: '',
          licenses: [...LICENSES],
        },
  });
  const kind = watch('kind');

  const onSubmit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      if (coupon) await api.saveCoupon(coupon.id, body);
      else await api.createCoupon(body);
      toast.success(t(coupon ? 'coupons.saved' : 'coupons.created', { code: body.code }));
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS)) setProblem(describeProblem(t, error));
    }
  });

  return (
    <FormDialog
      open
      title={coupon ? t('coupons.editTitle', { code: coupon.code }) : t('coupons.createTitle')}
      submitLabel={isSubmitting ? t('common.saving') : coupon ? t('common.save') : t('coupons.create')}
      cancelLabel={t('common.cancel')}
      busy={isSubmitting}
      onSubmit={onSubmit}
      onCancel={onClose}
      problem={problem && <Alert kind="error">{problem}</Alert>}
    >
      <TextField
        label={t('coupons.code')}
        required
        autoCapitalize="characters"
        hint={t('coupons.codeHint')}
        error={fieldMessage(t, errors.code?.message)}
        {...register('code')}
      />
      <div className={styles.inlineRow}>
        <SelectField
          label={t('coupons.kind')}
          options={COUPON_KINDS.map((k) => ({ value: k, label: t(`coupons.kinds.${k}`) }))}
          error={fieldMessage(t, errors.kind?.message)}
          {...register('kind')}
        />
        <DecimalField
          label={kind === 'amount' ? t('coupons.amount') : t('coupons.percent')}
          required
          error={fieldMessage(t, errors.value?.message)}
          {...register('value')}
        />
      </div>
      <div className={styles.inlineRow}>
        <TextField
          label={t('coupons.validFrom')}
          type="date"
          required
          error={fieldMessage(t, errors.validFrom?.message)}
          {...register('validFrom')}
        />
        <TextField
          label={t('coupons.validTo')}
          type="date"
          required
          error={fieldMessage(t, errors.validTo?.message)}
          {...register('validTo')}
        />
      </div>
      <DecimalField
        label={t('coupons.maxRedemptions')}
        hint={t('coupons.maxHint')}
        inputMode="numeric"
        error={fieldMessage(t, errors.maxRedemptions?.message)}
        {...register('maxRedemptions')}
      />
      <CheckboxGroup
        legend={t('coupons.licenses')}
        options={LICENSES.map((name) => ({ value: name, label: name }))}
        registration={register('licenses')}
        error={fieldMessage(t, errors.licenses?.message)}
      />
    </FormDialog>
  );
}
