import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { merchantRejectSchema, type AdminMerchantAccount } from '@hive/shared/schemas/admin';
import { Alert, useToast } from '@hive/shared/ui';
import { applyServerErrors, describeProblem, fieldMessage } from '../../api';
import { useBeeMerchantApi } from './api';
import { FormDialog, ReasonField } from '../../components';

/** Reject a payment account with a reason the merchant will see. */
export function RejectDialog({
  account,
  onClose,
  onSaved,
}: {
  account: AdminMerchantAccount;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('login');
  const api = useBeeMerchantApi();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(merchantRejectSchema), defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      await api.reject(account.id, body);
      toast.success(t('beeMerchant.rejected', { name: account.company.name }));
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['reason'])) setProblem(describeProblem(t, error));
    }
  });

  return (
    <FormDialog
      open
      danger
      title={t('beeMerchant.rejectTitle', { name: account.company.name })}
      submitLabel={t('beeMerchant.reject')}
      cancelLabel={t('common.cancel')}
      busy={isSubmitting}
      onSubmit={onSubmit}
      onCancel={onClose}
      problem={problem && <Alert kind="error">{problem}</Alert>}
    >
      <ReasonField
        label={t('beeMerchant.reason')}
        error={fieldMessage(t, errors.reason?.message)}
        {...register('reason')}
      />
    </FormDialog>
  );
}
