import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { companyStatusSchema, type AdminCompany } from '@hive/shared/schemas/admin';
import { Alert, useToast } from '@hive/shared/ui';
import { applyServerErrors, describeProblem, fieldMessage } from '../../api';
import { useCompaniesApi } from './api';
import { FormDialog, ReasonField } from '../../components';

/** Suspend (its users are signed out) or reactivate a company, with a reason for the audit log. */
export function StatusDialog({
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
  const suspend = company.status !== 'suspended';
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(companyStatusSchema),
    defaultValues: { status: suspend ? ('suspended' as const) : ('active' as const), reason: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      await api.saveStatus(company.id, body);
      toast.success(t(suspend ? 'companies.suspended' : 'companies.reactivated', { name: company.name }));
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['status', 'reason'])) setProblem(describeProblem(t, error));
    }
  });

  return (
    <FormDialog
      open
      danger={suspend}
      title={t(suspend ? 'companies.suspendTitle' : 'companies.reactivateTitle', { name: company.name })}
      submitLabel={t(suspend ? 'companies.suspend' : 'companies.reactivate')}
      cancelLabel={t('common.cancel')}
      busy={isSubmitting}
      onSubmit={onSubmit}
      onCancel={onClose}
      problem={problem && <Alert kind="error">{problem}</Alert>}
    >
      <p>{t(suspend ? 'companies.suspendHint' : 'companies.reactivateHint')}</p>
      <ReasonField
        label={t('companies.reason')}
        error={fieldMessage(t, errors.reason?.message)}
        {...register('reason')}
      />
    </FormDialog>
  );
}
