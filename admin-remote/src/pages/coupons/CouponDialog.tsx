import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { COUPON_KINDS, LICENSES, couponSchema, type AdminCoupon, type CouponInput } from '@hive/shared/schemas/admin';
import { useHttp } from '@hive/shared/shell-contract';
import { Alert, NumberField, SelectField, TextField, useToast } from '@hive/shared/ui';
import { applyServerErrors, describeProblem, fieldMessage } from '../../api';
import { CheckboxGroup, FormDialog } from '../../components';
import styles from '../pages.module.css';

const FIELDS = ['code', 'kind', 'value', 'validFrom', 'validTo', 'maxRedemptions', 'licenses'];
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

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
  const { t } = useTranslation('login');
  const http = useHttp();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CouponInput>({
    resolver: zodResolver(couponSchema),
    defaultValues: coupon
      ? {
          code: coupon.code,
          kind: coupon.kind,
          value: coupon.value,
          validFrom: coupon.validFrom,
          validTo: coupon.validTo,
          maxRedemptions: coupon.maxRedemptions,
          licenses: coupon.licenses,
        }
      : {
          code: '',
          kind: 'percent',
          value: 10,
          validFrom: today(),
          validTo: inDays(90),
          maxRedemptions: null,
          licenses: [...LICENSES],
        },
  });
  const kind = watch('kind');

  const onSubmit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      if (coupon) await http.put(`/api/admin/coupons/${coupon.id}`, body);
      else await http.post('/api/admin/coupons', body);
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
        <NumberField
          label={kind === 'amount' ? t('coupons.amount') : t('coupons.percent')}
          required
          min={0}
          step={kind === 'amount' ? '0.01' : '1'}
          error={fieldMessage(t, errors.value?.message)}
          {...register('value', { valueAsNumber: true })}
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
      <NumberField
        label={t('coupons.maxRedemptions')}
        hint={t('coupons.maxHint')}
        min={1}
        step="1"
        inputMode="numeric"
        error={fieldMessage(t, errors.maxRedemptions?.message)}
        {...register('maxRedemptions', {
          setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
        })}
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
