import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ADDONS, LICENSES, companyCreateSchema, type CompanyCreateInput } from '@hive/shared/schemas/admin';
import { Alert, SelectField, TextField, useToast } from '@hive/shared/ui';
import { applyServerErrors, describeProblem, fieldMessage } from '../../api';
import { useCompaniesApi } from './api';
import { CheckboxGroup, FormDialog } from '../../components';

const FIELDS = ['name', 'license', 'addons', 'ownerEmail'];

/** A new company with its owner (distributors); the owner is mailed a link to choose a password. */
export function CreateCompanyDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (id: number) => void }) {
  const { t } = useTranslation('login');
  const api = useCompaniesApi();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompanyCreateInput>({
    resolver: zodResolver(companyCreateSchema),
    defaultValues: { name: '', license: 'Retail', addons: [], ownerEmail: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      const data = await api.createCompany(body);
      toast.success(t('companies.created', { name: data.name }));
      onSaved(data.id);
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS)) setProblem(describeProblem(t, error));
    }
  });

  return (
    <FormDialog
      open
      title={t('companies.createTitle')}
      submitLabel={isSubmitting ? t('common.saving') : t('companies.create')}
      cancelLabel={t('common.cancel')}
      busy={isSubmitting}
      onSubmit={onSubmit}
      onCancel={onClose}
      problem={problem && <Alert kind="error">{problem}</Alert>}
    >
      <TextField
        label={t('companies.name')}
        required
        error={fieldMessage(t, errors.name?.message)}
        {...register('name')}
      />
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
        error={fieldMessage(t, errors.addons?.message)}
      />
      <TextField
        label={t('companies.ownerEmail')}
        type="email"
        required
        hint={t('companies.ownerHint')}
        error={fieldMessage(t, errors.ownerEmail?.message)}
        {...register('ownerEmail')}
      />
    </FormDialog>
  );
}
