import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ADDONS, LICENSES, companyPlanSchema, type AdminCompany, type CompanyPlan } from '@hive/shared/schemas/admin';
import { Alert, SelectField, TextField, useToast } from '@hive/shared/ui';
import { applyServerErrors, describeProblem, fieldMessage } from '../../api';
import { useCompaniesApi } from './api';
import { CheckboxGroup, FormDialog } from '../../components';

/**
 * Change a company's licence and add-ons (billing), and the coupon of its monthly price. Its users get
 * the new menu on their next load and see the price in Settings › Billing.
 */
export function PlanDialog({
  company,
  onClose,
  onSaved,
}: {
  company: AdminCompany;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('login');
  const api = useCompaniesApi();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(companyPlanSchema),
    defaultValues: {
      license: company.license as CompanyPlan['license'],
      addons: company.addons as CompanyPlan['addons'],
      coupon: company.coupon ?? '',
    },
  });

  const onSubmit = handleSubmit(async (plan) => {
    setProblem(null);
    try {
      await api.savePlan(company.id, plan);
      toast.success(t('companies.planSaved', { name: company.name }));
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['license', 'addons', 'coupon'])) setProblem(describeProblem(t, error));
    }
  });

  return (
    <FormDialog
      open
      title={t('companies.planTitle', { name: company.name })}
      submitLabel={isSubmitting ? t('common.saving') : t('companies.savePlan')}
      cancelLabel={t('common.cancel')}
      busy={isSubmitting}
      onSubmit={onSubmit}
      onCancel={onClose}
      problem={problem && <Alert kind="error">{problem}</Alert>}
    >
      <p>{t('companies.planHint')}</p>
      <SelectField
        label={t('companies.license')}
        options={LICENSES.map((name) => ({ value: name, label: name }))}
        error={fieldMessage(t, errors.license?.message)}
        {...register('license')}
      />
      <CheckboxGroup
        legend={t('companies.addons')}
        options={ADDONS.map((name) => ({ value: name, label: name }))}
        registration={register('addons')}
        error={fieldMessage(t, errors.addons?.message ?? errors.addons?.root?.message)}
      />
      <TextField
        label={t('companies.coupon')}
        hint={t('companies.couponHint')}
        autoComplete="off"
        maxLength={40}
        error={fieldMessage(t, errors.coupon?.message)}
        {...register('coupon')}
      />
    </FormDialog>
  );
}
