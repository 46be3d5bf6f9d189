import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '@hive/shared/menu';
import {
  ADMIN_AREAS,
  ADMIN_ROLES,
  areaPermission,
  staffAccessSchema,
  type AdminUser,
} from '@hive/shared/schemas/admin';
import { Alert, SelectField, useToast } from '@hive/shared/ui';
import { applyServerErrors, describeProblem, fieldMessage } from '../../api';
import { useUsersApi } from './api';
import { CheckboxGroup, FormDialog } from '../../components';

/** A staff member's role and admin console permissions (admin and dev roles). */
export function AccessDialog({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUser;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('login');
  const api = useUsersApi();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  // The select cannot hold null: '' stands for "no role" and becomes null on the way out.
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(staffAccessSchema),
    defaultValues: { role: user.role as never, permissions: user.permissions },
  });

  const onSubmit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      await api.saveAccess(user.id, body);
      toast.success(t('users.accessSaved', { email: user.email }));
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['role', 'permissions'])) setProblem(describeProblem(t, error));
    }
  });

  return (
    <FormDialog
      open
      title={t('users.accessTitle', { email: user.email })}
      submitLabel={isSubmitting ? t('common.saving') : t('common.save')}
      cancelLabel={t('common.cancel')}
      busy={isSubmitting}
      onSubmit={onSubmit}
      onCancel={onClose}
      problem={problem && <Alert kind="error">{problem}</Alert>}
    >
      <SelectField
        label={t('users.role')}
        placeholder={t('users.noRole')}
        options={ADMIN_ROLES.map((role) => ({ value: role, label: `${role} (${roleLabel(role)})` }))}
        error={fieldMessage(t, errors.role?.message)}
        {...register('role', { setValueAs: (value: unknown) => (value === '' || value === null ? null : value) })}
      />
      <CheckboxGroup
        legend={t('users.permissions')}
        options={ADMIN_AREAS.map((area) => ({ value: areaPermission(area), label: t(`menu.${area}`) }))}
        registration={register('permissions')}
        error={fieldMessage(t, errors.permissions?.message)}
      />
    </FormDialog>
  );
}
