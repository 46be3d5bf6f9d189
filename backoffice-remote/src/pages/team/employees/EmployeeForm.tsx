import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BackofficeRole } from '@hive/shared/config';
import {
  createNewEmployeeSchema,
  type Employee,
  type EmployeeOptions,
  type EmployeeWithPin,
  type NewEmployeeInput,
} from '@hive/shared/schemas/backoffice/team';
import { Alert, Button, CheckboxField, SelectField, TextField } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { CheckboxList } from '../../../components';
import { useAreaT, useLanguage, useValidationMessages } from '../../../i18n';
import { FormShell, useFailureMessage, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { centsToInput, inputToCents, teamStyles as styles } from '../shared';
import { BackOfficeAccessSection, PinReveal, PinSection } from './EmployeeActions';
import { TEAM_ENDPOINT, TEAM_URL, useTeamApi } from '../api';

interface Values {
  name: string;
  email: string;
  phone: string;
  positionId: string;
  /** In the company's currency; '' for the position's rate. */
  hourlyRate: string;
  role: BackofficeRole;
  allLocations: boolean;
  locationIds: number[];
  active: boolean;
}

export function EmployeeForm(props: ResourceFormProps<Employee>) {
  const { t } = useAreaT('team');
  const failure = useFailureMessage();
  const options = useApi<EmployeeOptions>(TEAM_URL.employeeOptions);
  if (options.error) {
    return (
      <Alert kind="error" action={<Button onClick={options.reload}>{t('common:common.tryAgain')}</Button>}>
        {failure(options.error)}
      </Alert>
    );
  }
  // The selects need their options before they can show the record's values.
  if (!options.data) return <p role="status">{t('common:common.loading')}</p>;
  return <EmployeeFields {...props} options={options.data} />;
}

function EmployeeFields({
  record,
  onSaved,
  onCancel,
  reload,
  options,
}: ResourceFormProps<Employee> & { options: EmployeeOptions }) {
  const { t } = useAreaT('team');
  const api = useTeamApi();
  const messages = useValidationMessages();
  const lang = useLanguage();
  const [created, setCreated] = useState<EmployeeWithPin | null>(null);
  const resolver = useMemo<Resolver<Values, unknown, NewEmployeeInput>>(() => {
    // The schema's refinement leaves its input type unknown: the values below are what it parses.
    const inner = zodResolver(createNewEmployeeSchema(messages) as never) as Resolver<Record<string, unknown>>;
    return async (values, context, opts) => {
      const { hourlyRate, positionId, ...rest } = values;
      const result = await inner(
        {
          ...rest,
          positionId: positionId === '' ? null : Number(positionId),
          hourlyRateCents: inputToCents(hourlyRate, lang),
        } as never,
        context,
        opts as never,
      );
      // The schema names the field hourlyRateCents; the form shows it as hourlyRate.
      const { hourlyRateCents, ...errors } = result.errors as Record<string, unknown>;
      return (hourlyRateCents ? { ...result, errors: { ...errors, hourlyRate: hourlyRateCents } } : result) as never;
    };
  }, [messages, lang]);
  const { register, control, handleSubmit, setError, setFocus, formState } = useForm<Values, unknown, NewEmployeeInput>(
    {
      resolver,
      defaultValues: {
        name: record?.name ?? '',
        email: record?.email ?? '',
        phone: record?.phone ?? '',
        positionId: record?.positionId ? String(record.positionId) : '',
        hourlyRate: centsToInput(record?.hourlyRateCents, lang),
        role: record?.role ?? 'user',
        allLocations: record?.allLocations ?? true,
        locationIds: record?.locationIds ?? [],
        active: record?.active ?? true,
      },
    },
  );
  const { errors, isSubmitting } = formState;
  const allLocations = useWatch({ control, name: 'allLocations' });
  const { save, formError } = useSaveRecord<Employee, Values>({
    endpoint: TEAM_ENDPOINT.employees,
    prefix: 'team:employees',
    record,
    setError,
    // A new employee comes back with their PIN: shown once, and closing it goes back to the list.
    onSaved: (saved, isNew) => (isNew ? undefined : onSaved(saved, false)),
    send: record
      ? undefined
      : async (values) => {
          // The form's values are what the new-employee schema parsed (the frame hands them on untyped).
          const answer = await api.createEmployee(values as NewEmployeeInput);
          setCreated(answer);
          return answer.employee;
        },
  });
  useEffect(() => setFocus('name'), [setFocus]);
  const roles = options.assignableRoles.includes(record?.role ?? 'user')
    ? options.assignableRoles
    : [...options.assignableRoles, record!.role];

  return (
    <>
      <FormShell
        label={t(record ? 'employees.edit' : 'employees.new')}
        onSubmit={handleSubmit((values) => save(values))}
        onCancel={onCancel}
        submitting={isSubmitting}
        formError={formError}
      >
        <div className={styles.grid}>
          <TextField
            className={styles.wide}
            label={t('employees.fields.name')}
            required
            autoComplete="off"
            maxLength={200}
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={t('employees.fields.email')}
            hint={t('employees.hints.email')}
            type="email"
            autoComplete="off"
            maxLength={300}
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label={t('employees.fields.phone')}
            type="tel"
            autoComplete="off"
            maxLength={40}
            error={errors.phone?.message}
            {...register('phone')}
          />
          <SelectField
            label={t('employees.fields.position')}
            placeholder={t('employees.noPosition')}
            options={options.positions.map((p) => ({ value: String(p.id), label: p.name }))}
            error={errors.positionId?.message}
            {...register('positionId')}
          />
          <TextField
            label={t('employees.fields.hourlyRate')}
            hint={t('employees.hints.hourlyRate')}
            inputMode="decimal"
            autoComplete="off"
            error={errors.hourlyRate?.message}
            {...register('hourlyRate')}
          />
          <SelectField
            label={t('employees.fields.role')}
            hint={t('employees.hints.role')}
            options={roles.map((r) => ({ value: r, label: t(`roleNames.${r}`) }))}
            disabled={!options.assignableRoles.includes(record?.role ?? 'user')}
            error={errors.role?.message}
            {...register('role')}
          />
        </div>
        <CheckboxField
          label={t('employees.fields.allLocations')}
          error={errors.allLocations?.message}
          {...register('allLocations')}
        />
        {!allLocations && (
          <Controller
            control={control}
            name="locationIds"
            render={({ field }) => (
              <CheckboxList<number>
                ref={field.ref}
                legend={t('employees.fields.locations')}
                hint={t('employees.hints.locations')}
                options={options.locations.map((l) => ({ value: l.id, label: l.name }))}
                value={field.value}
                onChange={field.onChange}
                error={errors.locationIds?.message}
              />
            )}
          />
        )}
        <CheckboxField
          label={t('employees.fields.active')}
          hint={t('employees.hints.active')}
          error={errors.active?.message}
          {...register('active')}
        />
        {!record && <p className={styles.muted}>{t('employees.hints.pin')}</p>}
      </FormShell>
      {record && (
        <>
          <PinSection employee={record} onChanged={reload} />
          <BackOfficeAccessSection employee={record} roles={options.assignableRoles} onChanged={reload} />
        </>
      )}
      {created && (
        <PinReveal
          name={created.employee.name}
          pin={created.pin}
          onClose={() => {
            const employee = created.employee;
            setCreated(null);
            onSaved(employee, true);
          }}
        />
      )}
    </>
  );
}
